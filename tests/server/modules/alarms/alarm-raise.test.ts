import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlarmService, type AlarmService } from '../../../../src/server/modules/alarms/alarm.service.js';
import { migrateToLatest, openStore, type Store } from '../../../../src/server/store/db.js';
import { createBus, type StreamBus } from '../../../../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../../../../src/server/stream/memory-tag-registry.js';
import type { AuthUser } from '../../../../src/server/http/app.js';
import type { AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { moduleMigrations } from '../../../../src/server/modules/index.js';

/**
 * Alarms other modules raise (positioning, a full disk, a control system)
 * share the tag alarms' life cycle: stored before published, one open
 * occurrence per key, restored after a restart, acknowledged like any other.
 */
describe('raised alarms', () => {
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let clock = 1_800_000_000_000;
  const tags = createMemoryTagRegistry([]);
  const admin = { userid: 1, loginname: 'admin' } as unknown as AuthUser;
  const regionUser = { userid: 2, loginname: 'op' } as unknown as AuthUser;
  const start = () =>
    createAlarmService({
      db: store.db,
      bus,
      tags,
      org: {
        getUserScope: async (id: number) =>
          id === 1 ? { all: true, regionids: [], deptids: [] } : { all: false, regionids: [7], deptids: [] },
        allDeptsAndRegions: async () => ({ depts: [], regions: [] }),
      },
      log: { info: () => {}, error: () => {} },
      now: () => clock,
    });
  const intrusion = {
    key: 'pos:intrusion:P-0001:9',
    type: 'intrusion' as const,
    source: 'P-0001',
    sourceName: '张伟',
    sourceNameEn: 'P-0001',
    priority: 1,
    regionid: 9,
    detail: { card: 'P-0001', region: '罐区B' },
  };

  beforeEach(async () => {
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    alarms = await start();
  });
  afterEach(async () => {
    await alarms.close();
    await store.close();
  });

  it('opens one occurrence per key, published after it is stored, and raising it again changes nothing', async () => {
    const published: AlarmItem[] = [];
    const sub = bus.on('alarm.changed').subscribe((e) => published.push(...e.alarms));
    await alarms.raise(intrusion);
    await alarms.raise({ ...intrusion, t: clock + 1000 });
    sub.unsubscribe();
    const rows = await store.db.selectFrom('alarm_occurrence').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      id: rows[0].id,
      type: 'intrusion',
      priority: 1,
      state: 'unack',
      sourceName: '张伟',
      regionid: 9,
      detail: { card: 'P-0001', region: '罐区B' },
    });
  });

  it('a second server on the same store raising an alarm the first opened takes that occurrence: no error, no second row', async () => {
    const other = await start(); // another server's alarm service: its own open alarms, the same store
    const errors: unknown[] = [];
    try {
      await alarms.raise(intrusion);
      await other.raise(intrusion).catch((err: unknown) => errors.push(err));
      expect(errors).toEqual([]);
      const rows = await store.db.selectFrom('alarm_occurrence').selectAll().execute();
      expect(rows.map((r) => [r.alarm_key, r.closed_at])).toEqual([[intrusion.key, null]]);
      // It is that server's open alarm now: it clears it, and the first server's raise after the return opens the next one.
      expect(other.openAlarms('pos:intrusion:').map((o) => o.id)).toEqual([rows[0].id]);
      clock += 5000;
      await other.clear(intrusion.key);
      expect((await store.db.selectFrom('alarm_occurrence').select(['state', 'returned_at']).executeTakeFirstOrThrow()).returned_at).toBe(
        clock,
      );
    } finally {
      await other.close();
    }
  });

  it('clear returns it; acknowledged after return it closes; a second raise opens a new occurrence', async () => {
    await alarms.raise(intrusion);
    clock += 5000;
    await alarms.clear(intrusion.key);
    const [a] = (await alarms.realTimeList(admin, { types: ['intrusion'] })).list;
    expect(a).toMatchObject({ state: 'rtnUnack', returnedAt: clock });
    await alarms.acknowledge(admin, { ids: [a.id] });
    expect((await alarms.realTimeList(admin, {})).list).toHaveLength(0);
    await alarms.raise(intrusion);
    expect(await store.db.selectFrom('alarm_occurrence').select('id').execute()).toHaveLength(2);
  });

  it('a restart restores the open occurrence without duplicating it', async () => {
    await alarms.raise(intrusion);
    await alarms.close();
    alarms = await start();
    expect(alarms.openAlarms('pos:intrusion:')).toHaveLength(1);
    await alarms.raise(intrusion);
    expect(await store.db.selectFrom('alarm_occurrence').select('id').execute()).toHaveLength(1);
  });

  it('filters by type and source; a user outside the region sees nothing and may not raise there', async () => {
    await alarms.raise(intrusion);
    await alarms.raise({ ...intrusion, key: 'pos:sos:P-0002', type: 'sos', source: 'P-0002', regionid: 7 });
    expect((await alarms.realTimeList(admin, { types: ['sos'] })).list.map((a) => a.source)).toEqual(['P-0002']);
    expect((await alarms.realTimeList(admin, { source: 'P-0001' })).list.map((a) => a.type)).toEqual(['intrusion']);
    expect((await alarms.realTimeList(regionUser, {})).list.map((a) => a.source)).toEqual(['P-0002']);
    expect((await alarms.historyList(admin, { from: 0, to: clock + 1, types: ['intrusion'], pageIndex: 1, pageSize: 50 })).total).toBe(1);
    await expect(alarms.raise({ ...intrusion, key: 'x' }, regionUser)).rejects.toMatchObject({ statusCode: 403 });
    await expect(alarms.clear(intrusion.key, clock, regionUser)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('an operator raise and clear is audited with the change', async () => {
    await alarms.raise({ ...intrusion, key: 'ext:dcs:1', type: 'external' }, admin);
    await alarms.clear('ext:dcs:1', clock + 1, admin);
    const audit = await store.db.selectFrom('audit_log').select(['action', 'loginname']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'alarm.raise', loginname: 'admin' },
      { action: 'alarm.clear', loginname: 'admin' },
    ]);
  });
});
