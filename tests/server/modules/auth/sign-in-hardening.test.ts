import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInfo, loginSecure, refreshToken } from '../../../../src/shared/auth/contracts.js';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { call, encryptedLoginBody, login } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { ageRefreshRotations } from './auth-fixtures.js';

const MAX = 5;
// The first wait as long as the window: these tests are about the limit holding (also across a restart), not the delay.
const env = { LOGIN_MAX_ATTEMPTS: String(MAX), LOGIN_DELAY_SECONDS: '300', LOGIN_WINDOW_SECONDS: '300' };

/** How the parallel sign-ins of one account ended: right password, wrong password checked, refused by the limiter, other. */
function tally(results: { httpStatus: number; body: { error: { code?: string } } }[]) {
  const t = { ok: 0, wrong: 0, limited: 0, other: [] as string[] };
  for (const r of results) {
    if (r.httpStatus === 200) {
      t.ok++;
    } else if (r.body.error.code === 'auth.wrongPassword') {
      t.wrong++;
    } else if (r.httpStatus === 429 && r.body.error.code === 'auth.tooManyAttempts') {
      t.limited++;
    } else {
      t.other.push(`${r.httpStatus} ${r.body.error.code}`);
    }
  }
  return t;
}

/**
 * The limiter held: at most LOGIN_MAX_ATTEMPTS wrong passwords were checked and
 * the limit was reached; the right one passed at most once (it gives its slot
 * back, which one more wrong attempt of the burst may take if it comes late
 * enough); every other attempt was refused with 429 without its password being looked at.
 */
function expectLimited(t: ReturnType<typeof tally>) {
  expect(t.other).toEqual([]);
  expect(t.ok).toBeLessThanOrEqual(1);
  expect(t.wrong).toBeLessThanOrEqual(MAX);
  expect(t.wrong + t.ok).toBeGreaterThanOrEqual(MAX);
  expect(t.limited).toBe(40 - t.wrong - t.ok);
}

/** When the right password was among the checked ones it gave its slot back: one more wrong one fills the limit again. */
async function fillLimit(url: string, loginname: string, t: ReturnType<typeof tally>) {
  if (t.wrong < MAX) {
    const r = await login(url, loginname, 'wrong-once-more');
    expect(r.body.error.code).toBe('auth.wrongPassword');
  }
}

/** 40 sign-in bodies for one account, encrypted up front so they arrive together; only index `right` has the right password. */
async function burst(urls: string[], loginname: string, right: number, n = 40) {
  const bodies = await Promise.all(
    Array.from({ length: n }, (_, i) => encryptedLoginBody(urls[0], loginname, i === right ? DEFAULT_DEMO_PASSWORD : `wrong-${i}-password`)),
  );
  return Promise.all(bodies.map((b, i) => call(urls[i % urls.length], loginSecure, b)));
}

