import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/**
 * How long a statement or a BEGIN IMMEDIATE keeps trying to get SQLite's write
 * lock before it fails. The history writer thread holds the lock for one
 * transaction at a time (at most 100,000 rows, well under a second), so
 * waiting this long means something is wrong, not merely busy.
 */
export const SQLITE_LOCK_WAIT_MS = 10_000;

/**
 * SQLite's own busy handler on the main connection. better-sqlite3 is
 * synchronous: while that handler sleeps the whole event loop stops (every
 * socket and request), so it is kept short and longer waits are retried
 * asynchronously below, letting other work run in between.
 */
export const SQLITE_SYNC_BUSY_MS = 20;

const isBusy = (err: unknown) => typeof err === 'object' && err !== null && String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/** Statements that found the write lock taken, and how long they waited for it (the async retries, not counting SQLite's own short busy wait). */
export interface LockWaits {
  waits: number;
  totalMs: number;
  maxMs: number;
}

/** Retries after the event loop had its turn, backing off to at most 25 ms between attempts. */
async function retryWhileBusy<T>(run: () => Promise<T>, waits: LockWaits): Promise<T> {
  const started = performance.now();
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await run();
      if (attempt > 0) {
        const ms = performance.now() - started;
        waits.waits++;
        waits.totalMs += ms;
        waits.maxMs = Math.max(waits.maxMs, ms);
      }
      return result;
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) {
        throw err;
      }
      await new Promise((r) => setTimeout(r, Math.min(25, 1 + attempt * 2)));
    }
  }
}

/** Prepared statements kept per connection (by SQL text, least recently used dropped first). */
export const SQLITE_STATEMENT_CACHE = 500;

/**
 * The connection with a cache of prepared statements. Kysely prepares every
 * query anew; preparing cost more than running in a profile of the ingest
 * pipeline (5.3 s against 4.4 s). A statement still iterating (a streamed
 * export) is busy and cannot run again meanwhile: that caller gets a fresh one.
 * SQLite re-prepares a cached statement itself after a schema change.
 */
function withStatementCache(db: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const hit = cache.get(source);
    if (hit?.busy) {
      return db.prepare(source);
    }
    cache.delete(source);
    const stmt = hit ?? db.prepare(source);
    cache.set(source, stmt);
    if (cache.size > SQLITE_STATEMENT_CACHE) {
      cache.delete(cache.keys().next().value!);
    }
    return stmt;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return prepare;
      }
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/**
 * Kysely's SQLite driver with three changes:
 *
 * - `db.transaction()` starts with BEGIN IMMEDIATE: the transaction takes the
 *   write lock at its start. With a plain (deferred) BEGIN a transaction that
 *   reads and then writes must upgrade its read lock, and when another
 *   connection (the history writer thread) wrote in between SQLite answers
 *   SQLITE_BUSY at once, without waiting: that was the 500 "database is
 *   locked" of issue 6.
 * - a statement outside a transaction, or the BEGIN, that finds the lock taken
 *   is retried asynchronously until SQLITE_LOCK_WAIT_MS (nothing was done, so a
 *   retry is safe); inside a transaction the lock is already held and an error
 *   is passed on as it is.
 * - prepared statements are cached (withStatementCache).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly waits: LockWaits,
  ) {
    super({ database: withStatementCache(sqlite) });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await super.acquireConnection();
    const { sqlite, waits } = this;
    return {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        return sqlite.inTransaction ? conn.executeQuery<R>(query) : retryWhileBusy(() => conn.executeQuery<R>(query), waits);
      },
      streamQuery: (query, chunkSize) => conn.streamQuery(query, chunkSize),
    };
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** The SQLite dialect of the store: better-sqlite3 with write transactions that lock at their start. */
export class ImmediateSqliteDialect extends SqliteDialect {
  /** Waits for the write lock since the store opened. */
  readonly waits: LockWaits = { waits: 0, totalMs: 0, maxMs: 0 };

  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqlite, this.waits);
  }
}
