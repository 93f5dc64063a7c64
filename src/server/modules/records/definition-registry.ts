import { recordCallSuffixes, recordContracts, seedCallContracts, type RecordContracts, type SeedCall } from '../../../shared/records/contracts.js';
import { UNAVAILABLE_TYPES } from '../../../shared/records/field-catalogue.js';
import { assertAvailableTypes } from './records.fields.js';
import { CHEMICAL_STORE_REF, fieldTypes, ledgerHref, recordDefinition, refOf, type RecordDefinition, type WorkflowDef } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Store, Tx } from '../../store/db.js';
import { transactThenPublish, type DomainEvents } from '../../stream/bus.js';
import type { DictionaryRegistry } from './dictionary-registry.js';
import { createRecordsRepository, docOf } from './records.repository.js';

/** Field types whose stored value is a number (compared and sorted as one). */
export const NUMERIC_TYPES: number[] = [
  fieldTypes.number,
  fieldTypes.time,
  fieldTypes.dept,
  fieldTypes.region,
  fieldTypes.person,
  fieldTypes.post,
  fieldTypes.workType,
  fieldTypes.link,
  fieldTypes.chemicalStore,
];
/** Field types filtered by "contains" (`like '%x%'`), which no index serves. */
export const TEXT_TYPES: number[] = [fieldTypes.text, fieldTypes.remark, fieldTypes.plainText, fieldTypes.device, fieldTypes.blankText, fieldTypes.systemLabel];
const SCALAR_TYPES: number[] = [...NUMERIC_TYPES, ...TEXT_TYPES, fieldTypes.enum, fieldTypes.businessCategory, fieldTypes.chemicalCategory, fieldTypes.chemical];

/**
 * The document fields worth an index: filters compared exactly or by range
 * (enumerations, numbers, times, departments…) and the columns a list is
 * sorted by. Text filters are `contains` and get none. `filter`: the field is
 * one of the list's exact filters.
 */
export function indexedFields(def: RecordDefinition): { key: string; numeric: boolean; filter: boolean }[] {
  const exact = new Set(def.list.filters.filter((k) => !TEXT_TYPES.includes(def.fields.find((f) => f.key === k)?.type ?? 0)));
  const keys = new Set([...def.list.columns, def.list.sort.field, ...exact]);
  return def.fields
    .filter((f) => keys.has(f.key) && SCALAR_TYPES.includes(f.type) && f.type !== fieldTypes.remark && f.type !== fieldTypes.plainText)
    .map((f) => ({ key: f.key, numeric: NUMERIC_TYPES.includes(f.type), filter: exact.has(f.key) }));
}

/**
 * A built-in ledger names who may edit (which is also who may import) and who
 * may delete (issue 18 item 8): an empty grant would let any signed-in user do
 * it without anyone having decided so. `SIGNED_IN` says that on purpose.
 */
export function assertDeclaredPermissions(def: RecordDefinition): void {
  for (const action of ['edit', 'delete'] as const) {
    if (def.permissions[action].length === 0) {
      throw new Error(`built-in ledger ${def.area}/${def.entity} declares no ${action} permission (name the roles or permissions, or SIGNED_IN)`);
    }
  }
}

export interface DefinitionEntry {
  definition: RecordDefinition;
  builtin: boolean;
  version: number;
  updated: number;
  updatedBy: string;
  /** The ledger's calls, with its validator: built once per version. */
  contracts: RecordContracts;
  /** The calls the seed names for it, on the same handlers. */
  seedCalls: SeedCall[];
}

/** Every call name a ledger answers under `/UAPI/<area>/`: the generic ones and the seed's. */
export const callNamesOf = (def: RecordDefinition): string[] => [...recordCallSuffixes.map((s) => def.entity + s), ...def.seedCalls.map((c) => c.name)];

/**
 * Every ledger the server knows: the built-in ones from code, and the ones
 * administrators defined at run time (stored as JSON). A saved definition
 * takes effect at once: its calls resolve through this registry on every request.
 */
