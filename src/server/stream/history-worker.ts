/*
 * The SQLite history writer thread. better-sqlite3 is synchronous: a 20,000-row
 * transaction on the main thread would stop every socket and HTTP request for
 * tens of milliseconds. Here it has its own connection to the same WAL file and
 * blocks nobody; the main thread posts column batches and gets counts back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { HistoryBuffer, type PositionRows, type SampleRows } from './history-buffer.js';
import { deleteBefore, writeTake, type SqlConn } from './history-sql.js';

export interface WorkerInit {
  file: string;
  flushMs: number;
  flushItems: number;
  rowsPerTransaction: number;
  maxBuffered: number;
}

export type ToWorker =
  | { type: 'samples'; b: SampleRows }
  | { type: 'positions'; b: PositionRows }
  | { type: 'flush'; id: number }
  | { type: 'delete'; id: number; before: number }
  | { type: 'close'; id: number };

export type FromWorker =
  | { type: 'written'; samples: number; positions: number; ms: number }
  | { type: 'dropped'; items: number }
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number; result?: { samples: number; positions: number }; error?: string };

function sqliteConn(db: SQLite.Database): SqlConn {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => {
    let st = statements.get(sql);
    if (!st) {
      if (statements.size > 1000) {
        statements.clear();
      }
      st = db.prepare(sql);
      statements.set(sql, st);
    }
    return st;
  };
  const conn: SqlConn = {
    dialect: 'sqlite',
    async run(sql, params) {
      const st = prepare(sql);
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
        db.exec('ROLLBACK');
        throw err;
      }
    },
  };
  return conn;
}

function main() {
  const port = parentPort;
  if (!port) {
    return;
  }
  const init = workerData as WorkerInit;
  const db = new SQLite(init.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Inserts keyed by (tag, t) touch an index page per tag per flush; a 64 MB page cache keeps those pages in memory.
  db.pragma('cache_size = -65536');
  const conn = sqliteConn(db);
  const buffer = new HistoryBuffer();
  const post = (m: FromWorker) => port.postMessage(m);
  let busy: Promise<void> = Promise.resolve();
  let lastFailure = 0;

  const flush = (all = false): Promise<void> => {
    busy = busy.then(async () => {
      const take = buffer.take(Date.now(), all);
      if (take.sampleCount === 0 && take.positionCount === 0 && take.rollups.length === 0) {
        return;
      }
      const started = performance.now();
      try {
        await writeTake(conn, take, { sort: true, rowsPerTransaction: init.rowsPerTransaction });
        post({ type: 'written', samples: take.sampleCount, positions: take.positionCount, ms: performance.now() - started });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (Date.now() - lastFailure > 5000) {
          lastFailure = Date.now();
          post({ type: 'failed', message });
        }
        if (buffer.size + take.sampleCount + take.positionCount > init.maxBuffered) {
          post({ type: 'dropped', items: take.sampleCount + take.positionCount });
        } else {
          buffer.putBack(take);
        }
      }
    });
    return busy;
  };

  const timer = setInterval(() => void flush(), init.flushMs);

  port.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'samples':
        buffer.addSamples(m.b);
        if (buffer.samplesWaiting >= init.flushItems) {
          void flush();
        }
        break;
      case 'positions':
        buffer.addPositions(m.b);
        if (buffer.positionsWaiting >= init.flushItems) {
          void flush();
        }
        break;
      case 'flush':
        void flush().then(() => post({ type: 'done', id: m.id }));
        break;
      case 'delete':
        busy = busy.then(async () => {
          try {
            post({ type: 'done', id: m.id, result: await deleteBefore(conn, m.before) });
          } catch (err) {
            post({ type: 'done', id: m.id, error: err instanceof Error ? err.message : String(err) });
          }
        });
        break;
      case 'close':
        clearInterval(timer);
        void flush(true).then(() => {
          db.close();
          post({ type: 'done', id: m.id });
        });
        break;
    }
  });
}

main();
