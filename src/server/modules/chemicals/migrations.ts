import type { Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

function movements(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chemical_movement')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('cas', 'varchar(20)', (c) => c.notNull())
        .addColumn('delta', 'double precision', (c) => c.notNull())
        .addColumn('batch', 'varchar(60)')
        .addColumn('remark', 'varchar(500)')
        .addColumn('other_store_id', 'integer')
        .addColumn('userid', 'integer')
        .addColumn('loginname', 'varchar(60)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chemical_movement_store').on('chemical_movement').columns(['store_id', 'cas']).execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2140_chemical_movements': movements,
};