describe.each(dialects)('sign-in hardening on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  /** Stops the running server and starts another on the same store: a restart. */
  const restart = async () => {
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env });
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env });
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('refuses a captured LoginSecure body after a restart', async () => {
    const body = await encryptedLoginBody(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    expect((await call(ts.url, loginSecure, body)).body.IsSuccess).toBe(true);
    await restart();
    const replay = await call(ts.url, loginSecure, body);
    expect(replay.httpStatus).toBe(400);
    expect(replay.body.error.code).toBe('auth.replayedRequest');
    expect(replay.body.error.controls).toEqual(['nonce']);
  });

  it('lets exactly one of 20 parallel replays of one body in', async () => {
    const body = await encryptedLoginBody(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(ts.url, loginSecure, body)));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    expect(results.filter((r) => r.httpStatus === 400 && r.body.error.code === 'auth.replayedRequest')).toHaveLength(19);
  });

  it('40 parallel sign-ins, the right password at #8: at most LOGIN_MAX_ATTEMPTS passwords checked, the rest 429; the limit survives a restart', async () => {
    const failedBefore = await ts.server.store.db.selectFrom('audit_log').select('id').where('action', '=', 'login.failed').execute();
    const t = tally(await burst([ts.url], 'inspector', 8));
    expectLimited(t);
    const failedAfter = await ts.server.store.db.selectFrom('audit_log').select('id').where('action', '=', 'login.failed').execute();
    expect(failedAfter.length - failedBefore.length).toBe(t.wrong);
    await fillLimit(ts.url, 'inspector', t);
    // Once the limit is reached even the right password waits, and still does after a restart.
    const right = await login(ts.url, 'inspector', DEFAULT_DEMO_PASSWORD);
    expect(right.httpStatus).toBe(429);
    await restart();
    const afterRestart = await login(ts.url, 'inspector', DEFAULT_DEMO_PASSWORD);
    expect(afterRestart.httpStatus).toBe(429);
    expect(afterRestart.body.error.code).toBe('auth.tooManyAttempts');
    // Another account is not affected.
    expect((await login(ts.url, 'admin', DEFAULT_DEMO_PASSWORD)).httpStatus).toBe(200);
  });

  it('answers a refresh repeated at once with the same successor; reuse after the grace window revokes the family', async () => {
    const s = (await login(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD)).body.data!;
    // Two (here ten) tabs refresh with the token they share at the same moment.
    const results = await Promise.all(Array.from({ length: 10 }, () => call(ts.url, refreshToken, { refreshToken: s.refreshToken })));
    expect(results.map((r) => r.httpStatus)).toEqual(Array(10).fill(200));
    const successors = new Set(results.map((r) => r.body.data!.refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = successors;
    expect(successor).not.toBe(s.refreshToken);
    for (const r of results) {
      expect((await call(ts.url, getUserInfo, {}, r.body.data!.accessToken)).httpStatus).toBe(200);
    }
    // The successor is kept encrypted, never in clear.
    const rows = await ts.server.store.db.selectFrom('refresh_token').select('successor').where('successor', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.successor).not.toContain(successor);
    }

    // The session goes on with the successor.
    const next = await call(ts.url, refreshToken, { refreshToken: successor });
    expect(next.httpStatus).toBe(200);
    // The first rotation is now 11 s old: the same token again is reuse, and ends the whole session.
    await ageRefreshRotations(ts.server, 11_000);
    const reuse = await call(ts.url, refreshToken, { refreshToken: s.refreshToken });
    expect(reuse.httpStatus).toBe(401);
    expect((await call(ts.url, refreshToken, { refreshToken: next.body.data!.refreshToken })).httpStatus).toBe(401);
    expect((await call(ts.url, getUserInfo, {}, next.body.data!.accessToken)).httpStatus).toBe(401);
  });

  it('marks token responses no-store', async () => {
    const r = await fetch(`${ts.url}${loginSecure.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await encryptedLoginBody(ts.url, 'admin', DEFAULT_DEMO_PASSWORD)),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const { data } = (await r.json()) as { data: { refreshToken: string } };
    const rr = await fetch(`${ts.url}${refreshToken.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: data.refreshToken }),
    });
    expect(rr.status).toBe(200);
    expect(rr.headers.get('cache-control')).toBe('no-store');
    // Refused token calls too: nothing of a sign-in is cached.
    const bad = await fetch(`${ts.url}${refreshToken.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"refreshToken":"x"}' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });
});

describe.runIf(dialects.includes('postgres'))('sign-in limit across two servers on one PostgreSQL store', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    a = await startTestServer({ demo: true, dialect: 'postgres', store, env });
    b = await startTestServer({ demo: true, dialect: 'postgres', store, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it('40 parallel sign-ins spread over both servers: at most LOGIN_MAX_ATTEMPTS passwords checked; a replay on the other server is refused', async () => {
    const t = tally(await burst([a.url, b.url], 'inspector', 8));
    expectLimited(t);
    await fillLimit(a.url, 'inspector', t);
    expect((await login(b.url, 'inspector', DEFAULT_DEMO_PASSWORD)).httpStatus).toBe(429);
    expect((await login(a.url, 'inspector', DEFAULT_DEMO_PASSWORD)).httpStatus).toBe(429);

    const body = await encryptedLoginBody(a.url, 'admin', DEFAULT_DEMO_PASSWORD);
    const both = await Promise.all([call(a.url, loginSecure, body), call(b.url, loginSecure, body)]);
    expect(both.map((r) => r.httpStatus).sort()).toEqual([200, 400]);
  });
});
