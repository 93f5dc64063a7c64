import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { ModuleMigration } from '../modules/module.js';
import { coreMigrations } from './migrations/core.js';
import type { Dialect } from './migrations/dialect.js';
import type { Database } from './schema.js';
import { ImmediateSqliteDialect, SQLITE_SYNC_BUSY_MS, type LockWaits } from './sqlite-dialect.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface Store {
  db: Db;
  dialect: Dialect;
  /** SQLite: statements that had to wait for the write lock (another connection, the history writer thread, held it); null on PostgreSQL. */
  lockWaits(): LockWaits | null;
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
    // An idle connection dropped by the server (PostgreSQL restarted, database
    // dropped, connection killed) is discarded by the pool; without a listener
    // node would treat it as an uncaught error and stop the whole portal.
    pool.on('error', (err) => {
      process.stderr.write(
        `store: idle PostgreSQL connection closed (${(err as { code?: string }).code ?? err.message}); the pool opens a new one\n`,
      );
    });
    // A connection killed while it runs a query: the query fails with the error (the caller sees it), and the client
    // also emits it. The pool listens only while a client is idle, so without this a checked-out client's error
    // would be uncaught and stop the portal (seen when every backend of the store was terminated mid-query).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', lockWaits: () => null, close: () => db.destroy() };
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
  sqlite.pragma(`busy_timeout = ${SQLITE_SYNC_BUSY_MS}`);
  const dialect = new ImmediateSqliteDialect(sqlite);
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', lockWaits: () => ({ ...dialect.waits }), close: () => db.destroy() };
}

/**
 * Brings the schema to the newest migration: the platform's own and every
 * module's (`modules/index.ts` `moduleMigrations()`), run in one order by name;
 * throws with the failing migration's name.
 */
export async function migrateToLatest(store: Store, modules: Readonly<Record<string, ModuleMigration>>): Promise<void> {
  const all: Record<string, ModuleMigration> = { ...coreMigrations };
  for (const [name, m] of Object.entries(modules)) {
    if (name in all) {
      throw new Error(`migration ${name} is declared twice`);
    }
    all[name] = m;
  }
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(all).map(([name, m]) => [name, m(store.dialect)])) },
    // Names sort into one order (the early numbered ones, then modules' by time); a store that
    // already has a later one applied still takes a new earlier one (a module added later).
    allowUnorderedMigrations: true,
  });
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

/** The dialect behind a database handle or transaction. */
export function dialectOf(db: Db | Tx): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Makes transactions that call this with the same key run one after the
 * other, until the calling transaction ends: for check-then-write rules such
 * as "at most N attempts". SQLite needs nothing: every write transaction holds
 * the database's write lock from its BEGIN IMMEDIATE (sqlite-dialect.ts).
 * PostgreSQL takes a transaction-scoped advisory lock on the key's hash.
 */
export async function lockKeyInTransaction(tx: Tx, key: string): Promise<void> {
  if (dialectOf(tx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
  }
}
