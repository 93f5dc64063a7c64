import type { Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** Daily safety commitment notices and their settings (issue 21 §7). */
function commitmentTables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('commitment_notice')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('day', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('facts', 'text', (c) => c.notNull())
        .addColumn('statement', 'text', (c) => c.notNull())
        .addColumn('responsible_userid', 'integer')
        .addColumn('responsible_name', 'text', (c) => c.notNull())
        .addColumn('drafted_at', 'bigint', (c) => c.notNull())
        .addColumn('drafted_by', 'text', (c) => c.notNull())
        .addColumn('signer_userid', 'integer')
        .addColumn('signer_name', 'text')
        .addColumn('signed_at', 'bigint')
        .addColumn('signature', 'text')
        .execute();
      await db.schema
        .createTable('commitment_config')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('responsible_userid', 'integer')
        .addColumn('draft_time', 'text', (c) => c.notNull())
        .addColumn('statement', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261126T0230_commitment_tables': commitmentTables,
};
