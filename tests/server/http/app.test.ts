import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from '../../../src/server/http/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { API_VERSION } from '../../../src/shared/contracts/envelope.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

describe('HTTP core: envelope, validation, limits', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: { BODY_LIMIT: '4096' } });
  });
  afterAll(() => ts.close());

  it('answers /healthz once the store is migrated', async () => {
    const r = await fetch(`${ts.url}/healthz`);
    expect(await r.json()).toEqual({ status: 'ok' });
  });

  it('malformed JSON is a 400 envelope, not a 500', async () => {
    const r = await fetch(`${ts.url}/oaa/api/Account/LoginSecure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data": ' });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.IsSuccess).toBe(false);
    expect(body.error.code).toBe('common.malformedJson');
  });

  it('a missing field and a wrong type are 400s naming the field', async () => {
    const missing = await fetch(`${ts.url}/oaa/api/Account/LoginSecure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.controls).toEqual(['data']);
    const wrongType = await fetch(`${ts.url}/oaa/api/token/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"refreshToken": 42}' });
    expect(wrongType.status).toBe(400);
    const body = await wrongType.json();
    expect(body.error.controls).toEqual(['refreshToken']);
    expect(body.error.message).toMatch(/refreshToken/);
  });

  it('renders an error in the language the caller asks for, with its code and field problems as data', async () => {
    const ask = (lang?: string) =>
      fetch(`${ts.url}/oaa/api/token/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
        body: '{"refreshToken": 42}',
      }).then((r) => r.json());
    const en = await ask('en-US,en;q=0.9');
    const zh = await ask('zh-CN');
    const none = await ask();
    expect(en.error).toMatchObject({ code: 'common.invalidInput', controls: ['refreshToken'], issues: [{ field: 'refreshToken', code: 'validation.expectedType' }] });
    expect(en.error.message).toBe('Invalid input: refreshToken: Wrong type, expected string');
    expect(zh.error.message).toBe('参数错误：refreshToken：类型错误，应为 string');
    expect(none.error.message).toBe(zh.error.message);
  });

  it('an oversize body is a 413 envelope and the server stays up', async () => {
    const r = await fetch(`${ts.url}/oaa/api/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: 'x'.repeat(10_000) }),
    });
    expect(r.status).toBe(413);
    expect((await r.json()).IsSuccess).toBe(false);
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
  });

  it('accepts form-encoded bodies with the fixed APIVersion field (seed 1 §7.1)', async () => {
    const r = await fetch(`${ts.url}/oaa/api/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ APIVersion: API_VERSION, refreshToken: 'unknown-token' }).toString(),
    });
    // Parsed and validated: the token is simply unknown.
    expect(r.status).toBe(401);
    expect((await r.json()).error.message).toMatch(/RefreshToken/);
  });

  it('an unknown call is a 404 envelope', async () => {
    const r = await fetch(`${ts.url}/UAPI/Nothing/Here`, { method: 'POST' });
    expect(r.status).toBe(404);
    expect((await r.json()).IsSuccess).toBe(false);
  });
});

describe('deny by default', () => {
  it('refuses to start with a server call that declares no permission', async () => {
    const { app } = createHttpApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), clientDir: '/nonexistent' }, async () => {
      throw new Error('unused');
    });
    expect(() => app.post('/UAPI/Secret/Thing', async () => ({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('a contract with a permission code refuses a user who lacks it', async () => {
    const cfg = { ...loadConfig({ LOG_LEVEL: 'silent' }), clientDir: '/nonexistent' };
    const http = createHttpApp(cfg, async () => ({
      userid: 1,
      loginname: 'x',
      username: 'x',
      c_id: 1,
      roles: ['contractor'],
      permissions: new Set<string>(),
      mustChangePassword: false,
      sessionId: 's',
    }));
    http.route(
      { method: 'POST', path: '/UAPI/Test/Manage', input: z.object({}), output: z.object({}), permission: 'org:manage' },
      async () => ({}),
    );
    const r = await http.app.inject({ method: 'POST', url: '/UAPI/Test/Manage', headers: { authorization: 'Bearer t' }, payload: {} });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toMatch(/org:manage/);
    await http.app.close();
  });

  it('an error after a page set its headers is still the JSON envelope, not Fastify’s own 500', async () => {
    const cfg = { ...loadConfig({ LOG_LEVEL: 'silent' }), clientDir: '/nonexistent' };
    const http = createHttpApp(cfg, async () => {
      throw new Error('no sessions here');
    });
    // As the page handler does: text/html and a compressed body announced, then the file cannot be read.
    http.app.get('/broken-page', { config: { permission: 'public' } }, async (_req, reply) => {
      reply.type('text/html').header('content-encoding', 'br');
      throw new Error('ENOENT index.html.br');
    });
    const r = await http.app.inject({ method: 'GET', url: '/broken-page' });
    expect(r.statusCode).toBe(500);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ IsSuccess: false, error: { code: 'common.internal' } });
    await http.app.close();
  });
});
