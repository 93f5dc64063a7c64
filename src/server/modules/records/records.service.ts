import type { z } from 'zod';
import type {
  ImportResult,
  RecordItem,
  recordDetail,
  recordListInput,
  recordQuery,
  recordTransitionInput,
} from '../../../shared/records/contracts.js';
import {
  fieldTypes,
  recordHref,
  refOf,
  valueText,
  type FieldDef,
  type LinkRef,
  type RecordDefinition,
} from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Store, Tx } from '../../store/db.js';
import { transactThenPublish, type DomainEvents, type Emit } from '../../stream/bus.js';
import { createDefinitionRegistry, NUMERIC_TYPES, TEXT_TYPES, type DefinitionRegistry } from './definition-registry.js';
import { createDictionaryRegistry, type DictionaryRegistry } from './dictionary-registry.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { ReceiptEntry, ReminderValue } from '../../../shared/records/validator.js';
import { reminderDate, reminderDue, settleValues, systemLabelOf, type ReceiptChanges } from './records.fields.js';
import type { LinkNames, Named, OrgNames } from './records.excel.js';
import { createRecordsRepository, docOf, isCommonSort, type RecordQuery, type RecordRow } from './records.repository.js';

/** Who sees what: the caller's department and region scope, descendants included. */
export interface Scope {
  all: boolean;
  deptids: number[];
  regionids: number[];
}
export interface RecordsDeps {
  scopeOf(userid: number): Promise<Scope>;
  events: Pick<DomainEvents, 'publish'>;
}

const ADMIN_ROLE = 'admin';
/** To-do kind of a workflow step waiting for its approvers. */
const RECORD_TODO = 'record.step';
const todoRef = (id: number) => `record:${id}`;
/** To-do kind of a person asked to confirm receipt (type 28), and of an attachment about to expire (type 54). */
const RECEIPT_TODO = 'record.receipt';
const REMINDER_TODO = 'record.reminder';
const receiptRef = (id: number, key: string) => `receipt:${id}:${key}`;
const reminderRef = (id: number, key: string, expires: number) => `reminder:${id}:${key}:${expires}`;
const auditEntity = (def: RecordDefinition) => `record.${def.entity}`;
const offsetOf = (p: { page: number; pageSize: number }) => (p.page - 1) * p.pageSize;

/** Whether a grant (role or permission codes; empty = everyone signed in) admits the caller. */
export function granted(caller: AuthUser, grant: readonly string[]): boolean {
  return (
    grant.length === 0 || caller.roles.includes(ADMIN_ROLE) || grant.some((g) => caller.roles.includes(g) || caller.permissions.has(g))
  );
}

const FILE_TYPES: number[] = [fieldTypes.attachment, fieldTypes.image];
/** A link's select offers this many records, first by name; the user narrows them by typing. */
const LINK_OPTIONS_MAX = 1000;

/** The record's title column holds this many characters of its title field. */
const TITLE_MAX = 200;
const titleKeyOf = (def: RecordDefinition) => def.titleField ?? def.fields.find((f) => f.type === fieldTypes.text)?.key;

export function titleOf(def: RecordDefinition, values: Record<string, unknown>): string {
  const key = titleKeyOf(def);
  const v = key ? values[key] : undefined;
  return valueText(v).slice(0, TITLE_MAX);
}

export function itemOf(row: RecordRow): RecordItem {
  return {
    ...docOf(row.doc),
    id: row.id,
    version: row.version,
    status: row.status,
    deptid: row.deptid,
    regionid: row.regionid,
    title: row.title,
    created: Number(row.created_at),
    updated: Number(row.updated_at),
    createdBy: row.created_by,
  };
}

/** User ids waiting to act on a record in its current status: the state's listed approvers and those named in its approver field. */
export function approversOf(def: RecordDefinition, status: number, values: Record<string, unknown>): number[] {
  const a = def.workflow?.states.find((s) => s.code === status)?.approvers;
  if (!a) {
    return [];
  }
  const ids = new Set(a.userids);
  const v = a.field ? values[a.field] : undefined;
  for (const x of Array.isArray(v) ? v : [v]) {
    if (typeof x === 'number') {
      ids.add(x);
    }
  }
  return [...ids];
}

/** The fields of a ledger that hold a record of another ledger (link fields, work types), with what they point at. */
export function linkFieldsOf(def: RecordDefinition): { key: string; ref: LinkRef }[] {
  return def.fields.flatMap((f) => {
    const ref = refOf(f);
    return ref ? [{ key: f.key, ref }] : [];
  });
}

/** A linked record's name in both languages (English falls back to the label). */
function linkName(ref: LinkRef, doc: Record<string, unknown>): Named {
  const zh = valueText(doc[ref.label]);
  const en = ref.labelEn ? valueText(doc[ref.labelEn]) : '';
  return { zh, en: en || zh };
}

