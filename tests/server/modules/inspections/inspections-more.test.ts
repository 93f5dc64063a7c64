import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planList, pointList } from '../../../../src/shared/inspections/contracts.js';
import { safeInspectionLedger, specialPlanLedger, specialRecordLedger, specialTaskLedger } from '../../../../src/shared/inspections/ledgers.js';
import { inspectionReport, safeInspectionAnalysis } from '../../../../src/shared/inspections/report-contracts.js';
import { regionGetList } from '../../../../src/shared/org/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

const DAY = 24 * 3600_000;

type Cell = string | number | Date | null;

interface Envelope {
  IsSuccess: boolean;
  data: unknown;
  error: { code: string; message: string; controls: string[]; issues?: { field: string; code: string }[] } | null;
}

/*
 * Issue 24 §2 (remaining): the inspection import (/systemConfig/InspectionImport),
 * the report and analysis calls, the safety inspection ledger and its
 * analysis, and the special inspection ledgers — on a real server, both stores.
 */
describe.each(dialects)('inspections: import, report, safety and special inspections (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let supervisor: string;
  let operator: string;
  let tf: number;
  let tfName: string;

  const workbook = async (points: Cell[][], plans: Cell[][], english = false) => {
    const wb = new ExcelJS.Workbook();
    const ps = wb.addWorksheet(english ? 'Points' : '巡检点');
    ps.addRow(english ? ['Name', 'Region', 'Kind', 'Longitude', 'Latitude', 'Check items'] : ['*名称', '*区域', '类型', '*经度', '*纬度', '检查项']);
    points.forEach((r) => ps.addRow(r));
    const pl = wb.addWorksheet(english ? 'Plans' : '巡检计划');
    pl.addRow(['*计划名称', '*负责人', '巡检人员', '*区域', '*巡检周期', '巡检时间', '*生效时间', '时间容差（分钟）', '*巡检点']);
    plans.forEach((r) => pl.addRow(r));
    return new Uint8Array(await wb.xlsx.writeBuffer());
  };
  const upload = async (file: Uint8Array<ArrayBuffer>, token = supervisor) => {
    const form = new FormData();
    form.append('upfile', new Blob([new Uint8Array(file)]), 'in.xlsx');
    const res = await fetch(`${t.url}/UAPI/Inspection/InspectionImport`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Envelope };
  };

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    supervisor = await demoToken(t.url, 'supervisor');
    operator = await demoToken(t.url, 'operator');
    tf = (await orgIds(t.url, admin)).region.get('TF')!;
    tfName = (await call(t.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.find((r) => r.regionid === tf)!.regionname;
  });
  afterAll(() => t.close());

  it('the template downloads as a workbook with the points, plans and how-to sheets', async () => {
    const res = await fetch(`${t.url}/UAPI/Inspection/InspectionImportTemplate`, { method: 'POST', headers: { authorization: `Bearer ${supervisor}`, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['巡检点', '巡检计划', '填写说明']);
    expect(wb.worksheets[1].getRow(1).getCell(1).value).toBe('*计划名称');
  });

  it('imports points and a plan all together; the plan generates its rounds; points of the same name are updated', async () => {
    const file = await workbook(
      [
        [`导入点A-${dialect}`, tfName, '设备', 118.8036, 32.2523, '出口压力|value|0.2~0.8 MPa\n外观|enum|正常,异常|异常'],
        [`导入点B-${dialect}`, tfName, '场所', 118.8037, 32.2524, null],
      ],
      [[`导入计划-${dialect}`, 'supervisor', 'inspector', tfName, '日', '08:00,20:00', '2026-01-01', 5, `导入点A-${dialect}、导入点B-${dialect}`]],
    );
    const r = await upload(file);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ pointsCreated: 2, pointsUpdated: 0, plans: 1 });
    const plans = (await call(t.url, planList, { name: `导入计划-${dialect}`, pageSize: 10 }, supervisor)).body.data!.items;
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ cycle: { kind: 'day', times: ['08:00', '20:00'] }, toleranceMinutes: 5, enabled: true });
    expect(plans[0].pointIds).toHaveLength(2);
    expect(plans[0].records).toBeGreaterThan(0);
    const pts = (await call(t.url, pointList, { name: `导入点A-${dialect}` }, supervisor)).body.data!;
    expect(pts[0].items.map((i) => [i.type, i.min, i.max, i.unit])).toEqual([
      ['value', 0.2, 0.8, 'MPa'],
      ['enum', null, null, ''],
    ]);
    expect(pts[0].qrCode).toBe(`PW-INSP-${pts[0].id}`);
    // The same point again, moved: updated in place (English headers read too).
    const again = await upload(await workbook([[`导入点A-${dialect}`, tfName, 'Device', 118.9, 32.3, null]], [], true));
    expect(again.body.data).toEqual({ pointsCreated: 0, pointsUpdated: 1, plans: 0 });
    expect((await call(t.url, pointList, { name: `导入点A-${dialect}` }, supervisor)).body.data![0]).toMatchObject({ id: pts[0].id, lon: 118.9 });
  });

  it('a file with problems imports nothing, and every problem names its sheet, row and column', async () => {
    const file = await workbook(
      [
        [`坏点-${dialect}`, tfName, '设备', 'abc', 32.25, null],
        [`坏点2-${dialect}`, '没有这个区域', '设备', 118.8, 32.25, null],
      ],
      [
        [`导入计划-${dialect}`, 'supervisor', null, tfName, '日', '08:00', '2026-01-01', 0, `坏点-${dialect}`],
        [`新计划-${dialect}`, 'nobody', null, tfName, '年', '08:00', 'someday', -1, `不存在的点-${dialect}`],
      ],
    );
    const r = await upload(file);
    expect(r.status).toBe(400);
    expect(r.body.IsSuccess).toBe(false);
    expect(r.body.error!.code).toBe('inspections.import.failed');
    expect(r.body.error!.message).toContain('第2行');
    const fields = r.body.error!.issues!.map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['points.2.lon', 'points.3.region', 'plans.2.name', 'plans.3.responsible', 'plans.3.cycle', 'plans.3.effectiveFrom', 'plans.3.tolerance']),
    );
    expect(r.body.error!.issues!.find((i) => i.field === 'plans.2.name')!.code).toBe('inspections.import.planExists');
    expect((await call(t.url, pointList, { name: `坏点` }, supervisor)).body.data).toHaveLength(0);
    // A plan naming a point neither in the file nor in its region.
    const unknown = await upload(await workbook([], [[`新计划2-${dialect}`, 'supervisor', null, tfName, '日', '08:00', '2026-01-01', 0, `不存在的点-${dialect}`]]));
    expect(unknown.body.error!.issues!.map((i) => i.field)).toEqual(['plans.2.points']);
    // Not a workbook; and only managers import.
    const junk = await upload(new TextEncoder().encode('not a workbook'));
    expect(junk.status).toBe(400);
    expect(junk.body.error!.controls).toContain('upfile');
    expect((await upload(file, operator)).status).toBe(403);
  });

  it('the report: a query needs its item, start and end (seed 2 §5); rounds and the missed-check rate per plan', async () => {
    expectRefused(await call(t.url, inspectionReport, { start: Date.now() - DAY, end: Date.now() }, supervisor), 400, ['item']);
    expectRefused(await call(t.url, inspectionReport, { item: 'plan', start: Date.now(), end: Date.now() - DAY }, supervisor), 400, ['end']);
    const r = await call(t.url, inspectionReport, { item: 'plan', start: Date.now() - 2 * DAY, end: Date.now() }, supervisor);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    const { overall, rows } = r.body.data!;
    expect(overall.rounds).toBeGreaterThan(0);
    expect(rows.reduce((s, x) => s + x.due, 0)).toBe(overall.due);
    expect(overall.missed).toBe(overall.due - overall.done);
    expect(rows.every((x) => x.name !== '')).toBe(true);
    const xlsx = await fetch(`${t.url}/UAPI/Inspection/InspectionReportExport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supervisor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ item: 'plan', start: Date.now() - 2 * DAY, end: Date.now() }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    expect(wb.worksheets[0].rowCount).toBe(rows.length + 2);
  });

  it('safety inspections on the record engine: planned, submitted with a signature, confirmed; the analysis counts them by kind', async () => {
    const calls = recordContracts(safeInspectionLedger);
    const saved = await call(
      t.url,
      calls.save,
      {
        title: `节前检查-${dialect}`,
        kind: 'holiday',
        region: tf,
        date: Date.now() - 3600_000,
        leader: (await call(t.url, planList, { pageSize: 1 }, supervisor)).body.data!.items[0].responsibleId,
        items: [
          { item: '消防器材', standard: '在位有效', result: 'ok' },
          { item: '可燃气体报警器', standard: '标定在有效期内', result: 'fail', remark: '过期' },
        ],
        problems: 1,
        dangers: 1,
      },
      supervisor,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const id = saved.body.data!.id;
    expect(saved.body.data!.status).toBe(7);
    const version = saved.body.data!.version;
    expectRefused(await call(t.url, calls.transition, { id, version, action: 'submit', signature: '' }, supervisor), 400, ['signature']);
    const sub = await call(t.url, calls.transition, { id, version, action: 'submit', signature: 'data:image/png;base64,iVBORw0KGgo=' }, supervisor);
    expect(sub.body.IsSuccess, JSON.stringify(sub.body)).toBe(true);
    expect((await call(t.url, calls.transition, { id, version: sub.body.data!.version, action: 'confirm' }, operator)).httpStatus).toBe(403);
    const ok = await call(t.url, calls.transition, { id, version: sub.body.data!.version, action: 'confirm' }, supervisor);
    expect(ok.body.data!.status, JSON.stringify(ok.body)).toBe(4);
    expectRefused(await call(t.url, safeInspectionAnalysis, { start: 0, end: Date.now() }, supervisor), 400, ['item']);
    const a = await call(t.url, safeInspectionAnalysis, { item: 'kind', start: Date.now() - DAY, end: Date.now() + DAY }, supervisor);
    expect(a.body.data!.rows.find((r) => r.key === 'holiday')).toMatchObject({ name: '节假日检查', checks: 1, completed: 1, items: 2, unqualified: 1, problems: 1, dangers: 1 });
  });

  it('special inspections: a plan, its task and a record linked to the task', async () => {
    const responsible = (await call(t.url, planList, { pageSize: 1 }, supervisor)).body.data!.items[0].responsibleId;
    const plan = await call(
      t.url,
      recordContracts(specialPlanLedger).save,
      { name: `汛前专项-${dialect}`, kind: 'flood', region: tf, responsible, cycle: 'year', start: Date.now(), items: [{ item: '排水泵试运行' }] },
      supervisor,
    );
    expect(plan.body.IsSuccess, JSON.stringify(plan.body)).toBe(true);
    const task = await call(
      t.url,
      recordContracts(specialTaskLedger).save,
      { name: `汛前专项检查-${dialect}`, plan: plan.body.data!.id, kind: 'flood', region: tf, inspectors: [responsible], due: Date.now() + 7 * DAY },
      supervisor,
    );
    expect(task.body.IsSuccess, JSON.stringify(task.body)).toBe(true);
    expect((await call(t.url, recordContracts(specialPlanLedger).save, { name: 'x', kind: 'flood', region: tf, responsible, cycle: 'year', start: Date.now() }, operator)).httpStatus).toBe(403);
    const rec = await call(
      t.url,
      recordContracts(specialRecordLedger).save,
      { title: `汛前专项记录-${dialect}`, task: task.body.data!.id, kind: 'flood', region: tf, date: Date.now(), leader: responsible, items: [{ item: '排水泵试运行', result: 'ok' }] },
      operator,
    );
    expect(rec.body.IsSuccess, JSON.stringify(rec.body)).toBe(true);
    const done = await call(t.url, recordContracts(specialTaskLedger).transition, { id: task.body.data!.id, version: task.body.data!.version, action: 'finish' }, operator);
    expect(done.body.data?.status, JSON.stringify(done.body)).toBe(4);
  });
});
