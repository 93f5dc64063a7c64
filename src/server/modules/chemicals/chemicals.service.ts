import type { z } from 'zod';
import type { inventoryCall, InventoryItem, MovementItem, stockInInput, stockOutInput, transferInput } from '../../../shared/chemicals/contracts.js';
import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import { storageClasses, isStorageClass } from '../../../shared/domain/storage-classes.js';
import { tabooCheck, type TabooConflict, type TabooSubstance } from '../../../shared/domain/storage-compatibility.js';
import type { Substance } from '../../../shared/domain/substances.js';
import { promptLedger, stockRuleLedger } from '../../../shared/chemicals/ledgers.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import { recordListInput, type RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, lockKeyInTransaction, type Store, type Tx } from '../../store/db.js';
import type { MajorHazardPort } from '../major-hazard/port.js';
import type { RecordsPort } from '../records/port.js';
import { effectiveMatrix } from './taboo-rules.js';

type In<T extends z.ZodType> = z.output<T>;
const def = chemicalStoreLedger;
/** Stock below this (tonnes) is nothing left: float sums of many movements. */
const EPS = 1e-9;

const round = (x: number) => Math.round(x * 1e6) / 1e6;

export function tabooOf(s: Substance): TabooSubstance {
  return { key: s.cas ?? s.code, name: s.name.zh, nameEn: s.name.en, cas: s.cas, storageClasses: s.storageClasses };
}


const nameIn = (lang: Lang, s: { name: string; nameEn?: string; cas?: string | null }) => `${lang === 'en' ? (s.nameEn ?? s.name) : s.name}${s.cas ? ` (${s.cas})` : ''}`;

export interface ChemicalsService {
  stockIn(caller: AuthUser, input: In<typeof stockInInput>, lang: Lang): Promise<{ movement: MovementItem; warnings: TabooConflict[]; notices: string[] }>;
  stockOut(caller: AuthUser, input: In<typeof stockOutInput>): Promise<{ movement: MovementItem }>;
  transfer(caller: AuthUser, input: In<typeof transferInput>, lang: Lang): Promise<{ out: MovementItem; in: MovementItem; warnings: TabooConflict[] }>;
  inventory(caller: AuthUser, input: In<(typeof inventoryCall)['input']>): Promise<InventoryItem[]>;
  tabooCheck(refs: { cas?: string; name?: string }[]): Promise<ReturnType<typeof tabooCheck>>;
  /** Stock-ins of several rows (store record, substance, quantity) in one transaction: every row checked as a single stock-in, none booked when one fails. */
  importStock(caller: AuthUser, rows: { storeId: number; cas: string; quantity: number; batch?: string }[], lang: Lang): Promise<{ saved: number }>;
  /** The sum of the movements of one substance in one store, inside `tx`. */
  stockOf(tx: Tx, storeId: number): Promise<Map<string, number>>;
  insert: Insert;
  substance(cas: string, field?: string): Substance;
}

type Insert = (
  tx: Tx,
  caller: AuthUser,
  row: { store_id: number; kind: MovementItem['kind']; cas: string; delta: number; batch?: string; remark?: string; other?: number },
) => Promise<MovementItem>;