/** The values that decide isolation, as columns. */
function placeOf(def: RecordDefinition, values: Record<string, unknown>) {
  const num = (k: string | undefined) => (k && typeof values[k] === 'number' ? values[k] : null);
  return { deptid: num(def.isolation.dept), regionid: num(def.isolation.region) };
}

export type RecordDetail = z.input<typeof recordDetail>;

export interface RecordsService {
  definitions: DefinitionRegistry;
  /** The data dictionary; its `live` map is what the ledgers' validators and Excel read. */
  dictionaries: DictionaryRegistry;
  list(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordListInput>): Promise<{ items: RecordItem[]; total: number }>;
  get(caller: AuthUser, def: RecordDefinition, id: number): Promise<RecordDetail>;
  save(caller: AuthUser, def: RecordDefinition, input: Record<string, unknown> & { id?: number; version?: number }): Promise<RecordItem>;
  remove(caller: AuthUser, def: RecordDefinition, id: number, version?: number): Promise<{ id: number }>;
  transition(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordTransitionInput>): Promise<RecordItem>;
  /**
   * One step of a flow held in a module's code (a statutory loop the generic
   * transitions cannot express): `decide` reads the record as stored (the
   * caller may see it) and returns the status it moves to and the fields it
   * sets (read-only ones too), or throws; the step row, file links, audit
   * (`record.transition`) and domain event are written in the same
   * transaction, and `after` runs in it too (the module's own to-dos).
   */
  step(caller: AuthUser, def: RecordDefinition, input: { id: number; version?: number; action: string; reason?: string }, decide: StepDecider): Promise<RecordItem>;
  /** Every matching row the caller may see, a page at a time. */
  rows(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordQuery>): Promise<AsyncGenerator<RecordRow[]>>;
  /** Saves many new records in one transaction after checking every row; `errors` per row (numbered by the caller's `rowOf`). */
  importRows(
    caller: AuthUser,
    def: RecordDefinition,
    rows: { row: number; values: Record<string, unknown> }[],
    keepGood: boolean,
    preErrors: ImportResult['errors'],
  ): Promise<ImportResult>;
  /** Every record of a ledger, with no caller: for server-side consumers (the fence engine's roster); never return it to a user. */
  allRecords(def: RecordDefinition): Promise<RecordItem[]>;
  /** Whether the caller may see the record a file belongs to. */
  maySeeRecord(caller: AuthUser, recordId: number): Promise<boolean>;
  /**
   * Reloads ledger definitions and dictionary entries when the stored ones
   * differ from what this server holds (another server on the same PostgreSQL
   * store saved or deleted one). True when something was reloaded.
   */
  syncFromStore(): Promise<boolean>;
  /** Names of departments, regions, posts and people by id, for spreadsheet cells (export shows names, import reads them). */
  orgNames(): Promise<OrgNames>;
  /** Names of the records the ledger's link fields may hold, by field key: those the caller may see (export and import). */
  linkNames(caller: AuthUser, def: RecordDefinition): Promise<LinkNames>;
  /** The records a link to ledger `entity` may choose, named by `label` (`labelEn` in English). */
  linkOptions(
    caller: AuthUser,
    input: { entity: string; label: string; labelEn?: string },
  ): Promise<{ id: number; zh: string; en: string }[]>;
  /**
   * The caller confirms receipt in field `field` of a record (type 28): only
   * a person the field names, once; their to-do is done and the audit says so.
   */
  confirmReceipt(caller: AuthUser, def: RecordDefinition, input: { id: number; field: string }): Promise<RecordItem>;
  /** Opens the to-dos of attachment reminders (type 54) that are due by `now`, once per record, field and expiry; returns how many. */
  remindDue(now: number): Promise<number>;
  definitionLog(input: {
    page: number;
    pageSize: number;
  }): Promise<{ items: { at: number; loginname: string; username: string; action: string; detail: string; entity: string }[]; total: number }>;
}

/** What a module's flow step does to a record (`RecordsService.step`). */
export type StepDecider = (
  current: RecordItem,
  tx: Tx,
) => Promise<{ to: number; set?: Record<string, unknown>; after?: (tx: Tx, row: RecordItem) => Promise<void> }>;