export interface DefinitionRegistry {
  ready: Promise<void>;
  get(entity: string): RecordDefinition | undefined;
  entry(entity: string): DefinitionEntry | undefined;
  /** The ledger a call path names (`/UAPI/<area>/<entity><call>`). */
  byArea(area: string, entity: string): DefinitionEntry | undefined;
  /** The ledger that has a seed-named call `/UAPI/<area>/<name>`. */
  bySeedCall(area: string, name: string): DefinitionEntry | undefined;
  all(): DefinitionEntry[];
  save(caller: AuthUser, def: RecordDefinition, version: number | undefined): Promise<DefinitionEntry>;
  /**
   * Gives ledgers defined in the designer new workflows (the flow library's
   * steps) in one transaction, each a new definition version with its audit
   * row; `also` writes in the same transaction (the library row, the binding).
   */
  setWorkflows<T>(caller: AuthUser, changes: { entity: string; workflow: WorkflowDef | undefined }[], also: (tx: Tx) => Promise<T>): Promise<T>;
  remove(caller: AuthUser, entity: string): Promise<void>;
  /** Re-reads stored definitions (another node changed one). */
  reload(): Promise<void>;
  /** The name of a ledger with a field naming this dictionary (`name_en` for English), if any. */
  usingDictionary(code: string): { ledger: string; ledger_en: string } | undefined;
}

