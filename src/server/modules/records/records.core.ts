import type { z } from 'zod';
import type { RecordItem, recordQuery } from '../../../shared/records/contracts.js';
import { fieldTypes, refOf, SIGNED_IN, valueText, type FieldDef, type LinkRef, type RecordDefinition } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Store, Tx } from '../../store/db.js';
import { type DomainEvents, type Emit } from '../../stream/bus.js';
import { createDefinitionRegistry, NUMERIC_TYPES, TEXT_TYPES } from './definition-registry.js';
import { createDictionaryRegistry } from './dictionary-registry.js';
import type { ReminderValue } from '../../../shared/records/validator.js';
import type { Named } from './records.excel.js';
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

export const ADMIN_ROLE = 'admin';
/** To-do kind of a workflow step waiting for its approvers. */
export const RECORD_TODO = 'record.step';
export const todoRef = (id: number) => `record:${id}`;
/** To-do kind of a person asked to confirm receipt (type 28), and of an attachment about to expire (type 54). */
export const RECEIPT_TODO = 'record.receipt';
export const REMINDER_TODO = 'record.reminder';
export const receiptRef = (id: number, key: string) => `receipt:${id}:${key}`;
export const reminderRef = (id: number, key: string, expires: number) => `reminder:${id}:${key}:${expires}`;
export const auditEntity = (def: RecordDefinition) => `record.${def.entity}`;
export const offsetOf = (p: { page: number; pageSize: number }) => (p.page - 1) * p.pageSize;

/** Whether a grant (role or permission codes; empty = everyone signed in) admits the caller. */
export function granted(caller: AuthUser, grant: readonly string[]): boolean {
  return (
    grant.length === 0 ||
    grant.includes(SIGNED_IN) ||
    caller.roles.includes(ADMIN_ROLE) ||
    grant.some((g) => caller.roles.includes(g) || caller.permissions.has(g))
  );
}

const FILE_TYPES: number[] = [fieldTypes.attachment, fieldTypes.image];
/** A link's select offers this many records, first by name; the user narrows them by typing. */
export const LINK_OPTIONS_MAX = 1000;

/** The record's title column holds this many characters of its title field. */
export const TITLE_MAX = 200;
export const titleKeyOf = (def: RecordDefinition) => def.titleField ?? def.fields.find((f) => f.type === fieldTypes.text)?.key;

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
export function linkName(ref: LinkRef, doc: Record<string, unknown>): Named {
  const zh = valueText(doc[ref.label]);
  const en = ref.labelEn ? valueText(doc[ref.labelEn]) : '';
  return { zh, en: en || zh };
}

/** The values that decide isolation, as columns. */
export function placeOf(def: RecordDefinition, values: Record<string, unknown>) {
  const num = (k: string | undefined) => (k && typeof values[k] === 'number' ? values[k] : null);
  return { deptid: num(def.isolation.dept), regionid: num(def.isolation.region) };
}

export function forbiddenField(code: 'records.outsideScope', field: string) {
  return new AppError(403, code, [field]);
}

/** Field-by-field differences for the audit row. */
export function changesOf(fields: FieldDef[], before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of fields) {
    if (JSON.stringify(before[f.key] ?? null) !== JSON.stringify(after[f.key] ?? null)) {
      out[f.key] = { from: before[f.key] ?? null, to: after[f.key] ?? null };
    }
  }
  return out;
}

/** What every part of the record engine shares: the store, the registries and the checks of isolation, queries and saves. */
export type RecordsCore = ReturnType<typeof createRecordsCore>;

export function createRecordsCore(store: Store, deps: RecordsDeps, builtIns: RecordDefinition[]) {
  const repo = createRecordsRepository(store.db);
  const dictionaries = createDictionaryRegistry(store, deps.events);
  const definitions = createDefinitionRegistry(store, deps.events, builtIns, dictionaries);

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
    store,
    deps,
    repo,
    dictionaries,
    definitions,
    visible,
    visibleRow,
    queryOf,
    checkSave,
    visibleOf,
    withLinks,
    linkedFrom,
    publishChanged,
  };
}
