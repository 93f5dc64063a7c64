import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** The identification result kept per major hazard unit (issue 20 §2): re-run when the unit's substances, quantities or population change. */
function identification(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('major_hazard_identification')
        .addColumn('unit_id', 'integer', (c) => c.primaryKey())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('issues', 'text', (c) => c.notNull())
        .addColumn('is_major', 'integer', (c) => c.notNull())
        .addColumn('grade', 'integer')
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_major_hazard_identification': identification,
};
