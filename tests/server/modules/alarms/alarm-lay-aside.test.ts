import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmLayAsideDetails, alarmLayAsideList, alarmListScopeGet } from '../../../../src/shared/alarms/notify-contracts.js';
import { alarmRealTimeList, alarmShelve, alarmUnshelve } from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9 part 5: the shelving ledger (shelved now; shelve history from the
 * audit log) and the scopes of the live list pages, within data isolation.
 */
describe('shelving ledger and list scopes', () => {
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let regions: Map<string, number>;
  const TF = 'LAY.TF.PT1';
  const PU = 'LAY.PU.PT1';
  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };

  beforeAll(async () => {
    ts = await startTestServer({ demo: true, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    regions = await saveTagsIn(ts.url, admin, [
      [TF, 'TF', { hazard_source: 'GB-TF-01' }],
      [PU, 'PU', { hazard_source: '' }],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('lists what is shelved now (who, why, until) to those who see its region; the history shows shelve and unshelve', async () => {
    const from = Date.now() - 1000;
    await ingest(TF, 8.5);
    await ingest(PU, 8.5);
    const open = (await call(ts.url, alarmRealTimeList, {}, admin)).body.data!.list;
    const tf = open.find((a) => a.alarmKey === `tag:${TF}:h`)!;
    const pu = open.find((a) => a.alarmKey === `tag:${PU}:h`)!;
    const shelved = await call(ts.url, alarmShelve, { ids: [tf.id, pu.id], minutes: 30, reason: '仪表检修' }, admin);
    expect(shelved.body.data!.shelved.sort()).toEqual([tf.id, pu.id].sort());

    const adminList = (await call(ts.url, alarmLayAsideList, {}, admin)).body.data!.list;
    expect(adminList.map((a) => a.id).sort()).toEqual([tf.id, pu.id].sort());
    expect(adminList.find((a) => a.id === tf.id)).toMatchObject({ state: 'shelved', shelvedBy: 'admin', shelveReason: '仪表检修' });
    expect(adminList.find((a) => a.id === tf.id)!.shelvedUntil).toBeGreaterThan(Date.now() + 29 * 60_000);
    // The operator sees TF and LS only.
    expect((await call(ts.url, alarmLayAsideList, {}, operator)).body.data!.list.map((a) => a.id)).toEqual([tf.id]);

    await call(ts.url, alarmUnshelve, { ids: [tf.id] }, admin);
    expect((await call(ts.url, alarmLayAsideList, {}, admin)).body.data!.list.map((a) => a.id)).toEqual([pu.id]);

    const to = Date.now() + 1000;
    const history = (await call(ts.url, alarmLayAsideDetails, { from, to }, admin)).body.data!;
    expect(history.items.map((e) => [e.action, e.alarmId])).toEqual([
      ['alarm.unshelve', tf.id],
      ['alarm.shelve', pu.id],
      ['alarm.shelve', tf.id],
    ]);
    expect(history.items.find((e) => e.action === 'alarm.shelve' && e.alarmId === tf.id)).toMatchObject({
      loginname: 'admin',
      reason: '仪表检修',
      minutes: 30,
    });
    const mine = (await call(ts.url, alarmLayAsideDetails, { from, to }, operator)).body.data!;
    expect(mine.items.every((e) => e.alarmId === tf.id)).toBe(true);
    expect(mine.total).toBe(2);
    expectRefused(await call(ts.url, alarmLayAsideDetails, { from: to, to: from }, admin), 400, ['to']);
  });

  it('list scopes: own regions for a user with a data-isolation scope, all for one who sees everything; major hazard tags', async () => {
    expect((await call(ts.url, alarmListScopeGet, { scope: 'mine' }, admin)).body.data).toEqual({ regionids: null, sources: null });
    const own = (await call(ts.url, alarmListScopeGet, { scope: 'mine' }, operator)).body.data!;
    expect(own.regionids).toContain(regions.get('TF'));
    expect(own.regionids).not.toContain(regions.get('PU'));
    const hazard = (await call(ts.url, alarmListScopeGet, { scope: 'majorHazard' }, operator)).body.data!;
    expect(hazard.sources).toContain(TF);
    expect(hazard.sources).not.toContain(PU);
  });
});
