import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicDatabaseDetailCall,
  basicDatabaseListCall,
  chemicalsPermissionCall,
  dataSummaryCall,
  fileExpiryCheckCall,
  getTabooRulesCall,
  importStockCall,
  importTemplateCall,
  inventorySearchCall,
  inventoryStatisticsCall,
  isChemicalsAdminCall,
  submitInventoryCall,
  submitTabooRulesCall,
  warehouseSearchCall,
} from '../../../../src/shared/chemicals/calls.js';
import { inventoryCall, stockInCall, stockOutCall, tabooCheckCall } from '../../../../src/shared/chemicals/contracts.js';
import { chemicalStoreLedger } from '../../../../src/shared/chemicals/ledger.js';
import { chemicalInfoLedger, databaseDetailsConfigLedger, promptLedger, stockRuleLedger } from '../../../../src/shared/chemicals/ledgers.js';
import type { Contract } from '../../../../src/shared/contracts/contract.js';
import { storageClassCodes } from '../../../../src/shared/domain/storage-classes.js';
import { seedSubstances } from '../../../../src/shared/domain/substances.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

const stores = recordContracts(chemicalStoreLedger);
const info = recordContracts(chemicalInfoLedger);
const hiddenDangers = recordContracts(hiddenDangerLedger);
const METHANOL = '67-56-1';
const TOLUENE = '108-88-3';
const SULFURIC = '7664-93-9';
const OXYGEN = '7782-44-7';
const seedCall = (name: string) => ({ method: 'POST', path: `/UAPI/ChemicalsInfor/${name}` }) as unknown as Contract;

/*
 * Issue 26 §1, the chemicals area beyond stock-in and out: the seed's admin
 * check and business permissions, the one catalogue as the management
 * database, stock views from the movements, inventory counts, stock rules and
 * prompts on stock-in, the taboo matrix as plant data, imports, reminders.
 */
