import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlarmService, type AlarmService } from '../../../../src/server/modules/alarms/alarm.service.js';
import { moduleMigrations } from '../../../../src/server/modules/index.js';
import type { AuthUser } from '../../../../src/server/http/app.js';
import { migrateToLatest, openStore, type Store } from '../../../../src/server/store/db.js';
import { createBus } from '../../../../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../../../../src/server/stream/memory-tag-registry.js';
import { freshDatabase, type TestStore } from '../../../helpers/server.js';

/**
 * Two servers on one PostgreSQL store, the alarm engine's owner and a
 * standby, each acting on what it last heard (no relay here, so each one's
 * memory is stale): every write takes the alarm write lock and acts on the
 * occurrence as stored, so neither overwrites the other's change.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('alarm writes of two servers on one PostgreSQL store', () => {
  let fresh: TestStore;
  const stores: Store[] = [];
  const services: AlarmService[] = [];
  const admin = { userid: 1, loginname: 'admin' } as unknown as AuthUser;
  const start = async (engine: boolean) => {
    const store = openStore({ databaseUrl: fresh.databaseUrl, dataDir: ':memory:' });
    stores.push(store);
    const s = await createAlarmService({
      db: store.db,
      bus: createBus(),
      tags: createMemoryTagRegistry([]),
      org: {
        getUserScope: async () => ({ all: true, regionids: [], deptids: [] }),
        allDeptsAndRegions: async () => ({ depts: [], regions: [] }),
      },
      log: { info: () => {}, error: () => {} },
      engine,
      standbyResyncMs: 3_600_000,
    });
    services.push(s);
    return s;
  };
  const raised = (key: string) => ({ key, type: 'intrusion' as const, source: key, sourceName: key, sourceNameEn: key, priority: 1, regionid: null });
  const row = async (key: string) =>
    stores[0].db.selectFrom('alarm_occurrence').select(['id', 'state', 'acked_by', 'closed_at']).where('alarm_key', '=', key).execute();

  beforeAll(async () => {
    fresh = await freshDatabase('postgres');
    const s = openStore({ databaseUrl: fresh.databaseUrl, dataDir: ':memory:' });
    await migrateToLatest(s, moduleMigrations());
    await s.close();
  });
  afterAll(async () => {
    for (const s of services) {
      await s.close();
    }
    for (const s of stores) {
      await s.close();
    }
    await fresh?.drop();
  });

  it('an acknowledgement on the standby is not overwritten by the owner, which goes on from it', async () => {
    const owner = await start(true);
    await owner.raise(raised('pos:intrusion:A:1'));
    const standby = await start(false);
    const [{ id }] = (await standby.realTimeList(admin, {})).list;
    expect((await standby.acknowledge(admin, { ids: [id] })).acknowledged).toEqual([id]);
    // The owner still holds it unacknowledged; its return finds the stored acknowledgement and closes the occurrence.
    expect((await owner.realTimeList(admin, {})).list[0].acked).toBe(false);
    await owner.clear('pos:intrusion:A:1');
    expect(await row('pos:intrusion:A:1')).toEqual([expect.objectContaining({ id, state: 'normal', acked_by: 'admin', closed_at: expect.any(Number) })]);
    expect((await owner.realTimeList(admin, {})).list).toEqual([]);
  });

  it('an acknowledgement on a standby that missed the return acts on the stored state and closes the occurrence', async () => {
    const owner = services[0];
    await owner.raise(raised('pos:intrusion:B:1'));
    const standby = await start(false);
    const [{ id, active }] = (await standby.realTimeList(admin, {})).list;
    expect(active).toBe(true);
    await owner.clear('pos:intrusion:B:1');
    expect((await row('pos:intrusion:B:1'))[0].state).toBe('rtnUnack');
    // The standby still sees it active: had it acted on that, the occurrence would stay open, acknowledged and active.
    expect((await standby.acknowledge(admin, { ids: [id] })).acknowledged).toEqual([id]);
    expect(await row('pos:intrusion:B:1')).toEqual([expect.objectContaining({ state: 'normal', acked_by: 'admin', closed_at: expect.any(Number) })]);
    expect((await standby.realTimeList(admin, {})).list.filter((a) => a.alarmKey === 'pos:intrusion:B:1')).toEqual([]);
  });
});
