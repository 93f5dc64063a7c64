import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerCriteria, hiddenDangerCriterionSave, hiddenDangerMajorReport, hiddenDangerRegister } from '../../../../src/shared/hidden-dangers/contracts.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const calls = recordContracts(hiddenDangerLedger);

/*
 * Issue 24 §1: the statutory 重大 list (安监总管三〔2017〕121 号, 20 items) is
 * data the plant can edit, seeded from the document's text. Administrators
 * change an item's wording or switch it off (audited, who and when kept);
 * graders are then refused the item, naming `criteria`; others only read.
 */
describe.each(dialects)('the plant\'s 重大 criteria list (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let supervisor: User;
  let inspector: User;
  let region: number;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    region = await createRegion(t, admin, { name: '罐区' });
    supervisor = await userWithRole(t, 'supervisor');
    inspector = await userWithRole(t, 'inspector');
  });
  afterAll(() => t.close());

  it('is seeded with the 20 items of 121 号, each in force, in item order; anyone signed in reads it', async () => {
    const items = await ok(t, hiddenDangerCriteria, {}, inspector.token);
    expect(items.map((c) => c.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(items.every((c) => c.enabled && c.updated === null)).toBe(true);
    expect(items[19].zh).toContain('相互禁配物质混放混存');
  });

  it('only an administrator edits it; an empty Chinese text and an item the list has not are refused', async () => {
    const denied = await call(t.url, hiddenDangerCriterionSave, { no: 7, zh: 'x', en: '', enabled: false }, supervisor.token);
    expect(denied.httpStatus).toBe(403);
    const empty = await call(t.url, hiddenDangerCriterionSave, { no: 7, zh: '  ', en: '', enabled: true }, admin.token);
    expect(empty.httpStatus).toBe(400);
    expect(empty.body.error.controls).toEqual(['zh']);
    const missing = await call(t.url, hiddenDangerCriterionSave, { no: 99, zh: '第99条', en: '', enabled: true }, admin.token);
    expect(missing.httpStatus).toBe(404);
    expect((await ok(t, hiddenDangerCriteria, {}, admin.token)).find((c) => c.no === 7)).toMatchObject({ enabled: true, updated: null });
  });

  it('an item switched off is refused to graders, naming `criteria`; its new wording is kept with who changed it; items in force still make a danger 重大', async () => {
    const before = Date.now();
    const saved = await ok(t, hiddenDangerCriterionSave, { no: 7, zh: '（本厂已停用）第七条', en: 'Item 7 (switched off here)', enabled: false }, admin.token);
    expect(saved).toMatchObject({ no: 7, zh: '（本厂已停用）第七条', en: 'Item 7 (switched off here)', enabled: false, updatedBy: admin.loginname });
    expect(saved.updated).toBeGreaterThanOrEqual(before);
    expect((await ok(t, hiddenDangerCriteria, {}, inspector.token)).find((c) => c.no === 7)).toMatchObject({ enabled: false, zh: '（本厂已停用）第七条' });

    const id = (await ok(t, calls.save, { title: '可燃气体检测报警装置未投用', category: 'equipment', region }, inspector.token)).id;
    const refused = await call(t.url, hiddenDangerRegister, { id, grade: 'major', criteria: [7] }, supervisor.token);
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.error.code).toBe('hiddenDangers.unknownCriterion');
    expect(refused.body.error.controls).toEqual(['criteria']);
    const general = await call(t.url, hiddenDangerRegister, { id, grade: 'general', criteria: [20] }, supervisor.token);
    expect(general.body.error.controls).toEqual(['grade']);
    const registered = await ok(t, hiddenDangerRegister, { id, grade: 'major', criteria: [20] }, supervisor.token);
    expect(registered).toMatchObject({ grade: 'major', criteria: ['20'] });

    await ok(t, hiddenDangerCriterionSave, { no: 7, zh: saved.zh, en: saved.en, enabled: true }, admin.token);
    expect((await ok(t, hiddenDangerCriteria, {}, inspector.token)).filter((c) => c.enabled)).toHaveLength(20);
  });

  it('the 重大 dangers export in the regulator\'s table layout (a manager\'s call; one row per danger, the 121 号 items it meets)', async () => {
    const res = await fetch(`${t.url}${hiddenDangerMajorReport.path}`, { method: 'POST', headers: { authorization: `Bearer ${supervisor.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['序号', '隐患名称', '所在区域', '具体位置', '判定依据（安监总管三〔2017〕121号）']);
    expect(header).toContain('治理期间安全措施');
    expect(sheet.actualRowCount).toBe(2);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe(1);
    expect(row[1]).toBe('可燃气体检测报警装置未投用');
    expect(row[2]).toBe('罐区');
    expect(row[4]).toBe('20');
    expect(row[16]).toBe('待下发');
    const denied = await call(t.url, hiddenDangerMajorReport, {}, inspector.token);
    expect(denied.httpStatus).toBe(403);
  });
});
