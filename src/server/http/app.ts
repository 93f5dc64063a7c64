import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { PASSWORD_CHANGE_PATHS } from '../../shared/contracts/auth.js';
import type { Contract, Permission } from '../../shared/contracts/contract.js';
import type { Envelope } from '../../shared/contracts/envelope.js';
import type { Config } from '../config.js';
import { AppError, forbidden, unauthorized } from './errors.js';

/** The signed-in caller as every handler sees it. */
export interface AuthUser {
  userid: number;
  loginname: string;
  username: string;
  c_id: number;
  roles: string[];
  permissions: ReadonlySet<string>;
  /** Until the password is changed only the calls in PASSWORD_CHANGE_PATHS are allowed. */
  mustChangePassword: boolean;
  /** Refresh-token family of this sign-in; logout revokes it. */
  sessionId: string;
}

export interface RequestContext {
  user: AuthUser | null;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Resolves a bearer access token to its user; throws AppError(401) when invalid or expired. */
export type Authenticate = (token: string) => Promise<AuthUser>;

export type Handler<C extends Contract> = (input: z.output<C['input']>, ctx: RequestContext) => Promise<z.input<C['output']>>;

/** Path prefixes the server owns; other GET paths are the single-page app. */
export const API_PREFIXES = ['/oaa/', '/UAPI/', '/API/', '/user/', '/todo/', '/getServerTime', '/healthz', '/ingest/', '/socket.io'];

export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

export function ok<T>(data: T, status = 200): Envelope<T> {
  return { IsSuccess: true, status, error: { message: '', controls: [] }, data };
}

export function fail(status: number, message: string, controls: string[] = []): Envelope<null> {
  return { IsSuccess: false, status, error: { message, controls }, data: null };
}

/** Turns a zod error into one readable message naming each field, and the field list. */
export function describeZodError(err: ZodError): { message: string; controls: string[] } {
  const controls: string[] = [];
  const parts = err.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)';
    if (!controls.includes(field)) {
      controls.push(field);
    }
    return `${field}: ${issue.message}`;
  });
  return { message: `参数错误 / Invalid input — ${parts.join('; ')}`, controls };
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.toLowerCase().startsWith('bearer ')) {
    const t = h.slice(7).trim();
    return t || null;
  }
  return null;
}

export interface HttpApp {
  app: FastifyInstance;
  /** Registers the handler of one contract: validation, permission, envelope. */
  route<C extends Contract>(contract: C, handler: Handler<C>): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

export function checkPermission(permission: Permission, user: AuthUser | null): void {
  if (permission === 'public') {
    return;
  }
  if (!user) {
    throw unauthorized();
  }
  if (permission !== 'authenticated' && !user.permissions.has(permission)) {
    throw forbidden(`没有权限 / Permission denied: ${permission}`);
  }
}

export function createHttpApp(config: Config, authenticate: Authenticate): HttpApp {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  // Deny by default: a server route without a declared permission refuses to start.
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && !route.url.startsWith('/socket.io') && route.config?.permission === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no permission`);
    }
  });

  void app.register(formbody, { bodyLimit: config.bodyLimit });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; child-src 'self' blob:; connect-src 'self' ws: wss:",
    );
    return payload;
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(fail(err.statusCode, err.message, err.controls));
    }
    if (err instanceof ZodError) {
      const { message, controls } = describeZodError(err);
      return reply.status(400).send(fail(400, message, controls));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `请求体过大 / Request body too large (limit ${config.bodyLimit} bytes)`
          : e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(e.message ?? '')
            ? `请求体不是有效的 JSON / Malformed JSON body: ${e.message ?? ''}`
            : (e.message ?? 'Bad request');
      return reply.status(e.statusCode).send(fail(e.statusCode, message, ['(body)']));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(500, '服务器内部错误 / Internal server error'));
  });

  // Offline map styles, glyphs and plant layout, and 3D models, straight from the repository folders.
  for (const dir of ['map-styles', 'models']) {
    const root = path.resolve(dir);
    if (fs.existsSync(root)) {
      void app.register(fastifyStatic, { root, prefix: `/${dir}/`, decorateReply: false, wildcard: true, maxAge: '1h' });
    }
  }

  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  if (hasClient) {
    void app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: false, decorateReply: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !isApiPath(req.url) && hasClient) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(fs.createReadStream(indexHtml));
    }
    return reply.status(404).send(fail(404, `接口不存在 / No such call: ${req.method} ${req.url.split('?')[0]}`));
  });

  app.get('/healthz', { config: { permission: 'public' } }, async () => ({ status: 'ok' }));

  function route<C extends Contract>(contract: C, handler: Handler<C>): void {
    app.route({
      method: contract.method,
      url: contract.path,
      config: { permission: contract.permission },
      handler: async (req, reply) => {
        const token = bearerToken(req);
        let user: AuthUser | null = null;
        if (token) {
          try {
            user = await authenticate(token);
          } catch (err) {
            if (contract.permission !== 'public') {
              throw err;
            }
          }
        }
        checkPermission(contract.permission, user);
        if (user?.mustChangePassword && !PASSWORD_CHANGE_PATHS.includes(contract.path)) {
          throw forbidden('请先修改初始密码 / Change your initial password first');
        }
        const raw = (contract.method === 'GET' ? req.query : req.body) ?? {};
        const source = typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : raw;
        if (source && typeof source === 'object' && !Array.isArray(source)) {
          delete (source as Record<string, unknown>).APIVersion;
        }
        const input = contract.input.parse(source) as z.output<C['input']>;
        const result = await handler(input, { user, ip: req.ip, req, reply });
        if (reply.sent) {
          return reply;
        }
        return ok(contract.output.parse(result));
      },
    });
  }

  return { app, route };
}
