import type { z } from 'zod';
import type {
  basicDatabaseDetailCall,
  basicDatabaseListCall,
  CatalogueItem,
  CountRow,
  dataSummaryCall,
  fileExpiryCheckCall,
  getTabooRulesCall,
  inventorySearchCall,
  inventoryStatisticsCall,
  MovementRow,
  StockConflict,
  submitInventoryCall,
  submitTabooRulesCall,
  warehouseSearchCall,
} from '../../../shared/chemicals/calls.js';
import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import { chemicalInfoLedger, databaseDetailsConfigLedger } from '../../../shared/chemicals/ledgers.js';
import { defaultSubstanceRules, tabooCheck } from '../../../shared/domain/storage-compatibility.js';
import { storageClasses, storageClassCodes, type StorageClass } from '../../../shared/domain/storage-classes.js';
import type { Substance } from '../../../shared/domain/substances.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import { recordListInput, type RecordItem } from '../../../shared/records/contracts.js';
import type { ReminderValue } from '../../../shared/records/validator.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, lockKeyInTransaction, type Store } from '../../store/db.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { MajorHazardPort } from '../major-hazard/port.js';
import type { RecordsPort } from '../records/port.js';
import { tabooOf, type ChemicalsService } from './chemicals.service.js';
import { effectiveMatrix, pairKey, writeEdits } from './taboo-rules.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type Out<C extends { output: z.ZodType }> = z.output<C['output']>;
const EPS = 1e-9;
const DAY = 86_400_000;
const round = (x: number) => Math.round(x * 1e6) / 1e6;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/*
 * The chemicals area's views and calls besides stock-in and out (issue 26 §1):
 * the one catalogue (read through the major-hazard port) as the management
 * database with the plant's stock; stock by chemical and by store; the
 * movements; inventory counts; the taboo matrix as plant data; file expiry;
 * the portal's summary. Stock is always the sum of the movements of the
 * stores the caller may see (region isolation of the store ledger).
 */
