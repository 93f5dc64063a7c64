import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import {
  changePasswordNew,
  getLoginPageConfig,
  getPublicKey,
  getUserInfo,
  logOff,
  loginSecure,
  refreshToken,
} from '../../../../src/shared/auth/contracts.js';
import { REFRESH_TOKEN_ERROR } from '../../../../src/shared/contracts/envelope.js';
import { myTodoStats } from '../../../../src/shared/org/contracts.js';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { call, encryptedLoginBody, login } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer } from '../../../helpers/server.js';
import { createPublicKey } from 'node:crypto';
import { ageRefreshRotations } from './auth-fixtures.js';

describe.each(dialects)('identity and session on %s', (dialect) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect, env: { LOGIN_MAX_ATTEMPTS: '3' } });
  });
  afterAll(() => ts.close());

  it('signs in with an encrypted body and returns the seed userInfo and a non-empty roles array', async () => {
    const r = await login(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
    expect(r.httpStatus).toBe(200);
    expect(r.body.IsSuccess).toBe(true);
    const d = r.body.data!;
    expect(d.userInfo.loginname).toBe('admin');
    expect(d.userInfo.isNeedChangePassword).toBe(0);
    expect(d.expiresIn).toBeGreaterThan(0);
    const info = await call(ts.url, getUserInfo, {}, d.accessToken);
    expect(info.body.data!.roles).toEqual(['admin']);
    expect(info.body.data!.permissions).toContain('org:manage');
    for (const field of ['userid', 'c_id', 'username', 'phone', 'loginname', 'headimg', 'subsidiaryId', 'isNeedChangePassword', 'reportprint', 'reportprint2', 'uploadurl']) {
      expect(info.body.data).toHaveProperty(field);
    }
  });

  it('refuses a wrong password with a clear message and writes no session', async () => {
    const r = await login(ts.url, 'inspector', 'wrong-password-1');
    expect(r.httpStatus).toBe(400);
    expect(r.body.IsSuccess).toBe(false);
    expect(r.body.error.code).toBe('auth.wrongPassword');
    expect(r.body.error.controls).toEqual(['password']);
  });

  it('refuses a plaintext or undecryptable body, naming the field', async () => {
    const r = await call(ts.url, loginSecure, { data: Buffer.from('{"loginname":"admin"}').toString('base64') });
    expect(r.httpStatus).toBe(400);
    expect(r.body.error.controls).toEqual(['data']);
  });

  it('refuses a stale body and a replayed body', async () => {
    const stale = await call(ts.url, loginSecure, await encryptedLoginBody(ts.url, 'admin', DEFAULT_DEMO_PASSWORD, -10 * 60_000));
    expect(stale.httpStatus).toBe(400);
    expect(stale.body.error.controls).toEqual(['serverTime']);
    const body = await encryptedLoginBody(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const first = await call(ts.url, loginSecure, body);
    expect(first.body.IsSuccess).toBe(true);
    const replay = await call(ts.url, loginSecure, body);
    expect(replay.httpStatus).toBe(400);
    expect(replay.body.error.controls).toEqual(['nonce']);
  });

  it('rate-limits failed sign-ins per account: after the limit even the right password waits', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(ts.url, 'contractor', `bad-${i}-password`)).httpStatus).toBe(400);
    }
    const blocked = await login(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD);
    expect(blocked.httpStatus).toBe(429);
    expect(blocked.body.error.code).toBe('auth.tooManyAttempts');
    // Another account from the same address is not affected.
    expect((await login(ts.url, 'operator', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
  });

  it('rotates refresh tokens; reusing an old one revokes the whole family', async () => {
    const s = (await login(ts.url, 'operator', DEFAULT_DEMO_PASSWORD)).body.data!;
    const r1 = await call(ts.url, refreshToken, { refreshToken: s.refreshToken });
    expect(r1.body.IsSuccess).toBe(true);
    const rotated = r1.body.data!;
    expect(rotated.refreshToken).not.toBe(s.refreshToken);
    expect((await call(ts.url, getUserInfo, {}, rotated.accessToken)).httpStatus).toBe(200);

    // Presented again within seconds the old token gets the same answer (two tabs); later it is reuse. Age the rotation.
    await ageRefreshRotations(ts.server, 11_000);
    const reuse = await call(ts.url, refreshToken, { refreshToken: s.refreshToken });
    expect(reuse.httpStatus).toBe(401);
    expect(reuse.body.error.code).toBe(REFRESH_TOKEN_ERROR);
    expect(reuse.body.error.message).toMatch(/RefreshToken/);
    // The thief's reuse also ends the legitimate holder's session.
    expect((await call(ts.url, refreshToken, { refreshToken: rotated.refreshToken })).httpStatus).toBe(401);
    expect((await call(ts.url, getUserInfo, {}, rotated.accessToken)).httpStatus).toBe(401);
  });

  it('logging off revokes the session', async () => {
    const s = (await login(ts.url, 'inspector', DEFAULT_DEMO_PASSWORD)).body.data!;
    expect((await call(ts.url, logOff, {}, s.accessToken)).body.IsSuccess).toBe(true);
    expect((await call(ts.url, getUserInfo, {}, s.accessToken)).httpStatus).toBe(401);
    expect((await call(ts.url, refreshToken, { refreshToken: s.refreshToken })).httpStatus).toBe(401);
  });

  it('refuses calls without a token (deny by default)', async () => {
    const r = await call(ts.url, getUserInfo, {});
    expect(r.httpStatus).toBe(401);
    expect(r.body.IsSuccess).toBe(false);
    const garbage = await call(ts.url, myTodoStats, {}, 'not-a-jwt');
    expect(garbage.httpStatus).toBe(401);
  });

  it('a user who must change the password can only change it, then everything opens', async () => {
    await ts.server.store.db.updateTable('users').set({ is_need_change_password: 1 }).where('loginname', '=', 'supervisor').execute();
    const s = (await login(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD)).body.data!;
    expect(s.userInfo.isNeedChangePassword).toBe(1);
    const blocked = await call(ts.url, myTodoStats, {}, s.accessToken);
    expect(blocked.httpStatus).toBe(403);
    const weak = await call(ts.url, changePasswordNew, { oldPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'short' }, s.accessToken);
    expect(weak.httpStatus).toBe(400);
    expect(weak.body.error.controls).toEqual(['newPassword']);
    const wrongOld = await call(ts.url, changePasswordNew, { oldPassword: 'nope-123456', newPassword: 'NewPass2026' }, s.accessToken);
    expect(wrongOld.body.error.controls).toEqual(['oldPassword']);
    const ok = await call(ts.url, changePasswordNew, { oldPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'NewPass2026' }, s.accessToken);
    expect(ok.body.IsSuccess).toBe(true);
    expect((await call(ts.url, myTodoStats, {}, s.accessToken)).body.data!.todoCount).toBeGreaterThan(0);
    expect((await login(ts.url, 'supervisor', 'NewPass2026')).body.IsSuccess).toBe(true);
    const audit = await ts.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'password.change').execute();
    expect(audit).toHaveLength(1);
  });

  it('serves the login page configuration with demo accounts in demo mode', async () => {
    const r = await call(ts.url, getLoginPageConfig, {});
    expect(r.body.data!.demo).toBe(true);
    expect(r.body.data!.demoAccounts).toEqual(['admin', 'supervisor', 'operator', 'inspector', 'contractor']);
    expect(r.body.data!.IsNeedMenuPermissions).toBe(1);
  });
});