describe.each(dialects)('chemicals area (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'contractor', string>;
  let region: Map<string, number>;
  let dept: Map<string, number>;
  let n = 0;

  const newStore = async (classes: string[], capacity = 1_000_000) => {
    const code = `M-${dialect}-${++n}`;
    const r = await call(t.url, stores.save, { code, name: `store ${code}`, region: region.get('WH')!, classes, capacity }, tok.supervisor);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return { id: r.body.data!.id, code };
  };
  const stockIn = (storeId: number, cas: string, quantity: number, batch?: string) => call(t.url, stockInCall, { storeId, cas, quantity, batch }, tok.supervisor);

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      contractor: await demoToken(t.url, 'contractor'),
    };
    ({ region, dept } = await orgIds(t.url, tok.admin));
  });
  afterAll(() => t.close());

  it('answers GetIsChemicalsAdmin and the seed business codes as numbers; refuses a caller without the permission', async () => {
    expect((await call(t.url, isChemicalsAdminCall, {}, tok.admin)).body.data).toEqual({ isAdmin: true });
    expect((await call(t.url, isChemicalsAdminCall, {}, tok.operator)).body.data).toEqual({ isAdmin: false });
    expect((await call(t.url, chemicalsPermissionCall, {}, tok.supervisor)).body.data).toEqual({ HXP_TJ: 2, HXP_JCK: 2, HXP_CCSS: 2 });
    expect((await call(t.url, chemicalsPermissionCall, {}, tok.operator)).body.data).toEqual({ HXP_TJ: 1, HXP_JCK: 1, HXP_CCSS: 1 });
    expectRefused(await call(t.url, isChemicalsAdminCall, {}, tok.contractor), 403);
    expectRefused(await call(t.url, chemicalsPermissionCall, { businessCode: 'HXP_XX' }, tok.admin), 400, ['businessCode']);
  });

  it('serves the one catalogue as the database, marks what the plant lists, and shows details as DatabaseDetailsConfig orders them', async () => {
    const all = await call(t.url, basicDatabaseListCall, { page: 1, pageSize: 1000 }, tok.operator);
    expect(all.body.data!.total).toBe(seedSubstances.length);
    const found = await call(t.url, basicDatabaseListCall, { keyword: '甲醇' }, tok.operator);
    expect(found.body.data!.items.map((x) => x.cas)).toContain(METHANOL);

    // The plant lists a substance by its catalogue code (seed call SubmitBasicRecord); an unknown code is refused naming the field.
    const saved = await call(t.url, seedCall('SubmitBasicRecord'), { substance: 'xylene', dept: [...dept.values()][0], use: '溶剂' }, tok.supervisor);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expectRefused(await call(t.url, info.save, { substance: 'no-such-thing', dept: [...dept.values()][0] }, tok.supervisor), 400, ['substance']);
    expectRefused(await call(t.url, info.save, { substance: 'xylene', dept: [...dept.values()][0] }, tok.operator), 403);
    const plant = await call(t.url, basicDatabaseListCall, { inPlant: true, pageSize: 1000 }, tok.operator);
    expect(plant.body.data!.items.map((x) => x.code)).toContain('xylene');
    expect(plant.body.data!.items.every((x) => x.inPlant)).toBe(true);
    expect((await call(t.url, seedCall('SearchBasicRecord'), { page: 1, pageSize: 50 }, tok.operator)).body.data).toMatchObject({ total: expect.any(Number) });

    const cfg = recordContracts(databaseDetailsConfigLedger);
    await call(t.url, cfg.save, { field: 'un', shown: 'no', sort: 1 }, tok.supervisor);
    expect((await call(t.url, cfg.save, { field: 'categories', label: '危险性类别（本厂）', shown: 'yes', sort: 0 }, tok.supervisor)).body.IsSuccess).toBe(true);
    const d = (await call(t.url, basicDatabaseDetailCall, { code: 'methanol' }, tok.operator)).body.data!;
    expect(d.cas).toBe(METHANOL);
    expect(d.fields.map((f) => f.key)).not.toContain('un');
    expect(d.fields[0]).toMatchObject({ key: 'categories', title: '危险性类别（本厂）' });
    expect(d.fields.find((f) => f.key === 'oel')!.value).toContain('PC-TWA');
    expectRefused(await call(t.url, basicDatabaseDetailCall, { code: 'unobtainium' }, tok.operator), 400, ['code']);
  });

  it('computes stock by chemical and by store from the movements, lists the movements with who, batch and quantity', async () => {
    const st = await newStore(['flammable-liquid']);
    const before = (await call(t.url, inventoryStatisticsCall, {}, tok.supervisor)).body.data!;
    const methBefore = before.byChemical.find((c) => c.cas === METHANOL)?.quantity ?? 0;
    expect((await stockIn(st.id, METHANOL, 5, 'B-1')).body.IsSuccess).toBe(true);
    expect((await stockIn(st.id, TOLUENE, 3, 'B-2')).body.IsSuccess).toBe(true);
    expect((await call(t.url, stockOutCall, { storeId: st.id, cas: METHANOL, quantity: 1.5 }, tok.supervisor)).body.IsSuccess).toBe(true);
    const s = (await call(t.url, inventoryStatisticsCall, {}, tok.supervisor)).body.data!;
    expect(s.byChemical.find((c) => c.cas === METHANOL)!.quantity).toBeCloseTo(methBefore + 3.5, 6);
    expect(s.byStore.find((x) => x.storeId === st.id)).toMatchObject({ quantity: 6.5, substances: 2 });
    const movesR = await call(t.url, warehouseSearchCall, { storeId: st.id }, tok.supervisor);
    const moves = movesR.body.data!;
    expect(moves.total, JSON.stringify(movesR.body)).toBe(3);
    expect(moves.items.map((m) => [m.kind, m.cas, m.delta])).toEqual([
      ['out', METHANOL, -1.5],
      ['in', TOLUENE, 3],
      ['in', METHANOL, 5],
    ]);
    expect(moves.items[2]).toMatchObject({ batch: 'B-1', by: 'supervisor', name: '甲醇' });
    // The contractor has no chemical permission; the calls say so.
    // The operator sees only the stores of his regions (not the warehouse); the contractor has no chemical permission.
    expect((await call(t.url, warehouseSearchCall, { storeId: st.id }, tok.operator)).body.data).toEqual({ items: [], total: 0 });
    expectRefused(await call(t.url, warehouseSearchCall, {}, tok.contractor), 403);
  });

  it('records an inventory count with its difference, and books it only when asked', async () => {
    const st = await newStore(['flammable-liquid']);
    await stockIn(st.id, METHANOL, 4);
    const c1 = (await call(t.url, submitInventoryCall, { storeId: st.id, cas: METHANOL, counted: 3.5 }, tok.supervisor)).body.data!;
    expect(c1).toMatchObject({ book: 4, counted: 3.5, difference: -0.5, adjusted: false });
    expect((await call(t.url, inventoryCall, { storeId: st.id }, tok.supervisor)).body.data![0].quantity).toBe(4);
    const c2 = (await call(t.url, submitInventoryCall, { storeId: st.id, cas: METHANOL, counted: 3.5, adjust: true, remark: '月底盘点' }, tok.supervisor)).body.data!;
    expect(c2).toMatchObject({ difference: -0.5, adjusted: true });
    expect((await call(t.url, inventoryCall, { storeId: st.id }, tok.supervisor)).body.data![0].quantity).toBe(3.5);
    const list = (await call(t.url, inventorySearchCall, { storeId: st.id }, tok.supervisor)).body.data!;
    expect(list.items.map((x) => x.id)).toEqual([c2.id, c1.id]);
    const moves = (await call(t.url, warehouseSearchCall, { storeId: st.id }, tok.supervisor)).body.data!;
    expect(moves.items[0]).toMatchObject({ kind: 'count', delta: -0.5 });
    expectRefused(await call(t.url, submitInventoryCall, { storeId: st.id, cas: METHANOL, counted: 1 }, tok.operator), 403);
    expectRefused(await call(t.url, submitInventoryCall, { storeId: st.id, cas: METHANOL, counted: -1 }, tok.supervisor), 400, ['counted']);
  });

  it('refuses or warns a stock-in above a store stock rule, and returns the stock-in prompts', async () => {
    const st = await newStore(['flammable-liquid']);
    const rules = recordContracts(stockRuleLedger);
    await call(t.url, rules.save, { name: '总量上限', store: st.id, max: 10, action: 'refuse' }, tok.supervisor);
    await call(t.url, rules.save, { name: '甲醇预警', store: st.id, substance: 'methanol', max: 4, action: 'warn' }, tok.supervisor);
    await call(t.url, recordContracts(promptLedger).save, { subject: `提示${st.id}`, kind: 'stockIn', store: st.id, content: '核对标签', enabled: 'yes' }, tok.supervisor);
    const ok = await stockIn(st.id, METHANOL, 3);
    expect(ok.body.data!.notices).toContain(`提示${st.id}：核对标签`);
    const warned = await stockIn(st.id, METHANOL, 2);
    expect(warned.body.IsSuccess).toBe(true);
    expect(warned.body.data!.notices.join(' ')).toContain('甲醇预警');
    const refused = await stockIn(st.id, TOLUENE, 6);
    expectRefused(refused, 400, ['quantity']);
    expect(refused.body.error.message).toContain('总量上限');
  });

  it('keeps the taboo matrix as plant data: every pair marked, an edit changes the check and stock-in and lists pairs in stock, default restores', async () => {
    const rules = (await call(t.url, getTabooRulesCall, {}, tok.operator)).body.data!;
    const k = storageClassCodes.length;
    expect(rules.cells).toHaveLength((k * (k + 1)) / 2);
    expect(rules.cells.find((c) => c.a === 'flammable-liquid' && c.b === 'flammable-liquid')!.mark).toBe('share');
    const pair = rules.cells.find((c) => (c.a === 'flammable-liquid' && c.b === 'corrosive-acid') || (c.a === 'corrosive-acid' && c.b === 'flammable-liquid'))!;
    const st = await newStore(['flammable-liquid', 'corrosive-acid']);
    if (pair.mark !== 'forbid') {
      expect((await stockIn(st.id, METHANOL, 1)).body.IsSuccess).toBe(true);
      expect((await stockIn(st.id, SULFURIC, 1)).body.IsSuccess).toBe(true);
    }
    expectRefused(await call(t.url, submitTabooRulesCall, { cells: [{ a: pair.a, b: pair.b, mark: 'forbid' }] }, tok.operator), 403);
    expectRefused(await call(t.url, submitTabooRulesCall, { cells: [{ a: 'plasma', b: pair.b, mark: 'forbid' }] }, tok.supervisor), 400, ['cells.0.a']);
    const sub = (await call(t.url, submitTabooRulesCall, { cells: [{ a: pair.b, b: pair.a, mark: 'forbid' }] }, tok.supervisor)).body.data!;
    expect(sub.changed).toBe(pair.mark === 'forbid' ? 0 : 1);
    try {
      expect(sub.inStock.some((c) => c.storeId === st.id && c.mark === 'forbid')).toBe(pair.mark !== 'forbid');
      if (pair.mark !== 'forbid') {
        // The pair in stock is reported to the hidden-danger register once (category chemical storage), not again on the next change.
        expect(sub.dangers).toBeGreaterThanOrEqual(1);
        const dangers = await call(t.url, hiddenDangers.list, { keyword: st.code, page: 1, pageSize: 20 }, tok.admin);
        const reported = dangers.body.data!.items.filter((d) => d.category === 'storage' && String(d.place) === `store ${st.code}`);
        expect(reported).toHaveLength(1);
        // 重大 by rule (2017 criteria item 20: incompatible substances stored together), registered at once.
        expect(reported[0]).toMatchObject({ grade: 'major', criteria: ['20'] });
        const again = (await call(t.url, submitTabooRulesCall, { cells: [{ a: pair.a, b: pair.b, mark: 'forbid' }] }, tok.supervisor)).body.data!;
        expect(again.dangers).toBe(0);
      }
      const after = (await call(t.url, getTabooRulesCall, {}, tok.operator)).body.data!;
      expect(after.cells.find((c) => c.a === pair.a && c.b === pair.b)).toMatchObject({ mark: 'forbid', edited: pair.mark !== 'forbid' });
      const check = (await call(t.url, tabooCheckCall, { substances: [{ cas: METHANOL }, { cas: SULFURIC }] }, tok.operator)).body.data!;
      expect(check.allowed).toBe(false);
      const other = await newStore(['flammable-liquid', 'corrosive-acid']);
      await stockIn(other.id, METHANOL, 1);
      expectRefused(await stockIn(other.id, SULFURIC, 1), 400, ['cas']);
    } finally {
      const back = (await call(t.url, submitTabooRulesCall, { cells: [{ a: pair.a, b: pair.b, mark: 'default' }] }, tok.supervisor)).body.data!;
      expect(back.changed).toBe(pair.mark === 'forbid' ? 0 : 1);
    }
    const restored = (await call(t.url, getTabooRulesCall, {}, tok.operator)).body.data!;
    expect(restored.cells.find((c) => c.a === pair.a && c.b === pair.b)).toMatchObject({ mark: pair.mark, edited: false });
  });

  it('imports stock rows all or nothing, names the bad row, and answers the import templates as .xlsx', async () => {
    const st = await newStore(['flammable-liquid', 'gas-oxidizing']);
    expectRefused(await call(t.url, importStockCall, { rows: [{ store: 'NO-SUCH', cas: METHANOL, quantity: 1 }] }, tok.supervisor), 400, ['rows.0.store']);
    // The second row (oxygen beside methanol) is refused: nothing of the first is booked.
    const bad = await call(t.url, importStockCall, { rows: [{ store: st.code, cas: METHANOL, quantity: 2 }, { store: st.code, cas: OXYGEN, quantity: 1 }] }, tok.supervisor);
    expectRefused(bad, 400, ['rows.1.cas']);
    expect((await call(t.url, inventoryCall, { storeId: st.id }, tok.supervisor)).body.data).toEqual([]);
    const good = await call(t.url, importStockCall, { rows: [{ store: st.code, cas: METHANOL, quantity: 2, batch: 'I-1' }, { store: st.code, cas: TOLUENE, quantity: 1 }] }, tok.supervisor);
    expect(good.body.data).toEqual({ saved: 2 });
    expect((await call(t.url, inventoryCall, { storeId: st.id }, tok.supervisor)).body.data!.map((r) => [r.cas, r.quantity])).toEqual([
      [TOLUENE, 1],
      [METHANOL, 2],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expectRefused(await call(t.url, importStockCall, { rows: [{ store: st.code, cas: METHANOL, quantity: 1 }] }, tok.operator), 403);

    for (const kind of ['chemical', 'stock']) {
      const res = await fetch(t.url + importTemplateCall.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok.operator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it('lists MSDS and licences past or near their date, and sums the portal figures', async () => {
    const soon = Date.now() + 5 * 86_400_000;
    const saved = await call(t.url, info.save, { substance: 'styrene', dept: [...dept.values()][0], msds: { files: [], expires: soon, remindDays: 30 } }, tok.supervisor);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const exp = (await call(t.url, fileExpiryCheckCall, { days: 30 }, tok.supervisor)).body.data!;
    expect(exp.items.find((x) => x.id === saved.body.data!.id)).toMatchObject({ file: 'msds', substance: 'styrene', days: 4 });
    const sum = (await call(t.url, dataSummaryCall, {}, tok.supervisor)).body.data!;
    expect(sum.catalogue).toBe(seedSubstances.length);
    expect(sum.chemicals).toBeGreaterThanOrEqual(2);
    expect(sum.expiring).toBeGreaterThanOrEqual(1);
    expect(sum.movements30d).toBeGreaterThan(0);
  });
});
