import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Store } from '../store/db.js';
import { kyselyConn } from '../stream/history-sql.js';
import type { StreamLog } from '../stream/ingest.js';
import { chunkTransaction } from './chunk-store.js';
import type { FromThread, ThreadInit, ToThread } from './history-thread.js';
import { transferList, unpackWindow, writeChunks, type PackedWindow } from './seal.js';

/**
 * Writes packed windows into chunks: in the history thread when the store is
 * an SQLite file or PostgreSQL, on the main thread for in-memory SQLite (a
 * second connection could not see it). Resolves once the chunks are committed.
 */
export interface Sealer {
  mode: 'thread' | 'main';
  /** Resolves with the items written; rejects (error with `code`, e.g. SQLITE_FULL) when the write failed: nothing of it is stored. */
  write(p: PackedWindow): Promise<number>;
  close(): Promise<void>;
}

/** The SQLite file behind the store, or null for PostgreSQL and in-memory databases. */
async function sqliteFile(store: Store): Promise<string | null> {
  if (store.dialect !== 'sqlite') {
    return null;
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(store.db);
  const main = rows.find((r) => r.name === 'main');
  return main?.file ? main.file : null;
}

function mainSealer(store: Store): Sealer {
  const conn = kyselyConn(store.db, store.dialect);
  return {
    mode: 'main',
    write: (p) => chunkTransaction(conn, (tx) => writeChunks(tx, p.kind, unpackWindow(p))),
    close: async () => {},
  };
}

export async function createSealer(opts: { store: Store; databaseUrl?: string; log: StreamLog; thread?: boolean }): Promise<Sealer> {
  const { store, log } = opts;
  let init: ThreadInit | null = null;
  if (opts.thread !== false) {
    if (store.dialect === 'postgres' && opts.databaseUrl) {
      init = { dialect: 'postgres', url: opts.databaseUrl };
    } else {
      const file = await sqliteFile(store);
      init = file ? { dialect: 'sqlite', file } : null;
    }
  }
  if (!init) {
    return mainSealer(store);
  }
  const worker = new Worker(new URL('./history-thread-boot.mjs', import.meta.url), { workerData: init });
  worker.unref();
  let seq = 0;
  const waiting = new Map<number, { resolve: (n: number) => void; reject: (err: Error) => void }>();
  let fallback: Sealer | null = null;
  let closing = false;
  worker.on('message', (m: FromThread) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.type === 'done') {
      w?.resolve(m.items);
    } else {
      w?.reject(Object.assign(new Error(m.message), { code: m.code }));
    }
  });
  // Should the thread die, windows are written from the main thread from then on (slower, but nothing is lost: a
  // write that was in flight failed, and the historian keeps its window and tries again).
  const died = (err: unknown) => {
    if (fallback || closing) {
      return;
    }
    log.error({ err }, 'history thread stopped; writing chunks from the main thread from now on');
    fallback = mainSealer(store);
    for (const w of waiting.values()) {
      w.reject(new Error('history thread stopped'));
    }
    waiting.clear();
  };
  worker.on('error', died);
  worker.on('exit', (code) => died(new Error(`history thread exited with code ${code}`)));
  const ask = (msg: ToThread, transfer: ArrayBuffer[] = []) =>
    new Promise<number>((resolve, reject) => {
      waiting.set(msg.id, { resolve, reject });
      worker.postMessage(msg, transfer);
    });
  return {
    get mode() {
      return fallback ? 'main' : 'thread';
    },
    write(p) {
      if (fallback) {
        return fallback.write(p);
      }
      return ask({ type: 'write', id: ++seq, p }, transferList(p));
    },
    async close() {
      if (fallback) {
        return;
      }
      await ask({ type: 'close', id: ++seq }).catch(() => {});
      closing = true;
      await worker.terminate();
    },
  };
}
