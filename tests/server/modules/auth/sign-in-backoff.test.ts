import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSecure } from '../../../../src/shared/auth/contracts.js';
import type { Envelope } from '../../../../src/shared/contracts/envelope.js';
import { encryptedLoginBody } from '../../../helpers/api.js';
import { FACTORY_PASSWORD, userWithRole, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * Issue 19 item 7: failed sign-ins slow down one account at one address (a progressive delay, NIST SP 800-63B
 * §5.2.2), never the account everywhere. Behind a proxy (TRUST_PROXY=1) the address is the X-Forwarded-For one.
 * Time passing is simulated by moving the stored attempts into the past.
 */

const FREE = 3;
const FIRST_S = 30;
const WINDOW_S = 300;

describe.each(dialects)('sign-in backoff per account and address on %s', (dialect) => {
  let ts: TestServer;
  let user: User;
  beforeAll(async () => {
    ts = await startTestServer({
      dialect,
      env: { TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS: String(FREE), LOGIN_DELAY_SECONDS: String(FIRST_S), LOGIN_WINDOW_SECONDS: String(WINDOW_S) },
    });
    user = await userWithRole(ts, 'operator');
  });
  afterAll(() => ts?.close());

  /** LoginSecure from one client address, as a reverse proxy forwards it. */
  const signIn = async (address: string, password: string) => {
    const res = await fetch(ts.url + loginSecure.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(await encryptedLoginBody(ts.url, user.loginname, password)),
    });
    const body = (await res.json()) as Envelope<unknown> & { error: { code?: string; params?: { seconds?: number } } };
    return { status: res.status, code: body.error.code, seconds: body.error.params?.seconds };
  };
  /** As if `ms` had gone by for the attempts made from `address`. */
  const age = (address: string, ms: number) =>
    ts.server.store.db
      .updateTable('login_attempt')
      .set((eb) => ({ at: eb('at', '-', ms) }))
      .where('key', '=', `${user.loginname.toLowerCase()}|${address}`)
      .execute();

  it('guessing from one address makes that address wait, while the right password from another address signs in', async () => {
    for (let i = 0; i < FREE; i++) {
      expect((await signIn('10.0.0.66', `wrong-${i}-password`)).code).toBe('auth.wrongPassword');
    }
    const held = await signIn('10.0.0.66', FACTORY_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.code).toBe('auth.tooManyAttempts');
    expect(held.seconds).toBeGreaterThan(0);
    expect(held.seconds).toBeLessThanOrEqual(FIRST_S);
    expect((await signIn('10.0.0.7', FACTORY_PASSWORD)).status).toBe(200);
  });

  it('the wait doubles with each further failure, and once it has passed the right password signs in', async () => {
    await age('10.0.0.66', FIRST_S * 1000);
    expect((await signIn('10.0.0.66', 'wrong-again-password')).code).toBe('auth.wrongPassword');
    const held = await signIn('10.0.0.66', FACTORY_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.seconds).toBeGreaterThan(FIRST_S);
    expect(held.seconds).toBeLessThanOrEqual(2 * FIRST_S);
    // Not yet after the first delay alone.
    await age('10.0.0.66', FIRST_S * 1000);
    expect((await signIn('10.0.0.66', FACTORY_PASSWORD)).status).toBe(429);
    await age('10.0.0.66', FIRST_S * 1000);
    expect((await signIn('10.0.0.66', FACTORY_PASSWORD)).status).toBe(200);
  });

  it('parallel right sign-ins of one account from one address all pass (an attempt in flight is not a failure to wait for)', async () => {
    // Two servers of one store, or one user's tabs, sign in at the same moment; fewer than FREE in flight at once.
    const results = await Promise.all(Array.from({ length: FREE - 1 }, () => signIn('10.0.0.20', FACTORY_PASSWORD)));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: FREE - 1 }, () => 200));
    // The race itself: an attempt in flight that read the clock later than this one (each reads it before the
    // key's lock) holds a reservation stamped in this one's future. It is below the free count, so it is no wait.
    await ts.server.store.db
      .insertInto('login_attempt')
      .values({ key: `${user.loginname.toLowerCase()}|10.0.0.21`, at: Date.now() + 2000, attempt_id: 'in-flight-elsewhere' })
      .execute();
    expect((await signIn('10.0.0.21', FACTORY_PASSWORD)).status).toBe(200);
  });

  it('a key quiet for the window beyond its wait starts free again', async () => {
    // Four failures are kept (a success does not wipe them); unless forgotten, the second failure below would wait.
    await age('10.0.0.66', (2 * 2 * FIRST_S + WINDOW_S) * 1000 + 1000);
    for (let i = 0; i < FREE - 1; i++) {
      expect((await signIn('10.0.0.66', `wrong-late-${i}-password`)).code).toBe('auth.wrongPassword');
    }
    expect((await signIn('10.0.0.66', FACTORY_PASSWORD)).status).toBe(200);
  });
});