export function createChemicalViews(
  store: Store,
  deps: { records: RecordsPort; catalogue: MajorHazardPort; chem: ChemicalsService; hiddenDangers: HiddenDangersPort; log?: { warn: (o: object, msg: string) => void }; now?: () => number },
) {
  const now = deps.now ?? Date.now;
  const db = store.db;
  const catalogue = deps.catalogue.catalogue();
  const byCas = new Map<string, Substance>(catalogue.filter((s) => s.cas).map((s) => [s.cas as string, s]));
  const nameOf = (cas: string) => byCas.get(cas)?.name ?? { zh: cas, en: cas };
  const storeName = (st: RecordItem) => str(st.name) ?? st.title;

  async function visibleStores(caller: AuthUser): Promise<Map<number, RecordItem>> {
    const { items } = await deps.records.list(caller, chemicalStoreLedger, recordListInput.parse({ page: 1, pageSize: 1000 }));
    return new Map(items.map((st) => [st.id, st]));
  }

  /** Stock per store and CAS (above nothing) in the given stores. */
  async function stock(storeIds: number[]): Promise<{ store_id: number; cas: string; qty: number }[]> {
    if (!storeIds.length) {
      return [];
    }
    const rows = await db
      .selectFrom('chemical_movement')
      .select(['store_id', 'cas', (eb) => eb.fn.sum<number>('delta').as('qty')])
      .where('store_id', 'in', storeIds)
      .groupBy(['store_id', 'cas'])
      .execute();
    return rows.map((r) => ({ store_id: r.store_id, cas: r.cas, qty: round(Number(r.qty)) })).filter((r) => r.qty > EPS);
  }

  function itemOf(s: Substance, inPlant: Set<string>, stockByCas: Map<string, number>): CatalogueItem {
    return {
      code: s.code,
      name: s.name.zh,
      nameEn: s.name.en || s.name.zh,
      cas: s.cas,
      un: s.un,
      classes: [...s.storageClasses],
      categories: [...s.categories],
      oel: s.oel ? { mac: s.oel.mac, twa: s.oel.twa, stel: s.oel.stel, unit: 'mg/m³' } : null,
      hasMsds: s.msds !== null,
      inPlant: inPlant.has(s.code),
      stock: round(s.cas ? (stockByCas.get(s.cas) ?? 0) : 0),
    };
  }

  async function plantCodes(): Promise<{ codes: Set<string>; records: RecordItem[] }> {
    const records = await deps.records.allRecords(chemicalInfoLedger);
    return { codes: new Set(records.map((r) => str(r.substance)).filter((x): x is string => x !== null)), records };
  }

  async function stockByCas(caller: AuthUser): Promise<Map<string, number>> {
    const m = new Map<string, number>();
    for (const r of await stock([...(await visibleStores(caller)).keys()])) {
      m.set(r.cas, (m.get(r.cas) ?? 0) + r.qty);
    }
    return m;
  }

  /** Pairs in stock (per store, what it holds now) the effective matrix refuses or warns. */
  async function inStockConflicts(caller: AuthUser, lang: Lang): Promise<StockConflict[]> {
    const stores = await visibleStores(caller);
    const { matrix } = await effectiveMatrix(db);
    const held = new Map<number, Substance[]>();
    for (const r of await stock([...stores.keys()])) {
      const s = byCas.get(r.cas);
      if (s) {
        held.set(r.store_id, [...(held.get(r.store_id) ?? []), s]);
      }
    }
    const out: StockConflict[] = [];
    for (const [storeId, subs] of held) {
      const r = tabooCheck(subs.map(tabooOf), matrix);
      for (const c of [...r.conflicts, ...r.warnings]) {
        out.push({
          storeId,
          pair: [c.a.cas ?? c.a.key, c.b.cas ?? c.b.key].sort().join('|'),
          store: storeName(stores.get(storeId)!),
          a: `${lang === 'en' ? (c.a.nameEn ?? c.a.name) : c.a.name} (${c.a.cas ?? c.a.key})`,
          b: `${lang === 'en' ? (c.b.nameEn ?? c.b.name) : c.b.name} (${c.b.cas ?? c.b.key})`,
          mark: c.rule.mark,
          reason: renderMessage(lang, c.rule.reason.code, c.rule.reason.params),
        });
      }
    }
    return out;
  }

  async function fileExpiry(caller: AuthUser, days: number): Promise<Out<typeof fileExpiryCheckCall>['items']> {
    const { items } = await deps.records.list(caller, chemicalInfoLedger, recordListInput.parse({ page: 1, pageSize: 1000 }));
    const t = now();
    const out: Out<typeof fileExpiryCheckCall>['items'] = [];
    for (const r of items) {
      for (const file of ['msds', 'licence'] as const) {
        const v = r[file] as ReminderValue | null | undefined;
        if (!v || typeof v.expires !== 'number') {
          continue;
        }
        const left = Math.floor((v.expires - t) / DAY);
        if (left <= days) {
          const s = catalogue.find((x) => x.code === r.substance);
          out.push({ id: r.id, substance: str(r.substance) ?? '', name: s?.name.zh ?? '', nameEn: s?.name.en ?? '', file, expires: v.expires, days: left });
        }
      }
    }
    return out.sort((a, b) => a.expires - b.expires);
  }

  /**
   * A pair in stock the matrix now refuses is a 重大 hidden danger (DOMAIN.md §10): one is reported to the
   * hidden-danger register per store and pair (category 危化品储存), by whoever changed the rules, and
   * registered 重大 under item 20 of the 2017 criteria; it is assigned and closed there. Answers how many were opened.
   */
  async function openDangers(caller: AuthUser, conflicts: StockConflict[]): Promise<number> {
    let opened = 0;
    for (const c of conflicts) {
      const seen = await db.selectFrom('chemical_taboo_danger').select('danger_id').where('store_id', '=', c.storeId).where('pair', '=', c.pair).executeTakeFirst();
      if (seen) {
        continue;
      }
      const st = (await deps.records.allRecords(chemicalStoreLedger)).find((s) => s.id === c.storeId);
      if (!st || typeof st.region !== 'number') {
        continue;
      }
      try {
        const danger = await deps.hiddenDangers.report(caller, {
          title: renderMessage('zh', 'chemicals.danger.title', { store: c.store, a: c.a, b: c.b }).slice(0, 100),
          category: 'storage',
          source: 'check',
          region: st.region,
          place: c.store,
          detail: renderMessage('zh', 'chemicals.danger.detail', { reason: c.reason }),
          // 121 号 item 20: mutually incompatible substances stored together — 重大 by rule.
          criteria: [20],
        });
        await db.insertInto('chemical_taboo_danger').values({ store_id: c.storeId, pair: c.pair, danger_id: danger.id, at: now() }).execute();
        opened++;
      } catch (err) {
        // The rule change stands; the pair stays listed on the taboo page until the stock is moved.
        deps.log?.warn({ err }, 'chemicals: could not report a hidden danger for a pair in stock');
      }
    }
    return opened;
  }

  return {
    isAdmin: (caller: AuthUser) => ({ isAdmin: caller.permissions.has('chemical:manage') || caller.permissions.has('chemical:database') }),

    permissionNumbers(caller: AuthUser) {
      const level = (edit: string) => (caller.permissions.has(edit) ? 2 : caller.permissions.has('chemical:view') ? 1 : 0);
      return { HXP_TJ: level('chemical:info'), HXP_JCK: level('chemical:database'), HXP_CCSS: level('chemical:manage') };
    },

    async basicList(caller: AuthUser, input: In<typeof basicDatabaseListCall>): Promise<Out<typeof basicDatabaseListCall>> {
      const [{ codes }, stocks] = await Promise.all([plantCodes(), stockByCas(caller)]);
      const k = input.keyword?.toLowerCase();
      const all = catalogue
        .filter((s) => !k || s.name.zh.includes(k) || s.name.en.toLowerCase().includes(k) || (s.cas ?? '').includes(k) || s.synonyms.some((x) => x.includes(k)))
        .filter((s) => !input.storageClass || s.storageClasses.includes(input.storageClass as StorageClass))
        .filter((s) => input.inPlant === undefined || codes.has(s.code) === input.inPlant)
        .map((s) => itemOf(s, codes, stocks));
      return { items: all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), total: all.length };
    },

    async basicDetail(caller: AuthUser, input: In<typeof basicDatabaseDetailCall>, lang: Lang): Promise<Out<typeof basicDatabaseDetailCall>> {
      const s = catalogue.find((x) => x.code === input.code || x.cas === input.code);
      if (!s) {
        throw badRequest('chemicals.unknownSubstance', ['code'], { cas: input.code });
      }
      const [{ codes, records }, stores, config] = await Promise.all([plantCodes(), visibleStores(caller), deps.records.allRecords(databaseDetailsConfigLedger)]);
      const rows = s.cas ? (await stock([...stores.keys()])).filter((r) => r.cas === s.cas) : [];
      const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
      const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${v} ${unit}`);
      const base: { key: string; title: string; value: string }[] = [
        { key: 'cas', title: L('CAS号', 'CAS No.'), value: s.cas ?? '—' },
        { key: 'un', title: L('UN号', 'UN No.'), value: s.un ?? '—' },
        { key: 'storageClasses', title: L('储存类别', 'Storage classes'), value: s.storageClasses.map((c) => storageClasses[c][lang]).join('、') || '—' },
        { key: 'categories', title: L('GB 18218 危险性类别', 'GB 18218 categories'), value: s.categories.join(', ') || '—' },
        {
          key: 'oel',
          title: L('职业接触限值', 'Exposure limits'),
          value: s.oel ? `MAC ${fmt(s.oel.mac, 'mg/m³')} · PC-TWA ${fmt(s.oel.twa, 'mg/m³')} · PC-STEL ${fmt(s.oel.stel, 'mg/m³')}` : '—',
        },
        {
          key: 'physical',
          title: L('理化特性', 'Physical data'),
          value: `${L('闪点', 'Flash point')} ${fmt(s.physical.flashPointC, '°C')} · ${L('沸点', 'Boiling point')} ${fmt(s.physical.boilingPointC, '°C')} · ${L('摩尔质量', 'Molar mass')} ${s.physical.molarMass} g/mol`,
        },
        { key: 'msdsSheet', title: L('安全技术说明书', 'Safety data sheet'), value: s.msds ? L('有（16 部分）', 'Yes (16 sections)') : L('无', 'None') },
      ];
      // DatabaseDetailsConfig: hidden fields left out, titles replaced, in its order; unconfigured fields keep the default order after.
      const conf = new Map(config.map((c) => [str(c.field), c]));
      const fields = base
        .filter((f) => conf.get(f.key)?.shown !== 'no')
        .map((f, i) => ({ ...f, title: str(conf.get(f.key)?.label) ?? f.title, order: typeof conf.get(f.key)?.sort === 'number' ? (conf.get(f.key)!.sort as number) : 1000 + i }))
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...f }) => f);
      return {
        ...itemOf(s, codes, new Map(s.cas ? [[s.cas, rows.reduce((x, r) => x + r.qty, 0)]] : [])),
        fields,
        stores: rows.map((r) => ({ storeId: r.store_id, store: storeName(stores.get(r.store_id)!), quantity: r.qty })),
        records: records.filter((r) => r.substance === s.code).map((r) => ({ id: r.id, dept: typeof r.dept === 'number' ? r.dept : null, use: str(r.use) })),
      };
    },

    async statistics(caller: AuthUser, _input: In<typeof inventoryStatisticsCall>): Promise<Out<typeof inventoryStatisticsCall>> {
      const stores = await visibleStores(caller);
      const rows = await stock([...stores.keys()]);
      const chem = new Map<string, { quantity: number; stores: Set<number> }>();
      const st = new Map<number, { quantity: number; substances: number }>();
      for (const r of rows) {
        const c = chem.get(r.cas) ?? { quantity: 0, stores: new Set<number>() };
        c.quantity += r.qty;
        c.stores.add(r.store_id);
        chem.set(r.cas, c);
        const s = st.get(r.store_id) ?? { quantity: 0, substances: 0 };
        s.quantity += r.qty;
        s.substances++;
        st.set(r.store_id, s);
      }
      return {
        byChemical: [...chem.entries()]
          .map(([cas, c]) => ({ cas, name: nameOf(cas).zh, nameEn: nameOf(cas).en || nameOf(cas).zh, quantity: round(c.quantity), stores: c.stores.size }))
          .sort((a, b) => b.quantity - a.quantity),
        byStore: [...stores.values()].map((s) => ({
          storeId: s.id,
          store: storeName(s),
          quantity: round(st.get(s.id)?.quantity ?? 0),
          capacity: typeof s.capacity === 'number' ? s.capacity : null,
          substances: st.get(s.id)?.substances ?? 0,
        })),
      };
    },

    async movements(caller: AuthUser, input: In<typeof warehouseSearchCall>): Promise<Out<typeof warehouseSearchCall>> {
      const stores = await visibleStores(caller);
      const ids = [...stores.keys()].filter((id) => input.storeId === undefined || id === input.storeId);
      if (!ids.length) {
        return { items: [], total: 0 };
      }
      let q = db.selectFrom('chemical_movement').where('store_id', 'in', ids);
      if (input.cas) {
        q = q.where('cas', '=', input.cas);
      }
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize)
          .execute(),
      ]);
      const items: MovementRow[] = rows.map((r) => ({
        id: Number(r.id),
        storeId: r.store_id,
        store: storeName(stores.get(r.store_id)!),
        kind: r.kind as MovementRow['kind'],
        cas: r.cas,
        name: nameOf(r.cas).zh,
        nameEn: nameOf(r.cas).en || nameOf(r.cas).zh,
        delta: Number(r.delta),
        batch: r.batch,
        remark: r.remark,
        by: r.loginname,
        at: Number(r.at),
      }));
      return { items, total: Number(n) };
    },

    async submitCount(caller: AuthUser, input: In<typeof submitInventoryCall>): Promise<CountRow> {
      const st = (await deps.records.get(caller, chemicalStoreLedger, input.storeId)).record;
      const s = deps.chem.substance(input.cas);
      return inTransaction(db, async (tx) => {
        await lockKeyInTransaction(tx, `chemical-store:${st.id}`);
        const book = round((await deps.chem.stockOf(tx, st.id)).get(input.cas) ?? 0);
        const difference = round(input.counted - book);
        const movement =
          input.adjust && Math.abs(difference) > EPS
            ? await deps.chem.insert(tx, caller, { store_id: st.id, kind: 'count', cas: input.cas, delta: difference, remark: input.remark ?? 'inventory count' })
            : null;
        const at = now();
        const { id } = await tx
          .insertInto('chemical_count')
          .values({ store_id: st.id, cas: input.cas, book, counted: input.counted, difference, movement_id: movement?.id ?? null, remark: input.remark ?? null, loginname: caller.loginname, at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, caller, 'chemical.count', chemicalStoreLedger.entity, st.id, { count: Number(id), cas: input.cas, book, counted: input.counted, difference, adjusted: !!movement });
        return {
          id: Number(id),
          storeId: st.id,
          store: storeName(st),
          cas: input.cas,
          name: s.name.zh,
          book,
          counted: input.counted,
          difference,
          adjusted: !!movement,
          by: caller.loginname,
          at,
          remark: input.remark ?? null,
        };
      });
    },

    async counts(caller: AuthUser, input: In<typeof inventorySearchCall>): Promise<Out<typeof inventorySearchCall>> {
      const stores = await visibleStores(caller);
      const ids = [...stores.keys()].filter((id) => input.storeId === undefined || id === input.storeId);
      if (!ids.length) {
        return { items: [], total: 0 };
      }
      const q = db.selectFrom('chemical_count').where('store_id', 'in', ids);
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize)
          .execute(),
      ]);
      return {
        total: Number(n),
        items: rows.map((r) => ({
          id: Number(r.id),
          storeId: r.store_id,
          store: storeName(stores.get(r.store_id)!),
          cas: r.cas,
          name: nameOf(r.cas).zh,
          book: Number(r.book),
          counted: Number(r.counted),
          difference: Number(r.difference),
          adjusted: r.movement_id !== null,
          by: r.loginname,
          at: Number(r.at),
          remark: r.remark,
        })),
      };
    },

    async tabooRules(caller: AuthUser, lang: Lang): Promise<Out<typeof getTabooRulesCall>> {
      const { matrix, edited } = await effectiveMatrix(db);
      const cells: Out<typeof getTabooRulesCall>['cells'] = [];
      storageClassCodes.forEach((a, i) => {
        for (const b of storageClassCodes.slice(i)) {
          const [x, y] = pairKey(a, b);
          cells.push({ a: x, b: y, mark: matrix[x][y].mark, reason: renderMessage(lang, matrix[x][y].reason), edited: edited.has(`${x}/${y}`) });
        }
      });
      return {
        classes: storageClassCodes.map((c) => ({ code: c, zh: storageClasses[c].zh, en: storageClasses[c].en })),
        cells,
        substanceRules: defaultSubstanceRules.map((r) => ({ id: r.id, cas: [...r.cas], mark: r.mark, reason: renderMessage(lang, r.reason) })),
        inStock: await inStockConflicts(caller, lang),
      };
    },

    async submitTabooRules(caller: AuthUser, input: In<typeof submitTabooRulesCall>, lang: Lang): Promise<Out<typeof submitTabooRulesCall>> {
      const changed = await inTransaction(db, async (tx) => {
        await lockKeyInTransaction(tx, 'chemical-taboo-rules');
        const n = await writeEdits(tx, input.cells as { a: StorageClass; b: StorageClass; mark: 'share' | 'separate' | 'forbid' | 'default' }[], caller.loginname, now());
        await audit(tx, caller, 'chemical.tabooRules', 'ChemicalTabooRule', 'matrix', { cells: input.cells, changed: n });
        return n;
      });
      const inStock = (await inStockConflicts(caller, lang)).filter((c) => c.mark === 'forbid');
      return { changed, inStock, dangers: await openDangers(caller, inStock) };
    },

    fileExpiry: (caller: AuthUser, input: In<typeof fileExpiryCheckCall>) => fileExpiry(caller, input.days).then((items) => ({ items })),

    async summary(caller: AuthUser, lang: Lang): Promise<Out<typeof dataSummaryCall>> {
      const stores = await visibleStores(caller);
      const ids = [...stores.keys()];
      const since = now() - 30 * DAY;
      const [rows, { codes }, conflicts, expiring, moves, counts] = await Promise.all([
        stock(ids),
        plantCodes(),
        inStockConflicts(caller, lang),
        fileExpiry(caller, 30),
        ids.length
          ? db.selectFrom('chemical_movement').where('store_id', 'in', ids).where('at', '>=', since).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
          : { n: 0 },
        ids.length
          ? db.selectFrom('chemical_count').where('store_id', 'in', ids).where('at', '>=', since).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
          : { n: 0 },
      ]);
      return {
        catalogue: catalogue.length,
        chemicals: codes.size,
        stores: stores.size,
        stockTotal: round(rows.reduce((x, r) => x + r.qty, 0)),
        movements30d: Number(moves.n),
        inStockConflicts: conflicts.filter((c) => c.mark === 'forbid').length,
        expiring: expiring.length,
        counts30d: Number(counts.n),
      };
    },

    /** The stores' ids by code, among the caller's (for an import naming stores by code). */
    async storeIdsByCode(caller: AuthUser): Promise<Map<string, number>> {
      return new Map([...(await visibleStores(caller)).values()].map((s) => [str(s.code) ?? '', s.id]));
    },
  };
}
export type ChemicalViews = ReturnType<typeof createChemicalViews>;
