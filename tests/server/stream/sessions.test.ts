import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { changePasswordNew, logOff, refreshToken } from '../../../src/shared/auth/contracts.js';
import { accountGetList, accountSetEnabled, userScopeGet, userScopeSave } from '../../../src/shared/org/contracts.js';
import { call, login } from '../../helpers/api.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, sleep, waitFor, type RecordingClient } from './stream-helpers.js';
import { realtimePort } from '../../../src/server/modules/realtime/port.js';

/*
 * Sessions hold their sockets (issue "live platform", part 5): whatever ends a
 * session or changes what its user may see reaches the open sockets within a
 * second — checked with real socket.io clients against a real server.
 */
describe('open sockets follow their session', () => {
  let ts: TestServer;
  const clients: RecordingClient[] = [];
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, env: { SIMULATOR: '0' } });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      c.close();
    }
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function session(loginname: string) {
    const r = await login(ts.url, loginname, DEFAULT_DEMO_PASSWORD);
    expect(r.body.IsSuccess, r.body.error.message).toBe(true);
    return r.body.data!;
  }
  async function socket(token: string) {
    const c = await connectClient(ts.url, token);
    clients.push(c);
    return c;
  }
  const closedWithin = async (c: RecordingClient, ms: number) => {
    const started = Date.now();
    await waitFor(() => !c.socket.connected, ms, 'socket closed');
    return Date.now() - started;
  };

  it('signing out in one tab closes that session’s socket within a second; another session stays open', async () => {
    const tab1 = await session('supervisor');
    const tab2 = await session('supervisor');
    const a = await socket(tab1.accessToken);
    const b = await socket(tab2.accessToken);
    expect((await a.subscribe({ topics: ['region'] })).ok).toBe(true);
    const out = await call(ts.url, logOff, {}, tab1.accessToken);
    expect(out.body.IsSuccess).toBe(true);
    expect(await closedWithin(a, 1000)).toBeLessThan(1000);
    expect(a.closed).toBe('signedOut');
    await sleep(200);
    expect(b.socket.connected).toBe(true);
    // The ended session cannot come back with its old token.
    await expect(connectClient(ts.url, tab1.accessToken)).rejects.toThrow(/unauthorized/);
  });

  it('a password change closes the user’s other sessions’ sockets and keeps the one that changed it', async () => {
    const other = await session('inspector');
    const self = await session('inspector');
    const a = await socket(other.accessToken);
    const b = await socket(self.accessToken);
    const r = await call(ts.url, changePasswordNew, { oldPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'Changed#2026' }, self.accessToken);
    expect(r.body.IsSuccess, r.body.error.message).toBe(true);
    expect(await closedWithin(a, 1000)).toBeLessThan(1000);
    await sleep(200);
    expect(b.socket.connected).toBe(true);
    // And the other session's refresh token no longer works.
    expect((await call(ts.url, refreshToken, { refreshToken: other.refreshToken })).httpStatus).toBe(401);
    await call(ts.url, changePasswordNew, { oldPassword: 'Changed#2026', newPassword: DEFAULT_DEMO_PASSWORD }, self.accessToken);
  });

  it('disabling an account closes its sockets within a second', async () => {
    const admin = await session('admin');
    const victim = await session('contractor');
    const c = await socket(victim.accessToken);
    const accounts = await call(ts.url, accountGetList, { keyword: 'contractor', page: 1, pageSize: 10 }, admin.accessToken);
    const userid = accounts.body.data!.items[0].userid;
    await call(ts.url, accountSetEnabled, { userid, enabled: 0 }, admin.accessToken);
    try {
      expect(await closedWithin(c, 1000)).toBeLessThan(1000);
      expect(['signedOut', 'disabled']).toContain(c.closed);
    } finally {
      await call(ts.url, accountSetEnabled, { userid, enabled: 1 }, admin.accessToken);
    }
  });

  it('a change of regions re-scopes an open socket: topics now outside are dropped and reported', async () => {
    const admin = await session('admin');
    const op = await session('operator');
    const c = await socket(op.accessToken);
    const accounts = await call(ts.url, accountGetList, { keyword: 'operator', page: 1, pageSize: 10 }, admin.accessToken);
    const userid = accounts.body.data!.items[0].userid;
    const before = (await call(ts.url, userScopeGet, { userid }, admin.accessToken)).body.data!;
    // A tag in the loading station, which the operator sees.
    const tag = [...ts.server.port(realtimePort).registry.all()].find((t) => t.id.startsWith('LS.'))!;
    expect(tag).toBeDefined();
    expect((await c.subscribe({ tags: [tag.id] })).denied).toEqual([]);
    const tfOnly = before.regionids.filter(
      (id) => id !== tag.regionid && id !== ts.server.port(realtimePort).registry.get(tag.id)?.regionid,
    );
    try {
      await call(
        ts.url,
        userScopeSave,
        { userid, isolation_all: 0, deptids: before.deptids, regionids: tfOnly.length ? tfOnly : [before.regionids[0]] },
        admin.accessToken,
      );
      await waitFor(() => c.denied.includes(`tag/${tag.id}`), 1000, 'stream.denied');
      c.values.length = 0;
      ts.server.stream.ingest.samples([{ tag: tag.id, t: Date.now() + 120_000, v: 1 }], 'test');
      await sleep(300);
      expect(c.values).toEqual([]);
      expect(c.socket.connected).toBe(true);
    } finally {
      await call(
        ts.url,
        userScopeSave,
        { userid, isolation_all: before.isolation_all, deptids: before.deptids, regionids: before.regionids },
        admin.accessToken,
      );
    }
  });
});

describe('an expired access token ends the socket unless renewed over it', () => {
  let ts: TestServer;
  beforeAll(async () => {
    // Whole-second JWT expiry: a 3 s token lives 2–3 s.
    ts = await startTestServer({ demo: true, env: { SIMULATOR: '0', ACCESS_TOKEN_TTL: '3' } });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('closes at expiry; a socket handed the renewed token of its session stays open', async () => {
    const s1 = (await login(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD)).body.data!;
    const s2 = (await login(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD)).body.data!;
    const expiring = await connectClient(ts.url, s1.accessToken);
    const renewed = await connectClient(ts.url, s2.accessToken);
    try {
      // Renew s2 a second later (so the new token outlives the old ones) and hand it to its socket before they expire.
      await sleep(1000);
      const r = await call(ts.url, refreshToken, { refreshToken: s2.refreshToken });
      const ack = await renewed.socket.timeout(3000).emitWithAck('stream.reauth', { token: r.body.data!.accessToken });
      expect(ack).toEqual({ ok: true });
      // A token of another session is refused.
      const foreign = await expiring.socket.timeout(3000).emitWithAck('stream.reauth', { token: r.body.data!.accessToken });
      expect(foreign.ok).toBe(false);
      await waitFor(() => !expiring.socket.connected, 4000, 'expired socket closed');
      expect(expiring.closed).toBe('expired');
      expect(renewed.socket.connected).toBe(true);
    } finally {
      expiring.close();
      renewed.close();
    }
  });
});
