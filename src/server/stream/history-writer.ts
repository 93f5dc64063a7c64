import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Subscription } from 'rxjs';
import type { Store } from '../store/db.js';
import { consume, type PositionColumns, type SampleColumns, type StreamBus } from './bus.js';
import { HistoryBuffer, type PositionRows, type SampleRows } from './history-buffer.js';
import { deleteBefore, kyselyConn, writeTake } from './history-sql.js';
import type { FromWorker, ToWorker, WorkerInit } from './history-worker.js';
import type { StreamLog } from './ingest.js';

export interface HistoryWriterStats {
  /** Where the writes run: a thread of their own (SQLite file) or the main thread (PostgreSQL, in-memory SQLite). */
  mode: 'thread' | 'main';
  bufferedSamples: number;
  bufferedPositions: number;
  writtenSamples: number;
  writtenPositions: number;
  /** Items dropped because the database could not keep up and the buffer was full. */
  dropped: number;
  flushes: number;
  failedFlushes: number;
  lastFlushMs: number;
}

/**
 * Appends accepted samples and positions to the history tables in batches —
 * every `flushMs` or as soon as `flushItems` are waiting, in transactions, with
 * multi-row statements (SQLite) or unnest arrays (PostgreSQL) — and keeps the
 * 1-minute rollups (sample_1m) up to date. On an SQLite file the writes run in
 * a worker thread with its own connection, so they never block the event loop.
 */
export interface HistoryWriter {
  /** Writes everything received so far; resolves when it is committed. */
  flush(): Promise<void>;
  /** Deletes history older than `before` (retention); runs where the writes run, so they never wait on each other. */
  deleteBefore(before: number): Promise<{ samples: number; positions: number }>;
  stats(): HistoryWriterStats;
  /** Stops listening to the bus and writes what is left. */
  close(): Promise<void>;
}

export interface HistoryWriterOptions {
  store: Store;
  bus: StreamBus;
  log: StreamLog;
  flushMs?: number;
  flushItems?: number;
  /**
   * Most items held while the database is slow or down. Beyond it new batches
   * are dropped and counted: memory stays bounded and live data keeps flowing.
   */
  maxBuffered?: number;
  /** Write on the main thread even on an SQLite file (tests of the main-thread path). */
  noThread?: boolean;
}

/** Rows per transaction on the main thread: a long SQLite transaction there blocks every socket. */
const MAIN_ROWS_PER_TRANSACTION = 20_000;
/** In the writer thread big transactions are what make SQLite fast (one index page write per tag per flush). */
const THREAD_ROWS_PER_TRANSACTION = 100_000;
/** The main thread hands batches to the writer thread at most this often, merged into one message. */
const POST_MS = 20;

