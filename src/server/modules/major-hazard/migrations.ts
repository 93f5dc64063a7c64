import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
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

/** The check-ins of the responsible persons of each source (issue 20 §5). */
function responsibleChecks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('major_hazard_check')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('responsible_id', 'integer', (c) => c.notNull())
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('findings', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('major_hazard_check_resp').on('major_hazard_check').columns(['responsible_id', 'at']).execute();
    },
  };
}

/** The plant's grading method (issue 20 §2): the β and α it adjusts, as JSON. */
function gradingMethod(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('major_hazard_method')
        .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(100)', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Scheduled tag reports (issue 20 §7): the definitions, the reports (one per
 * definition and period: the unique key makes generation restart-safe) and a
 * row per webhook delivery with its status, so none is lost.
 */
function tagReports(dialect: Dialect): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mh_report_setting')
        .addColumn('id', idType(dialect), id)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('schedule', 'varchar(16)', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('webhook_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('owner_userid', 'integer', (c) => c.notNull())
        .addColumn('owner', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('mh_report')
        .addColumn('id', idType(dialect), id)
        .addColumn('setting_id', 'integer', (c) => c.notNull())
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('period_end', 'bigint', (c) => c.notNull())
        .addColumn('generated_at', 'bigint', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addUniqueConstraint('mh_report_period', ['setting_id', 'period_start'])
        .execute();
      await db.schema
        .createTable('mh_report_delivery')
        .addColumn('id', idType(dialect), id)
        .addColumn('report_id', 'integer', (c) => c.notNull())
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text', (c) => c.notNull())
        .addColumn('last_at', 'bigint')
        .addColumn('next_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('mh_report_delivery_due').on('mh_report_delivery').columns(['status', 'next_at']).execute();
      await db.schema.createIndex('mh_report_delivery_report').on('mh_report_delivery').columns(['report_id']).execute();
    },
  };
}

/**
 * The regulator push (issue 20 §7): its endpoint (one row, key 'regulator', with the sender's state: failures in a
 * row, next try, last error) and the durable buffer of messages, written before they are sent and marked when sent.
 */
function regulatorPush(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('major_hazard_push')
        .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        .addColumn('topic', 'varchar(200)', (c) => c.notNull())
        .addColumn('interval_s', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('plant_code', 'varchar(60)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(100)', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_try_at', 'bigint')
        .addColumn('last_sent_at', 'bigint')
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_error_at', 'bigint')
        .addColumn('last_collect_at', 'bigint')
        .execute();
      await db.schema
        .createTable('major_hazard_push_row')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('source_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('value_count', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('major_hazard_push_row_status').on('major_hazard_push_row').columns(['status', 'id']).execute();
    },
  };
}

/** A responsibility check's photos and the hidden danger its findings opened (issue 20 §5). */
function checkPhotos(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('major_hazard_check').addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await db.schema.alterTable('major_hazard_check').addColumn('hidden_danger_id', 'integer').execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_major_hazard_identification': identification,
  '20261126T0000_major_hazard_check': responsibleChecks,
  '20261126T0220_major_hazard_method': gradingMethod,
  '20261126T1310_major_hazard_push': regulatorPush,
  '20261126T1330_major_hazard_check_photos': checkPhotos,
  '20261126T1400_major_hazard_tag_reports': tagReports,
};
