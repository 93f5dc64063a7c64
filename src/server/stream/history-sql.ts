import { CompiledQuery } from 'kysely';
import type { Db } from '../store/db.js';
import type SQLite from 'better-sqlite3';

/*
 * One small SQL interface for the historian, over two connections: Kysely
 * (PostgreSQL, in-memory SQLite, the main thread and the history thread's own
 * PostgreSQL pool) and a raw better-sqlite3 connection in the history thread.
 * Statements use `?`; PostgreSQL gets them renumbered to `$n`.
 */

export type SqlDialect = 'sqlite' | 'postgres';

export interface SqlConn {
  dialect: SqlDialect;
  run(sql: string, params: readonly unknown[]): Promise<{ rows: Record<string, unknown>[]; changes: number }>;
  transaction<T>(fn: (c: SqlConn) => Promise<T>): Promise<T>;
}

function pgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A SqlConn over Kysely (a transaction keeps to one pooled connection). */
export function kyselyConn(db: Db, dialect: SqlDialect): SqlConn {
  return {
    dialect,
    async run(sql, params) {
      const r = await db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? pgPlaceholders(sql) : sql, [...params]));
      return { rows: r.rows as Record<string, unknown>[], changes: Number(r.numAffectedRows ?? 0) };
    },
    transaction: (fn) => db.transaction().execute((tx) => fn(kyselyConn(tx, dialect))),
  };
}

/** A SqlConn over a raw better-sqlite3 connection (the history thread's own): write transactions take the lock at their start. */
export function sqliteConn(db: SQLite.Database): SqlConn {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string) => {
    let st = statements.get(text);
    if (!st) {
      if (statements.size > 1000) {
        statements.clear();
      }
      st = db.prepare(text);
      statements.set(text, st);
    }
    return st;
  };
  const conn: SqlConn = {
    dialect: 'sqlite',
    async run(text, params) {
      const st = prepare(text);
      if (st.reader) {
        return { rows: st.all(...params) as Record<string, unknown>[], changes: 0 };
      }
      return { rows: [], changes: st.run(...params).changes };
    },
    async transaction(fn) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const r = await fn(conn);
        db.exec('COMMIT');
        return r;
      } catch (err) {
        if (db.inTransaction) {
          db.exec('ROLLBACK');
        }
        throw err;
      }
    },
  };
  return conn;
}

/**
 * Deletes history older than `before` (epoch ms). Walks the distinct ids with
 * index seeks (a loose index scan: `min(id) where id > previous`) and deletes
 * per id through the (id, time) index, so neither dialect scans whole tables
 * and no statement holds SQLite's write lock for long.
 */
export async function deleteBefore(c: SqlConn, before: number): Promise<{ samples: number; positions: number }> {
  const sweep = async (table: string, id: string, time: string) => {
    let deleted = 0;
    let prev: string | null = null;
    for (;;) {
      const r = await c.run(
        prev === null ? `SELECT min(${id}) AS id FROM ${table}` : `SELECT min(${id}) AS id FROM ${table} WHERE ${id} > ?`,
        prev === null ? [] : [prev],
      );
      const next = r.rows[0]?.id;
      if (typeof next !== 'string') {
        return deleted;
      }
      deleted += (await c.run(`DELETE FROM ${table} WHERE ${id} = ? AND ${time} < CAST(? AS bigint)`, [next, before])).changes;
      prev = next;
    }
  };
  const samples = await sweep('sample', 'tag_id', 't');
  await sweep('sample_1m', 'tag_id', 'm');
  const positions = await sweep('position', 'target_id', 't');
  return { samples, positions };
}
