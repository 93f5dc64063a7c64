import ExcelJS from 'exceljs';
import { readLedgerExport } from './records-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave, importResult, ledgerPostOptions, receiptConfirm, recordContracts } from '../../../../src/shared/records/contracts.js';
import { defineRecord } from '../../../../src/shared/records/definition.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

/** 1×1 PNG, as the signature pad sends it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const opts = [
  { value: 'gas', label: { zh: '气体', en: 'Gas' } },
  { value: 'dust', label: { zh: '粉尘', en: 'Dust' } },
];

let seq = 0;
/** A ledger with every new seed type a person fills (and a system label), isolated by department. */
function ledgerOf() {
  seq++;
  const def = defineRecord({
    area: 'LowCode',
    entity: `Types${seq}${Date.now() % 100000}`,
    name: { zh: '字段类型', en: 'Field types' },
    titleField: 'title',
    fields: [
      { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true },
      { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
      { key: 'no', type: 15, label: { zh: '编号', en: 'No.' } },
      { key: 'blank', type: 8, label: { zh: '空白', en: 'Blank' } },
      { key: 'post', type: 10, label: { zh: '岗位', en: 'Post' } },
      {
        key: 'gas',
        type: 12,
        label: { zh: '气体分析', en: 'Gas analysis' },
        max: 5,
        columns: [
          { key: 'point', type: 4, label: { zh: '取样点', en: 'Point' }, required: true },
          { key: 'lel', type: 22, label: { zh: 'LEL%', en: 'LEL %' }, min: 0, max: 100, decimals: 1 },
          { key: 'analyst', type: 3, label: { zh: '分析人', en: 'Analyst' } },
        ],
      },
      { key: 'params', type: 14, label: { zh: '检测项', en: 'Checks' }, options: opts },
      { key: 'cat', type: 16, label: { zh: '业务类别', en: 'Category' }, options: opts },
      { key: 'cats', type: 20, label: { zh: '业务类别多选', en: 'Categories' }, options: opts },
      { key: 'kinds', type: 18, label: { zh: '作业类型', en: 'Permit types' } },
      { key: 'readers', type: 28, label: { zh: '回执', en: 'Receipt' } },
      { key: 'matrix', type: 42, label: { zh: '隐患矩阵', en: 'Matrix' } },
      { key: 'sign', type: 44, label: { zh: '签名', en: 'Signature' } },
      { key: 'chemClass', type: 49, label: { zh: '化学品类别', en: 'Chemical category' } },
      { key: 'chemical', type: 52, label: { zh: '化学品', en: 'Chemical' } },
      { key: 'reminder', type: 54, label: { zh: '证照提醒', en: 'Reminder' } },
    ],
    list: { columns: ['title', 'no', 'cat', 'matrix'], filters: ['cat'] },
    isolation: { dept: 'dept' },
  });
  return { def, calls: recordContracts(def) };
}

for (const dialect of dialects) {
  describe(`record engine seed field types (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operatorToken: string;
    let dept: number;
    let operator: number;
    let supervisor: number;
    let ledger: ReturnType<typeof ledgerOf>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      admin = await demoToken(ts.url, 'admin');
      operatorToken = await demoToken(ts.url, 'operator');
      const ids = await orgIds(ts.url, admin);
      dept = ids.dept.get('PROD-TF')!;
      const users = await ts.server.store.db.selectFrom('users').select(['userid', 'loginname']).execute();
      operator = users.find((u) => u.loginname === 'operator')!.userid;
      supervisor = users.find((u) => u.loginname === 'supervisor')!.userid;
      ledger = ledgerOf();
      const saved = await call(ts.url, definitionSave, { definition: ledger.def }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    }, 120_000);
    afterAll(() => ts?.close());

    const base = () => ({ title: `记录 ${Date.now()}`, dept });

    it('saves and reads back every type; the server sets signer, time, hash and the system label', async () => {
      const posts = (await call(ts.url, ledgerPostOptions, {}, admin)).body.data!;
      const input = {
        ...base(),
        blank: '空',
        post: posts[0]?.postid ?? null,
        gas: [
          { point: '罐顶', lel: 0.5, analyst: operator },
          { point: '人孔', lel: 0 },
        ],
        params: [{ value: 'gas', param: 'H2S 5 ppm' }],
        cat: 'dust',
        cats: ['gas', 'dust'],
        kinds: ['hot', 'confined'],
        readers: [operator, supervisor],
        matrix: { l: 4, s: 4 },
        sign: { png: PNG },
        chemClass: 'flammable-liquid',
        chemical: 'methanol',
        reminder: { expires: Date.now() + 10 * 86_400_000, remindDays: 30 },
        no: 'forged',
      };
      const r = await call(ts.url, ledger.calls.save, input, admin);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      const id = r.body.data!.id;
      const got = (await call(ts.url, ledger.calls.get, { id }, admin)).body.data!.record;
      expect(got.gas).toEqual([
        { point: '罐顶', lel: 0.5, analyst: operator },
        { point: '人孔', lel: 0, analyst: null },
      ]);
      expect(got.params).toEqual([{ value: 'gas', param: 'H2S 5 ppm' }]);
      expect(got.kinds).toEqual(['hot', 'confined']);
      expect(got.matrix).toEqual({ l: 4, s: 4 });
      expect(got.readers).toEqual([
        { userid: operator, at: null },
        { userid: supervisor, at: null },
      ]);
      expect(got.no).toMatch(new RegExp(`^\\d{8}-${String(id).padStart(6, '0')}$`));
      const sign = got.sign as { png: string; signer: number; signerName: string; at: number; hash: string };
      expect(sign.png).toBe(PNG);
      const adminId = (await ts.server.store.db.selectFrom('users').select(['userid', 'username']).where('loginname', '=', 'admin').executeTakeFirstOrThrow());
      expect(sign.signer).toBe(adminId.userid);
      expect(sign.signerName).toBe(adminId.username);
      expect(sign.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(got.chemical).toBe('methanol');
      // The list shows them too.
      const listed = (await call(ts.url, ledger.calls.list, { filters: { cat: 'dust' }, pageSize: 10 }, admin)).body.data!;
      expect(listed.items.map((i) => i.id)).toContain(id);
    });

    it('refuses a bad cell naming the field, its row and column', async () => {
      const r = await call(ts.url, ledger.calls.save, { ...base(), gas: [{ point: 'a', lel: 1 }, { point: '', lel: 101 }] }, admin);
      expectRefused(r, 400);
      const issues = (r.body.error as unknown as { issues?: { field: string; code: string }[] }).issues ?? [];
      expect(issues.map((i) => `${i.field}:${i.code}`)).toEqual(expect.arrayContaining(['gas.1.point:validation.required', 'gas.1.lel:validation.tooBig']));
    });

    it('never signs in someone else’s name: a forged signed value is refused, a signature cannot be changed', async () => {
      const forged = { png: PNG, signer: operator, signerName: 'operator', at: 1, hash: 'b'.repeat(64) };
      expectRefused(await call(ts.url, ledger.calls.save, { ...base(), sign: forged }, admin), 403, ['sign']);
      // Signed by the operator on their own session.
      const mine = await call(ts.url, ledger.calls.save, { ...base(), sign: { png: PNG } }, operatorToken);
      expect(mine.body.IsSuccess, JSON.stringify(mine.body.error)).toBe(true);
      const rec = (await call(ts.url, ledger.calls.get, { id: mine.body.data!.id }, operatorToken)).body.data!.record;
      expect((rec.sign as { signer: number }).signer).toBe(operator);
      // Sent back unchanged: kept. Redrawn or cleared: refused.
      const same = await call(ts.url, ledger.calls.save, { title: rec.title, dept, sign: rec.sign, id: rec.id, version: rec.version }, operatorToken);
      expect(same.body.IsSuccess, JSON.stringify(same.body.error)).toBe(true);
      expectRefused(await call(ts.url, ledger.calls.save, { ...base(), sign: { png: PNG }, id: rec.id, version: rec.version + 1 }, admin), 403, ['sign']);
      expectRefused(await call(ts.url, ledger.calls.save, { ...base(), sign: null, id: rec.id, version: rec.version + 1 }, admin), 403, ['sign']);
    });

    it('locks what a signature attests: a signed value cannot change, a field empty at signing can still be filled', async () => {
      const made = await call(ts.url, ledger.calls.save, { title: '签前', dept, cat: 'gas', sign: { png: PNG } }, operatorToken);
      expect(made.body.IsSuccess, JSON.stringify(made.body.error)).toBe(true);
      const rec = (await call(ts.url, ledger.calls.get, { id: made.body.data!.id }, operatorToken)).body.data!.record;
      expect((rec.sign as { keys: string[] }).keys).toEqual(expect.arrayContaining(['title', 'dept', 'cat']));
      const again = { title: rec.title, dept, cat: rec.cat, sign: rec.sign, id: rec.id, version: rec.version };
      // Changed or cleared after signing: refused naming the field, by anyone, and nothing is written.
      expectRefused(await call(ts.url, ledger.calls.save, { ...again, cat: 'dust' }, operatorToken), 409, ['cat']);
      expectRefused(await call(ts.url, ledger.calls.save, { ...again, title: '签后改名' }, admin), 409, ['title']);
      expectRefused(await call(ts.url, ledger.calls.save, { ...again, cat: null }, admin), 409, ['cat']);
      // Empty at signing: a later step fills it, and the attested values are kept.
      const filled = await call(ts.url, ledger.calls.save, { ...again, blank: '后补' }, admin);
      expect(filled.body.IsSuccess, JSON.stringify(filled.body.error)).toBe(true);
      const after = (await call(ts.url, ledger.calls.get, { id: rec.id }, admin)).body.data!.record;
      expect([after.title, after.cat, after.blank]).toEqual(['签前', 'gas', '后补']);
    });

    it('each named person confirms receipt on their own; others are refused; the to-do closes', async () => {
      const r = await call(ts.url, ledger.calls.save, { ...base(), readers: [operator] }, admin);
      const id = r.body.data!.id;
      const todos = () => ts.server.store.db.selectFrom('todo').select(['userid', 'status']).where('kind', '=', 'record.receipt').where('ref', '=', `receipt:${id}:readers`).execute();
      expect(await todos()).toEqual([{ userid: operator, status: 0 }]);
      const supervisorToken = await demoToken(ts.url, 'supervisor');
      expectRefused(await call(ts.url, receiptConfirm, { entity: ledger.def.entity, id, field: 'readers' }, supervisorToken), 403, ['field']);
      const ok = await call(ts.url, receiptConfirm, { entity: ledger.def.entity, id, field: 'readers' }, operatorToken);
      expect(ok.body.IsSuccess, JSON.stringify(ok.body.error)).toBe(true);
      const rec = (await call(ts.url, ledger.calls.get, { id }, admin)).body.data!;
      expect((rec.record.readers as { at: number | null }[])[0].at).toBeGreaterThan(0);
      expect(rec.audit.map((a) => a.action)).toContain('record.receipt');
      expect(await todos()).toEqual([{ userid: operator, status: 1 }]);
      expectRefused(await call(ts.url, receiptConfirm, { entity: ledger.def.entity, id, field: 'readers' }, operatorToken), 409, ['field']);
      // An edit that sends the people back cannot undo (or forge) a confirmation.
      const edit = await call(ts.url, ledger.calls.save, { ...base(), readers: [{ userid: operator, at: null }], id, version: rec.record.version }, admin);
      expect(edit.body.IsSuccess, JSON.stringify(edit.body.error)).toBe(true);
      expect((edit.body.data!.readers as { at: number | null }[])[0].at).toBeGreaterThan(0);
    });

    it('opens an attachment reminder’s to-do for the creator once it is due, once', async () => {
      const r = await call(ts.url, ledger.calls.save, { ...base(), reminder: { expires: Date.now() + 5 * 86_400_000, remindDays: 7 } }, operatorToken);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      const records = ts.server.port(recordsPort);
      expect(await records.remindDue(Date.now())).toBeGreaterThanOrEqual(1);
      expect(await records.remindDue(Date.now())).toBe(0);
      const todo = await ts.server.store.db.selectFrom('todo').select(['userid']).where('kind', '=', 'record.reminder').where('ref', 'like', `reminder:${r.body.data!.id}:%`).execute();
      expect(todo).toEqual([{ userid: operator }]);
    });

    it('exports the new types as people read them and imports them back', async () => {
      const res = await fetch(ts.url + ledger.calls.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ columns: ['title', 'gas', 'params', 'cat', 'cats', 'kinds', 'matrix', 'chemClass', 'chemical', 'sign', 'readers'], filters: { cat: 'dust' } }),
      });
      const { header, rows } = await readLedgerExport(res);
      const [first] = rows;
      expect(header).toEqual(['名称', '气体分析', '检测项', '业务类别', '业务类别多选', '作业类型', '隐患矩阵', '化学品类别', '化学品', '签名', '回执']);
      expect(first.slice(2, 9)).toEqual(['气体(H2S 5 ppm)', '粉尘', '气体;粉尘', '动火作业;受限空间作业', 'L4 × S4 = 16 较大风险', '易燃液体', '甲醇']);
      expect(String(first[9])).toMatch(/✓ \d{4}-\d{2}-\d{2}/);
      // Back in: a sheet of the same columns (with the department) makes the same values; signatures and receipts are not read.
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow([...header.slice(0, 9), '部门']);
      ws.addRow([`${String(first[0])} 导入`, ...first.slice(1, 9), dept]);
      const form = new FormData();
      form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
      const imp = await fetch(ts.url + ledger.calls.list.path.replace(/List$/, 'Import'), { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      const result = importResult.parse(((await imp.json()) as { data: unknown }).data);
      expect(result.errors).toEqual([]);
      expect(result.saved).toBe(1);
      const back = (await call(ts.url, ledger.calls.list, { keyword: '导入', pageSize: 5 }, admin)).body.data!.items[0];
      expect(back).toMatchObject({
        params: [{ value: 'gas', param: 'H2S 5 ppm' }],
        cat: 'dust',
        cats: ['gas', 'dust'],
        kinds: ['hot', 'confined'],
        matrix: { l: 4, s: 4 },
        chemClass: 'flammable-liquid',
        chemical: 'methanol',
        sign: null,
      });
      expect((back.gas as unknown[]).length).toBe(2);
    });

    it('refuses a bad value in an imported sheet naming the row and field', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['名称', '部门', '隐患矩阵', '化学品类别']);
      ws.addRow(['坏矩阵', dept, 'L9 S9', '易燃液体']);
      ws.addRow(['坏类别', dept, '3×3', '岩浆']);
      const form = new FormData();
      form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
      const imp = await fetch(ts.url + ledger.calls.list.path.replace(/List$/, 'Import'), { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      const result = importResult.parse(((await imp.json()) as { data: unknown }).data);
      expect(result.saved).toBe(0);
      expect(result.errors.map((e) => [e.row, e.field])).toEqual([
        [2, 'matrix'],
        [3, 'chemClass'],
      ]);
    });

    it('refuses a ledger using a type whose choices do not exist yet, naming the field', async () => {
      const def = { ...ledgerOf().def, fields: [{ key: 'title', type: 4 as const, label: { zh: '名称', en: '' }, required: false, unique: false, readOnly: false }, { key: 'zone', type: 51 as const, label: { zh: '储存区', en: '' }, required: false, unique: false, readOnly: false }] };
      const r = await call(ts.url, definitionSave, { definition: { ...def, list: { columns: [], filters: [], sort: { field: 'updated', order: 'desc' } }, isolation: {} } }, admin);
      expectRefused(r, 400, ['definition.fields.1.type']);
    });
  });
}
