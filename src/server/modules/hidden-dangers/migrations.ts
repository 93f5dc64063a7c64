import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

function deadlines(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hidden_danger_deadline')
        .addColumn('record_id', 'integer', (c) => c.primaryKey())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('reminded_at', 'bigint')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_hidden_danger_deadlines': deadlines,
};
