import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryCall, stockInCall, stockOutCall, tabooCheckCall, transferCall } from '../../../../src/shared/chemicals/contracts.js';
import { chemicalStoreLedger } from '../../../../src/shared/chemicals/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';

const calls = recordContracts(chemicalStoreLedger);
const METHANOL = '67-56-1';
const TOLUENE = '108-88-3';
const BENZENE = '71-43-2';
const ACETONE = '67-64-1';
const OXYGEN = '7782-44-7';
const SULFURIC = '7664-93-9';
const NAOH = '1310-73-2';
const AMMONIA = '7664-41-7';
const CHLORINE = '7782-50-5';

/* A small deterministic generator: the same 1,000 movements on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/*
 * Chemical stores (issue 26 §1): a stock-in that would put incompatible
 * substances in one store is refused naming both; stock is the sum of the
 * movements; only those with the permission and the region see or move stock.
 */
describe.each(dialects)('chemical stores (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'contractor', string>;
  let region: Map<string, number>;

  const newStore = async (code: string, regionCode: string, classes: string[], capacity = 1_000_000) => {
    const r = await call(t.url, calls.save, { code, name: `store ${code}`, region: region.get(regionCode)!, classes, capacity }, tok.supervisor);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.id;
  };
  const stockIn = (storeId: number, cas: string, quantity: number) => call(t.url, stockInCall, { storeId, cas, quantity }, tok.supervisor);

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      contractor: await demoToken(t.url, 'contractor'),
    };
    region = (await orgIds(t.url, tok.admin)).region;
  });
  afterAll(() => t.close());

  it('refuses an oxidiser into a store holding a flammable liquid, naming both and the field; allows benzene with acetone', async () => {
    const mixed = await newStore('T-MIX', 'WH', ['flammable-liquid', 'gas-oxidizing', 'corrosive-acid', 'corrosive-alkaline', 'gas-toxic', 'gas-flammable', 'gas-inert']);
    expect((await stockIn(mixed, METHANOL, 5)).body.IsSuccess).toBe(true);

    const refused = await stockIn(mixed, OXYGEN, 1);
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.IsSuccess).toBe(false);
    expect(refused.body.error.controls).toEqual(['cas']);
    expect(refused.body.error.message).toContain('甲醇');
    expect(refused.body.error.message).toContain('氧');
    expect(refused.body.error.message).toContain(METHANOL);
    expect(refused.body.error.message).toContain(OXYGEN);

    // Allowed: other flammable liquids, benzene with acetone among them.
    for (const cas of [BENZENE, ACETONE, TOLUENE]) {
      expect((await stockIn(mixed, cas, 1)).body.IsSuccess, cas).toBe(true);
    }
    // Nothing was written by the refusal.
    const inv = (await call(t.url, inventoryCall, { storeId: mixed }, tok.supervisor)).body.data!;
    expect(inv.map((i) => i.cas).sort()).toEqual([ACETONE, BENZENE, TOLUENE, METHANOL].sort());
  });

  it('refuses the classic taboo pairs and allows compatible ones (TabooCheck and stock-in agree)', async () => {
    const refusedPairs = [
      [METHANOL, OXYGEN],
      [SULFURIC, NAOH],
      [AMMONIA, CHLORINE],
    ];
    const allowedPairs = [
      [BENZENE, ACETONE],
      [METHANOL, TOLUENE],
    ];
    for (const [a, b] of refusedPairs) {
      const r = await call(t.url, tabooCheckCall, { substances: [{ cas: a }, { cas: b }] }, tok.operator);
      expect(r.body.data!.allowed, `${a} ${b}`).toBe(false);
      expect(r.body.data!.conflicts).toHaveLength(1);
    }
    for (const [a, b] of allowedPairs) {
      const r = await call(t.url, tabooCheckCall, { substances: [{ cas: a }, { cas: b }] }, tok.operator);
      expect(r.body.data!.allowed, `${a} ${b}`).toBe(true);
    }
    const all = ['flammable-liquid', 'gas-oxidizing', 'corrosive-acid', 'corrosive-alkaline', 'gas-toxic', 'gas-flammable', 'gas-inert'];
    let n = 0;
    for (const [a, b] of refusedPairs) {
      const s = await newStore(`T-R${n++}`, 'WH', all);
      expect((await stockIn(s, a, 1)).body.IsSuccess).toBe(true);
      const r = await stockIn(s, b, 1);
      expect(r.httpStatus, `${a} then ${b}`).toBe(400);
      expect(r.body.error.controls).toEqual(['cas']);
    }
    // A class the store is not for is refused too; bad input names its field.
    const acids = await newStore('T-ACID', 'WH', ['corrosive-acid']);
    expect((await stockIn(acids, METHANOL, 1)).body.error.controls).toEqual(['cas']);
    const bad = await call(t.url, stockInCall, { storeId: acids, cas: SULFURIC, quantity: -1 }, tok.supervisor);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toContain('quantity');
  });

  it('holds permissions and region isolation: the contractor sees nothing, the operator sees only stores of his regions and moves no stock', async () => {
    const tf = await newStore('T-TF', 'TF', ['flammable-liquid']);
    const pu = await newStore('T-PU', 'PU', ['flammable-liquid']);
    await stockIn(tf, METHANOL, 2);
    await stockIn(pu, METHANOL, 3);
    expect((await call(t.url, inventoryCall, {}, tok.contractor)).httpStatus).toBe(403);
    expect((await call(t.url, stockInCall, { storeId: tf, cas: METHANOL, quantity: 1 }, tok.operator)).httpStatus).toBe(403);
    const seen = (await call(t.url, inventoryCall, {}, tok.operator)).body.data!.map((i) => i.storeId);
    expect(seen).toContain(tf);
    expect(seen).not.toContain(pu);
  });

  it('keeps stock equal to the sum of 1,000 random movements (in, out, transfer), refusing outs beyond stock', async () => {
    const a = await newStore('T-RA', 'WH', ['flammable-liquid']);
    const b = await newStore('T-RB', 'WH', ['flammable-liquid']);
    const subs = [METHANOL, TOLUENE, BENZENE];
    const model = new Map<string, number>();
    const key = (s: number, cas: string) => `${s}/${cas}`;
    const get = (s: number, cas: string) => model.get(key(s, cas)) ?? 0;
    const add = (s: number, cas: string, q: number) => model.set(key(s, cas), get(s, cas) + q);
    const rand = rng(26);
    for (let i = 0; i < 1000; i++) {
      const cas = subs[Math.floor(rand() * subs.length)];
      const [from, to] = rand() < 0.5 ? [a, b] : [b, a];
      const quantity = (1 + Math.floor(rand() * 20)) / 2;
      const op = rand();
      if (op < 0.45) {
        const r = await stockIn(from, cas, quantity);
        expect(r.body.IsSuccess).toBe(true);
        add(from, cas, quantity);
      } else if (op < 0.8) {
        const r = await call(t.url, stockOutCall, { storeId: from, cas, quantity }, tok.supervisor);
        if (quantity <= get(from, cas)) {
          expect(r.body.IsSuccess).toBe(true);
          add(from, cas, -quantity);
        } else {
          expect(r.httpStatus).toBe(400);
          expect(r.body.error.controls).toEqual(['quantity']);
        }
      } else {
        const r = await call(t.url, transferCall, { fromStoreId: from, toStoreId: to, cas, quantity }, tok.supervisor);
        if (quantity <= get(from, cas)) {
          expect(r.body.IsSuccess).toBe(true);
          add(from, cas, -quantity);
          add(to, cas, quantity);
        } else {
          expect(r.httpStatus).toBe(400);
        }
      }
    }
    const inv = (await call(t.url, inventoryCall, {}, tok.supervisor)).body.data!.filter((i) => i.storeId === a || i.storeId === b);
    const expected = [...model.entries()].filter(([, q]) => q > 0).map(([k, q]) => [k, q] as const).sort();
    expect(inv.map((i) => [key(i.storeId, i.cas), i.quantity] as const).sort()).toEqual(expected);
  }, 180_000); // 1,000 calls one after the other: seconds alone, minutes on a loaded 2-core machine
});
