import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { majorHazardModule } from '../../../../src/server/modules/major-hazard/index.js';
import { REASSESS_TODO } from '../../../../src/server/modules/major-hazard/evaluation-reports.js';
import { addYears } from '../../../../src/shared/domain/evaluation-report.js';
import { classList } from '../../../../src/shared/realtime/contracts.js';
import { dangerArchive } from '../../../../src/shared/major-hazard/archive-contracts.js';
import { evaluationReportLedger } from '../../../../src/shared/major-hazard/ledgers-evaluation.js';
import { dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { recordContracts, seedCallContracts, uploadFileToServer } from '../../../../src/shared/records/contracts.js';
import type { Contract } from '../../../../src/shared/contracts/contract.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken } from '../org/org-fixtures.js';

/*
 * Assessment reports of major hazard sources (issue 20 §2) over HTTP on both
 * stores: the seed's EvaluationReportQuery/Add/Del, attachments required and
 * refused by field, edit and delete kept to managers; the re-assessment
 * to-do (总局令第40号 第十一条) 30 days before it is due, to the source's
 * principal responsible person or else the report's author, once per report
 * and due date; a source's archive lists its reports with due and filing
 * (第二十三条) status.
 */
const DAY = 86_400_000;
const units = recordContracts(dangerSourceLedger);
const resp = recordContracts(dangerSourceResponsibleLedger);
const reports = recordContracts(evaluationReportLedger);
const seed = (name: string): Contract => seedCallContracts(evaluationReportLedger, reports).find((c) => c.seed.name === name)!.contract;

async function upload(url: string, token: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('upfile', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3])]), name);
  const res = await fetch(url + uploadFileToServer.path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe.each(dialects)('major hazard: assessment reports (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let region = 0;
  let unit = 0;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    region = await createRegion(t, admin, { name: '罐区E' });
    unit = (await ok(t, units.save, { name: '评估罐区', kind: 'storage', region, population: 5, substances: [{ name: '氨', q: 30 }] }, admin.token)).id;
  });
  afterAll(() => t.close());

  const openTodos = () =>
    t.server.store.db.selectFrom('todo').select(['ref', 'userid', 'title', 'status']).where('kind', '=', REASSESS_TODO).orderBy('id').execute();

  it('answers under the seed’s names; attachments and the report fields are required and refused by name; managers only edit and delete', async () => {
    for (const name of ['EvaluationReportQuery', 'EvaluationReportAdd', 'EvaluationReportDel']) {
      expect(seed(name).path).toBe(`/UAPI/MajorHazard/${name}`);
    }
    const missing = await call(t.url, seed('EvaluationReportAdd'), { source: unit, reportNo: 'PG-0' }, admin.token);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toEqual(expect.arrayContaining(['organisation', 'reportDate', 'conclusionLevel', 'files']));
    const file = await upload(t.url, admin.token, '评估报告.pdf');
    const reportDate = Date.now() - 20 * DAY;
    // Filed before the report: refused by the field.
    const early = await call(t.url, seed('EvaluationReportAdd'), { source: unit, reportNo: 'PG-0', organisation: '某评价公司', reportDate, conclusionLevel: 'acceptable', files: [file], filedDate: reportDate - DAY }, admin.token);
    expect(early.httpStatus).toBe(400);
    expect(early.body.error.controls).toContain('filedDate');

    const added = await call(t.url, seed('EvaluationReportAdd'), { source: unit, reportNo: 'PG-1', organisation: '某评价公司', reportDate, conclusionLevel: 'acceptable', files: [file], region }, admin.token);
    expect(added.body.IsSuccess, JSON.stringify(added.body)).toBe(true);
    const listed = await call(t.url, seed('EvaluationReportQuery'), { page: 1, pageSize: 20 }, admin.token);
    expect((listed.body.data as { items: { reportNo: string }[] }).items.map((x) => x.reportNo)).toEqual(['PG-1']);

    const viewer = await userWithRole(t, 'operator', { regions: [region] });
    const seen = await call(t.url, seed('EvaluationReportQuery'), { page: 1, pageSize: 20 }, viewer.token);
    expect((seen.body.data as { total: number }).total).toBe(1);
    const id = (added.body.data as { id: number }).id;
    expect((await call(t.url, seed('EvaluationReportAdd'), { source: unit, reportNo: 'PG-X', organisation: 'x', reportDate, conclusionLevel: 'acceptable', files: [file] }, viewer.token)).httpStatus).toBe(403);
    expect((await call(t.url, seed('EvaluationReportDel'), { id }, viewer.token)).httpStatus).toBe(403);
    expect((await call(t.url, seed('EvaluationReportDel'), { id }, admin.token)).body.IsSuccess).toBe(true);
    expect((await call(t.url, seed('EvaluationReportQuery'), { page: 1, pageSize: 20 }, admin.token)).body.data).toMatchObject({ total: 0 });
  });

  it('opens the re-assessment to-do 30 days before it is due, once; a change brings it forward; the archive shows due and filing status', async () => {
    const { evaluations } = t.server.exposed(majorHazardModule);
    const file = await upload(t.url, admin.token, '复评报告.pdf');
    const now = Date.now();
    // Report dated so that its three years end in 40 days: no to-do yet; in 25 days: one.
    const reportDate = addYears(now + 40 * DAY, -3);
    const report = await ok(t, reports.save, { source: unit, reportNo: 'PG-2', organisation: '某评价公司', reportDate, conclusionLevel: 'improve', files: [file], region }, admin.token);
    expect(await evaluations.sweep(now)).toBe(0);
    expect(await openTodos()).toEqual([]);

    // No responsible person: the report's author gets it.
    expect(await evaluations.sweep(now + 15 * DAY)).toBe(1);
    const first = await openTodos();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ userid: admin.userid, status: 0 });
    expect(first[0].title).toContain('评估罐区');
    // Idempotent, also once done: the store remembers (a restart sweeps the same rows).
    expect(await evaluations.sweep(now + 16 * DAY)).toBe(0);
    await t.server.store.db.updateTable('todo').set({ status: 1 }).where('kind', '=', REASSESS_TODO).execute();
    expect(await evaluations.sweep(now + 17 * DAY)).toBe(0);

    // A change recorded brings the due date forward: a new to-do, to the principal responsible person now named.
    const main = await userWithRole(t, 'supervisor');
    await ok(t, resp.save, { source: unit, role: 'operation', person: admin.userid }, admin.token);
    await ok(t, resp.save, { source: unit, role: 'main', person: main.userid }, admin.token);
    const { version } = (await ok(t, reports.get, { id: report.id }, admin.token)).record;
    const changeDate = now + 10 * DAY;
    await ok(t, reports.save, { id: report.id, version, source: unit, reportNo: 'PG-2', organisation: '某评价公司', reportDate, conclusionLevel: 'improve', files: [file], region, changeDate }, admin.token);
    expect(await evaluations.sweep(now)).toBe(1);
    const second = (await openTodos()).filter((x) => x.status === 0);
    expect(second).toHaveLength(1);
    expect(second[0].userid).toBe(main.userid);
    expect(second[0].ref).toBe(`mhe:${report.id}:${changeDate}`);

    // A newer report supersedes it: its open to-do is done, no new one (three years away).
    const newer = await upload(t.url, admin.token, '新评估报告.pdf');
    await ok(t, reports.save, { source: unit, reportNo: 'PG-3', organisation: '另一评价公司', reportDate: now - 20 * DAY, conclusionLevel: 'acceptable', files: [newer], region, filedDate: now - 10 * DAY }, admin.token);
    expect(await evaluations.sweep(now)).toBe(0);
    expect((await openTodos()).filter((x) => x.status === 0)).toEqual([]);

    const archive = await ok(t, dangerArchive, { id: unit }, admin.token);
    expect(archive.reports.map((r) => [r.reportNo, r.current, r.filing])).toEqual([
      ['PG-3', true, 'filed'],
      ['PG-2', false, 'late'],
    ]);
    expect(archive.reports[1]).toMatchObject({ dueAt: changeDate, reassess: 'dueSoon' });
  });
});

