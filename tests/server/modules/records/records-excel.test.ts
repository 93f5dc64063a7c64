import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave, importResult } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';
import { buildLedger, readLedgerExport } from './records-fixtures.js';

describe('record engine Excel', () => {
  let ts: TestServer;
  let admin: string;
  let ledger: ReturnType<typeof buildLedger>;
  let ids: Awaited<ReturnType<typeof orgIds>>;
  let approver: number;

  beforeAll(async () => {
    ts = await startTestServer({ demo: true });
    admin = await demoToken(ts.url, 'admin');
    ids = await orgIds(ts.url, admin);
    approver = (await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()).userid;
    ledger = buildLedger({ secondApprover: approver });
    expect((await call(ts.url, definitionSave, { definition: ledger.def }, admin)).body.IsSuccess).toBe(true);
  });
  afterAll(() => ts?.close());

  async function importFile(rows: (string | number | null)[][], keepGood: boolean) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['名称', 'Code', '部门', '区域', '数量', '等级', '审批人']);
    for (const r of rows) {
      ws.addRow(r);
    }
    const form = new FormData();
    form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
    const path = ledger.calls.list.path.replace(/List$/, 'Import') + (keepGood ? '?keepGood=1' : '');
    const res = await fetch(ts.url + path, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    const body = (await res.json()) as { IsSuccess: boolean; data: unknown };
    return importResult.parse(body.data);
  }

  it('reports exactly the bad rows of a 5,000-row file with their fields, and saves nothing unless asked', async () => {
    const dept = ids.dept.get('PROD-TF')!;
    const region = ids.region.get('TF')!;
    const rows: (string | number | null)[][] = [];
    for (let i = 0; i < 5000; i++) {
      rows.push([`导入 ${i}`, `IMP-${i}`, dept, region, i % 100, i % 2 ? '高' : 'Low', approver]);
    }
    rows[99][4] = '1e3x'; // spreadsheet row 101
    rows[2499][0] = '   '; // row 2501
    rows[4999][5] = '中'; // row 5001
    const refused = await importFile(rows, false);
    expect(refused.saved).toBe(0);
    expect(refused.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [101, 'amount', 'validation.notANumber'],
      [2501, 'title', 'validation.required'],
      [5001, 'level', 'validation.oneOf'],
    ]);
    const count = async () => (await call(ts.url, ledger.calls.list, { filters: { code: 'IMP-' }, pageSize: 1 }, admin)).body.data!.total;
    expect(await count()).toBe(0);

    const kept = await importFile(rows, true);
    expect(kept.saved).toBe(4997);
    expect(kept.errors.map((e) => e.row)).toEqual([101, 2501, 5001]);
    expect(await count()).toBe(4997);
    // Two imports of 5,000 rows (about 24 s on a quiet machine, most of it saving 4,997 records with their workflow).
  }, 180_000);

  it('exports the filtered list with the visible columns in the caller language', async () => {
    const path = ledger.calls.export.path;
    const res = await fetch(ts.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ filters: { code: 'IMP-1', level: 'high' }, columns: ['title', 'amount', 'level'] }),
    });
    const sheet = await readLedgerExport(res);
    expect(sheet.keys).toEqual(['title', 'amount', 'level', '$status']);
    expect(sheet.header).toEqual(['Title', 'Amount', 'Level', 'Status']);
    // IMP-1, IMP-1x, IMP-1xx, IMP-1xxx with odd i (level high), minus none of the bad rows.
    const expected = Array.from({ length: 5000 }, (_, i) => i).filter((i) => String(i).startsWith('1') && i % 2 === 1 && i !== 99 && i !== 2499 && i !== 4999);
    expect(sheet.rows.length).toBe(expected.length);
    expect(sheet.rows[0][2]).toBe('High');
    expect(sheet.rows[0][3]).toBe('First approval');
  });

  it('writes departments, regions and people by name in the reader language, and reads names back as the same ids', async () => {
    const dept = ids.dept.get('PROD-TF')!;
    const region = ids.region.get('TF')!;
    const names = async (table: 'dept' | 'region') =>
      table === 'dept'
        ? await ts.server.store.db.selectFrom('dept').select(['deptname as zh', 'deptname_en as en']).where('deptid', '=', dept).executeTakeFirstOrThrow()
        : await ts.server.store.db.selectFrom('region').select(['regionname as zh', 'regionname_en as en']).where('regionid', '=', region).executeTakeFirstOrThrow();
    const d = await names('dept');
    const r = await names('region');
    const person = (await ts.server.store.db.selectFrom('users').select('username').where('userid', '=', approver).executeTakeFirstOrThrow()).username;
    // An import that names them (Chinese department, English region, the person's name) stores their ids.
    const byName = await importFile([['按名称导入', 'NAME-1', d.zh, r.en || r.zh, 3, '高', person]], false);
    expect(byName.errors).toEqual([]);
    expect(byName.saved).toBe(1);
    const saved = (await call(ts.url, ledger.calls.list, { filters: { code: 'NAME-1' } }, admin)).body.data!.items[0] as unknown as Record<string, unknown>;
    expect([saved.dept, saved.region, saved.approver]).toEqual([dept, region, approver]);
    // A name no unit has is refused on its field, not stored as text.
    const unknown = await importFile([['未知部门', 'NAME-2', '没有这个部门', region, 1, '高', approver]], false);
    expect(unknown.errors.map((e) => [e.row, e.field])).toEqual([[2, 'dept']]);

    for (const [lang, want] of [['zh', [d.zh, r.zh, person]], ['en', [d.en || d.zh, r.en || r.zh, person]]] as const) {
      const res = await fetch(ts.url + ledger.calls.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ filters: { code: 'NAME-1' }, columns: ['dept', 'region', 'approver'] }),
      });
      expect((await readLedgerExport(res)).rows[0]).toEqual([...want, expect.any(String)]);
    }
  });
});
