import { type Kysely, type Migration } from 'kysely';
import type { ModuleMigration } from '../module.js';

/**
 * Map settings of the plant (issue 6 part 4): the uploaded site plan (file name,
 * size, control points, fit) and the online base map preset, one JSON value per key.
 */
function mapSetting(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('map_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time (`20261125T0930_name`), so modules built side by side cannot collide. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '0040_map_setting': () => mapSetting(),
};
