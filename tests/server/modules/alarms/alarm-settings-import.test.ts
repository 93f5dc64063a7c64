import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmRemoveFromService,
  alarmSettingHistory,
  alarmSettingImport,
  alarmSettingList,
} from '../../../../src/shared/alarms/settings-contracts.js';
import { alarmRealTimeList } from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { auditOf, demoToken, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { exportedSettings, type Cell } from './alarm-settings-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9 part 1: Excel import of the alarm setting ledger. The export's own
 * file comes back in; every row is checked first and a file with errors saves
 * nothing unless the good rows are kept; each change is in the history and the
 * audit, and the engine uses a new limit from the next sample on.
 */
describe.each(dialects)('alarm settings import on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let supervisor: string;
  let operator: string;
  const A = 'IMP.TF.PT1';
  const B = 'IMP.TF.PT2';
  const PU = 'IMP.PU.PT1';

  const exported = (lang: string) => exportedSettings(ts.url, admin, lang, 'IMP.');

  async function upload(rows: Cell[][], token: string, query = '') {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    rows.forEach((r) => ws.addRow(r));
    const form = new FormData();
    form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'settings.xlsx');
    const res = await fetch(ts.url + alarmSettingImport.path + query, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: form,
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        IsSuccess: boolean;
        data: {
          saved: number;
          unchanged: number;
          errors: { row: number; field: string; code: string; params?: Record<string, unknown> }[];
        } | null;
        error: { code?: string; controls: string[]; message: string };
      },
    };
  }

  const setting = async (tagId: string, type: string) => {
    const r = await call(ts.url, alarmSettingList, { keyword: tagId, pageSize: 100 }, admin);
    return r.body.data!.items.find((x) => x.tagId === tagId && x.type === type)!;
  };
  const history = async (tagId: string, type: 'hh' | 'h' | 'l' | 'll') =>
    (await call(ts.url, alarmSettingHistory, { tagId, type }, admin)).body.data!.list;

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    supervisor = await demoToken(ts.url, 'supervisor');
    operator = await demoToken(ts.url, 'operator');
    await saveTagsIn(ts.url, admin, [
      [A, 'TF'],
      [B, 'TF'],
      [PU, 'PU'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('the exported file comes back unchanged: nothing saved, every row unchanged', async () => {
    const rows = await exported('zh-CN');
    const r = await upload(rows, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ saved: 0, unchanged: 12, errors: [] });
    expect(await history(A, 'h')).toEqual([]);
  });

  it('an edited export saves limit and settings, with history and audit, and the engine raises at the new limit without a restart', async () => {
    const rows = await exported('en');
    const i = rows.findIndex((r) => r[0] === A && r[2] === 'High');
    rows[i][3] = 6.5; // limit 8 → 6.5
    rows[i][6] = 'Urgent'; // priority Medium → Urgent
    rows[i][8] = 5; // on-delay 0 → 5 s
    const r = await upload([rows[0], rows[i]], admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ saved: 1, unchanged: 0, errors: [] });

    const s = await setting(A, 'h');
    expect([s.limit, s.priority, s.onDelayS, s.configured]).toEqual([6.5, 1, 5, true]);
    const h = await history(A, 'h');
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ loginname: 'admin', reason: '', reasonCode: 'alarm.reasonExcelImport' });
    expect(h[0].changes).toEqual([
      { field: 'limit', from: 8, to: 6.5 },
      { field: 'priority', from: 3, to: 1 },
      { field: 'onDelayS', from: 0, to: 5 },
    ]);
    const tagAudit = await auditOf(ts.url, admin, 'tag', A);
    expect(tagAudit[0].action).toBe('update');

    // 7 is above the new H (6.5) and below the old one (8): it raises only with the imported limit.
    const t0 = Date.now();
    ts.server.stream.ingest.samples({ tag: A, t: t0, v: 7, q: 0 }, 'test');
    ts.server.stream.ingest.samples({ tag: A, t: t0 + 6000, v: 7, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
    const list = (await call(ts.url, alarmRealTimeList, {}, admin)).body.data!.list.filter((a) => a.source === A);
    expect(list.map((a) => [a.type, a.priority, a.limit])).toEqual([['h', 1, 6.5]]);
  });

  it('a file with errors saves nothing and names each row and field; keeping the good rows saves them with the typed reason', async () => {
    const rows = await exported('zh-CN');
    const row = (tag: string, type: string) => rows.find((r) => r[0] === tag && r[2] === type)!.slice();
    const header = rows[0];
    const outOfRange = row(B, '高高报');
    outOfRange[3] = 20; // range is 0–10
    const belowH = row(A, '低报');
    belowH[3] = 3; // L 2 → 3 is fine
    const order = row(PU, '高报');
    order[3] = 9.5; // H above HH (9)
    const unknown = row(B, '低报');
    unknown[0] = 'NO.SUCH.TAG';
    const priority = row(B, '低低报');
    priority[6] = '非常高';
    const file = [header, outOfRange, belowH, order, unknown, priority];
    const r = await upload(file, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.saved).toBe(0);
    expect(r.body.data!.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'limit', 'realtime.limitOutOfRange'],
      [4, 'limit', 'realtime.limitOrder'],
      [5, 'tagId', 'alarm.importUnknownTag'],
      [6, 'priority', 'alarm.importBadPriority'],
    ]);
    expect((await setting(A, 'l')).limit).toBe(2);

    const kept = await upload(file, admin, `?keepGood=1&reason=${encodeURIComponent('年度报警合理化')}`);
    expect(kept.body.data!.saved).toBe(1);
    expect(kept.body.data!.errors).toHaveLength(4);
    expect((await setting(A, 'l')).limit).toBe(3);
    expect((await setting(B, 'hh')).limit).toBe(9);
    expect((await setting(PU, 'h')).limit).toBe(8);
    const h = await history(A, 'l');
    expect(h[0]).toMatchObject({ reason: '年度报警合理化', changes: [{ field: 'limit', from: 2, to: 3 }] });
    expect(h[0].reasonCode).toBeUndefined();
  });

  it('needs alarm:admin; a limit change needs tag management too; a file that is not a ledger is refused naming upfile', async () => {
    const rows = await exported('en');
    const i = rows.findIndex((r) => r[0] === B && r[2] === 'Low');
    rows[i][3] = 1.5;
    rows[i][6] = 'Low';
    const refused = await upload([rows[0], rows[i]], operator);
    expect([refused.status, refused.body.IsSuccess]).toEqual([403, false]);

    const sup = await upload([rows[0], rows[i]], supervisor);
    expect(sup.body.data!.errors.map((e) => [e.row, e.field, e.code])).toEqual([[2, 'limit', 'alarm.importLimitPermission']]);
    rows[i][3] = 2; // the limit as it is: only the priority changes
    const sup2 = await upload([rows[0], rows[i]], supervisor);
    expect(sup2.body.data).toEqual({ saved: 1, unchanged: 0, errors: [] });
    expect((await setting(B, 'l')).priority).toBe(4);

    const empty = await upload([['foo', 'bar']], admin);
    expect([empty.status, empty.body.error.code, empty.body.error.controls]).toEqual([400, 'alarm.importNoRows', ['upfile']]);
    const form = new FormData();
    form.append('upfile', new Blob([new TextEncoder().encode('not a workbook')]), 'x.xlsx');
    const res = await fetch(ts.url + alarmSettingImport.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = (await res.json()) as { error: { controls: string[] } };
    expect([res.status, body.error.controls]).toEqual([400, ['upfile']]);
  });

  it('exports whether each alarm is out of service and why; the import leaves it as the operator action set it', async () => {
    const removed = await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: PU, type: 'hh' }], reason: '变送器检修' }, admin);
    expect(removed.body.IsSuccess, JSON.stringify(removed.body.error)).toBe(true);
    const en = await exported('en');
    const col = (name: string) => en[0].indexOf(name);
    expect([col('Out of service'), col('Out-of-service reason')]).toEqual([15, 16]);
    const pu = en.filter((r) => r[0] === PU);
    expect(pu.map((r) => [r[2], r[15], r[16]])).toEqual([
      ['High-high', 'Yes', '变送器检修'],
      ['High', 'No', undefined],
      ['Low', 'No', undefined],
      ['Low-low', 'No', undefined],
    ]);
    const zh = await exported('zh-CN');
    expect(zh[0].slice(15)).toEqual(['停用（不投用）', '停用原因']);
    expect(zh.find((r) => r[0] === PU && r[2] === '高高报')?.slice(15)).toEqual(['是', '变送器检修']);

    // A file that says "in service" changes nothing: returning to service is the operator action's, with its audit.
    const i = en.findIndex((r) => r[0] === PU && r[2] === 'High-high');
    en[i][15] = 'No';
    en[i][16] = null;
    const r = await upload([en[0], en[i]], admin);
    expect(r.body.data).toEqual({ saved: 0, unchanged: 1, errors: [] });
    expect((await setting(PU, 'hh')).outOfService).toMatchObject({ by: 'admin', reason: '变送器检修' });
  });
});
