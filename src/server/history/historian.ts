import path from 'node:path';
import type { Subscription } from 'rxjs';
import type { Store } from '../store/db.js';
import { consume, type StreamBus } from '../stream/bus.js';
import type { HistoryWriter, HistoryWriterStats } from '../stream/history-writer.js';
import { deleteBefore as deleteLegacyBefore, kyselyConn, type SqlConn } from '../stream/history-sql.js';
import type { StreamLog } from '../stream/ingest.js';
import {
  chunkStats,
  chunkTransaction,
  deleteChunksBefore,
  readChunks,
  upsertPositionChunks,
  upsertSampleChunks,
  type PositionChunkRow,
  type SampleChunkRow,
} from './chunk-store.js';
import { decodePositions, decodeSamples, encodePositions, encodeRollup, encodeSamples } from './codec.js';
import { Journal, type JournalFs } from './journal.js';
import { decodeRecord, encodePositionBatch, encodeSampleBatch, type PositionBatch, type SampleBatch } from './records.js';
import { CHUNK_MS, mergeInto, minuteRollups, newSeries, normalize, push, windowOf, type Series } from './series.js';

/*
 * The historian: samples and positions per tag (per person or vehicle) and
 * 10-minute window. The open windows live in memory and in the journal
 * (fdatasync'ed before an acknowledgement); a window is sealed — encoded and
 * written once as a chunk row — when it has ended. A sample for a window
 * already sealed (a gateway sending hours late) is merged into that chunk; a
 * sample with the time of a stored one replaces it.
 */

export interface HistorianStats extends HistoryWriterStats {
  /** Bytes appended to the journal and fdatasync'ed. */
  journalBytes: number;
  /** Journal writes + fdatasyncs: concurrent acknowledgements share one (group commit). */
  journalSyncs: number;
  sealedChunks: number;
  /** Items in memory (open windows and late items waiting for their merge). */
  openSamples: number;
  openPositions: number;
  /** The last journal or database write failed (disk full, database down); retried. */
  failing: boolean;
}

export interface Historian extends HistoryWriter {
  /** Resolves when every item received so far is durable (journal synced, or sealed when there is no journal). */
  sync(): Promise<void>;
  /** Seals every window now, ended or not (shutdown, tests, benchmarks). */
  sealAll(): Promise<void>;
  /** Items of the open windows of these ids over [from, to), sorted, unique; newest values win. */
  openSamples(ids: readonly string[], from: number, to: number): Map<string, Series>;
  openPositions(id: string, from: number, to: number): Series | null;
  /** Windows of these ids that have items in memory. */
  openWindows(kind: 'sample' | 'position', ids: readonly string[]): Set<string>;
  conn: SqlConn;
  stats(): HistorianStats;
  /** Stored samples and chunk bytes, per tag and in total; computed at most once per `maxAgeMs`. */
  storage(maxAgeMs?: number): Promise<StorageFigures>;
}

export interface StorageFigures {
  at: number;
  samples: number;
  bytes: number;
  tags: { id: string; chunks: number; samples: number; bytes: number }[];
}

export interface HistorianOptions {
  store: Store;
  bus: StreamBus;
  log: StreamLog;
  /** Journal folder; null: no journal (in-memory stores), items are durable once sealed. */
  journalDir: string | null;
  fs?: JournalFs;
  tickMs?: number;
  /** A window is sealed this long after it ended (samples a little late still go straight in). */
  graceMs?: number;
  now?: () => number;
}

type Windows = Map<number, Map<string, Series>>;

const SAMPLE_COLS = 2;
const POSITION_COLS = 4;

export function journalDirOf(dataDir: string): string | null {
  return dataDir === ':memory:' ? null : path.join(dataDir, 'history-journal');
}

