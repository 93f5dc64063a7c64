import type { Kysely, Migration } from 'kysely';
import { majorHazardCriteria2017 } from '../../../shared/domain/hidden-danger.js';
import type { Database } from '../../store/schema.js';
import type { Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

function deadlines(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hidden_danger_deadline')
        .addColumn('record_id', 'integer', (c) => c.primaryKey())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('reminded_at', 'bigint')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * The statutory 重大 list (安监总管三〔2017〕121 号) as rows the plant edits
 * (issue 24 §1), seeded once from the document's text: wording changed or an
 * item switched off stays so.
 */
function criteria(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hidden_danger_criterion')
        .addColumn('no', 'integer', (c) => c.primaryKey())
        .addColumn('zh', 'text', (c) => c.notNull())
        .addColumn('en', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'text')
        .execute();
      await (db as unknown as Kysely<Pick<Database, 'hidden_danger_criterion'>>)
        .insertInto('hidden_danger_criterion')
        .values(majorHazardCriteria2017.map((c) => ({ no: c.no, zh: c.zh, en: c.en, enabled: 1, updated_at: null, updated_by: null })))
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_hidden_danger_deadlines': deadlines,
  '20261126T1700_hidden_danger_criteria': criteria,
};
