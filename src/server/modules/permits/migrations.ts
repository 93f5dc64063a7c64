import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

const id = (dialect: Dialect) => (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

/** Safe-work permits (issue 25): the permit, its statutory steps with signatures, its gas samples. */
function permitTables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('permit')
        .addColumn('id', idType(dialect), id(dialect))
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('grade', 'text')
        .addColumn('effective_grade', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('region_id', 'integer')
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('radius_m', 'double precision', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('applicant_id', 'integer', (c) => c.notNull())
        .addColumn('guardian_id', 'integer', (c) => c.notNull())
        .addColumn('leader_id', 'integer', (c) => c.notNull())
        .addColumn('guardian_tag', 'text')
        .addColumn('workers', 'text', (c) => c.notNull())
        .addColumn('suspend_reason', 'text')
        .addColumn('suspended_at', 'bigint')
        .addColumn('started_at', 'bigint')
        .addColumn('finish_result', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('permit_status').on('permit').columns(['status', 'id']).execute();
      await db.schema
        .createTable('permit_step')
        .addColumn('id', idType(dialect), id(dialect))
        .addColumn('permit_id', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('signer_id', 'integer', (c) => c.notNull())
        .addColumn('signed_at', 'bigint')
        .addColumn('signature', 'text')
        .addColumn('sign_pos', 'text')
        .addColumn('comment', 'text')
        .execute();
      await db.schema.createIndex('permit_step_permit').on('permit_step').columns(['permit_id', 'seq']).unique().execute();
      await db.schema
        .createTable('permit_gas')
        .addColumn('id', idType(dialect), id(dialect))
        .addColumn('permit_id', 'integer', (c) => c.notNull())
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('lel', 'double precision')
        .addColumn('reading', 'double precision')
        .addColumn('unit', 'text')
        .addColumn('o2', 'double precision')
        .addColumn('analyst_id', 'integer', (c) => c.notNull())
        .addColumn('analyst', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('permit_gas_permit').on('permit_gas').columns(['permit_id', 't']).execute();
    },
  };
}

/** Drafts, rejection and voiding (seed 2 §4): the approver's or voider's reason on the permit. */
const permitStatusReason: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('permit').addColumn('status_reason', 'text').execute();
  },
};

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_permit_tables': permitTables,
  '20261126T2000_permit_status_reason': () => permitStatusReason,
};
