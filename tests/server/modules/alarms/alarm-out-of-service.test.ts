import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmRemoveFromService,
  alarmReturnToService,
  alarmSettingHistory,
  alarmSettingList,
} from '../../../../src/shared/alarms/settings-contracts.js';
import { alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { connectClient } from '../../stream/stream-helpers.js';
import { auditOf, buildTag, demoToken, expectRefused, regionIds } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9: out of service is kept on the alarm (tag + type), not on one
 * occurrence. While an alarm is out of service each new activation is
 * recorded out of service and never annunciated, also after a restart, until
 * it returns to service; the setting ledger shows it; each step audited.
 */
describe.each(dialects)('out of service per alarm on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  const X = 'OOS.TF.PT1';

  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const open = async (key: string): Promise<AlarmItem[]> => {
    const r = await call(ts.url, alarmRealTimeList, {}, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.filter((a) => a.alarmKey === key);
  };
  const row = async (tagId: string, type: string) => {
    const r = await call(ts.url, alarmSettingList, { keyword: tagId, pageSize: 10 }, operator);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.items.find((i) => i.tagId === tagId && i.type === type)!;
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    const regions = await regionIds(ts.url, admin);
    const r = await call(ts.url, tagSave, { ...buildTag({ id: X, regionid: regions.get('TF')! }), isNew: true }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('removing an occurrence from service marks its alarm; the ledger row shows who, since when and why', async () => {
    await ingest(X, 8.5);
    const [a] = await open(`tag:${X}:h`);
    expect(a.state).toBe('unack');
    const r = await call(ts.url, alarmRemoveFromService, { ids: [a.id], reason: '变送器更换' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ removed: [a.id], alarms: [{ tagId: X, type: 'h' }] });
    expect((await open(`tag:${X}:h`))[0]).toMatchObject({ state: 'outOfService', active: true });
    expect((await row(X, 'h')).outOfService).toMatchObject({ by: 'admin', reason: '变送器更换' });
    expect((await row(X, 'hh')).outOfService).toBeNull();
  });

  it('a new activation while the alarm is out of service is recorded out of service, never annunciated, also after a restart', async () => {
    const client = await connectClient(ts.url, admin);
    try {
      expect((await client.subscribe({ topics: ['alarm'] })).ok).toBe(true);
      await ingest(X, 5); // returns: the hidden occurrence closes
      expect(await open(`tag:${X}:h`)).toHaveLength(0);
      await ingest(X, 8.5);
      const [b] = await open(`tag:${X}:h`);
      expect(b).toMatchObject({ state: 'outOfService', active: true, acked: false });
      await ts.server.port(alarmsPort).idle();
      expect(client.alarms.filter((x) => x.alarmKey === `tag:${X}:h` && x.state === 'unack' && x.id === b.id)).toEqual([]);
    } finally {
      client.close();
    }
    await ingest(X, 5);
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    await ingest(X, 8.6);
    expect((await open(`tag:${X}:h`)).map((x) => x.state)).toEqual(['outOfService']);
  });

  it('back in service from the ledger (no occurrence named): the active alarm is annunciated, the row is clear, both steps in its history', async () => {
    const r = await call(ts.url, alarmReturnToService, { alarms: [{ tagId: X, type: 'h' }] }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.alarms).toEqual([{ tagId: X, type: 'h' }]);
    expect((await open(`tag:${X}:h`))[0]).toMatchObject({ state: 'unack', active: true });
    expect((await row(X, 'h')).outOfService).toBeNull();
    const h = await call(ts.url, alarmSettingHistory, { tagId: X, type: 'h' }, operator);
    expect(h.body.data!.list.slice(0, 2).map((c) => [c.loginname, c.changes])).toEqual([
      ['admin', [{ field: 'outOfService', from: true, to: false }]],
      ['admin', [{ field: 'outOfService', from: false, to: true }]],
    ]);
    expect(h.body.data!.list[1].reason).toBe('变送器更换');
    const actions = (await auditOf(ts.url, admin, 'alarmSetting', `${X}:h`)).map((x) => x.action);
    expect(actions.slice(0, 2)).toEqual(['alarm.returnToService', 'alarm.removeFromService']);
    // In service again: the next activation is annunciated.
    await call(ts.url, alarmReturnToService, { alarms: [{ tagId: X, type: 'h' }] }, admin).then((x) => expectRefused(x, 400, ['alarms']));
  });

  it('an alarm not active can be taken out of service from the ledger; its first activation opens out of service', async () => {
    const r = await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: X, type: 'hh' }], reason: '仪表标定' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ removed: [], alarms: [{ tagId: X, type: 'hh' }] });
    expect((await row(X, 'hh')).outOfService).toMatchObject({ by: 'admin', reason: '仪表标定' });
    await ingest(X, 9.5);
    expect((await open(`tag:${X}:hh`))[0]).toMatchObject({ state: 'outOfService', active: true });
    expect((await open(`tag:${X}:h`))[0]).toMatchObject({ state: 'unack' });
  });

  it('refusals: a reason, alarm:admin, something named, an alarm that exists, not twice', async () => {
    expectRefused(await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: X, type: 'l' }], reason: ' ' }, admin), 400, ['reason']);
    expectRefused(await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: X, type: 'l' }], reason: '检修' }, operator), 403);
    expectRefused(await call(ts.url, alarmRemoveFromService, { reason: '检修' }, admin), 400, ['ids']);
    expectRefused(await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: 'NO.SUCH', type: 'h' }], reason: '检修' }, admin), 404);
    const again = await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: X, type: 'hh' }], reason: '再次' }, admin);
    expectRefused(again, 400, ['alarms']);
    expect(again.body.error.code).toBe('alarm.alreadyOutOfService');
  });
});
