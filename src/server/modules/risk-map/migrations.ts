import type { Kysely, Migration } from 'kysely';
import type { ModuleMigration } from '../module.js';

/** The four-colour maps' palette (issue 21 §4). */
function mapColors(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_map_color')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('opacity_milli', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261126T0300_risk_map_color': mapColors,
};