export function createChemicalsService(store: Store, deps: { records: RecordsPort; catalogue: MajorHazardPort; now?: () => number }): ChemicalsService {
  const now = deps.now ?? Date.now;
  const catalogue = deps.catalogue.catalogue();
  const byCas = new Map<string, Substance>(catalogue.filter((s) => s.cas).map((s) => [s.cas as string, s]));

  /** A substance of the catalogue by CAS, or 400 naming `field`. */
  function substance(cas: string, field = 'cas'): Substance {
    const s = byCas.get(cas.trim());
    if (!s) {
      throw badRequest('chemicals.unknownSubstance', [field], { cas });
    }
    return s;
  }

  /** What a stock-in reads before its transaction: the effective taboo matrix, the store's stock rules and its stock-in prompts. */
  async function contextOf(storeId: number) {
    const [{ matrix }, rules, prompts] = await Promise.all([effectiveMatrix(store.db), deps.records.allRecords(stockRuleLedger), deps.records.allRecords(promptLedger)]);
    return {
      matrix,
      rules: rules.filter((r) => r.store === storeId),
      prompts: prompts.filter((p) => p.kind === 'stockIn' && p.enabled === 'yes' && (p.store === null || p.store === undefined || p.store === storeId)),
    };
  }
  type InContext = Awaited<ReturnType<typeof contextOf>>;

  /** The store as the caller may see it (the record engine's view permission and region isolation), or its error. */
  const storeOf = (caller: AuthUser, id: number): Promise<RecordItem> => deps.records.get(caller, def, id).then((d) => d.record);

  async function stockOf(tx: Tx, storeId: number): Promise<Map<string, number>> {
    const rows = await tx
      .selectFrom('chemical_movement')
      .select(['cas', (eb) => eb.fn.sum<number>('delta').as('qty')])
      .where('store_id', '=', storeId)
      .groupBy('cas')
      .execute();
    return new Map(rows.map((r) => [r.cas, Number(r.qty)]));
  }

  const insert: Insert = async (tx, caller, row) => {
    const at = now();
    const { id } = await tx
      .insertInto('chemical_movement')
      .values({
        store_id: row.store_id,
        kind: row.kind,
        cas: row.cas,
        delta: row.delta,
        batch: row.batch ?? null,
        remark: row.remark ?? null,
        other_store_id: row.other ?? null,
        userid: caller.userid,
        loginname: caller.loginname,
        at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(id), storeId: row.store_id, kind: row.kind, cas: row.cas, delta: row.delta, batch: row.batch ?? null, by: caller.loginname, at };
  };

  /** The checks of a stock-in into `st` (already visible to the caller), inside the transaction holding the store's lock. */
  async function checkIn(
    tx: Tx,
    st: RecordItem,
    s: Substance,
    quantity: number,
    lang: Lang,
    field: string,
    ctx: InContext,
  ): Promise<{ warnings: TabooConflict[]; notices: string[] }> {
    const allowed = Array.isArray(st.classes) ? (st.classes as unknown[]).filter(isStorageClass) : [];
    if (!s.storageClasses.some((c) => allowed.includes(c))) {
      throw badRequest('chemicals.classNotAllowed', [field], {
        name: nameIn(lang, tabooOf(s)),
        classes: s.storageClasses.map((c) => storageClasses[c][lang]).join(', '),
      });
    }
    const held = [...(await stockOf(tx, st.id)).entries()].filter(([, q]) => q > EPS);
    const capacity = typeof st.capacity === 'number' ? st.capacity : null;
    const total = held.reduce((sum, [, q]) => sum + q, 0) + quantity;
    if (capacity !== null && total > capacity + EPS) {
      throw badRequest('chemicals.overCapacity', ['quantity'], { capacity, total: round(total) });
    }
    const others = held.map(([cas]) => byCas.get(cas)).filter((x): x is Substance => !!x && x.cas !== s.cas);
    const newcomer = tabooOf(s);
    // The new substance last: each conflict's `a` is what the store holds, `b` the newcomer.
    const result = tabooCheck([...others.map(tabooOf), newcomer], ctx.matrix);
    const mine = (c: TabooConflict) => c.b.key === newcomer.key || c.a.key === newcomer.key;
    const conflict = result.conflicts.find(mine);
    if (conflict) {
      const [held1, incoming] = conflict.b.key === newcomer.key ? [conflict.a, conflict.b] : [conflict.b, conflict.a];
      throw badRequest('chemicals.taboo.refused', [field], {
        a: nameIn(lang, held1),
        b: nameIn(lang, incoming),
        reason: renderMessage(lang, conflict.rule.reason.code, conflict.rule.reason.params),
      });
    }
    // Stock quantity rules (StorageFacilitiesStockRules): of this substance, or of everything in the store.
    const notices: string[] = [];
    const heldOf = new Map(held);
    for (const r of ctx.rules) {
      const max = typeof r.max === 'number' ? r.max : null;
      if (max === null || (typeof r.substance === 'string' && r.substance !== '' && r.substance !== s.code)) {
        continue;
      }
      const after = typeof r.substance === 'string' && r.substance !== '' ? (heldOf.get(s.cas as string) ?? 0) + quantity : total;
      if (after > max + EPS) {
        const params = { rule: typeof r.name === 'string' ? r.name : r.title, max, total: round(after) };
        if (r.action === 'refuse') {
          throw badRequest('chemicals.stockRule.refused', ['quantity'], params);
        }
        notices.push(renderMessage(lang, 'chemicals.stockRule.warned', params));
      }
    }
    for (const p of ctx.prompts) {
      notices.push(`${typeof p.subject === 'string' ? p.subject : p.title}：${typeof p.content === 'string' ? p.content : ''}`);
    }
    return { warnings: result.warnings.filter(mine), notices };
  }

  return {
    async stockIn(caller, input, lang) {
      const st = await storeOf(caller, input.storeId);
      const s = substance(input.cas);
      const ctx = await contextOf(st.id);
      return inTransaction(store.db, async (tx) => {
        await lockKeyInTransaction(tx, `chemical-store:${st.id}`);
        const { warnings, notices } = await checkIn(tx, st, s, input.quantity, lang, 'cas', ctx);
        const movement = await insert(tx, caller, { store_id: st.id, kind: 'in', cas: s.cas as string, delta: input.quantity, batch: input.batch, remark: input.remark });
        await audit(tx, caller, 'chemical.stockIn', def.entity, st.id, { movement: movement.id, cas: movement.cas, quantity: input.quantity, batch: input.batch ?? null });
        return { movement, warnings, notices };
      });
    },

    async stockOut(caller, input) {
      const st = await storeOf(caller, input.storeId);
      const s = substance(input.cas);
      return inTransaction(store.db, async (tx) => {
        await lockKeyInTransaction(tx, `chemical-store:${st.id}`);
        const have = (await stockOf(tx, st.id)).get(s.cas as string) ?? 0;
        if (input.quantity > have + EPS) {
          throw badRequest('chemicals.notEnoughStock', ['quantity'], { name: s.name.zh, have: round(have) });
        }
        const movement = await insert(tx, caller, { store_id: st.id, kind: 'out', cas: s.cas as string, delta: -input.quantity, batch: input.batch, remark: input.remark });
        await audit(tx, caller, 'chemical.stockOut', def.entity, st.id, { movement: movement.id, cas: movement.cas, quantity: input.quantity, batch: input.batch ?? null });
        return { movement };
      });
    },

    async transfer(caller, input, lang) {
      if (input.fromStoreId === input.toStoreId) {
        throw badRequest('chemicals.sameStore', ['toStoreId']);
      }
      const from = await storeOf(caller, input.fromStoreId);
      const to = await storeOf(caller, input.toStoreId);
      const s = substance(input.cas);
      const ctx = await contextOf(to.id);
      return inTransaction(store.db, async (tx) => {
        // Both locks in id order, so two opposite transfers cannot wait on each other.
        for (const id of [from.id, to.id].sort((a, b) => a - b)) {
          await lockKeyInTransaction(tx, `chemical-store:${id}`);
        }
        const have = (await stockOf(tx, from.id)).get(s.cas as string) ?? 0;
        if (input.quantity > have + EPS) {
          throw badRequest('chemicals.notEnoughStock', ['quantity'], { name: s.name.zh, have: round(have) });
        }
        const { warnings } = await checkIn(tx, to, s, input.quantity, lang, 'cas', ctx);
        const base = { cas: s.cas as string, batch: input.batch, remark: input.remark };
        const out = await insert(tx, caller, { ...base, store_id: from.id, kind: 'transferOut', delta: -input.quantity, other: to.id });
        const inn = await insert(tx, caller, { ...base, store_id: to.id, kind: 'transferIn', delta: input.quantity, other: from.id });
        await audit(tx, caller, 'chemical.transfer', def.entity, from.id, { out: out.id, in: inn.id, to: to.id, cas: base.cas, quantity: input.quantity });
        return { out, in: inn, warnings };
      });
    },

    async inventory(caller, input) {
      // The stores the caller may see (view permission, region isolation), then the sums of their movements.
      const { items: stores } = await deps.records.list(caller, def, recordListInput.parse({ page: 1, pageSize: 200 }));
      const visible = new Map(stores.filter((st) => input.storeId === undefined || st.id === input.storeId).map((st) => [st.id, st]));
      if (visible.size === 0) {
        return [];
      }
      const rows = await store.db
        .selectFrom('chemical_movement')
        .select(['store_id', 'cas', (eb) => eb.fn.sum<number>('delta').as('qty')])
        .where('store_id', 'in', [...visible.keys()])
        .groupBy(['store_id', 'cas'])
        .orderBy('store_id')
        .orderBy('cas')
        .execute();
      return rows
        .map((r) => ({ ...r, qty: round(Number(r.qty)) }))
        .filter((r) => r.qty > EPS)
        .map((r) => {
          const st = visible.get(r.store_id)!;
          const s = byCas.get(r.cas);
          return {
            storeId: r.store_id,
            store: typeof st.name === 'string' ? st.name : st.title,
            regionid: st.regionid,
            cas: r.cas,
            name: s?.name.zh ?? r.cas,
            nameEn: s?.name.en ?? r.cas,
            quantity: r.qty,
            capacity: typeof st.capacity === 'number' ? st.capacity : null,
          };
        });
    },

    async tabooCheck(refs) {
      const subs = refs.map((r, i) => {
        const s = r.cas ? byCas.get(r.cas) : catalogue.find((x) => x.name.zh === r.name || x.name.en === r.name || x.synonyms?.includes(r.name ?? ''));
        if (!s) {
          throw badRequest('chemicals.unknownSubstance', [`substances.${i}`], { cas: r.cas ?? r.name ?? '' });
        }
        return tabooOf(s);
      });
      return tabooCheck(subs, (await effectiveMatrix(store.db)).matrix);
    },

    async importStock(caller, rows, lang) {
      const stores = new Map<number, RecordItem>();
      for (const r of rows) {
        if (!stores.has(r.storeId)) {
          stores.set(r.storeId, await storeOf(caller, r.storeId));
        }
      }
      const subs = rows.map((r, i) => substance(r.cas, `rows.${i}.cas`));
      const ctxs = new Map<number, InContext>();
      for (const id of stores.keys()) {
        ctxs.set(id, await contextOf(id));
      }
      return inTransaction(store.db, async (tx) => {
        for (const id of [...stores.keys()].sort((a, b) => a - b)) {
          await lockKeyInTransaction(tx, `chemical-store:${id}`);
        }
        for (const [i, r] of rows.entries()) {
          const st = stores.get(r.storeId)!;
          await checkIn(tx, st, subs[i], r.quantity, lang, `rows.${i}.cas`, ctxs.get(st.id)!);
          await insert(tx, caller, { store_id: st.id, kind: 'in', cas: subs[i].cas as string, delta: r.quantity, batch: r.batch, remark: 'import' });
        }
        await audit(tx, caller, 'chemical.importStock', def.entity, 'import', { rows: rows.length });
        return { saved: rows.length };
      });
    },

    stockOf,
    insert,
    substance,
  };
}