export function createRecordsService(
  store: Store,
  deps: RecordsDeps,
  builtIns: RecordDefinition[],
): RecordsService & { ready: Promise<void> } {
  const repo = createRecordsRepository(store.db);
  const dictionaries = createDictionaryRegistry(store, deps.events);
  const definitions = createDefinitionRegistry(store, deps.events, builtIns, dictionaries);
  /** What the stored definitions and dictionary entries looked like at the last sync (null: not yet; the first sync reloads). */
  const storedSignatures: { defs: string | null; dicts: string | null } = { defs: null, dicts: null };

  function visible(def: RecordDefinition, scope: Scope, row: { deptid: number | null; regionid: number | null }): boolean {
    if (scope.all) {
      return true;
    }
    if (def.isolation.dept && (row.deptid === null || !scope.deptids.includes(row.deptid))) {
      return false;
    }
    if (def.isolation.region && (row.regionid === null || !scope.regionids.includes(row.regionid))) {
      return false;
    }
    return true;
  }

  async function visibleRow(caller: AuthUser, def: RecordDefinition, id: number): Promise<{ row: RecordRow; scope: Scope }> {
    if (!granted(caller, def.permissions.view)) {
      throw forbidden('records.noPermission');
    }
    const [row, scope] = await Promise.all([repo.get(store.db, def.entity, id), deps.scopeOf(caller.userid)]);
    // Outside the caller's scope a record is reported missing: its existence is not disclosed.
    if (!row || !visible(def, scope, row)) {
      throw notFound('records.notFound');
    }
    return { row, scope };
  }

  function queryOf(def: RecordDefinition, scope: Scope, input: z.output<typeof recordQuery>): RecordQuery {
    const q: RecordQuery = {
      entity: def.entity,
      deptids: scope.all || !def.isolation.dept ? null : scope.deptids,
      regionids: scope.all || !def.isolation.region ? null : scope.regionids,
      text: [],
      exact: [],
      range: [],
      sort: { column: 'updated_at' },
      order: 'desc',
    };
    for (const [key, value] of Object.entries(input.filters)) {
      if (value === null || value === '') {
        continue;
      }
      if (key === 'status') {
        if (typeof value !== 'number') {
          throw badRequest('validation.invalid', ['filters.status']);
        }
        q.status = [value];
        continue;
      }
      const f = def.fields.find((x) => x.key === key);
      if (!f) {
        throw badRequest('records.unknownField', [`filters.${key}`], { key });
      }
      if (Array.isArray(value)) {
        if (!NUMERIC_TYPES.includes(f.type)) {
          throw badRequest('validation.invalid', [`filters.${key}`]);
        }
        q.range.push({ key, from: value[0] ?? null, to: value[1] ?? null });
      } else if (typeof value === 'string' && TEXT_TYPES.includes(f.type)) {
        q.text.push({
          key,
          value,
          ...(key === titleKeyOf(def) && f.type === fieldTypes.text && (f.max ?? TITLE_MAX) <= TITLE_MAX
            ? { column: 'title' as const }
            : {}),
        });
      } else {
        q.exact.push({ key, value });
      }
    }
    if (input.keyword) {
      q.keyword = { key: 'title', value: input.keyword };
    }
    const sort = input.sort ?? def.list.sort;
    const common: Record<string, 'updated_at' | 'created_at' | 'status' | 'id'> = {
      updated: 'updated_at',
      created: 'created_at',
      status: 'status',
      id: 'id',
    };
    const column = common[sort.field] ?? (isCommonSort(sort.field) ? sort.field : undefined);
    if (column) {
      q.sort = { column };
    } else {
      const f = def.fields.find((x) => x.key === sort.field);
      if (!f) {
        throw badRequest('records.unknownField', ['sort.field'], { key: sort.field });
      }
      q.sort = { key: f.key, numeric: NUMERIC_TYPES.includes(f.type) };
    }
    q.order = sort.order;
    return q;
  }

  /**
   * The checks of one save that need the store: isolation of the chosen
   * department/region, unique values, attachments that are the caller's or
   * already this record's. Throws the first problem, naming its field.
   */
  async function checkSave(
    tx: Tx,
    caller: AuthUser,
    def: RecordDefinition,
    scope: Scope,
    values: Record<string, unknown>,
    id: number | null,
  ) {
    const place = placeOf(def, values);
    if (!scope.all) {
      if (def.isolation.dept && (place.deptid === null || !scope.deptids.includes(place.deptid))) {
        throw forbiddenField('records.outsideScope', def.isolation.dept);
      }
      if (def.isolation.region && (place.regionid === null || !scope.regionids.includes(place.regionid))) {
        throw forbiddenField('records.outsideScope', def.isolation.region);
      }
    }
    const uniques: { field: string; value: string }[] = [];
    for (const f of def.fields.filter((x) => x.unique)) {
      const v = values[f.key];
      if (v === null || v === undefined || v === '') {
        continue;
      }
      const value = valueText(v);
      const holder = await repo.holderOf(tx, def.entity, f.key, value);
      if (holder && holder.record_id !== id) {
        throw conflict('records.duplicateValue', [f.key]);
      }
      uniques.push({ field: f.key, value });
    }
    // A link names a record of its ledger that the caller may see (the same isolation as opening it).
    for (const { key, ref } of linkFieldsOf(def)) {
      const v = values[key];
      if (typeof v !== 'number') {
        continue;
      }
      const target = definitions.get(ref.entity);
      const row = target && granted(caller, target.permissions.view) ? await repo.get(tx, ref.entity, v) : undefined;
      if (!target || !row || !visible(target, scope, row)) {
        throw badRequest('records.linkNotFound', [key], { id: v });
      }
    }
    const fileIds: number[] = [];
    for (const f of def.fields.filter((x) => FILE_TYPES.includes(x.type) || x.type === fieldTypes.reminder)) {
      const v = values[f.key];
      const ids = f.type === fieldTypes.reminder ? ((v as ReminderValue | null)?.files ?? []) : ((v as number[] | undefined) ?? []);
      const files = await repo.filesByIds(tx, ids);
      const ok =
        files.length === new Set(ids).size &&
        files.every((x) => (x.record_id === null ? x.uploaded_by === caller.userid : x.record_id === id));
      if (!ok) {
        throw badRequest('records.fileNotFound', [f.key]);
      }
      fileIds.push(...ids);
    }
    return { place, uniques, fileIds };
  }

  async function insertOne(
    tx: Tx,
    inserted: RecordRow[],
    caller: AuthUser,
    def: RecordDefinition,
    scope: Scope,
    input: Record<string, unknown>,
  ) {
    const now = Date.now();
    const settled = settleValues(caller, def, input, null, now);
    const values = settled.values;
    const { place, uniques, fileIds } = await checkSave(tx, caller, def, scope, values, null);
    const status = def.workflow?.initial ?? 0;
    let row = await repo.insert(tx, {
      entity: def.entity,
      ...place,
      status,
      title: titleOf(def, values),
      created_at: now,
      updated_at: now,
      created_by: caller.loginname,
      creator_id: caller.userid,
      version: 1,
      doc: values,
    });
    // System labels (type 15) carry the new record's id.
    const labels = def.fields.filter((f) => f.type === fieldTypes.systemLabel);
    if (labels.length) {
      const doc = { ...values, ...Object.fromEntries(labels.map((f) => [f.key, systemLabelOf(row.id, now)])) };
      row = (await repo.setDoc(tx, row.id, doc, titleOf(def, doc))) ?? row;
    }
    await repo.setUnique(tx, def.entity, row.id, uniques);
    await repo.linkFiles(tx, row.id, fileIds);
    await receiptTodos(tx, def, row.id, row.title, settled.receipts, now);
    await audit(tx, caller, 'record.create', auditEntity(def), row.id, { values: docOf(row.doc) });
    if (def.workflow) {
      await approverTodos(tx, def, row.id, row.title, approversOf(def, status, values), now);
    }
    inserted.push(row);
    return row;
  }

  /** Each person newly named in a receipt field gets a to-do leading to the record; people no longer named lose theirs. */
  async function receiptTodos(tx: Tx, def: RecordDefinition, id: number, title: string, changes: ReceiptChanges[], at: number) {
    for (const c of changes) {
      const ref = receiptRef(id, c.key);
      for (const userid of c.removed) {
        await completeTodos(tx, { kind: RECEIPT_TODO, ref, userid });
      }
      for (const userid of c.added) {
        await openTodo(tx, {
          userid,
          kind: RECEIPT_TODO,
          ref,
          href: recordHref(def.entity, id),
          title: 'records.receiptTodoTitle',
          params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title },
          at,
        });
      }
    }
  }

  /**
   * The to-dos of a record's waiting approvers: the previous step's close,
   * each approver of the new one gets one leading to the record, titled by a
   * message code so it reads in the user's language.
   */
  async function approverTodos(tx: Tx, def: RecordDefinition, id: number, title: string, userids: number[], at: number) {
    await repo.closeTodos(tx, todoRef(id));
    for (const userid of userids) {
      await openTodo(tx, {
        userid,
        kind: RECORD_TODO,
        ref: todoRef(id),
        href: recordHref(def.entity, id),
        title: 'records.todoTitle',
        params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title },
        at,
      });
    }
  }

  function mayEdit(caller: AuthUser, def: RecordDefinition, row: RecordRow): boolean {
    // A record in a workflow is edited in its first status only; afterwards it moves by transitions.
    return granted(caller, def.permissions.edit) && (!def.workflow || row.status === def.workflow.initial);
  }

  function actionsFor(caller: AuthUser, def: RecordDefinition, row: RecordRow): string[] {
    if (!def.workflow) {
      return [];
    }
    const approvers = approversOf(def, row.status, docOf(row.doc));
    return def.workflow.transitions
      .filter((t) => t.from.includes(row.status) && granted(caller, t.grant) && (!t.approverOnly || approvers.includes(caller.userid)))
      .map((t) => t.action);
  }

  /** The records of ledger `entity` the caller may see, among `ids` (all of them when `ids` is null), by id. */
  async function visibleOf(
    caller: AuthUser,
    scope: Scope,
    entity: string,
    ids: number[] | null,
  ): Promise<{ def: RecordDefinition; rows: RecordRow[] } | null> {
    const target = definitions.get(entity);
    if (!target || !granted(caller, target.permissions.view)) {
      return null;
    }
    if (ids) {
      return { def: target, rows: (await repo.getMany(store.db, entity, ids)).filter((r) => visible(target, scope, r)) };
    }
    const rows: RecordRow[] = [];
    for await (const page of repo.stream(queryOf(target, scope, { filters: {}, keyword: '' }))) {
      rows.push(...page);
    }
    return { def: target, rows };
  }

  /** The items with the names of the records their link fields hold (`_links`); records the caller may not see stay unnamed. */
  async function withLinks(caller: AuthUser, scope: Scope, def: RecordDefinition, rows: RecordRow[]): Promise<RecordItem[]> {
    const items = rows.map(itemOf);
    for (const { key, ref } of linkFieldsOf(def)) {
      const ids = [...new Set(items.map((i) => i[key]).filter((v): v is number => typeof v === 'number'))];
      const found = ids.length ? await visibleOf(caller, scope, ref.entity, ids) : null;
      const names = new Map((found?.rows ?? []).map((r) => [r.id, linkName(ref, docOf(r.doc))]));
      for (const item of items) {
        const n = typeof item[key] === 'number' ? names.get(item[key]) : undefined;
        if (n) {
          item._links = { ...item._links, [key]: n };
        }
      }
    }
    return items;
  }

  /** The first ledger with records holding a link to this record, and how many (a linked record is not deleted). */
  async function linkedFrom(tx: Tx, entity: string, id: number): Promise<{ ledger: RecordDefinition; count: number } | null> {
    for (const e of definitions.all()) {
      for (const { key, ref } of linkFieldsOf(e.definition)) {
        if (ref.entity !== entity) {
          continue;
        }
        const count = await repo.countHolding(tx, e.definition.entity, key, id);
        if (count > 0) {
          return { ledger: e.definition, count };
        }
      }
    }
    return null;
  }

  type Place = { id: number; deptid: number | null; regionid: number | null };
  const placeOfRow = (r: Place): Place => ({ id: r.id, deptid: r.deptid, regionid: r.regionid });
  const publishChanged = (
    emit: Emit,
    def: RecordDefinition,
    places: Place[],
    action: 'create' | 'update' | 'delete' | 'transition' | 'import',
  ) =>
    emit('record.changed', {
      entity: def.entity,
      ids: [...new Set(places.map((p) => p.id))],
      action,
      places: [...new Map(places.map((p) => [`${p.id}|${p.deptid}|${p.regionid}`, placeOfRow(p)])).values()],
    });

  return {
    ready: Promise.all([dictionaries.ready, definitions.ready]).then(() => undefined),
    definitions,
    dictionaries,

    async list(caller, def, input) {
      if (!granted(caller, def.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const { rows, total } = await repo.list(queryOf(def, scope, input), offsetOf(input), input.pageSize);
      return { items: await withLinks(caller, scope, def, rows), total };
    },

    async get(caller, def, id) {
      const { row, scope } = await visibleRow(caller, def, id);
      const [steps, auditRows, files, [record]] = await Promise.all([
        repo.steps(id),
        repo.auditOf(auditEntity(def), id),
        repo.filesOf(id),
        withLinks(caller, scope, def, [row]),
      ]);
      const names = await repo.userNames([row.created_by, ...steps.map((s) => s.loginname), ...auditRows.map((a) => a.loginname)]);
      const nameOf = (login: string) => names.get(login) ?? login;
      return {
        record,
        createdByName: nameOf(row.created_by),
        steps: steps.map((s) => ({
          at: Number(s.at),
          loginname: s.loginname,
          username: nameOf(s.loginname),
          action: s.action,
          from: s.from_status,
          to: s.to_status,
          reason: s.reason,
          signature: s.signature,
        })),
        audit: auditRows.map((a) => ({ at: Number(a.at), loginname: a.loginname, username: nameOf(a.loginname), action: a.action, detail: a.detail })),
        files: files.map((f) => ({
          id: f.id,
          name: f.name,
          size: Number(f.size),
          mime: f.mime,
          thumb: f.thumb === 1,
          created: Number(f.created_at),
        })),
        actions: actionsFor(caller, def, row),
        canEdit: mayEdit(caller, def, row),
        canDelete: granted(caller, def.permissions.delete),
        approvers: approversOf(def, row.status, docOf(row.doc)),
      };
    },

    async save(caller, def, input) {
      if (!granted(caller, def.permissions.edit)) {
        throw forbidden('records.noPermission');
      }
      const { id, version, ...rest } = input;
      const values: Record<string, unknown> = {};
      for (const f of def.fields) {
        if (f.key in rest) {
          values[f.key] = rest[f.key];
        }
      }
      const scope = await deps.scopeOf(caller.userid);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        if (id === undefined) {
          const row = await insertOne(tx, [], caller, def, scope, values);
          publishChanged(emit, def, [row], 'create');
          return itemOf(row);
        }
        if (version === undefined) {
          throw badRequest('validation.required', ['version']);
        }
        const before = await repo.get(tx, def.entity, id);
        if (!before || !visible(def, scope, before) || !granted(caller, def.permissions.view)) {
          throw notFound('records.notFound');
        }
        if (before.version !== version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        if (!mayEdit(caller, def, before)) {
          throw forbidden('records.noPermission');
        }
        // Read-only fields (set by the workflow) keep their stored values; signatures and confirmations are completed from the store.
        const stored = docOf(before.doc);
        const settled = settleValues(caller, def, values, stored, Date.now());
        const merged = { ...stored, ...settled.values };
        const { place, uniques, fileIds } = await checkSave(tx, caller, def, scope, merged, id);
        const row = await repo.update(tx, id, version, {
          ...place,
          title: titleOf(def, merged),
          status: before.status,
          doc: merged,
          updated_at: Date.now(),
        });
        if (!row) {
          const now = await repo.get(tx, def.entity, id);
          throw conflict('records.conflict', ['version'], { current: now?.version ?? '?' });
        }
        await repo.setUnique(tx, def.entity, id, uniques);
        await repo.linkFiles(tx, id, fileIds);
        await receiptTodos(tx, def, id, row.title, settled.receipts, Number(row.updated_at));
        await audit(tx, caller, 'record.update', auditEntity(def), id, { changes: changesOf(def.fields, docOf(before.doc), merged) });
        // Viewers of where it was and of where it is now both learn of it.
        publishChanged(emit, def, [before, row], 'update');
        return itemOf(row);
      });
    },

    async remove(caller, def, id, version) {
      if (!granted(caller, def.permissions.delete)) {
        throw forbidden('records.noPermission');
      }
      const { scope } = await visibleRow(caller, def, id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (version !== undefined && before.version !== version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        // Records that name this one would lose what they point at; the user changes or deletes them first.
        const linked = await linkedFrom(tx, def.entity, id);
        if (linked) {
          throw conflict('records.linkedRecords', ['id'], {
            count: linked.count,
            ledger: linked.ledger.name.zh,
            ledger_en: linked.ledger.name.en || linked.ledger.name.zh,
          });
        }
        await repo.remove(tx, id);
        await repo.closeTodos(tx, todoRef(id));
        await audit(tx, caller, 'record.delete', auditEntity(def), id, { values: docOf(before.doc) });
        publishChanged(emit, def, [before], 'delete');
        return { id };
      });
    },

    async transition(caller, def, input) {
      const wf = def.workflow;
      if (!wf) {
        throw badRequest('records.noWorkflow');
      }
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (before.version !== input.version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        const t = wf.transitions.find((x) => x.action === input.action);
        if (!t || !t.from.includes(before.status)) {
          throw badRequest('records.noSuchTransition', ['action']);
        }
        if (!granted(caller, t.grant)) {
          throw forbidden('records.noPermission');
        }
        const doc = docOf(before.doc);
        if (t.approverOnly && !approversOf(def, before.status, doc).includes(caller.userid)) {
          throw forbidden('records.notApprover');
        }
        for (const need of t.inputs) {
          if (!input[need]) {
            throw badRequest('validation.required', [need]);
          }
        }
        const now = Date.now();
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: t.to,
          doc,
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await repo.addStep(tx, {
          record_id: row.id,
          at: now,
          userid: caller.userid,
          loginname: caller.loginname,
          action: t.action,
          from_status: before.status,
          to_status: t.to,
          reason: input.reason,
          signature: input.signature,
        });
        await approverTodos(tx, def, row.id, row.title, approversOf(def, t.to, doc), now);
        await audit(tx, caller, 'record.transition', auditEntity(def), row.id, {
          action: t.action,
          from: before.status,
          to: t.to,
          reason: input.reason,
        });
        publishChanged(emit, def, [row], 'transition');
        return itemOf(row);
      });
    },

    async step(caller, def, input, decide) {
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (input.version !== undefined && before.version !== input.version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        const decision = await decide(itemOf(before), tx);
        const doc = { ...docOf(before.doc), ...(decision.set ?? {}) };
        // The step's own actor's files: checked like a save, but the place (isolation) stays the record's.
        const { fileIds } = await checkSave(tx, caller, def, { all: true, deptids: [], regionids: [] }, doc, before.id);
        const now = Date.now();
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: decision.to,
          doc,
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await repo.linkFiles(tx, row.id, fileIds);
        await repo.addStep(tx, {
          record_id: row.id,
          at: now,
          userid: caller.userid,
          loginname: caller.loginname,
          action: input.action,
          from_status: before.status,
          to_status: decision.to,
          reason: input.reason ?? '',
          signature: '',
        });
        await audit(tx, caller, 'record.transition', auditEntity(def), row.id, {
          action: input.action,
          from: before.status,
          to: decision.to,
          reason: input.reason,
          changes: changesOf(def.fields, docOf(before.doc), doc),
        });
        const item = itemOf(row);
        await decision.after?.(tx, item);
        publishChanged(emit, def, [row], 'transition');
        return item;
      });
    },

    async rows(caller, def, input) {
      if (!granted(caller, def.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      return repo.stream(queryOf(def, scope, input));
    },

    async allRecords(def) {
      const out: RecordItem[] = [];
      for await (const page of repo.stream(queryOf(def, { all: true, deptids: [], regionids: [] }, { filters: {}, keyword: '' }))) {
        out.push(...page.map(itemOf));
      }
      return out;
    },

    async importRows(caller, def, rows, keepGood, preErrors) {
      if (!granted(caller, def.permissions.edit)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const errors = [...preErrors];
      const bad = new Set(errors.map((e) => e.row));
      // Check every row first (store rules included), inside one transaction that saves only when allowed.
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const seen = new Map<string, number>();
        const good: typeof rows = [];
        for (const r of rows) {
          if (bad.has(r.row)) {
            continue;
          }
          try {
            await checkSave(tx, caller, def, scope, r.values, null);
            for (const f of def.fields.filter((x) => x.unique)) {
              const v = r.values[f.key];
              if (v !== null && v !== undefined && v !== '') {
                const k = `${f.key}\u0000${valueText(v)}`;
                if (seen.has(k)) {
                  throw conflict('records.duplicateValue', [f.key]);
                }
                seen.set(k, r.row);
              }
            }
            good.push(r);
          } catch (err) {
            if (!(err instanceof AppError)) {
              throw err;
            }
            errors.push({ row: r.row, field: err.controls[0] ?? '', code: err.code, params: err.params });
            bad.add(r.row);
          }
        }
        errors.sort((a, b) => a.row - b.row);
        if (errors.length && !keepGood) {
          return { saved: 0, errors };
        }
        const inserted: RecordRow[] = [];
        for (const r of good) {
          await insertOne(tx, inserted, caller, def, scope, r.values);
        }
        if (inserted.length) {
          await audit(tx, caller, 'record.import', auditEntity(def), 0, { saved: inserted.length, refused: bad.size });
          publishChanged(emit, def, inserted, 'import');
        }
        return { saved: inserted.length, errors };
      });
    },

    async syncFromStore() {
      const signature = async (table: 'record_definition' | 'record_dictionary') => {
        const r = await store.db
          .selectFrom(table)
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('updated_at').as('m'), eb.fn.sum<string>('version').as('v')])
          .executeTakeFirst();
        return `${String(r?.n ?? 0)}:${String(r?.m ?? 0)}:${String(r?.v ?? 0)}`;
      };
      const [defs, dicts] = await Promise.all([signature('record_definition'), signature('record_dictionary')]);
      let changed = false;
      if (dicts !== storedSignatures.dicts) {
        await dictionaries.reload();
        changed = true;
      }
      if (defs !== storedSignatures.defs) {
        await definitions.reload();
        changed = true;
      }
      storedSignatures.defs = defs;
      storedSignatures.dicts = dicts;
      return changed;
    },

    async orgNames() {
      const db = store.db;
      const [depts, regions, posts, users] = await Promise.all([
        db.selectFrom('dept').select(['deptid', 'deptname', 'deptname_en']).execute(),
        db.selectFrom('region').select(['regionid', 'regionname', 'regionname_en']).execute(),
        db.selectFrom('post').select(['postid', 'postname', 'postname_en']).execute(),
        db.selectFrom('users').select(['userid', 'username']).execute(),
      ]);
      return {
        dept: new Map(depts.map((d) => [d.deptid, { zh: d.deptname, en: d.deptname_en || d.deptname }])),
        region: new Map(regions.map((r) => [r.regionid, { zh: r.regionname, en: r.regionname_en || r.regionname }])),
        post: new Map(posts.map((p) => [p.postid, { zh: p.postname, en: p.postname_en || p.postname }])),
        person: new Map(users.map((u) => [u.userid, { zh: u.username, en: u.username }])),
      };
    },

    async linkNames(caller, def) {
      const scope = await deps.scopeOf(caller.userid);
      const out = new Map<string, Map<number, Named>>();
      for (const { key, ref } of linkFieldsOf(def)) {
        const found = await visibleOf(caller, scope, ref.entity, null);
        out.set(key, new Map((found?.rows ?? []).map((r) => [r.id, linkName(ref, docOf(r.doc))])));
      }
      return out;
    },

    async linkOptions(caller, input) {
      const target = definitions.get(input.entity);
      if (!target) {
        throw notFound('records.noSuchLedger', { entity: input.entity });
      }
      const ref: LinkRef = { entity: input.entity, label: input.label, labelEn: input.labelEn };
      for (const [k, field] of [
        [ref.label, 'label'],
        [ref.labelEn, 'labelEn'],
      ] as const) {
        if (k !== undefined && !target.fields.some((f) => f.key === k)) {
          throw badRequest('records.unknownField', [field], { key: k });
        }
      }
      if (!granted(caller, target.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const q = queryOf(target, scope, { filters: {}, keyword: '', sort: { field: ref.label, order: 'asc' } });
      const { rows } = await repo.list(q, 0, LINK_OPTIONS_MAX);
      return rows.map((r) => ({ id: r.id, ...linkName(ref, docOf(r.doc)) }));
    },

    async maySeeRecord(caller, recordId) {
      const row = await store.db.selectFrom('record').selectAll().where('id', '=', recordId).executeTakeFirst();
      const def = row ? definitions.get(row.entity) : undefined;
      if (!row || !def || !granted(caller, def.permissions.view)) {
        return false;
      }
      return visible(def, await deps.scopeOf(caller.userid), row);
    },

    async confirmReceipt(caller, def, input) {
      const f = def.fields.find((x) => x.key === input.field && x.type === fieldTypes.receipt);
      if (!f) {
        throw badRequest('records.unknownField', ['field'], { key: input.field });
      }
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        const doc = docOf(before.doc);
        const entries = (doc[f.key] as ReceiptEntry[] | null) ?? [];
        const mine = entries.find((e) => e.userid === caller.userid);
        if (!mine) {
          throw new AppError(403, 'records.receiptNotNamed', ['field']);
        }
        if (mine.at !== null) {
          throw conflict('records.receiptDone', ['field']);
        }
        const now = Date.now();
        const next = { ...doc, [f.key]: entries.map((e) => (e.userid === caller.userid ? { userid: e.userid, at: now } : e)) };
        const row = await repo.update(tx, before.id, before.version, { deptid: before.deptid, regionid: before.regionid, title: before.title, status: before.status, doc: next, updated_at: now });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await completeTodos(tx, { kind: RECEIPT_TODO, ref: receiptRef(row.id, f.key), userid: caller.userid });
        await audit(tx, caller, 'record.receipt', auditEntity(def), row.id, { field: f.key });
        publishChanged(emit, def, [row], 'update');
        return itemOf(row);
      });
    },

    async remindDue(now) {
      let opened = 0;
      for (const { definition: def } of definitions.all()) {
        const fields = def.fields.filter((f) => f.type === fieldTypes.reminder);
        if (!fields.length) {
          continue;
        }
        for await (const page of repo.stream(queryOf(def, { all: true, deptids: [], regionids: [] }, { filters: {}, keyword: '' }))) {
          for (const row of page) {
            const doc = docOf(row.doc);
            for (const f of fields) {
              const r = doc[f.key] as ReminderValue | null | undefined;
              if (!r || typeof r.expires !== 'number' || reminderDue(r) > now || row.creator_id === null) {
                continue;
              }
              const ref = reminderRef(row.id, f.key, r.expires);
              // Once per record, field and expiry: a to-do done (or dismissed) is not opened again.
              const seen = await store.db.selectFrom('todo').select('id').where('kind', '=', REMINDER_TODO).where('ref', '=', ref).executeTakeFirst();
              if (seen) {
                continue;
              }
              await openTodo(store.db, {
                userid: row.creator_id,
                kind: REMINDER_TODO,
                ref,
                href: recordHref(def.entity, row.id),
                title: 'records.reminderTodoTitle',
                params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title: row.title, date: reminderDate(r.expires) },
                at: now,
              });
              opened++;
            }
          }
        }
      }
      return opened;
    },

    async definitionLog(input) {
      const { rows, total } = await repo.definitionLog(offsetOf(input), input.pageSize);
      const names = await repo.userNames(rows.map((r) => r.loginname));
      return {
        items: rows.map((r) => ({ at: Number(r.at), loginname: r.loginname, username: names.get(r.loginname) ?? r.loginname, action: r.action, detail: r.detail, entity: r.entity_id })),
        total,
      };
    },
  };
}

function forbiddenField(code: 'records.outsideScope', field: string) {
  return new AppError(403, code, [field]);
}

/** Field-by-field differences for the audit row. */
function changesOf(fields: FieldDef[], before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of fields) {
    if (JSON.stringify(before[f.key] ?? null) !== JSON.stringify(after[f.key] ?? null)) {
      out[f.key] = { from: before[f.key] ?? null, to: after[f.key] ?? null };
    }
  }
  return out;
}
