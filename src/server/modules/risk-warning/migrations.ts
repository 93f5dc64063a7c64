import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** Variables, warnings, their ranges and the records of their calculations (issue 21 §6). */
function warningTables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('risk_warning_variable')
        .addColumn('id', idType(dialect), id)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('tag', 'text')
        .addColumn('regionid', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('risk_warning')
        .addColumn('id', idType(dialect), id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('formula', 'text', (c) => c.notNull())
        .addColumn('regionid', 'integer')
        .addColumn('instructions', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('on_change', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('owner_userid', 'integer', (c) => c.notNull())
        .addColumn('owner_loginname', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('last_run_at', 'bigint')
        .execute();
      await db.schema
        .createTable('risk_warning_range')
        .addColumn('id', idType(dialect), id)
        .addColumn('warning_id', 'integer', (c) => c.notNull())
        .addColumn('min', 'double precision')
        .addColumn('max', 'double precision')
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('instruction', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_warning_range_warning').on('risk_warning_range').column('warning_id').execute();
      await db.schema
        .createTable('risk_warning_record')
        .addColumn('id', idType(dialect), id)
        .addColumn('warning_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('formula', 'text', (c) => c.notNull())
        .addColumn('regionid', 'integer')
        .addColumn('value', 'double precision')
        .addColumn('level', 'integer')
        .addColumn('inputs', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('made_by', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_warning_record_at').on('risk_warning_record').columns(['warning_id', 'at']).execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261126T1310_risk_warning_tables': warningTables,
};