describe('access-token expiry', () => {
  let ts: TestServer;
  beforeAll(async () => {
    // JWT expiry has whole-second resolution: a 3 s token lives 2–3 s, long enough for the first call on a loaded machine.
    ts = await startTestServer({ demo: true, env: { ACCESS_TOKEN_TTL: '3' } });
  });
  afterAll(() => ts.close());

  it('an expired access token gets 401 and the refresh token gives a working one', async () => {
    const s = (await login(ts.url, 'admin', DEFAULT_DEMO_PASSWORD)).body.data!;
    expect((await call(ts.url, getUserInfo, {}, s.accessToken)).httpStatus).toBe(200);
    await new Promise((r) => setTimeout(r, 3100));
    expect((await call(ts.url, getUserInfo, {}, s.accessToken)).httpStatus).toBe(401);
    const r = await call(ts.url, refreshToken, { refreshToken: s.refreshToken });
    expect(r.body.IsSuccess).toBe(true);
    expect((await call(ts.url, getUserInfo, {}, r.body.data!.accessToken)).httpStatus).toBe(200);
  });
});

describe('access tokens signed with the shared JWT_SECRET', () => {
  let ts: TestServer;
  const secret = 'a-shared-secret-for-this-test-only-0123456789';
  beforeAll(async () => {
    process.env.JWT_SECRET = secret;
    ts = await startTestServer({ demo: true, env: { ACCESS_TOKEN_TTL: '900' } });
  });
  afterAll(async () => {
    delete process.env.JWT_SECRET;
    await ts?.close();
  });

  it('refuses a token without exp or iat, or living longer than ACCESS_TOKEN_TTL; takes one within it', async () => {
    const s = (await login(ts.url, 'admin', DEFAULT_DEMO_PASSWORD)).body.data!;
    const claims = decodeJwt(s.accessToken);
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const forge = (set: (j: SignJWT) => SignJWT) =>
      set(new SignJWT({ ln: claims.ln, fid: claims.fid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub!).setIssuer(claims.iss!)).sign(key);
    const noExp = await forge((j) => j.setIssuedAt());
    const noIat = await forge((j) => j.setExpirationTime(now + 600));
    const yearLong = await forge((j) => j.setIssuedAt().setExpirationTime(now + 365 * 24 * 3600));
    const fine = await forge((j) => j.setIssuedAt().setExpirationTime(now + 600));
    expect((await call(ts.url, getUserInfo, {}, noExp)).httpStatus).toBe(401);
    expect((await call(ts.url, getUserInfo, {}, noIat)).httpStatus).toBe(401);
    expect((await call(ts.url, getUserInfo, {}, yearLong)).httpStatus).toBe(401);
    expect((await call(ts.url, getUserInfo, {}, fine)).httpStatus).toBe(200);
  });
});

describe('the sign-in key pair', () => {
  it('is LOGIN_RSA_KEY when set; otherwise generated once and kept in the store, the same after a restart', async () => {
    const fromEnv = process.env.LOGIN_RSA_KEY!;
    const expected = createPublicKey(fromEnv).export({ type: 'spki', format: 'der' }).toString('base64');
    const a = await startTestServer({ demo: true });
    try {
      expect((await call(a.url, getPublicKey, {})).body.data!.publicKey).toBe(expected);
      expect((await login(a.url, 'admin', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
    } finally {
      await a.close();
    }
    delete process.env.LOGIN_RSA_KEY;
    const store = await freshDatabase('sqlite', { file: true });
    try {
      const first = await startTestServer({ demo: true, store });
      const generated = (await call(first.url, getPublicKey, {})).body.data!.publicKey;
      await first.close();
      expect(generated).not.toBe(expected);
      const second = await startTestServer({ demo: true, store });
      try {
        expect((await call(second.url, getPublicKey, {})).body.data!.publicKey).toBe(generated);
        expect((await login(second.url, 'admin', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      process.env.LOGIN_RSA_KEY = fromEnv;
      await store.drop();
    }
  });
});
