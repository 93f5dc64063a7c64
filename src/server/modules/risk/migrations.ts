import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
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

/**
 * The plant's band tables (every version kept: an evaluation names the one it
 * was made with), the evaluations themselves with a copy of their bands, and
 * each evaluation unit's inherent and residual level (issue 21 §2, §3).
 */
function bandsAndEvaluations(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('risk_band_table')
        .addColumn('id', idType(dialect), id)
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('bands', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_band_table_method').on('risk_band_table').columns(['method', 'id']).execute();
      await db.schema
        .createTable('risk_evaluation')
        .addColumn('id', idType(dialect), id)
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('factors', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision')
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('band_table_id', 'integer')
        .addColumn('bands', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('made_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_evaluation_target').on('risk_evaluation').columns(['entity', 'target_id', 'at']).execute();
      await db.schema
        .createTable('risk_unit_level')
        .addColumn('unit_id', 'integer', (c) => c.primaryKey())
        .addColumn('inherent', 'integer', (c) => c.notNull())
        .addColumn('residual', 'integer')
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_risk_zone_history': zoneHistory,
  '20261126T0230_risk_bands_evaluations': bandsAndEvaluations,
};
