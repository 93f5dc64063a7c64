import { createHash } from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/**
 * The record engine (issue 7): ledgers stored as JSON documents with the
 * common fields (department, region, status, times) in indexed columns, so a
 * ledger defined at run time needs no migration. Unique rules live in their
 * own table (a primary key guards them across concurrent saves).
 */
function recordEngine(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = idType(dialect);
      const pk = (name: string) =>
        [name, id, (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
      const doc = dialect === 'postgres' ? 'jsonb' : 'text';
      await db.schema
        .createTable('record_definition')
        .addColumn('entity', 'text', (c) => c.primaryKey())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('doc', doc, (c) => c.notNull())
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('record')
        .addColumn(...pk('id'))
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('deptid', 'integer')
        .addColumn('regionid', 'integer')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('creator_id', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('doc', doc, (c) => c.notNull())
        .execute();
      for (const col of ['updated_at', 'created_at', 'status', 'deptid', 'regionid']) {
        await db.schema.createIndex(`record_entity_${col}`).on('record').columns(['entity', col, 'id']).execute();
      }
      await db.schema
        .createTable('record_unique')
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_unique_pk', ['entity', 'field', 'value'])
        .execute();
      await db.schema.createIndex('record_unique_record').on('record_unique').column('record_id').execute();
      await db.schema
        .createTable('record_step')
        .addColumn(...pk('id'))
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('userid', 'integer')
        .addColumn('loginname', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_status', 'integer', (c) => c.notNull())
        .addColumn('to_status', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('record_step_record').on('record_step').columns(['record_id', 'at']).execute();
      await db.schema
        .createTable('record_file')
        .addColumn(...pk('id'))
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('thumb', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('uploaded_by', 'integer', (c) => c.notNull())
        .addColumn('record_id', 'integer')
        .execute();
      await db.schema.createIndex('record_file_record').on('record_file').column('record_id').execute();
      // A to-do's `ref` (`record:<id>`, added by 0021) closes it when the record leaves the waiting step.
      await db.schema.createIndex('todo_ref').on('todo').columns(['ref', 'status']).execute();
    },
  };
}

/**
 * The record engine's data dictionary (issue 7): enumerations kept once and
 * named by ledger fields (`dictionary`), stored as a JSON document per code.
 */
function recordDictionary(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('record_dictionary')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('doc', dialect === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * A safety sign's type becomes a link to the SafeSignType ledger (was free
 * text): each sign's text is matched to the type of that name (trimmed, case
 * not minded, Chinese or English name). A text no single type has creates no
 * type: it moves to `signTypeOld`, which detail, export and the column chooser
 * show, and the type is left empty, so the next save asks for one.
 * The version goes up, so a form opened before is refused, not overwritten.
 * The text index on the field (named by `SafeSign.signType`, the repository's
 * `ensureIndexes`) is dropped so the next start makes the numeric one.
 */
function safeSignTypeLink(dialect: Dialect): Migration {
  const docOf = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  return {
    async up(db: Kysely<unknown>) {
      const types = (await sql<{ id: number; doc: unknown }>`SELECT id, doc FROM record WHERE entity = 'SafeSignType'`.execute(db)).rows;
      const byName = new Map<string, number[]>();
      for (const t of types) {
        const doc = docOf(t.doc);
        for (const n of new Set([norm(doc.name), norm(doc.name_en)])) {
          if (n) {
            byName.set(n, [...(byName.get(n) ?? []), t.id]);
          }
        }
      }
      const signs = (await sql<{ id: number; doc: unknown }>`SELECT id, doc FROM record WHERE entity = 'SafeSign'`.execute(db)).rows;
      for (const s of signs) {
        const doc = docOf(s.doc);
        const text = doc.signType;
        if (typeof text !== 'string') {
          continue;
        }
        const hits = byName.get(norm(text)) ?? [];
        const next = hits.length === 1 ? { ...doc, signType: hits[0] } : { ...doc, signType: null, signTypeOld: text };
        await sql`UPDATE record SET doc = ${JSON.stringify(next)}, version = version + 1 WHERE id = ${s.id}`.execute(db);
      }
      const index = `record_doc_${createHash('sha1').update('SafeSign.signType').digest('hex').slice(0, 16)}`;
      await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
      if (dialect === 'sqlite') {
        await sql`DROP INDEX IF EXISTS ${sql.id(`record_cnt_${createHash('sha1').update('SafeSign.signType').digest('hex').slice(0, 16)}`)}`.execute(
          db,
        );
      }
    },
  };
}

/**
 * PostgreSQL's numeric document indexes were built on a bare cast, which
 * fails on any text under the key, even in an old row version that CREATE
 * INDEX still reads while another transaction's snapshot is open. They are
 * dropped here; the next start's `ensureIndexes` makes them, under the same
 * names, on the cast that yields null for a non-number.
 */
function safeNumericIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') {
        return;
      }
      const old = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
        WHERE tablename = 'record' AND indexname LIKE 'record_doc_%' AND indexdef LIKE '%double precision%' AND indexdef NOT LIKE '%jsonb_typeof%'`.execute(db);
      for (const r of old.rows) {
        await sql`DROP INDEX IF EXISTS ${sql.id(r.indexname)}`.execute(db);
      }
    },
  };
}

/**
 * SQLite's document indexes covered every ledger's rows, so each record
 * written evaluated all of them (about 450 in the demo plant). They are
 * dropped here; the next start's `ensureIndexes` makes them, under the same
 * names, partial on their ledger (`where entity = '…'`), as PostgreSQL's are.
 */
function partialSqliteIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') {
        return;
      }
      const old = await sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'index' AND tbl_name = 'record' AND (name LIKE 'record_doc_%' OR name LIKE 'record_cnt_%') AND sql NOT LIKE '%where entity =%'`.execute(db);
      for (const r of old.rows) {
        await sql`DROP INDEX IF EXISTS ${sql.id(r.name)}`.execute(db);
      }
    },
  };
}