describe.each(dialects)('major hazard: the demo plant’s assessment reports (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ dialect, demo: true, env: { SIMULATOR: '0' } });
  });
  afterAll(() => t?.close());

  it('one per tank farm with its summary PDF, one of each state, and the to-dos of those due soon or overdue', async () => {
    const admin = { token: await demoToken(t.url, 'admin') };
    const list = await ok(t, reports.list, { page: 1, pageSize: 20, filters: {}, keyword: '' }, admin.token);
    expect(list.items.map((r) => r.reportNo).sort()).toEqual(['AQPG-2023-017', 'AQPG-2025-004', 'AQPG-2025-031']);
    expect(list.items.every((r) => Array.isArray(r.files) && r.files.length === 1)).toBe(true);
    const states = new Map<string, string>();
    for (const r of list.items) {
      const archive = await ok(t, dangerArchive, { id: r.source as number }, admin.token);
      const row = archive.reports.find((x) => x.id === r.id)!;
      states.set(String(r.reportNo), `${row.reassess}/${row.filing}`);
    }
    expect(Object.fromEntries(states)).toEqual({ 'AQPG-2023-017': 'dueSoon/filed', 'AQPG-2025-004': 'valid/filedLate', 'AQPG-2025-031': 'overdue/filed' });
    // The one coming due and the one overdue since its change have their to-dos; the valid one has none.
    const todos = await t.server.store.db.selectFrom('todo').select(['ref', 'status']).where('kind', '=', REASSESS_TODO).execute();
    const byNo = new Map(list.items.map((r) => [r.id, String(r.reportNo)]));
    expect(todos.map((x) => byNo.get(Number(x.ref.split(':')[1]))).sort()).toEqual(['AQPG-2023-017', 'AQPG-2025-031']);
  });

  it('the realtime class 重大危险源 holds the tags the demo register binds (issue 20 §4)', async () => {
    const token = await demoToken(t.url, 'admin');
    await t.server.exposed(majorHazardModule).hazardClass.idle();
    const hazard = (await ok(t, classList, {}, token)).find((c) => c.parentid === 0 && c.name === '重大危险源')!;
    expect(hazard.tagids).toEqual(expect.arrayContaining(['TF-A.TK-101.LT', 'TF-B.SP-201.PT', 'TF-C.TK-301.TT']));
  });
});
