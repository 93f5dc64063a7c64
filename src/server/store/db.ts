import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migrationProvider, type Dialect } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface Store {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns int8 as strings; our bigints are epoch milliseconds, safe as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens the store: PostgreSQL when a URL is given, else an SQLite file (WAL)
 * under dataDir. `:memory:` as dataDir gives a private in-memory database.
 */
export function openStore(opts: { databaseUrl?: string; dataDir: string }): Store {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  let file = ':memory:';
  if (opts.dataDir !== ':memory:') {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    file = path.join(opts.dataDir, 'plantwatch.sqlite');
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(store: Store): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
}

/** Runs fn in a transaction; use for every change that must be audited with it. */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
