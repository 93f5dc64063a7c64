import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importStockFileCall, importTemplateCall } from '../../../../src/shared/chemicals/calls.js';
import { chemicalStoreLedger } from '../../../../src/shared/chemicals/ledger.js';
import { chemicalInfoLedger } from '../../../../src/shared/chemicals/ledgers.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import { inventoryCall, stockInCall, stockOutCall } from '../../../../src/shared/chemicals/contracts.js';
import { identificationList } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { adminOf, createDept, createRecord, createRegion, ok, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const METHANOL = '67-56-1';
const TOLUENE = '108-88-3';

vi.setConfig({ testTimeout: 120_000 });

/*
 * Issue 26 §1, on an empty plant: quantities in chemical stores feed the major
 * hazard register where a store is a storage unit (the identification shows
 * the unit's current stock, the sum of its stores' movements, beside each
 * design maximum q); the stock-in template imported as Excel; MSDS and
 * licence expiry reminders as to-dos.
 */
describe.each(dialects)('stores bound to a major hazard storage unit (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let unit: number;
  let production: number;
  let bound: number;
  let other: number;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    const region = await createRegion(t, admin);
    const substances = [
      { name: '甲醇', cas: METHANOL, q: 400 },
      { name: '甲苯', cas: TOLUENE, q: 100 },
    ];
    unit = (await createRecord(t, admin.token, dangerSourceLedger, { name: `罐区${dialect}`, kind: 'storage', region, population: 10, substances })).id;
    production = (await createRecord(t, admin.token, dangerSourceLedger, { name: `装置${dialect}`, kind: 'production', region, population: 10, substances })).id;
    const store = (code: string, hazardUnit?: number) =>
      createRecord(t, admin.token, chemicalStoreLedger, { name: code, code, region, classes: ['flammable-liquid'], capacity: 1000, ...(hazardUnit ? { hazardUnit } : {}) });
    bound = (await store(`B-${dialect}`, unit)).id;
    const second = (await store(`B2-${dialect}`, unit)).id;
    other = (await store(`O-${dialect}`)).id;
    await ok(t, stockInCall, { storeId: bound, cas: METHANOL, quantity: 120 }, admin.token);
    await ok(t, stockInCall, { storeId: second, cas: METHANOL, quantity: 30.5 }, admin.token);
    await ok(t, stockOutCall, { storeId: bound, cas: METHANOL, quantity: 20 }, admin.token);
    await ok(t, stockInCall, { storeId: other, cas: TOLUENE, quantity: 7 }, admin.token);
  });
  afterAll(() => t?.close());

  it('shows the unit’s current stock, summed over its stores’ movements, beside the design maximum', async () => {
    const { items } = await ok(t, identificationList, {}, admin.token);
    const u = items.find((i) => i.id === unit)!;
    expect(u.result?.substances.map((s) => [s.cas, s.q])).toEqual([
      [METHANOL, 400],
      [TOLUENE, 100],
    ]);
    // 120 − 20 + 30.5 of methanol; the toluene is in a store bound to no unit.
    expect(u.stock).toEqual([{ cas: METHANOL, quantity: 130.5 }]);
    // A production unit and a unit without stores carry no stock.
    expect(items.find((i) => i.id === production)!.stock).toBeUndefined();
  });

  it('imports the filled-in stock-in template (Excel) all or nothing, naming the bad row', async () => {
    // The template as the page downloads it, filled in by the user.
    const tpl = await fetch(t.url + importTemplateCall.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'stock' }),
    });
    const template = await tpl.arrayBuffer();
    const upload = async (rows: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(template);
      const ws = wb.worksheets[0];
      // The template's sample row replaced by the user's rows.
      rows.forEach((r, i) => {
        ws.getRow(i + 2).values = r;
      });
      const form = new FormData();
      form.append('upfile', new Blob([await wb.xlsx.writeBuffer()]), 'stock.xlsx');
      const res = await fetch(t.url + importStockFileCall.path, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
      return { status: res.status, body: (await res.json()) as { IsSuccess: boolean; data?: { saved: number }; error: { code: string; controls: string[] } } };
    };
    const code = `IMP-${dialect}`;
    const st = (await createRecord(t, admin.token, chemicalStoreLedger, { name: code, code, region: (await createRegion(t, admin)), classes: ['flammable-liquid'], capacity: 100 })).id;
    const bad = await upload([
      [code, METHANOL, 2, 'B-1'],
      [code, TOLUENE, 'lots'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'chemicals.badImportRow', controls: ['rows.1.quantity'] });
    expect(await ok(t, inventoryCall, { storeId: st }, admin.token)).toEqual([]);
    const good = await upload([
      [code, METHANOL, 2, 'B-1'],
      [code, TOLUENE, 1.5],
    ]);
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ IsSuccess: true, data: { saved: 2 } });
    expect((await ok(t, inventoryCall, { storeId: st }, admin.token)).map((r) => [r.cas, r.quantity])).toEqual([
      [TOLUENE, 1.5],
      [METHANOL, 2],
    ]);
  });

  it('an MSDS or licence within its reminder days opens a to-do for the record’s author, once (file-expiry reminders)', async () => {
    const DAY = 86_400_000;
    const dept = await createDept(t, admin);
    const rec = await createRecord(t, admin.token, chemicalInfoLedger, {
      substance: 'styrene',
      dept,
      msds: { files: [], expires: Date.now() + 10 * DAY, remindDays: 30 },
      licence: { files: [], expires: Date.now() + 200 * DAY, remindDays: 30 },
    });
    const todos = () =>
      t.server.store.db.selectFrom('todo').select(['userid', 'href', 'ref']).where('kind', '=', 'record.reminder').where('userid', '=', admin.userid).execute();
    const records = t.server.port(recordsPort);
    expect(await records.remindDue(Date.now())).toBeGreaterThanOrEqual(1);
    const mine = (await todos()).filter((x) => x.ref.startsWith(`reminder:${rec.id}:`));
    // The MSDS (10 days left, reminded 30 days before) only; the licence is 200 days off.
    expect(mine).toHaveLength(1);
    expect(mine[0].ref).toContain(':msds:');
    await records.remindDue(Date.now());
    expect((await todos()).filter((x) => x.ref.startsWith(`reminder:${rec.id}:`))).toHaveLength(1);
  });

  it('follows the binding: a store bound later adds its stock', async () => {
    const calls = recordContracts(chemicalStoreLedger);
    const st = (await ok(t, calls.get, { id: other }, admin.token)).record;
    await ok(t, calls.save, { name: st.name, code: st.code, region: st.region, classes: st.classes, capacity: st.capacity, id: other, version: st.version, hazardUnit: unit }, admin.token);
    const { items } = await ok(t, identificationList, {}, admin.token);
    // By CAS number.
    expect(items.find((i) => i.id === unit)!.stock).toEqual([
      { cas: TOLUENE, quantity: 7 },
      { cas: METHANOL, quantity: 130.5 },
    ]);
  });
});