export function createDefinitionRegistry(store: Store, events: Pick<DomainEvents, 'publish'>, builtIns: RecordDefinition[], dictionaries: DictionaryRegistry): DefinitionRegistry {
  const repo = createRecordsRepository(store.db);
  const entries = new Map<string, DefinitionEntry>();
  const builtInNames = new Set(builtIns.map((d) => d.entity));
  for (const d of builtIns) {
    assertDeclaredPermissions(d);
  }

  const entryOf = (definition: RecordDefinition, builtin: boolean, version: number, updated: number, updatedBy: string): DefinitionEntry => {
    const contracts = recordContracts(definition, dictionaries.live);
    return { definition, builtin, version, updated, updatedBy, contracts, seedCalls: seedCallContracts(definition, contracts) };
  };

  async function reload() {
    const rows = await repo.definitions();
    entries.clear();
    for (const d of builtIns) {
      entries.set(d.entity, entryOf(d, true, 1, 0, 'system'));
    }
    for (const r of rows) {
      if (r.builtin || builtInNames.has(r.entity)) {
        continue;
      }
      const parsed = recordDefinition.safeParse(docOf(r.doc));
      if (parsed.success) {
        entries.set(r.entity, entryOf(parsed.data, false, r.version, Number(r.updated_at), r.updated_by));
      }
    }
  }

  /**
   * The menu entry of a run-time ledger. The base-data sync at start removes
   * menus no module declares, so entries are written again after it, and on
   * every save. Grants go to the definition's roles when the entry is created.
   * (Writes the organisation's menu tables: menus have no service interface yet.)
   */
  async function syncMenu(tx: Tx, def: RecordDefinition | undefined, entity: string) {
    const href = ledgerHref(entity);
    const existing = await tx.selectFrom('menu').select('menuid').where('href', '=', href).executeTakeFirst();
    if (!def?.menu) {
      if (existing) {
        await tx.deleteFrom('role_menu').where('menuid', '=', existing.menuid).execute();
        await tx.deleteFrom('menu').where('menuid', '=', existing.menuid).execute();
      }
      return;
    }
    const parent = await tx.selectFrom('menu').select(['menuid', 'eightyEightType']).where('href', '=', def.menu.parent).executeTakeFirst();
    const values = {
      parentid: parent?.menuid ?? 0,
      name: def.name.zh,
      name_en: def.name.en,
      href,
      parameter: '',
      type: 2,
      skiptype: 0,
      eightyEightType: parent?.eightyEightType ?? 0,
      icon: 'table',
      sort: def.menu.sort,
    };
    if (existing) {
      await tx.updateTable('menu').set(values).where('menuid', '=', existing.menuid).execute();
      return;
    }
    const { menuid } = await tx.insertInto('menu').values(values).returning('menuid').executeTakeFirstOrThrow();
    const roles = await tx.selectFrom('role').select('roleid').where('rolecode', 'in', ['admin', ...def.menu.roles]).execute();
    if (roles.length) {
      await tx
        .insertInto('role_menu')
        .values(roles.map((r) => ({ roleid: r.roleid, menuid })))
        .execute();
    }
  }

  const ready = reload()
    .then(() =>
      store.db.transaction().execute(async (tx) => {
        for (const e of entries.values()) {
          if (!e.builtin) {
            await syncMenu(tx, e.definition, e.definition.entity);
          }
        }
      }),
    )
    .then(async () => {
      for (const e of entries.values()) {
        await repo.ensureIndexes(e.definition.entity, indexedFields(e.definition));
      }
    });

  return {
    ready,
    reload,
    get: (entity) => entries.get(entity)?.definition,
    entry: (entity) => entries.get(entity),
    byArea(area, entity) {
      const e = entries.get(entity);
      return e && e.definition.area === area ? e : undefined;
    },
    bySeedCall(area, name) {
      return [...entries.values()].find((e) => e.definition.area === area && e.definition.seedCalls.some((c) => c.name === name));
    },
    all: () => [...entries.values()],
    usingDictionary(code) {
      const names = (f: { dictionary?: string; columns?: { dictionary?: string }[] }) => f.dictionary === code || (f.columns ?? []).some((c) => c.dictionary === code);
      const d = [...entries.values()].map((e) => e.definition).find((x) => x.fields.some(names));
      return d ? { ledger: d.name.zh, ledger_en: d.name.en || d.name.zh } : undefined;
    },

    async save(caller, def, version) {
      if (builtInNames.has(def.entity)) {
        throw badRequest('records.builtInLedger', ['definition.entity']);
      }
      // Types whose choices do not exist yet (unclosed permits, chemical storage zones) are refused with their number.
      assertAvailableTypes(def, UNAVAILABLE_TYPES);
      // A storage-facility field needs the chemicals module's ledger.
      def.fields.forEach((f, i) => {
        if (f.type === fieldTypes.chemicalStore && !entries.has(CHEMICAL_STORE_REF.entity)) {
          throw badRequest('records.linkUnknownLedger', [`definition.fields.${i}.type`], { entity: CHEMICAL_STORE_REF.entity });
        }
      });
      // An enumeration without its own options takes them from a dictionary entry that must exist.
      def.fields.forEach((f, i) => {
        for (const [path, x] of [[`definition.fields.${i}.dictionary`, f] as const, ...(f.columns ?? []).map((c, j) => [`definition.fields.${i}.columns.${j}.dictionary`, c] as const)]) {
          if (x.dictionary && !x.options?.length && !dictionaries.has(x.dictionary)) {
            throw badRequest('records.unknownDictionary', [path], { code: x.dictionary });
          }
        }
      });
      // A link names a ledger this server knows (or itself) and that ledger's fields.
      def.fields.forEach((f, i) => {
        if (f.type !== fieldTypes.link || !f.ref) {
          return;
        }
        const target = f.ref.entity === def.entity ? def : entries.get(f.ref.entity)?.definition;
        const has = (k: string | undefined) => k === undefined || Boolean(target?.fields.some((x) => x.key === k));
        if (!target || !has(f.ref.label) || !has(f.ref.labelEn)) {
          throw badRequest('records.linkUnknownLedger', [`definition.fields.${i}.ref`], { entity: f.ref.entity });
        }
      });
      // Two ledgers of one area must not answer the same path.
      const taken = new Set([...entries.values()].filter((e) => e.definition.entity !== def.entity && e.definition.area === def.area).flatMap((e) => callNamesOf(e.definition)));
      const name = callNamesOf(def).find((n) => taken.has(n));
      if (name) {
        const i = def.seedCalls.findIndex((c) => c.name === name);
        throw badRequest('records.callTaken', [i >= 0 ? `definition.seedCalls.${i}.name` : 'definition.entity'], { name });
      }
      const entry = await transactThenPublish(store.db, events, async (tx, emit) => {
        const before = await repo.definition(tx, def.entity);
        if (before && version === undefined) {
          throw conflict('records.ledgerExists', ['definition.entity'], { entity: def.entity });
        }
        if (before && before.version !== version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        const now = Date.now();
        const next = (before?.version ?? 0) + 1;
        await syncMenu(tx, def, def.entity);
        await repo.putDefinition(tx, { entity: def.entity, area: def.area, doc: def, builtin: 0, version: next, updated_at: now, updated_by: caller.loginname });
        await audit(tx, caller, before ? 'definition.update' : 'definition.create', 'record_definition', def.entity, { before: before ? docOf(before.doc) : null, after: def });
        emit('recordDefinition.changed', { entity: def.entity });
        return entryOf(def, false, next, now, caller.loginname);
      });
      entries.set(def.entity, entry);
      await repo.ensureIndexes(def.entity, indexedFields(def));
      return entry;
    },

    async setWorkflows(caller, changes, also) {
      const checked = changes.map(({ entity, workflow }) => {
        const e = entries.get(entity);
        if (!e) {
          throw notFound('records.noSuchLedger', { entity });
        }
        if (e.builtin) {
          throw badRequest('records.builtInLedger', ['entity']);
        }
        // The steps must fit the ledger: a person field they name must be one of its person fields.
        const parsed = recordDefinition.safeParse({ ...e.definition, workflow });
        if (!parsed.success) {
          throw badRequest('records.flowNotFit', ['steps'], { ledger: e.definition.name.zh, ledger_en: e.definition.name.en || e.definition.name.zh });
        }
        return { before: e, def: parsed.data };
      });
      const { result, saved } = await transactThenPublish(store.db, events, async (tx, emit) => {
        const now = Date.now();
        const out: DefinitionEntry[] = [];
        for (const { before, def } of checked) {
          // Records waiting in a step the new flow no longer has would be stranded there.
          const codes = (def.workflow?.states ?? []).map((x) => x.code);
          const stranded = await repo.countOutsideStatuses(tx, def.entity, [...codes, 4, 5, -1]);
          if (stranded > 0) {
            throw conflict('records.flowStatusInUse', ['steps'], { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, count: stranded });
          }
          const row = await repo.definition(tx, def.entity);
          const next = (row?.version ?? before.version) + 1;
          await repo.putDefinition(tx, { entity: def.entity, area: def.area, doc: def, builtin: 0, version: next, updated_at: now, updated_by: caller.loginname });
          await audit(tx, caller, 'definition.update', 'record_definition', def.entity, { before: before.definition.workflow ?? null, after: def.workflow ?? null });
          emit('recordDefinition.changed', { entity: def.entity });
          out.push(entryOf(def, false, next, now, caller.loginname));
        }
        return { result: await also(tx), saved: out };
      });
      for (const e of saved) {
        entries.set(e.definition.entity, e);
      }
      return result;
    },

    async remove(caller, entity) {
      if (builtInNames.has(entity)) {
        throw badRequest('records.builtInLedger', ['entity']);
      }
      await transactThenPublish(store.db, events, async (tx, emit) => {
        const before = await repo.definition(tx, entity);
        if (!before) {
          throw notFound('records.noSuchLedger', { entity });
        }
        const n = await repo.countOf(tx, entity);
        if (n > 0) {
          throw conflict('records.ledgerHasRecords', ['entity'], { count: n });
        }
        // A ledger another one links to stays: that ledger's link field would name nothing.
        const linking = [...entries.values()].map((e) => e.definition).find((d) => d.entity !== entity && d.fields.some((f) => refOf(f)?.entity === entity));
        if (linking) {
          throw conflict('records.ledgerLinked', ['entity'], { ledger: linking.name.zh, ledger_en: linking.name.en || linking.name.zh });
        }
        await repo.deleteDefinition(tx, entity);
        await syncMenu(tx, undefined, entity);
        await audit(tx, caller, 'definition.delete', 'record_definition', entity, { before: docOf(before.doc) });
        emit('recordDefinition.changed', { entity });
      });
      entries.delete(entity);
    },
  };
}

