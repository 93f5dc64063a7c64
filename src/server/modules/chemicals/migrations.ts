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

/** The plant's edits of the taboo matrix, inventory counts against the book stock, and the hidden dangers opened for pairs in stock. */
function rulesAndCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chemical_taboo_rule')
        .addColumn('class_a', 'varchar(40)', (c) => c.notNull())
        .addColumn('class_b', 'varchar(40)', (c) => c.notNull())
        .addColumn('mark', 'varchar(20)', (c) => c.notNull())
        .addColumn('loginname', 'varchar(60)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chemical_taboo_rule_pk', ['class_a', 'class_b'])
        .execute();
      await db.schema
        .createTable('chemical_count')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('cas', 'varchar(20)', (c) => c.notNull())
        .addColumn('book', 'double precision', (c) => c.notNull())
        .addColumn('counted', 'double precision', (c) => c.notNull())
        .addColumn('difference', 'double precision', (c) => c.notNull())
        .addColumn('movement_id', 'integer')
        .addColumn('remark', 'varchar(500)')
        .addColumn('loginname', 'varchar(60)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chemical_count_store').on('chemical_count').columns(['store_id', 'at']).execute();
      await db.schema
        .createTable('chemical_taboo_danger')
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('pair', 'varchar(200)', (c) => c.notNull())
        .addColumn('danger_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chemical_taboo_danger_pk', ['store_id', 'pair'])
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2140_chemical_movements': movements,
  '20261126T0230_chemical_rules_counts': rulesAndCounts,
};