export async function createHistorian(opts: HistorianOptions): Promise<Historian> {
  const { store, bus, log } = opts;
  const now = opts.now ?? Date.now;
  const graceMs = opts.graceMs ?? 10_000;
  const conn = kyselyConn(store.db, store.dialect);
  const samples: Windows = new Map();
  const positions: Windows = new Map();
  const stats = {
    writtenSamples: 0,
    writtenPositions: 0,
    flushes: 0,
    failedFlushes: 0,
    lastFlushMs: 0,
    sealedChunks: 0,
    failing: false,
  };
  /** Items appended to the journal since start; the written counters follow as syncs complete. */
  const appended = { samples: 0, positions: 0 };
  let lastFailureLog = 0;
  const failed = (err: unknown, what: string) => {
    stats.failedFlushes++;
    stats.failing = true;
    if (Date.now() - lastFailureLog > 5000) {
      lastFailureLog = Date.now();
      const code = (err as { code?: string }).code;
      log.error(
        { err, code, what },
        code === 'ENOSPC' ? 'history: disk full; items kept in memory, retried' : 'history: write failed; items kept in memory, retried',
      );
    }
  };

  /** The open series of `id` in the window holding `t`, created on first use. */
  const seriesAt = (windows: Windows, t: number, id: string, cols: number): Series => {
    const w = windowOf(t);
    let win = windows.get(w);
    if (!win) {
      win = new Map();
      windows.set(w, win);
    }
    let s = win.get(id);
    if (!s) {
      s = newSeries(cols);
      win.set(id, s);
    }
    return s;
  };
  const addSamples = (b: SampleBatch) => {
    for (let i = 0; i < b.n; i++) {
      push(seriesAt(samples, b.t[i], b.tag[i], SAMPLE_COLS), b.t[i], [b.v[i], b.q[i]]);
    }
  };
  const addPositions = (b: PositionBatch) => {
    for (let i = 0; i < b.n; i++) {
      push(seriesAt(positions, b.t[i], b.id[i], POSITION_COLS), b.t[i], [b.lon[i], b.lat[i], b.floor[i], b.kind[i]]);
    }
  };

  let journal: Journal | null = null;
  if (opts.journalDir) {
    const opened = await Journal.open(opts.journalDir, opts.fs);
    journal = opened.journal;
    let n = 0;
    for (const rec of opened.records) {
      try {
        const r = decodeRecord(rec);
        if (r.type === 1) {
          addSamples(r.batch);
        } else {
          addPositions(r.batch);
        }
        n += r.batch.n;
      } catch (err) {
        log.error({ err }, 'history journal: a record could not be read; skipped');
      }
    }
    if (n > 0 || opened.tornBytes > 0) {
      log.info(
        { items: n, records: opened.records.length, tornBytes: opened.tornBytes, dir: opts.journalDir },
        'history journal: replayed',
      );
    }
  }

  /** Everything in memory as journal records (a checkpoint). */
  const state = (): Buffer[] => {
    const out: Buffer[] = [];
    for (const win of samples.values()) {
      const tag: string[] = [];
      const t: number[] = [];
      const v: number[] = [];
      const q: number[] = [];
      for (const [id, s] of win) {
        for (let i = 0; i < s.t.length; i++) {
          tag.push(id);
          t.push(s.t[i]);
          v.push(s.cols[0][i]);
          q.push(s.cols[1][i]);
        }
      }
      out.push(encodeSampleBatch({ n: t.length, tag, t, v, q }));
    }
    for (const win of positions.values()) {
      const id: string[] = [];
      const cols: number[][] = [[], [], [], [], []];
      for (const [key, s] of win) {
        for (let i = 0; i < s.t.length; i++) {
          id.push(key);
          cols[0].push(s.t[i]);
          for (let c = 0; c < POSITION_COLS; c++) {
            cols[c + 1].push(s.cols[c][i]);
          }
        }
      }
      out.push(encodePositionBatch({ n: id.length, id, t: cols[0], lon: cols[1], lat: cols[2], floor: cols[3], kind: cols[4] }));
    }
    return out;
  };

  /** Puts a taken window back (its write failed), ahead of what arrived for it since. */
  const putBack = (map: Windows, w: number, taken: Map<string, Series>) => {
    const since = map.get(w);
    if (since) {
      for (const [id, s] of since) {
        const old = taken.get(id);
        if (!old) {
          taken.set(id, s);
          continue;
        }
        for (let i = 0; i < s.t.length; i++) {
          push(
            old,
            s.t[i],
            s.cols.map((c) => c[i]),
          );
        }
      }
    }
    map.set(w, taken);
  };

  async function sealSampleWindow(w: number, win: Map<string, Series>): Promise<number> {
    const ids = [...win.keys()];
    return chunkTransaction(conn, async (tx) => {
      const stored = new Map((await readChunks(tx, 'sample', ids, w, w + 1)).map((r) => [r.id, r.blob]));
      const rows: SampleChunkRow[] = [];
      let items = 0;
      for (const [id, s] of win) {
        normalize(s);
        const old = stored.get(id);
        let merged = s;
        if (old) {
          const d = decodeSamples(old);
          merged = mergeInto({ t: d.t, cols: [d.v, d.q] }, s);
        }
        const n = merged.t.length;
        const ru = minuteRollups(merged.t, merged.cols[0], n);
        rows.push({
          tag: id,
          w,
          n,
          data: encodeSamples({ n, t: merged.t, v: merged.cols[0], q: merged.cols[1] }),
          rollup: encodeRollup(ru),
        });
        items += s.t.length;
      }
      await upsertSampleChunks(tx, rows);
      stats.sealedChunks += rows.length;
      return items;
    });
  }

  async function sealPositionWindow(w: number, win: Map<string, Series>): Promise<number> {
    const ids = [...win.keys()];
    return chunkTransaction(conn, async (tx) => {
      const stored = new Map((await readChunks(tx, 'position', ids, w, w + 1)).map((r) => [r.id, r.blob]));
      const rows: PositionChunkRow[] = [];
      let items = 0;
      for (const [id, s] of win) {
        normalize(s);
        const old = stored.get(id);
        let merged = s;
        if (old) {
          const d = decodePositions(old);
          merged = mergeInto({ t: d.t, cols: [d.lon, d.lat, d.floor, d.kind] }, s);
        }
        const n = merged.t.length;
        rows.push({
          id,
          w,
          n,
          data: encodePositions({ n, t: merged.t, lon: merged.cols[0], lat: merged.cols[1], floor: merged.cols[2], kind: merged.cols[3] }),
        });
        items += s.t.length;
      }
      await upsertPositionChunks(tx, rows);
      stats.sealedChunks += rows.length;
      return items;
    });
  }

  let lastCheckpoint = Date.now();
  let sealing: Promise<void> | null = null;
  let sealAgain = false;

  async function sealDue(all: boolean): Promise<void> {
    const limit = now() - graceMs - CHUNK_MS;
    let sealed = 0;
    const started = performance.now();
    for (const [map, seal, kind] of [
      [samples, sealSampleWindow, 'samples'],
      [positions, sealPositionWindow, 'positions'],
    ] as const) {
      const due = [...map.keys()].filter((w) => all || w <= limit).sort((a, b) => a - b);
      for (const w of due) {
        const win = map.get(w)!;
        map.delete(w);
        try {
          const items = await seal(w, win);
          sealed += items;
          if (!journal) {
            if (kind === 'samples') {
              stats.writtenSamples += items;
            } else {
              stats.writtenPositions += items;
            }
          }
          stats.flushes++;
          stats.failing = false;
        } catch (err) {
          putBack(map, w, win);
          failed(err, `seal ${kind}`);
          return;
        }
      }
    }
    if (sealed > 0) {
      stats.lastFlushMs = performance.now() - started;
    }
    // Drop from the journal what the chunks now hold: a checkpoint of what is left in memory.
    const empty = samples.size === 0 && positions.size === 0;
    if (journal && sealed > 0 && (all || empty || Date.now() - lastCheckpoint > 60_000)) {
      const finish = journal.rotate();
      const snapshot = state();
      try {
        await finish(snapshot);
        lastCheckpoint = Date.now();
      } catch (err) {
        failed(err, 'journal checkpoint');
      }
    }
  }

  function seal(all = false): Promise<void> {
    if (sealing) {
      sealAgain ||= all;
      return sealing.then(() => (all ? seal(true) : undefined));
    }
    sealing = (async () => {
      await sealDue(all);
      if (sealAgain) {
        sealAgain = false;
        await sealDue(true);
      }
    })().finally(() => {
      sealing = null;
    });
    return sealing;
  }

  let syncing: Promise<void> | null = null;
  function sync(): Promise<void> {
    if (!journal) {
      return seal(true);
    }
    const s = appended.samples;
    const p = appended.positions;
    const run = journal.sync().then(
      () => {
        stats.writtenSamples = Math.max(stats.writtenSamples, s);
        stats.writtenPositions = Math.max(stats.writtenPositions, p);
        stats.failing = false;
      },
      (err: unknown) => {
        failed(err, 'journal');
        throw err;
      },
    );
    syncing = run.catch(() => {});
    return run;
  }

  const onError = (err: unknown, name: string) => log.error({ err, consumer: name }, 'history: consumer failed');
  const subs: Subscription[] = [
    consume(bus.samples$, 'history.samples', onError, (b) => {
      addSamples(b);
      if (journal) {
        journal.append(encodeSampleBatch(b));
        appended.samples += b.n;
      }
    }),
    consume(bus.positions$, 'history.positions', onError, (b) => {
      addPositions(b);
      if (journal) {
        journal.append(encodePositionBatch(b));
        appended.positions += b.n;
      }
    }),
  ];
  const tickMs = opts.tickMs ?? 1000;
  const syncTimer = setInterval(() => {
    void sync().catch(() => {});
  }, 100);
  syncTimer.unref();
  const sealTimer = setInterval(() => {
    void seal().catch((err: unknown) => failed(err, 'seal'));
  }, tickMs);
  sealTimer.unref();
  let closed = false;

  const count = (map: Windows) => {
    let n = 0;
    for (const win of map.values()) {
      for (const s of win.values()) {
        n += s.t.length;
      }
    }
    return n;
  };

  let storageCache: Promise<StorageFigures> | null = null;
  let storageAt = 0;
  const storage = (maxAgeMs = 60_000): Promise<StorageFigures> => {
    if (!storageCache || Date.now() - storageAt > maxAgeMs) {
      storageAt = Date.now();
      storageCache = chunkStats(conn).then(
        (tags) => ({ at: Date.now(), tags, samples: tags.reduce((a, x) => a + x.samples, 0), bytes: tags.reduce((a, x) => a + x.bytes, 0) }),
        (err: unknown) => {
          storageCache = null;
          throw err;
        },
      );
    }
    return storageCache;
  };

  return {
    conn,
    storage,
    sync,
    sealAll: () => seal(true),
    async flush() {
      await sync().catch(() => {});
      await seal();
    },
    async deleteBefore(before) {
      await seal();
      const chunks = await deleteChunksBefore(conn, before);
      const legacy = await deleteLegacyBefore(conn, before);
      for (const map of [samples, positions]) {
        for (const w of [...map.keys()]) {
          if (w + CHUNK_MS <= before) {
            map.delete(w);
          }
        }
      }
      return { samples: chunks.samples + legacy.samples, positions: chunks.positions + legacy.positions };
    },
    openSamples(ids, from, to) {
      const out = new Map<string, Series>();
      const want = new Set(ids);
      const ws = [...samples.keys()].filter((w) => w + CHUNK_MS > from && w < to).sort((a, b) => a - b);
      for (const w of ws) {
        for (const [id, s] of samples.get(w)!) {
          if (!want.has(id)) {
            continue;
          }
          normalize(s);
          let o = out.get(id);
          if (!o) {
            o = newSeries(SAMPLE_COLS);
            out.set(id, o);
          }
          for (let i = 0; i < s.t.length; i++) {
            if (s.t[i] >= from && s.t[i] < to) {
              o.t.push(s.t[i]);
              o.cols[0].push(s.cols[0][i]);
              o.cols[1].push(s.cols[1][i]);
            }
          }
        }
      }
      return out;
    },
    openPositions(id, from, to) {
      const ws = [...positions.keys()].filter((w) => w + CHUNK_MS > from && w < to).sort((a, b) => a - b);
      let o: Series | null = null;
      for (const w of ws) {
        const s = positions.get(w)!.get(id);
        if (!s) {
          continue;
        }
        normalize(s);
        o ??= newSeries(POSITION_COLS);
        for (let i = 0; i < s.t.length; i++) {
          if (s.t[i] >= from && s.t[i] < to) {
            o.t.push(s.t[i]);
            for (let c = 0; c < POSITION_COLS; c++) {
              o.cols[c].push(s.cols[c][i]);
            }
          }
        }
      }
      return o;
    },
    openWindows(kind, ids) {
      const map = kind === 'sample' ? samples : positions;
      const out = new Set<string>();
      for (const [w, win] of map) {
        for (const id of ids) {
          if (win.has(id)) {
            out.add(`${id}\u0000${w}`);
          }
        }
      }
      return out;
    },
    stats: () => ({
      mode: 'main',
      bufferedSamples: journal ? appended.samples - stats.writtenSamples : count(samples),
      bufferedPositions: journal ? appended.positions - stats.writtenPositions : count(positions),
      writtenSamples: stats.writtenSamples,
      writtenPositions: stats.writtenPositions,
      dropped: 0,
      flushes: stats.flushes,
      failedFlushes: stats.failedFlushes,
      lastFlushMs: stats.lastFlushMs,
      journalBytes: journal?.syncedBytes ?? 0,
      journalSyncs: journal?.writes ?? 0,
      sealedChunks: stats.sealedChunks,
      openSamples: count(samples),
      openPositions: count(positions),
      failing: stats.failing,
    }),
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      clearInterval(syncTimer);
      clearInterval(sealTimer);
      for (const s of subs) {
        s.unsubscribe();
      }
      await syncing;
      await sync().catch(() => {});
      await sealing;
      try {
        await seal(true);
      } catch (err) {
        failed(err, 'seal at shutdown');
      }
      await journal?.close();
    },
  };
}
