import { createHash } from 'node:crypto';
import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import { dialectOf, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type RecordRow = Selectable<Database['record']>;
export type DefinitionRow = Selectable<Database['record_definition']>;
export type DictionaryRow = Selectable<Database['record_dictionary']>;
export type FileRow = Selectable<Database['record_file']>;
export type StepRow = Selectable<Database['record_step']>;

/** A stored document: PostgreSQL (jsonb) hands back an object, SQLite the JSON text. */
export function docOf(doc: unknown): Record<string, unknown> {
  return (typeof doc === 'string' ? JSON.parse(doc) : doc) as Record<string, unknown>;
}

/** How a list may be narrowed: isolation lists (null = no restriction) and filters on the document. */
export interface RecordQuery {
  entity: string;
  deptids: number[] | null;
  regionids: number[] | null;
  status?: number[];
  /** Field filters, already checked against the definition. */
  /** "Contains" filters; `column: 'title'` reads the record's title column instead of its document (same value, no JSON to parse per row). */
  text: { key: string; value: string; column?: 'title' }[];
  exact: { key: string; value: string | number }[];
  range: { key: string; from: number | null; to: number | null }[];
  keyword?: { key: string; value: string };
  sort: { column: 'updated_at' | 'created_at' | 'status' | 'id' } | { key: string; numeric: boolean };
  order: 'asc' | 'desc';
}

const COMMON_SORT = new Set(['updated_at', 'created_at', 'status', 'id']);

export function createRecordsRepository(db: Db) {
  const pg = dialectOf(db) === 'postgres';
  // Keys are checked against the definition's identifiers (/^[a-z][a-zA-Z0-9_]*$/) before they get here.
  const textOf = (key: string) => (pg ? sql<string>`(doc->>${sql.lit(key)})` : sql<string>`json_extract(doc, ${sql.lit('$.' + key)})`);
  // A number only where the document holds a JSON number, as SQLite's json_extract compares: a text under the key (a
  // ledger's field changed type, or the old version of a row a migration rewrote, which CREATE INDEX still reads while
  // an older snapshot is open) is null instead of failing the cast, the list query and the index build.
  const numOf = (key: string) =>
    pg
      ? sql<number>`(case when jsonb_typeof(doc->${sql.lit(key)}) = 'number' then (doc->>${sql.lit(key)})::double precision end)`
      : sql<number>`json_extract(doc, ${sql.lit('$.' + key)})`;
  const docParam = (doc: Record<string, unknown>) => JSON.stringify(doc);

  function filtered(q: RecordQuery) {
    return db.selectFrom('record').where((eb) => {
      const parts: Expression<SqlBool>[] = [eb('entity', '=', q.entity)];
      if (q.deptids) {
        parts.push(q.deptids.length ? eb('deptid', 'in', q.deptids) : sql<SqlBool>`1 = 0`);
      }
      if (q.regionids) {
        parts.push(q.regionids.length ? eb('regionid', 'in', q.regionids) : sql<SqlBool>`1 = 0`);
      }
      if (q.status?.length) {
        parts.push(eb('status', 'in', q.status));
      }
      const like = (target: Expression<string>, value: string) => {
        const pattern = `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
        return pg ? sql<SqlBool>`${target} ilike ${pattern} escape '\\'` : sql<SqlBool>`${target} like ${pattern} escape '\\'`;
      };
      for (const t of q.text) {
        parts.push(like(t.column ? sql.ref(t.column) : textOf(t.key), t.value));
      }
      if (q.keyword) {
        parts.push(eb('title', pg ? 'ilike' : 'like', `%${q.keyword.value.replace(/[\\%_]/g, (c) => '\\' + c)}%`));
      }
      for (const e of q.exact) {
        parts.push(typeof e.value === 'number' ? sql<SqlBool>`${numOf(e.key)} = ${e.value}` : sql<SqlBool>`${textOf(e.key)} = ${e.value}`);
      }
      for (const r of q.range) {
        if (r.from !== null) {
          parts.push(sql<SqlBool>`${numOf(r.key)} >= ${r.from}`);
        }
        if (r.to !== null) {
          parts.push(sql<SqlBool>`${numOf(r.key)} <= ${r.to}`);
        }
      }
      return eb.and(parts);
    });
  }

  return {
    /**
     * Expression indexes on the document fields a ledger filters and sorts
     * by, `(entity, value, id)`, written with the very expressions the list
     * query uses so both stores pick them up: a filtered, sorted page then
     * reads an index range instead of every record of the ledger. Made on
     * start and when a definition is saved; `if not exists` makes repeats free.
     *
     * On SQLite an exact filter also gets `(entity, value, title)`: the list's
     * total (`count(*)`) of "this value, title contains …" — the common
     * search — is then answered from that index alone instead of reading the
     * row of every record with the value (47 → 7.5 ms on 100,000 records,
     * docs/benchmarks.md). PostgreSQL reads the heap for expression indexes
     * anyway (no index-only scan), so it would only pay the writes.
     */
    async ensureIndexes(entity: string, fields: { key: string; numeric: boolean; filter?: boolean }[]) {
      const nameOf = (prefix: string, what: string) => `${prefix}_${createHash('sha1').update(what).digest('hex').slice(0, 16)}`;
      for (const f of fields) {
        const value = f.numeric ? numOf(f.key) : textOf(f.key);
        // Only this ledger's rows: a numeric cast never meets another ledger's text under the same key (a link field `kind`
        // beside PositioningObject's enumeration `kind`), and a record written updates its own ledger's indexes, not the
        // ~450 of all ledgers (SQLite evaluated every one on each insert: 5 ms per record). The list's `entity = ?` selects
        // the partial index on both stores (SQLite re-prepares a statement whose bound value decides a partial index).
        const only = sql` where entity = ${sql.lit(entity)}`;
        await sql`create index if not exists ${sql.id(nameOf('record_doc', `${entity}.${f.key}`))} on record (entity, ${value}, id)${only}`.execute(db);
        if (f.filter && !pg) {
          await sql`create index if not exists ${sql.id(nameOf('record_cnt', `${entity}.${f.key}`))} on record (entity, ${value}, title)${only}`.execute(db);
        }
      }
    },

    // ---- definitions
    definitions: () => db.selectFrom('record_definition').selectAll().execute(),
    definition: (x: Db | Tx, entity: string) => x.selectFrom('record_definition').selectAll().where('entity', '=', entity).executeTakeFirst(),
    async putDefinition(x: Db | Tx, row: Omit<DefinitionRow, 'doc'> & { doc: object }) {
      const values = { ...row, doc: JSON.stringify(row.doc) };
      await x
        .insertInto('record_definition')
        .values(values)
        .onConflict((oc) => oc.column('entity').doUpdateSet({ area: values.area, doc: values.doc, builtin: values.builtin, version: values.version, updated_at: values.updated_at, updated_by: values.updated_by }))
        .execute();
    },
    deleteDefinition: (x: Tx, entity: string) => x.deleteFrom('record_definition').where('entity', '=', entity).execute(),
    async countOf(x: Db | Tx, entity: string) {
      const r = await x.selectFrom('record').select((eb) => eb.fn.countAll<number>().as('n')).where('entity', '=', entity).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Records of a ledger in a status outside `codes`. */
    async countOutsideStatuses(x: Db | Tx, entity: string, codes: number[]) {
      const r = await x
        .selectFrom('record')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity', '=', entity)
        .where('status', 'not in', codes)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    // ---- data dictionary
    dictionaries: () => db.selectFrom('record_dictionary').selectAll().orderBy('code').execute(),
    dictionary: (x: Tx, code: string) => x.selectFrom('record_dictionary').selectAll().where('code', '=', code).executeTakeFirst(),
    async putDictionary(x: Tx, row: Omit<DictionaryRow, 'doc'> & { doc: object }) {
      const values = { ...row, doc: JSON.stringify(row.doc) };
      await x
        .insertInto('record_dictionary')
        .values(values)
        .onConflict((oc) => oc.column('code').doUpdateSet({ doc: values.doc, version: values.version, updated_at: values.updated_at, updated_by: values.updated_by }))
        .execute();
    },
    deleteDictionary: (x: Tx, code: string) => x.deleteFrom('record_dictionary').where('code', '=', code).execute(),

    // ---- records
    async list(q: RecordQuery, offset: number, limit: number): Promise<{ rows: RecordRow[]; total: number }> {
      let rows = filtered(q).selectAll();
      if ('column' in q.sort) {
        rows = rows.orderBy(q.sort.column, q.order);
      } else {
        rows = rows.orderBy(q.sort.numeric ? numOf(q.sort.key) : textOf(q.sort.key), q.order);
      }
      const [items, count] = await Promise.all([
        rows.orderBy('id', q.order).limit(limit).offset(offset).execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: items, total: Number(count.n) };
    },
    /**
     * Every matching row in the list's order (its sort, then id), a page at a
     * time, for exports that must not hold the whole set. Keyset paging on
     * `(sort value, id)` as a row value, which both stores answer from the
     * `(entity, value, id)` index; rows without a value come where the store's
     * own ORDER BY puts them (SQLite: first ascending; PostgreSQL: last), in
     * a pass of their own, so the export reads in exactly the list's order.
     */
    async *stream(q: RecordQuery, pageSize = 1000): AsyncGenerator<RecordRow[]> {
      const column = 'column' in q.sort;
      const value = 'column' in q.sort ? sql.ref(q.sort.column) : q.sort.numeric ? numOf(q.sort.key) : textOf(q.sort.key);
      const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
      const nullsFirst = pg ? q.order === 'desc' : q.order === 'asc';
      // The common columns are never null: one pass.
      const passes: ('null' | 'value')[] = column ? ['value'] : nullsFirst ? ['null', 'value'] : ['value', 'null'];
      for (const pass of passes) {
        let after: { v: unknown; id: number } | null = null;
        for (;;) {
          let page = filtered(q).selectAll().select(value.as('sort_value'));
          if (pass === 'null') {
            page = page.where(sql<SqlBool>`${value} is null`);
            if (after) {
              page = page.where(sql<SqlBool>`id ${cmp} ${after.id}`);
            }
            page = page.orderBy('id', q.order);
          } else {
            if (!column) {
              page = page.where(sql<SqlBool>`${value} is not null`);
            }
            if (after) {
              page = page.where(sql<SqlBool>`(${value}, id) ${cmp} (${after.v}, ${after.id})`);
            }
            page = page.orderBy(value, q.order).orderBy('id', q.order);
          }
          const rows = await page.limit(pageSize).execute();
          if (rows.length === 0) {
            break;
          }
          yield rows;
          const last = rows[rows.length - 1];
          after = { v: last.sort_value, id: last.id };
          if (rows.length < pageSize) {
            break;
          }
        }
      }
    },
    /** Records of a ledger by id (the names of linked records). */
    getMany: (x: Db | Tx, entity: string, ids: number[]) =>
      ids.length ? x.selectFrom('record').selectAll().where('entity', '=', entity).where('id', 'in', ids).execute() : Promise.resolve([] as RecordRow[]),
    /** How many records of a ledger hold `id` in a field (a link to the record about to be deleted). */
    async countHolding(x: Db | Tx, entity: string, key: string, id: number) {
      const r = await x
        .selectFrom('record')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity', '=', entity)
        .where(sql<SqlBool>`${numOf(key)} = ${id}`)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    get: (x: Db | Tx, entity: string, id: number) => x.selectFrom('record').selectAll().where('entity', '=', entity).where('id', '=', id).executeTakeFirst(),
    async insert(x: Tx, row: Omit<Insertable<Database['record']>, 'doc'> & { doc: Record<string, unknown> }) {
      return x
        .insertInto('record')
        .values({ ...row, doc: docParam(row.doc) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Writes a new version only when the stored one is `version`; undefined when it is not (someone else saved first). */
    async update(x: Tx, id: number, version: number, set: { deptid: number | null; regionid: number | null; title: string; status: number; doc: Record<string, unknown>; updated_at: number }) {
      return x
        .updateTable('record')
        .set({ ...set, doc: docParam(set.doc), version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
    },
    /** Rewrites a record's values in the transaction that made it (a system label needs the new id); the version stays. */
    async setDoc(x: Tx, id: number, doc: Record<string, unknown>, title: string) {
      return x.updateTable('record').set({ doc: docParam(doc), title }).where('id', '=', id).returningAll().executeTakeFirst();
    },
    remove: async (x: Tx, id: number) => {
      await x.deleteFrom('record').where('id', '=', id).execute();
      await x.deleteFrom('record_unique').where('record_id', '=', id).execute();
    },

    // ---- unique values
    holderOf: (x: Tx, entity: string, field: string, value: string) =>
      x.selectFrom('record_unique').select('record_id').where('entity', '=', entity).where('field', '=', field).where('value', '=', value).executeTakeFirst(),
    async setUnique(x: Tx, entity: string, recordId: number, values: { field: string; value: string }[]) {
      await x.deleteFrom('record_unique').where('record_id', '=', recordId).execute();
      if (values.length) {
        await x
          .insertInto('record_unique')
          .values(values.map((v) => ({ entity, field: v.field, value: v.value, record_id: recordId })))
          .execute();
      }
    },

    // ---- workflow timeline
    /** Display names of these login names (those that still exist). */
    async userNames(loginnames: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(loginnames)];
      if (unique.length === 0) {
        return new Map();
      }
      const rows = await db.selectFrom('users').select(['loginname', 'username']).where('loginname', 'in', unique).execute();
      return new Map(rows.map((r) => [r.loginname, r.username]));
    },
    addStep: (x: Tx, row: Insertable<Database['record_step']>) => x.insertInto('record_step').values(row).execute(),
    steps: (recordId: number) => db.selectFrom('record_step').selectAll().where('record_id', '=', recordId).orderBy('at').orderBy('id').execute(),
    auditOf: (entity: string, id: number) =>
      db
        .selectFrom('audit_log')
        .select(['at', 'loginname', 'action', 'detail'])
        .where('entity', '=', entity)
        .where('entity_id', '=', String(id))
        .orderBy('at')
        .orderBy('id')
        .execute(),
    definitionLog: async (offset: number, limit: number) => {
      const q = db.selectFrom('audit_log').where('entity', '=', 'record_definition');
      const [rows, n] = await Promise.all([
        q.select(['at', 'loginname', 'action', 'detail', 'entity_id']).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(n.n) };
    },

    // ---- files
    insertFile: (row: Insertable<Database['record_file']>) => db.insertInto('record_file').values(row).returningAll().executeTakeFirstOrThrow(),
    file: (x: Db | Tx, id: number) => x.selectFrom('record_file').selectAll().where('id', '=', id).executeTakeFirst(),
    filesOf: (recordId: number) => db.selectFrom('record_file').selectAll().where('record_id', '=', recordId).orderBy('id').execute(),
    filesByIds: (x: Tx, ids: number[]) => (ids.length ? x.selectFrom('record_file').selectAll().where('id', 'in', ids).execute() : Promise.resolve([])),
    linkFiles: async (x: Tx, recordId: number, ids: number[]) => {
      await x.updateTable('record_file').set({ record_id: null }).where('record_id', '=', recordId).execute();
      if (ids.length) {
        await x.updateTable('record_file').set({ record_id: recordId }).where('id', 'in', ids).execute();
      }
    },

    // ---- to-dos of waiting approvers (opened through org's openTodo)
    /** Closes the open to-dos of a record (`ref`), whatever their kind: rows written before to-dos had kinds are closed too. */
    async closeTodos(x: Tx, ref: string) {
      await x.updateTable('todo').set({ status: 1 }).where('ref', '=', ref).where('status', '=', 0).execute();
    },
  };
}
export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
export const isCommonSort = (c: string): c is 'updated_at' | 'created_at' | 'status' | 'id' => COMMON_SORT.has(c);