function emptyStats(mode: 'thread' | 'main'): HistoryWriterStats {
  return { mode, bufferedSamples: 0, bufferedPositions: 0, writtenSamples: 0, writtenPositions: 0, dropped: 0, flushes: 0, failedFlushes: 0, lastFlushMs: 0 };
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

export async function createHistoryWriter(opts: HistoryWriterOptions): Promise<HistoryWriter> {
  const file = opts.noThread ? null : await sqliteFile(opts.store);
  if (!file) {
    return mainWriter(opts);
  }
  // Should the thread die, history goes on from the main thread (slower, but nothing else stops).
  let current: HistoryWriter = threadWriter(opts, file, () => {
    opts.log.error({ file }, 'history writer thread stopped; writing from the main thread from now on');
    current = mainWriter(opts);
  });
  return {
    flush: () => current.flush(),
    deleteBefore: (before) => current.deleteBefore(before),
    stats: () => current.stats(),
    close: () => current.close(),
  };
}

function createDropLog(log: StreamLog, stats: HistoryWriterStats, maxBuffered: number) {
  let last = 0;
  return (n: number) => {
    stats.dropped += n;
    const now = Date.now();
    if (now - last > 5000) {
      last = now;
      log.error({ dropped: stats.dropped, maxBuffered }, 'history writer: database behind, buffer full, items dropped');
    }
  };
}

/** Writes on the main thread through Kysely: PostgreSQL (asynchronous I/O) and in-memory SQLite. */
function mainWriter(opts: HistoryWriterOptions): HistoryWriter {
  const { store, bus, log } = opts;
  const flushMs = opts.flushMs ?? 500;
  const flushItems = opts.flushItems ?? 20_000;
  const maxBuffered = opts.maxBuffered ?? 2_000_000;
  const conn = kyselyConn(store.db, store.dialect);
  const buffer = new HistoryBuffer();
  const stats = emptyStats('main');
  const drop = createDropLog(log, stats, maxBuffered);
  let running: Promise<void> | null = null;
  let again = false;
  let lastFailureLog = 0;

  async function writeOnce(all: boolean): Promise<void> {
    const take = buffer.take(Date.now(), all);
    if (take.sampleCount === 0 && take.positionCount === 0 && take.rollups.length === 0) {
      return;
    }
    const started = performance.now();
    try {
      await writeTake(conn, take, { sort: false, rowsPerTransaction: MAIN_ROWS_PER_TRANSACTION });
      stats.writtenSamples += take.sampleCount;
      stats.writtenPositions += take.positionCount;
      stats.flushes++;
      stats.lastFlushMs = performance.now() - started;
    } catch (err) {
      stats.failedFlushes++;
      if (Date.now() - lastFailureLog > 5000) {
        lastFailureLog = Date.now();
        log.error({ err }, 'history writer: flush failed; keeping the batches for the next attempt');
      }
      if (buffer.size + take.sampleCount + take.positionCount > maxBuffered) {
        drop(take.sampleCount + take.positionCount);
      } else {
        buffer.putBack(take);
      }
    }
  }

  function flush(all = false): Promise<void> {
    if (running) {
      // The running loop goes round once more and takes what arrived before this call.
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await writeOnce(all);
      } while (again && buffer.size > 0);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const onError = (err: unknown, name: string) => log.error({ err, consumer: name }, 'history writer: consumer failed');
  const subs: Subscription[] = [
    consume(bus.samples$, 'history.samples', onError, (b) => {
      if (buffer.size + b.n > maxBuffered) {
        drop(b.n);
        return;
      }
      buffer.addSamples(b);
      if (buffer.samplesWaiting >= flushItems) {
        void flush();
      }
    }),
    consume(bus.positions$, 'history.positions', onError, (b) => {
      if (buffer.size + b.n > maxBuffered) {
        drop(b.n);
        return;
      }
      buffer.addPositions(b);
      if (buffer.positionsWaiting >= flushItems) {
        void flush();
      }
    }),
  ];
  const timer = setInterval(() => {
    if (!running) {
      void flush();
    }
  }, flushMs);
  timer.unref();

  return {
    flush: () => flush(),
    deleteBefore: (before) => deleteBefore(conn, before),
    stats: () => ({ ...stats, bufferedSamples: buffer.samplesWaiting, bufferedPositions: buffer.positionsWaiting }),
    async close() {
      clearInterval(timer);
      for (const s of subs) {
        s.unsubscribe();
      }
      await running;
      await flush(true);
    },
  };
}

function concatSamples(list: readonly SampleColumns[]): SampleRows {
  const n = list.reduce((s, b) => s + b.n, 0);
  const tag = new Array<string>(n);
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  const q = new Uint8Array(n);
  let k = 0;
  for (const b of list) {
    for (let i = 0; i < b.n; i++) {
      tag[k + i] = b.tag[i];
    }
    t.set(b.t.subarray(0, b.n), k);
    v.set(b.v.subarray(0, b.n), k);
    q.set(b.q.subarray(0, b.n), k);
    k += b.n;
  }
  return { n, tag, t, v, q };
}

function concatPositions(list: readonly PositionColumns[]): PositionRows {
  const n = list.reduce((s, b) => s + b.n, 0);
  const id = new Array<string>(n);
  const t = new Float64Array(n);
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  const floor = new Float64Array(n);
  const kind = new Uint8Array(n);
  let k = 0;
  for (const b of list) {
    for (let i = 0; i < b.n; i++) {
      id[k + i] = b.id[i];
    }
    t.set(b.t.subarray(0, b.n), k);
    lon.set(b.lon.subarray(0, b.n), k);
    lat.set(b.lat.subarray(0, b.n), k);
    floor.set(b.floor.subarray(0, b.n), k);
    kind.set(b.kind.subarray(0, b.n), k);
    k += b.n;
  }
  return { n, id, t, lon, lat, floor, kind };
}

/** Writes in a worker thread with its own connection to the SQLite file. */
function threadWriter(opts: HistoryWriterOptions, file: string, onFail: () => void): HistoryWriter {
  const { bus, log } = opts;
  const maxBuffered = opts.maxBuffered ?? 2_000_000;
  const init: WorkerInit = {
    file,
    flushMs: opts.flushMs ?? 500,
    flushItems: opts.flushItems ?? 50_000,
    rowsPerTransaction: THREAD_ROWS_PER_TRANSACTION,
    maxBuffered,
  };
  // The worker is TypeScript like the rest of the server; its boot file registers tsx in the thread.
  const worker = new Worker(new URL('./history-worker-boot.mjs', import.meta.url), { workerData: init });
  worker.unref();
  const stats = emptyStats('thread');
  const drop = createDropLog(log, stats, maxBuffered);
  let samples: SampleColumns[] = [];
  let positions: PositionColumns[] = [];
  let pendingItems = 0;
  /** Posted to the thread and not yet written: the thread's buffer, counted here for the bound. */
  let inThreadSamples = 0;
  let inThreadPositions = 0;
  let seq = 0;
  const waiting = new Map<number, (m: Extract<FromWorker, { type: 'done' }>) => void>();
  let closed = false;

  worker.on('message', (m: FromWorker) => {
    switch (m.type) {
      case 'written':
        stats.writtenSamples += m.samples;
        stats.writtenPositions += m.positions;
        inThreadSamples -= m.samples;
        inThreadPositions -= m.positions;
        stats.flushes++;
        stats.lastFlushMs = m.ms;
        break;
      case 'dropped':
        inThreadSamples = Math.max(0, inThreadSamples - m.items);
        drop(m.items);
        break;
      case 'failed':
        stats.failedFlushes++;
        log.error({ reason: m.message }, 'history writer thread: flush failed; keeping the batches for the next attempt');
        break;
      case 'done':
        waiting.get(m.id)?.(m);
        waiting.delete(m.id);
        break;
    }
  });
  let failed = false;
  const fail = (err: unknown) => {
    if (failed || closed) {
      return;
    }
    failed = true;
    log.error({ err }, 'history writer thread failed');
    clearInterval(timer);
    for (const s of subs) {
      s.unsubscribe();
    }
    drop(inThreadSamples + inThreadPositions + pendingItems);
    for (const [id, resolve] of waiting) {
      resolve({ type: 'done', id, error: 'history writer thread failed' });
    }
    waiting.clear();
    onFail();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`history writer thread exited with code ${code}`)));

  function ask(msg: { type: 'flush' | 'close' } | { type: 'delete'; before: number }) {
    const id = ++seq;
    return new Promise<Extract<FromWorker, { type: 'done' }>>((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ ...msg, id });
    });
  }

  function post() {
    if (samples.length > 0) {
      const b = concatSamples(samples);
      worker.postMessage({ type: 'samples', b } satisfies ToWorker);
      inThreadSamples += b.n;
      samples = [];
    }
    if (positions.length > 0) {
      const b = concatPositions(positions);
      worker.postMessage({ type: 'positions', b } satisfies ToWorker);
      inThreadPositions += b.n;
      positions = [];
    }
    pendingItems = 0;
  }

  const accept = (n: number) => {
    if (closed || inThreadSamples + inThreadPositions + pendingItems + n > maxBuffered) {
      drop(n);
      return false;
    }
    pendingItems += n;
    return true;
  };
  const onError = (err: unknown, name: string) => log.error({ err, consumer: name }, 'history writer: consumer failed');
  const subs: Subscription[] = [
    consume(bus.samples$, 'history.samples', onError, (b) => {
      if (accept(b.n)) {
        samples.push(b);
      }
    }),
    consume(bus.positions$, 'history.positions', onError, (b) => {
      if (accept(b.n)) {
        positions.push(b);
      }
    }),
  ];
  const timer = setInterval(post, POST_MS);
  timer.unref();

  return {
    async flush() {
      post();
      await ask({ type: 'flush' });
    },
    async deleteBefore(before) {
      const r = await ask({ type: 'delete', before });
      if (r.error !== undefined || !r.result) {
        throw new Error(`retention failed: ${r.error ?? 'no result'}`);
      }
      return r.result;
    },
    stats: () => ({ ...stats, bufferedSamples: inThreadSamples + samples.reduce((s, b) => s + b.n, 0), bufferedPositions: inThreadPositions }),
    async close() {
      clearInterval(timer);
      for (const s of subs) {
        s.unsubscribe();
      }
      post();
      closed = true;
      await ask({ type: 'close' });
      await worker.terminate();
    },
  };
}
