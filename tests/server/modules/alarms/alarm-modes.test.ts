import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmRemoveFromService,
  alarmReturnToService,
  plantModeList,
  plantModeSet,
} from '../../../../src/shared/alarms/settings-contracts.js';
import { alarmHistoryExport, alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { auditOf, demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9 part 2: suppression by design (a region out of operation) and out
 * of service, through the service: each step audited, refusals with their
 * message codes, and the state the condition implies on the way back.
 */
describe.each(dialects)('plant mode and out of service on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let tf = 0;
  const A = 'MODE.TF.PT1';
  const B = 'MODE.TF.PT2';
  const PU = 'MODE.PU.PT1';

  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const list = async (input: Parameters<typeof call<typeof alarmRealTimeList>>[2] = {}): Promise<AlarmItem[]> => {
    const r = await call(ts.url, alarmRealTimeList, input, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list;
  };
  const one = async (key: string) => (await list()).find((a) => a.alarmKey === key);

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    const regions = await saveTagsIn(ts.url, admin, [
      [A, 'TF'],
      [B, 'TF'],
      [PU, 'PU'],
    ]);
    tf = regions.get('TF')!;
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('out of operation suppresses the region’s open alarms and those that open meanwhile, not other regions’ nor a person’s SOS; audited with the reason', async () => {
    await ingest(A, 8.5);
    await ingest(PU, 8.5);
    await ts.server
      .port(alarmsPort)
      .raise({
        key: `test:sos:${tf}`,
        type: 'sos',
        source: 'card-1',
        sourceName: '张三',
        sourceNameEn: 'Zhang San',
        priority: 1,
        regionid: tf,
      });
    expectRefused(await call(ts.url, plantModeSet, { regionid: tf, mode: 'stop', reason: ' ' }, admin), 400, ['reason']);
    expectRefused(await call(ts.url, plantModeSet, { regionid: tf, mode: 'stop', reason: '检修' }, operator), 403);
    const r = await call(ts.url, plantModeSet, { regionid: tf, mode: 'stop', reason: '装置大修' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.alarms).toHaveLength(1);
    expect(await one(`tag:${A}:h`)).toMatchObject({ state: 'suppressed', active: true, acked: false });
    expect(await one(`tag:${PU}:h`)).toMatchObject({ state: 'unack' });
    expect(await one(`test:sos:${tf}`)).toMatchObject({ state: 'unack' });
    await ingest(B, 1.5);
    expect(await one(`tag:${B}:l`)).toMatchObject({ state: 'suppressed', active: true });
    const modes = await call(ts.url, plantModeList, {}, operator);
    expect(modes.body.data!.list).toContainEqual(
      expect.objectContaining({ regionid: tf, mode: 'stop', reason: '装置大修', updatedBy: 'admin' }),
    );
    expect((await auditOf(ts.url, admin, 'region', String(tf)))[0]).toMatchObject({ action: 'alarm.plantMode', loginname: 'admin' });
    const sup = (await auditOf(ts.url, admin, 'alarm', String((await one(`tag:${A}:h`))!.id)))[0];
    expect(sup).toMatchObject({ action: 'alarm.suppress', loginname: 'admin' });
    expect(JSON.parse(sup.detail)).toMatchObject({ from: 'unack', to: 'suppressed', reason: '装置大修' });
    expect((await list({ states: ['suppressed'] })).map((a) => a.alarmKey).sort()).toEqual([`tag:${A}:h`, `tag:${B}:l`]);
  });

  it('back in operation, an alarm still active shows unacknowledged and one that returned meanwhile is closed', async () => {
    await ingest(B, 5);
    expect(await one(`tag:${B}:l`)).toBeUndefined();
    const r = await call(ts.url, plantModeSet, { regionid: tf, mode: 'run', reason: '开车' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(await one(`tag:${A}:h`)).toMatchObject({ state: 'unack', active: true });
    expect((await call(ts.url, plantModeList, {}, admin)).body.data!.list.some((m) => m.regionid === tf)).toBe(false);
    await ingest(B, 1.5);
    expect(await one(`tag:${B}:l`)).toMatchObject({ state: 'unack' });
  });

  it('out of service needs a reason and alarm:admin; refusals name why; returned to service an active alarm is annunciated again', async () => {
    const a = (await one(`tag:${A}:h`))!;
    expectRefused(await call(ts.url, alarmRemoveFromService, { ids: [a.id], reason: '' }, admin), 400, ['reason']);
    expectRefused(await call(ts.url, alarmRemoveFromService, { ids: [a.id], reason: '变送器更换' }, operator), 403);
    expectRefused(await call(ts.url, alarmReturnToService, { ids: [a.id] }, admin), 400, ['ids']);
    const r = await call(ts.url, alarmRemoveFromService, { ids: [a.id], reason: '变送器更换' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.removed).toEqual([a.id]);
    expect(await one(`tag:${A}:h`)).toMatchObject({ state: 'outOfService', active: true });
    const again = await call(ts.url, alarmRemoveFromService, { ids: [a.id], reason: '再次' }, admin);
    expectRefused(again, 400, ['ids']);
    expect(again.body.error.code).toBe('alarm.alreadyOutOfService');
    // Out of service wins over suppression by design: stopping the region leaves it out of service.
    expect((await call(ts.url, plantModeSet, { regionid: tf, mode: 'stop', reason: '停车' }, admin)).body.IsSuccess).toBe(true);
    expect(await one(`tag:${A}:h`)).toMatchObject({ state: 'outOfService' });
    expect((await call(ts.url, plantModeSet, { regionid: tf, mode: 'run', reason: '开车' }, admin)).body.IsSuccess).toBe(true);
    const back = await call(ts.url, alarmReturnToService, { ids: [a.id] }, admin);
    expect(back.body.data!.returned).toEqual([a.id]);
    expect(await one(`tag:${A}:h`)).toMatchObject({ state: 'unack', active: true });
    const actions = (await auditOf(ts.url, admin, 'alarm', String(a.id))).map((x) => x.action);
    expect(actions.slice(0, 2)).toEqual(['alarm.returnToService', 'alarm.removeFromService']);
  });
  it('the history exports as .xlsx: every page of the filtered set, in the caller’s language, isolated like the list', async () => {
    const sheet = async (token: string, lang: string, body: object) => {
      const res = await fetch(ts.url + alarmHistoryExport.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ from: Date.now() - 3_600_000, to: Date.now() + 1000, ...body }),
      });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const ws = wb.worksheets[0];
      return Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
    };
    const en = await sheet(admin, 'en', { source: A });
    expect(en[0].slice(0, 5)).toEqual(['Priority', 'Activated', 'Source', 'Tag / source id', 'Type']);
    expect(en.slice(1).map((r) => [r[3], r[4]])).toEqual([[A, 'High']]);
    expect(en[1][2]).toBe(`Test tag ${A}`);
    const zh = await sheet(admin, 'zh-CN', {});
    expect(zh[0][0]).toBe('优先级');
    expect(zh.some((r) => r[3] === PU && r[4] === '高报')).toBe(true);
    // The operator sees TF and LS only: nothing of PU in their file.
    const mine = await sheet(operator, 'zh-CN', {});
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.some((r) => r[3] === PU)).toBe(false);
    expect(mine.some((r) => r[3] === A)).toBe(true);
  });
});