/**
 * Approval flows (issue 18): one task per approver and step entered (`round`
 * counts the entries of a record), with its seed flow status (pass, to be
 * processed, signed-to-be-processed, reject, pending, unprocessed, transfer),
 * who it came from (transfer or delegation) and when it was escalated; and
 * delegations of a user's approvals to another for a time. Records waiting in
 * a step before this have no tasks: their approvers are read from the
 * definition as before until they move.
 */
function flowTasks(dialect: Dialect): Migration {
  const pk = (name: string) =>
    [
      name,
      idType(dialect),
      (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()),
    ] as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('record_flow_task')
        .addColumn(...pk('id'))
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('state_code', 'integer', (c) => c.notNull())
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('via_userid', 'integer')
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('acted_at', 'bigint')
        .addColumn('escalated_at', 'bigint')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('record_flow_task_record').on('record_flow_task').columns(['record_id', 'round']).execute();
      await db.schema.createIndex('record_flow_task_user').on('record_flow_task').columns(['userid', 'status']).execute();
      await db.schema
        .createTable('record_flow_delegation')
        .addColumn(...pk('id'))
        .addColumn('from_userid', 'integer', (c) => c.notNull())
        .addColumn('to_userid', 'integer', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
  };
}

/**
 * The flow library (issue 18 item 2): named approval flows kept once
 * (`SearchFlowLibraryList`), and which ledger follows which
 * (`FlowBusinessRelation`, one flow per ledger).
 */
function flowLibrary(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('record_flow_library')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('record_flow_binding')
        .addColumn('entity', 'text', (c) => c.primaryKey())
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('bound_at', 'bigint', (c) => c.notNull())
        .addColumn('bound_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('record_flow_binding_flow').on('record_flow_binding').column('flow_id').execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time (`20261125T0930_name`), so modules built side by side cannot collide. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '0050_record_engine': recordEngine,
  '0095_record_dictionary': recordDictionary,
  '0096_safe_sign_type_link': safeSignTypeLink,
  '20261125T2300_safe_numeric_indexes': safeNumericIndexes,
  '20261126T0230_record_flow_tasks': flowTasks,
  '20261126T0700_partial_sqlite_indexes': partialSqliteIndexes,
  '20261126T1700_record_flow_library': flowLibrary,
};
