import type { Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** The zones' history of live levels (issue 21 §5). */
function zoneHistory(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_zone_history')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('regionid', 'integer', (c) => c.notNull())
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('from_level', 'integer')
        .addColumn('to_level', 'integer', (c) => c.notNull())
        .addColumn('residual', 'integer')
        .addColumn('causes', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_zone_history_region').on('risk_zone_history').columns(['regionid', 't']).execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_risk_zone_history': zoneHistory,
};
