import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_APPLICATION, openLease, openPgLease, type Lease } from '../../../src/server/store/lease.js';
import { freshDatabase, type TestStore } from '../../helpers/server.js';
import { waitFor } from '../stream/stream-helpers.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the lease on SQLite', () => {
  it('is always held by the one server, and its holder takes at once', async () => {
    const lease = await openLease({ job: 'plant', log: silent });
    const calls: string[] = [];
    await lease.follow({ take: () => void calls.push('take'), drop: () => void calls.push('drop') });
    expect(lease.held()).toBe(true);
    expect(lease.stats().ready).toBe(true);
    expect(calls).toEqual(['take']);
    await lease.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the lease on PostgreSQL (advisory lock)', () => {
  let store: TestStore;
  const leases: Lease[] = [];
  beforeAll(async () => {
    store = await freshDatabase('postgres');
  });
  afterAll(async () => {
    for (const l of leases) {
      await l.close();
    }
    await store?.drop();
  });
  const open = async (job = 'plant') => {
    const l = await openPgLease({ databaseUrl: store.databaseUrl!, job, log: silent, retryMs: 200 });
    leases.push(l);
    return l;
  };
  const recorder = (name: string, calls: string[]) => ({
    take: () => void calls.push(`${name}.take`),
    drop: () => void calls.push(`${name}.drop`),
  });

  it('one server holds it; when it closes, a standby takes over and its holders take in order', async () => {
    const a = await open();
    const b = await open();
    // Another job is another lock.
    const other = await open('other');
    expect([a.held(), b.held(), other.held()]).toEqual([true, false, true]);
    const calls: string[] = [];
    await b.follow(recorder('alarms', calls));
    await b.follow(recorder('fences', calls));
    expect(calls).toEqual(['alarms.drop', 'fences.drop']); // brought to the standby state
    calls.length = 0;
    await a.close();
    await waitFor(() => b.stats().ready, 5000, 'b taking over');
    expect(calls).toEqual(['alarms.take', 'fences.take']);
    expect(b.stats().taken).toBe(1);
    expect(b.stats().lastTakeMs).not.toBeNull();
  });

  it('a holder whose connection is killed drops its work; the standby takes over', async () => {
    const job = 'killed';
    const a = await open(job);
    const b = await open(job);
    const calls: string[] = [];
    await a.follow(recorder('a', calls));
    await b.follow(recorder('b', calls));
    expect(calls).toEqual(['a.take', 'b.drop']);
    calls.length = 0;
    // PostgreSQL ends a's session (as when its server dies): the lock goes with it.
    const admin = new pg.Client({ connectionString: store.databaseUrl });
    await admin.connect();
    const held = await admin.query<{ pid: number }>(
      `select l.pid from pg_locks l join pg_stat_activity s on s.pid = l.pid, hashtextextended($2, 0) as h
        where l.locktype = 'advisory' and l.granted and s.application_name = $1 and s.datname = current_database()
          and l.classid = ((h >> 32) & x'ffffffff'::bigint)::oid and l.objid = (h & x'ffffffff'::bigint)::oid`,
      [LEASE_APPLICATION, `plantwatch.lease.${job}`],
    );
    expect(held.rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [held.rows[0].pid]);
    await admin.end();
    await waitFor(() => b.stats().ready, 5000, 'b taking over');
    await waitFor(() => calls.includes('a.drop'), 5000, 'a dropping its work');
    expect(a.held()).toBe(false);
    expect(calls).toContain('b.take');
    // a stands by now: it does not take the lease back while b holds it.
    await new Promise((r) => setTimeout(r, 600));
    expect(a.held()).toBe(false);
  });
});
