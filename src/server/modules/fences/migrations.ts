import { sql, type Kysely, type Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/**
 * Electronic fences and muster (issue 10): one rule per region (its JSON, the
 * shape of contracts/fences.ts), and the musters (emergency head counts) with
 * who or what started and ended them.
 */
function fencesAndMuster(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fence_rule')
        .addColumn('regionid', 'integer', (c) => c.primaryKey())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('muster')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('ended_by', 'text')
        .execute();
    },
  };
}

/**
 * One muster at a time (issue 10): a muster may be started by an alarm rule on
 * any node as well as by an administrator, so the store, not a read before the
 * insert, keeps a second one from opening.
 */
function musterOneOpen(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE UNIQUE INDEX muster_one_open ON muster ((1)) WHERE ended_at IS NULL`.execute(db);
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time (`20261125T0930_name`), so modules built side by side cannot collide. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '0085_fences_muster': fencesAndMuster,
  '0091_muster_one_open': () => musterOneOpen(),
};
