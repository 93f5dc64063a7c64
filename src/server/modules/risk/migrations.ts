import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { defaultEscalationRules, measureCheckRule } from '../../../shared/domain/risk-escalation.js';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { Database } from '../../store/schema.js';
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

/**
 * The escalation rules as rows an administrator edits (issue 21 §5),
 * seeded once with the typical rules of DOMAIN.md §6: a plant that deletes
 * one keeps it deleted.
 */
function escalationRules(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_escalation_rule')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('match', 'text', (c) => c.notNull())
        .addColumn('effect', 'text', (c) => c.notNull())
        .addColumn('hold_ms', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('name_zh', 'text')
        .addColumn('name_en', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'text')
        .execute();
      await (db as unknown as Kysely<Pick<Database, 'risk_escalation_rule'>>)
        .insertInto('risk_escalation_rule')
        .values(
          defaultEscalationRules.map((r, i) => ({
            id: r.id,
            kind: r.kind,
            match: JSON.stringify(r.match),
            effect: JSON.stringify(r.effect),
            hold_ms: r.holdMs,
            enabled: r.enabled ? 1 : 0,
            name_zh: r.name?.zh ?? null,
            name_en: r.name?.en ?? null,
            sort: (i + 1) * 10,
            updated_at: null,
            updated_by: null,
          })),
        )
        .execute();
    },
  };
}

/**
 * The check tasks of the control measures (DOMAIN.md §8), one per measure and
 * window start (`task_key`, so generators on any server insert each once), and
 * the rule row that makes a missed check raise its zone one level (DOMAIN.md
 * §6), added beside the rows a plant may already have edited.
 */
function measureTasks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_measure_task')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('task_key', 'text', (c) => c.notNull().unique())
        .addColumn('measure_id', 'integer', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('done_by', 'text')
        .addColumn('result', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('risk_measure_task_measure').on('risk_measure_task').columns(['measure_id', 'end_at']).execute();
      const rule = measureCheckRule;
      const typed = db as unknown as Kysely<Pick<Database, 'risk_escalation_rule'>>;
      const last = await typed.selectFrom('risk_escalation_rule').select((eb) => eb.fn.max('sort').as('s')).executeTakeFirst();
      await typed
        .insertInto('risk_escalation_rule')
        .values({
          id: rule.id,
          kind: rule.kind,
          match: JSON.stringify(rule.match),
          effect: JSON.stringify(rule.effect),
          hold_ms: rule.holdMs,
          enabled: rule.enabled ? 1 : 0,
          name_zh: rule.name?.zh ?? null,
          name_en: rule.name?.en ?? null,
          sort: Number(last?.s ?? 0) + 10,
          updated_at: null,
          updated_by: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

/** The zones' level overrides (issue 21 §4): one row per zone overridden now. */
function zoneOverrides(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_zone_override')
        .addColumn('regionid', 'integer', (c) => c.primaryKey())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('until', 'bigint')
        .addColumn('set_at', 'bigint', (c) => c.notNull())
        .addColumn('set_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_risk_zone_history': zoneHistory,
  '20261126T0230_risk_bands_evaluations': bandsAndEvaluations,
  '20261126T1310_risk_escalation_rules': escalationRules,
  '20261126T1720_risk_measure_tasks': measureTasks,
  '20261126T2010_risk_zone_overrides': zoneOverrides,
};
