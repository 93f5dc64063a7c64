import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionGetList } from '../../../src/shared/org/contracts.js';
import { call } from '../../helpers/api.js';
import { freshDatabase, startTestServer, type TestServer, type TestStore } from '../../helpers/server.js';
import { adminOf } from '../../helpers/factories.js';

/**
 * PostgreSQL closes a pooled connection (a restart, a failover, an
 * administrator's pg_terminate_backend): the portal keeps running and the next
 * call gets a fresh connection. Before the pool had an error listener this was
 * an uncaught exception that stopped the whole server.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL closes the portal\'s connections', () => {
  let store: TestStore;
  let ts: TestServer;
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    ts = await startTestServer({ dialect: 'postgres', store, env: { LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('the server survives its idle connections being terminated and answers the next call', async () => {
    const token = (await adminOf(ts)).token;
    expect((await call(ts.url, regionGetList, {}, token)).body.IsSuccess).toBe(true);
    const dbName = new URL(store.databaseUrl as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool see the closed sockets while they are idle.
    await new Promise((r) => setTimeout(r, 200));
    const after = await call(ts.url, regionGetList, {}, token);
    expect(after.httpStatus).toBe(200);
    expect(after.body.IsSuccess).toBe(true);
  });
});
