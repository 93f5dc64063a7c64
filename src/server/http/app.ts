import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { PASSWORD_CHANGE_PATHS } from '../../shared/auth/contracts.js';
import type { Contract, HttpMethod, Permission } from '../../shared/contracts/contract.js';
import type { Envelope } from '../../shared/contracts/envelope.js';
import { renderWithIssues, type FieldIssue, type MessageCode } from '../../shared/messages/catalog.js';
import type { Lang, MessageParams } from '../../shared/messages/define.js';
import { fieldIssues } from '../../shared/messages/zod-issues.js';
import type { Config } from '../config.js';
import { compressPayload, pickEncoding } from './compression.js';
import { AppError, forbidden, invalidInput, unauthorized } from './errors.js';
import { SECURITY_HEADERS, securityHeadersFor, type AllowedOrigins } from './security-headers.js';

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
  /** When the access token this user came with expires, epoch ms (open sockets close then unless renewed). */
  expiresAt?: number;
}

export interface RequestContext {
  user: AuthUser | null;
  ip: string;
  /** The caller's language (Accept-Language), for text the server renders: exports, file names. */
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Resolves a bearer access token to its user; throws AppError(401) when invalid or expired. */
export type Authenticate = (token: string) => Promise<AuthUser>;

export type Handler<C extends Contract> = (input: z.output<C['input']>, ctx: RequestContext) => Promise<z.input<C['output']>>;

/** Path prefixes the server owns; other GET paths are the single-page app. */
export const API_PREFIXES = [
  '/oaa/',
  '/UAPI/',
  '/API/',
  '/user/',
  '/todo/',
  '/getServerTime',
  '/healthz',
  '/ingest/',
  '/socket.io',
  '/metrics',
];

export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** Cache-Control of build files whose name carries their content hash. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite names every file it writes under assets/ after its content hash. */
const isHashedAsset = (filePath: string) => /[\\/]assets[\\/][^\\/]+$/.test(filePath);

export function ok<T>(data: T, status = 200): Envelope<T> {
  return { IsSuccess: true, status, error: { message: '', controls: [] }, data };
}

/** The language of a request: English when Accept-Language prefers it, Chinese otherwise (seed 1 §9: zh default). */
export function requestLang(req: FastifyRequest): Lang {
  const header: string | undefined = req.headers['accept-language'];
  const first = (header ?? '').split(',')[0].trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh';
}

/** A failure envelope: the message as code and parameters, and rendered in `lang`. */
export function fail(
  status: number,
  lang: Lang,
  code: MessageCode,
  opts: { params?: MessageParams; controls?: string[]; issues?: FieldIssue[] } = {},
): Envelope<null> {
  const { params = {}, controls = [], issues } = opts;
  return {
    IsSuccess: false,
    status,
    error: { message: renderWithIssues(lang, code, params, issues), controls, code, params, ...(issues?.length ? { issues } : {}) },
    data: null,
  };
}

const failOf = (err: AppError, lang: Lang) =>
  fail(err.statusCode, lang, err.code, { params: err.params, controls: err.controls, issues: err.issues });

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
  /**
   * A route whose contract is found per request (ledgers defined at run time):
   * `resolve` returns the contract and handler for the request, or null for
   * "no such call". The contract is then applied exactly as `route` does.
   */
  routeDynamic(
    method: HttpMethod,
    url: string,
    resolve: (req: FastifyRequest) => { contract: Contract; handler: Handler<Contract> } | null,
  ): void;
  /** Lets the pages fetch tiles from this origin (the online base map preset while it is on); null: our own origin only. */
  allowMapTileOrigin(origin: string | null): void;
  /** Lets the pages frame (`frame`) or stream from (`media`) these origins besides the server's own; replaces the earlier list of that kind. */
  allowOrigins(kind: 'frame' | 'media', origins: readonly string[]): void;
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
    throw forbidden('common.permissionDenied', { permission });
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

