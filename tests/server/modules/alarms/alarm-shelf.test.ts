import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestStore } from '../../../helpers/server.js';
import type { AlarmService } from '../../../../src/server/modules/alarms/alarm.service.js';
import { startAlarmEngine } from './engine-fixtures.js';
import { migrateToLatest, openStore, type Store } from '../../../../src/server/store/db.js';
import { createBus, type StreamBus } from '../../../../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../../../../src/server/stream/memory-tag-registry.js';
import type { AuthUser } from '../../../../src/server/http/app.js';
import { moduleMigrations } from '../../../../src/server/modules/index.js';

/**
 * Shelf expiry on the engine with a controlled clock (real store, SQLite and
 * PostgreSQL, real bus): an alarm still active when its shelf expires comes
 * back unacknowledged (ISA-18.2 §11.7.3); a one-shot shelf ends when the
 * alarm returns; a timed shelf the alarm holds with no occurrence open ends
 * at its time too (DOMAIN.md §3).
 */
describe.each(dialects)('alarm shelves expire on %s', (dialect) => {
  let fresh: TestStore;
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let clock = 1_800_000_000_000;
  const tags = createMemoryTagRegistry([{ id: 'T1', regionid: null, kind: 'level', ll: null, l: null, h: 80, hh: null, deadband: 1 }]);
  const who = { userid: 1, loginname: 'admin', permissions: new Set<string>() } as unknown as AuthUser;
  const sample = async (v: number) => {
    bus.publishSamples({ n: 1, tag: ['T1'], t: Float64Array.of(clock), v: Float64Array.of(v), q: Uint8Array.of(0), source: 'test' });
    await alarms.idle();
  };
  const current = async () => (await alarms.realTimeList(who, {})).list[0];

  beforeEach(async () => {
    fresh = await freshDatabase(dialect);
    store = openStore({ dataDir: ':memory:', databaseUrl: fresh.databaseUrl });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    alarms = await startAlarmEngine({ db: store.db, bus, tags, now: () => clock });
  });
  afterEach(async () => {
    await alarms.close();
    await store.close();
    await fresh.drop();
  });

  it('a timed shelf that expires while the alarm is active re-annunciates it, audited as the system', async () => {
    await sample(85);
    const a = await current();
    await alarms.shelve(who, { ids: [a.id], minutes: 1, kind: 'timed', reason: '检修' });
    expect((await current()).state).toBe('shelved');
    clock += 61_000;
    await new Promise((r) => setTimeout(r, 1300)); // the engine checks shelves every second
    await alarms.idle();
    expect(await current()).toMatchObject({ id: a.id, state: 'unack', acked: false, shelvedUntil: null });
    const audit = await store.db.selectFrom('audit_log').selectAll().where('entity_id', '=', String(a.id)).orderBy('id').execute();
    expect(audit.map((r) => [r.action, r.loginname])).toEqual([
      ['alarm.shelve', 'admin'],
      ['alarm.unshelveExpired', 'system'],
    ]);
  });

  it('a one-shot shelf ends when the alarm returns, and the occurrence closes', async () => {
    await sample(85);
    const a = await current();
    await alarms.shelve(who, { ids: [a.id], minutes: 60, kind: 'oneShot', reason: '临时' });
    await sample(70);
    expect((await alarms.realTimeList(who, {})).list).toHaveLength(0);
    const row = await store.db.selectFrom('alarm_occurrence').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('normal');
    expect(row.closed_at).toBe(clock);
  });

  it('a timed shelf the alarm holds after its occurrence closed ends at its time, audited as the system; the next activation is annunciated', async () => {
    await sample(85);
    const a = await current();
    await alarms.shelve(who, { ids: [a.id], minutes: 10, kind: 'timed', reason: '检修' });
    clock += 60_000;
    await sample(70); // returns: closes shelved, the shelf stays with the alarm
    clock += 60_000;
    await sample(86);
    expect(await current()).toMatchObject({ state: 'shelved', active: true, shelvedUntil: a.activatedAt + 600_000 });
    const b = await current();
    clock += 60_000;
    await sample(70);
    expect((await alarms.realTimeList(who, {})).list).toHaveLength(0);
    clock += 8 * 60_000; // past the shelf's end
    await new Promise((r) => setTimeout(r, 1300)); // the engine checks shelves every second
    await alarms.idle();
    const audit = await store.db.selectFrom('audit_log').selectAll().where('entity_id', '=', String(b.id)).orderBy('id').execute();
    expect(audit.map((r) => [r.action, r.loginname])).toEqual([['alarm.unshelveExpired', 'system']]);
    await sample(87);
    expect(await current()).toMatchObject({ state: 'unack', shelvedUntil: null });
  });
});

describe('late samples', () => {
  it('a sample older than the newest one evaluated for its tag changes no alarm', async () => {
    const store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    const bus = createBus();
    const tags = createMemoryTagRegistry([{ id: 'T2', regionid: null, kind: 'level', ll: null, l: null, h: 80, hh: null, deadband: 1 }]);
    const alarms = await startAlarmEngine({ db: store.db, bus, tags });
    const who = { userid: 1, loginname: 'admin' } as unknown as AuthUser;
    const at = async (t: number, v: number) => {
      bus.publishSamples({ n: 1, tag: ['T2'], t: Float64Array.of(t), v: Float64Array.of(v), q: Uint8Array.of(0), source: 'test' });
      await alarms.idle();
    };
    try {
      await at(2000, 90);
      await at(1000, 10); // buffered backlog arriving late: the alarm stays
      expect((await alarms.realTimeList(who, {})).list.map((a) => a.active)).toEqual([true]);
      await at(3000, 10);
      expect((await alarms.realTimeList(who, {})).list.map((a) => [a.active, a.state])).toEqual([[false, 'rtnUnack']]);
    } finally {
      await alarms.close();
      await store.close();
    }
  });
});
