import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** The plant models and their node bindings (issue 23). */
function plantModelTables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plant_model')
        .addColumn('model', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('origin_lon', 'double precision', (c) => c.notNull())
        .addColumn('origin_lat', 'double precision', (c) => c.notNull())
        .addColumn('centre_x', 'double precision', (c) => c.notNull())
        .addColumn('centre_y', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('plant_model_node')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('level_tag', 'text')
        .addColumn('level_lo', 'double precision')
        .addColumn('level_hi', 'double precision')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('plant_model_node_pk', ['model', 'node'])
        .execute();
    },
  };
}

/** A plant's own GLB, kept in the store so every server of a scale-out serves it and a backup holds it. */
function plantModelUpload(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plant_model_file')
        .addColumn('model', 'text', (c) => c.primaryKey())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('node_names', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

/** A node may stand for a device of the major hazard register (its code), for the node's card. */
function plantModelEquipment(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('plant_model_node').addColumn('equipment', 'text').execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_plant_model': plantModelTables,
  '20261126T1700_plant_model_upload': plantModelUpload,
  '20261126T2000_plant_model_equipment': plantModelEquipment,
};