  // Text answers (JSON, CSV) go out as brotli or gzip, as the client asks; built assets are
  // compressed once at build time and sent as they are (preCompressed below).
  let headers = SECURITY_HEADERS;
  app.addHook('onSend', async (req, reply, payload) => {
    reply.headers(headers);
    return compressPayload(req, reply, payload);
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    const lang = requestLang(req);
    // An error after a page's headers were set (text/html, br) is still answered as the JSON envelope: without this,
    // Fastify refused to send an object as text/html and the browser showed its own 500 (wall-screens e2e, stop 34).
    reply.removeHeader('content-encoding');
    reply.type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(failOf(err, lang));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(failOf(invalidInput(fieldIssues(err.issues)), lang));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const code: MessageCode =
        e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'common.bodyTooLarge'
          : e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(e.message ?? '')
            ? 'common.malformedJson'
            : 'common.badRequest';
      return reply.status(e.statusCode).send(fail(e.statusCode, lang, code, { params: { limit: config.bodyLimit }, controls: ['(body)'] }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(500, lang, 'common.internal'));
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
    // The build writes .br/.gz next to each text asset (vite-precompress.ts); hashed files under
    // /assets/ never change, so browsers keep them a year; anything else revalidates.
    void app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', isHashedAsset(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // HEAD too: `curl -I` on a page (or a monitor's probe) gets the page's headers, not a 404.
    if ((req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url) && hasClient) {
      // The build wrote index.html.br / .gz too: send the one the client takes.
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const variant = encoding ? `${indexHtml}.${encoding === 'br' ? 'br' : 'gz'}` : null;
      reply.type('text/html').header('Cache-Control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding && variant && fs.existsSync(variant)) {
        return reply.header('content-encoding', encoding).send(fs.createReadStream(variant));
      }
      return reply.send(fs.createReadStream(indexHtml));
    }
    return reply
      .status(404)
      .send(fail(404, requestLang(req), 'common.noSuchCall', { params: { call: `${req.method} ${req.url.split('?')[0]}` } }));
  });

  app.get('/healthz', { config: { permission: 'public' } }, async () => ({ status: 'ok' }));

  async function run<C extends Contract>(contract: C, handler: Handler<C>, req: FastifyRequest, reply: FastifyReply) {
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
      throw forbidden('common.changePasswordFirst');
    }
    const raw = (contract.method === 'GET' ? req.query : req.body) ?? {};
    const source = typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : raw;
    if (source && typeof source === 'object' && !Array.isArray(source)) {
      delete (source as Record<string, unknown>).APIVersion;
      const query = (req.query ?? {}) as Record<string, unknown>;
      for (const key of contract.method === 'POST' ? (contract.queryKeys ?? []) : []) {
        if (key in query) {
          (source as Record<string, unknown>)[key] = query[key];
        }
      }
    }
    // reportInput lets the issue mapping tell a missing field ("required") from a wrong one.
    const parsed = contract.input.safeParse(source, { reportInput: true });
    if (!parsed.success) {
      throw invalidInput(fieldIssues(parsed.error.issues));
    }
    const input = parsed.data as z.output<C['input']>;
    const result = await handler(input, { user, ip: req.ip, lang: requestLang(req), req, reply });
    if (reply.sent) {
      return reply;
    }
    return ok(contract.output.parse(result));
  }

  function route<C extends Contract>(contract: C, handler: Handler<C>): void {
    app.route({
      method: contract.method,
      url: contract.path,
      config: { permission: contract.permission },
      handler: (req, reply) => run(contract, handler, req, reply),
    });
  }

  function routeDynamic(
    method: HttpMethod,
    url: string,
    resolve: (req: FastifyRequest) => { contract: Contract; handler: Handler<Contract> } | null,
  ): void {
    app.route({
      method,
      url,
      // Each resolved contract declares its own permission; run() checks it before the handler.
      config: { permission: 'authenticated' },
      handler: (req, reply) => {
        const found = resolve(req);
        if (!found || found.contract.method !== method) {
          return reply
            .status(404)
            .send(fail(404, requestLang(req), 'common.noSuchCall', { params: { call: `${req.method} ${req.url.split('?')[0]}` } }));
        }
        return run(found.contract, found.handler, req, reply);
      },
    });
  }

  const allowed: AllowedOrigins = { tile: null, frame: [], media: [] };
  const allowMapTileOrigin = (origin: string | null) => {
    allowed.tile = origin;
    headers = securityHeadersFor(allowed);
  };
  const allowOrigins = (kind: 'frame' | 'media', origins: readonly string[]) => {
    allowed[kind] = [...origins];
    headers = securityHeadersFor(allowed);
  };
  return { app, route, routeDynamic, allowMapTileOrigin, allowOrigins };
}

/** The signed-in caller of a call whose permission is not `public`; the guard has already checked there is one. */
export function caller(ctx: RequestContext): AuthUser {
  if (!ctx.user) {
    throw unauthorized();
  }
  return ctx.user;
}
