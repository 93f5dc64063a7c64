import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

function tables(dialect: Dialect): Migration {
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('inspection_point')
        .addColumn('id', idType(dialect), pk)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('device', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('regionid', 'integer', (c) => c.notNull())
        .addColumn('lon', 'double precision', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('radius_m', 'double precision')
        .addColumn('qr_code', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('nfc_id', 'varchar(100)', (c) => c.unique())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('inspection_plan')
        .addColumn('id', idType(dialect), pk)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('responsible_id', 'integer', (c) => c.notNull())
        .addColumn('inspector_ids', 'text', (c) => c.notNull())
        .addColumn('regionid', 'integer', (c) => c.notNull())
        .addColumn('deptid', 'integer')
        .addColumn('segments', 'text', (c) => c.notNull())
        .addColumn('effective_to', 'bigint')
        .addColumn('pauses', 'text', (c) => c.notNull())
        .addColumn('reminder_hours', 'integer')
        .addColumn('headcount', 'integer', (c) => c.notNull())
        .addColumn('min_duration_min', 'integer')
        .addColumn('max_duration_min', 'integer')
        .addColumn('min_gap_min', 'integer')
        .addColumn('ordered', 'integer', (c) => c.notNull())
        .addColumn('all_points', 'integer', (c) => c.notNull())
        .addColumn('record_misses', 'integer', (c) => c.notNull())
        .addColumn('sign_at_points', 'integer', (c) => c.notNull())
        .addColumn('trouble_plan', 'varchar(100)', (c) => c.notNull())
        .addColumn('tolerance_minutes', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('point_ids', 'text', (c) => c.notNull())
        .addColumn('generated_to', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('inspection_task')
        .addColumn('id', idType(dialect), pk)
        .addColumn('plan_id', 'integer', (c) => c.notNull())
        .addColumn('start', 'bigint', (c) => c.notNull())
        .addColumn('end', 'bigint', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('regionid', 'integer', (c) => c.notNull())
        .addColumn('deptid', 'integer')
        .addColumn('recorder_id', 'integer')
        .addColumn('started_at', 'bigint')
        .addColumn('canceled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('terminated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invalid', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
        .addColumn('invalid_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('invalid_applicant', 'integer')
        .addColumn('invalid_approver', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('inspection_task_plan_start', ['plan_id', 'start'])
        .execute();
      await db.schema.createIndex('inspection_task_window').on('inspection_task').columns(['end', 'start']).execute();
      await db.schema
        .createTable('inspection_checkin')
        .addColumn('id', idType(dialect), pk)
        .addColumn('task_id', 'integer', (c) => c.notNull())
        .addColumn('point_id', 'integer', (c) => c.notNull())
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('method', 'varchar(4)', (c) => c.notNull())
        .addColumn('value', 'varchar(200)', (c) => c.notNull())
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('distance_m', 'double precision')
        .addColumn('card', 'varchar(64)')
        .addColumn('readings', 'text', (c) => c.notNull())
        .addColumn('findings', 'text', (c) => c.notNull())
        .addColumn('hidden_danger_ids', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addUniqueConstraint('inspection_checkin_task_point', ['task_id', 'point_id'])
        .execute();
    },
  };
}

function roundTodos(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // 0 none yet, 1 the inspectors' to-dos are open, 2 they are done (the round finished or its window closed).
      await db.schema.alterTable('inspection_task').addColumn('todo_state', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2310_inspection_tables': tables,
  '20261125T2340_inspection_round_todos': roundTodos,
};
