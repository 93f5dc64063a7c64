import type { Kysely, Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

/** Dashboards and their versions (issue 22 §1). */
function dashboardTables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dashboard')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('dashboard_version')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('dashboard_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'bigint', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addUniqueConstraint('dashboard_version_unique', ['dashboard_id', 'version'])
        .execute();
    },
  };
}

/** Cameras, notices, the frame allow-list and the roles' home dashboards (issue 22, the wall's pages). */
function wallTables(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wall_camera')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('regionid', 'integer')
        .addColumn('hls_url', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('wall_notice')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wall_frame_origin')
        .addColumn('origin', 'text', (c) => c.primaryKey())
        .execute();
      await db.schema
        .createTable('dashboard_home')
        .addColumn('role', 'text', (c) => c.primaryKey())
        .addColumn('dashboard_key', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '20261125T2000_dashboards': dashboardTables,
  '20261126T1000_wall_pages': wallTables,
};
