/*
 * The history thread: encodes finished windows into chunks and writes them,
 * with a database connection of its own (SQLite: a second connection to the
 * WAL file; PostgreSQL: a small pool). better-sqlite3 is synchronous and
 * encoding a 10-minute window of 5,000 tags takes hundreds of milliseconds:
 * on the main thread both stopped every socket and HTTP request.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { openStore, type Store } from '../store/db.js';
import { kyselyConn, sqliteConn, type SqlConn } from '../stream/history-sql.js';
import { chunkTransaction } from './chunk-store.js';
import { unpackWindow, writeChunks, type PackedWindow } from './seal.js';

export type ThreadInit = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export type ToThread = { type: 'write'; id: number; p: PackedWindow } | { type: 'close'; id: number };

export type FromThread =
  | { type: 'done'; id: number; items: number; ms: number }
  | { type: 'failed'; id: number; message: string; code?: string };

function open(init: ThreadInit): { conn: SqlConn; close: () => Promise<void> } {
  if (init.dialect === 'postgres') {
    const store: Store = openStore({ databaseUrl: init.url, dataDir: ':memory:' });
    return { conn: kyselyConn(store.db, 'postgres'), close: () => store.close() };
  }
  const db = new SQLite(init.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The main connection retries asynchronously; here waiting blocks nobody.
  db.pragma('busy_timeout = 10000');
  db.pragma('cache_size = -65536');
  return {
    conn: sqliteConn(db),
    close: async () => {
      db.close();
    },
  };
}

function main() {
  const port = parentPort;
  if (!port) {
    return;
  }
  const { conn, close } = open(workerData as ThreadInit);
  const post = (m: FromThread) => port.postMessage(m);
  // One write at a time, in the order received: a late part of a window lands after the part before it.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: ToThread) => {
    queue = queue.then(async () => {
      if (m.type === 'close') {
        await close();
        post({ type: 'done', id: m.id, items: 0, ms: 0 });
        return;
      }
      const started = performance.now();
      try {
        const items = await chunkTransaction(conn, (tx) => writeChunks(tx, m.p.kind, unpackWindow(m.p)));
        post({ type: 'done', id: m.id, items, ms: performance.now() - started });
      } catch (err) {
        const e = err as { message?: string; code?: unknown };
        post({ type: 'failed', id: m.id, message: e.message ?? String(err), code: typeof e.code === 'string' ? e.code : undefined });
      }
    });
  });
}

main();
