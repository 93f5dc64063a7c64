import path from 'node:path';
import type { Subscription } from 'rxjs';
import type { Store } from '../store/db.js';
import { consume, type StreamBus } from '../stream/bus.js';
import { deleteBefore as deleteLegacyBefore, kyselyConn, type SqlConn } from '../stream/history-sql.js';
import type { StreamLog } from '../stream/ingest.js';
import { chunkStats, deleteChunksBefore } from './chunk-store.js';
import { Journal, type JournalFs } from './journal.js';
import { createRecordEncoders, decodeRecord, encodePositionBatch, encodeSampleBatch, type PositionBatch, type SampleBatch } from './records.js';
import { packWindow, type ChunkKind } from './seal.js';
import { createSealer } from './sealer.js';
import { appendAllOpen, appendOpen, CHUNK_MS, copyOpenInto, mergeInto, newOpenSeries, newSeries, openColumns, windowOf, type Columns, type OpenSeries, type Series } from './series.js';

/*
 * The historian: samples and positions per tag (per person or vehicle) and
 * 10-minute window. The open windows live in memory and in the journal
 * (fdatasync'ed before an acknowledgement); a window is sealed — encoded and
 * written once as a chunk row — when it has ended. A sample for a window
 * already sealed (a gateway sending hours late) is merged into that chunk; a
 * sample with the time of a stored one replaces it.
 *
 * Sealing runs in the history thread (src/server/history/history-thread.ts)
 * on an SQLite file or PostgreSQL: the main thread only packs a window's
 * columns (in parts of at most PART_ITEMS items) and posts them. A window
 * being sealed stays readable from memory until its chunks are committed, so
 * queries see every item exactly once throughout (chunk + memory merge on
 * equal times).
 */

export interface HistorianStats {
  /** Where chunks are written: the history thread, or the main thread (in-memory stores). */
  mode: 'thread' | 'main';
  /** Items received and not yet durable (journal synced, or sealed when there is no journal). */
  bufferedSamples: number;
  bufferedPositions: number;
  writtenSamples: number;
  writtenPositions: number;
  dropped: number;
  /** Windows (parts) sealed, and failed attempts. */
  flushes: number;
  failedFlushes: number;
  lastFlushMs: number;
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

export interface Historian {
  /** Makes everything received so far durable and seals the windows that are due. */
  flush(): Promise<void>;
  /** Deletes history older than `before` (retention). */
  deleteBefore(before: number): Promise<{ samples: number; positions: number }>;
  /** Stops listening to the bus, syncs and seals what is left. */
  close(): Promise<void>;
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
  /** Where a full disk is reported from now on (the alarm service; raised again at once when the disk is full now). */
  reportTo(alarms: DiskAlarms): void;
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
  /** PostgreSQL: the history thread opens a pool of its own with it. */
  databaseUrl?: string;
  /** False: seal on the main thread even when a history thread could (tests of that path). */
  thread?: boolean;
  /** A tag's compression deviation when its windows are sealed (the tag registry's `comp_dev`); none: lossless. */
  compression?: (tagId: string) => number | null | undefined;
}

/** Items per message to the history thread (and per transaction there): short lock holds, small copies. */
const PART_ITEMS = 50_000;

type Windows = Map<number, Map<string, OpenSeries>>;
type WritePath = 'journal' | 'seal' | 'checkpoint';

/**
 * What the historian needs of the alarm service (src/server/modules/alarms): a
 * small interface, so the stream layer imports no module.
 */
export interface DiskAlarms {
  raise(a: {
    key: string;
    type: 'system';
    source: string;
    sourceName: string;
    sourceNameEn: string;
    priority: number;
    regionid: null;
    t: number;
    detail: Record<string, unknown>;
  }): Promise<void>;
  clear(key: string, t?: number): Promise<void>;
}

/** The system alarm of a full history disk: one open occurrence at a time. */
export const DISK_ALARM = {
  key: 'system:disk',
  type: 'system',
  source: 'system.disk',
  sourceName: '历史数据磁盘已满',
  sourceNameEn: 'History disk full',
  priority: 1,
  regionid: null,
} as const;

/** ENOSPC from the file system, SQLITE_FULL from SQLite, 53100 (disk_full) from PostgreSQL. */
const isDiskFull = (code: unknown) => code === 'ENOSPC' || code === 'SQLITE_FULL' || code === '53100' || code === 'EDQUOT';

/** Longest wait between two tries to seal after failures. */
const SEAL_BACKOFF_MAX_MS = 30_000;

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
  const sealer = await createSealer({ store, databaseUrl: opts.databaseUrl, log, thread: opts.thread });
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
  /** Write paths ('journal', 'seal', 'checkpoint') whose last attempt failed, and those of them that failed for a full disk. */
  const failingPaths = new Set<WritePath>();
  const fullPaths = new Set<WritePath>();
  let alarms: DiskAlarms | null = null;
  /** The disk alarm as last reported (raise and clear go out in order, one at a time). */
  let diskAlarm = false;
  let alarmOps: Promise<void> = Promise.resolve();
  let lastAlarmLog = 0;
  const reportDisk = (full: boolean, detail: Record<string, unknown>) => {
    if (!alarms || full === diskAlarm) {
      return;
    }
    diskAlarm = full;
    const a = alarms;
    const t = Date.now();
    alarmOps = alarmOps
      .then(() => (full ? a.raise({ ...DISK_ALARM, t, detail }) : a.clear(DISK_ALARM.key, t)))
      .catch((err: unknown) => {
        // Not reported (the alarm store may be on the full disk too): tried again with the next failure or success.
        diskAlarm = !full;
        if (Date.now() - lastAlarmLog > 5000) {
          lastAlarmLog = Date.now();
          log.error({ err }, 'history: the disk alarm could not be raised or cleared');
        }
      });
  };
  const failed = (err: unknown, what: WritePath) => {
    stats.failedFlushes++;
    failingPaths.add(what);
    stats.failing = true;
    const code = (err as { code?: unknown }).code;
    const full = isDiskFull(code);
    if (full) {
      fullPaths.add(what);
      reportDisk(true, { what, code, journal: opts.journalDir });
    }
    if (Date.now() - lastFailureLog > 5000) {
      lastFailureLog = Date.now();
      log.error({ err, code, what }, full ? 'history: disk full; items kept in memory, retried' : 'history: write failed; items kept in memory, retried');
    }
  };
  const succeeded = (what: WritePath) => {
    failingPaths.delete(what);
    fullPaths.delete(what);
    stats.failing = failingPaths.size > 0;
    if (fullPaths.size === 0) {
      reportDisk(false, {});
    }
  };

  /**
   * Adds a batch's items to the open series of their windows. The window's map
   * is looked up once per run of items in one window (a batch is mostly one
   * tick), and nothing is allocated per item: this runs for every sample.
   */
  /** When each window in memory last received items (server time). */
  const filledAt = new WeakMap<Map<string, OpenSeries>, number>();
  const addBatch = (windows: Windows, n: number, ids: readonly string[], t: ArrayLike<number>, cols: readonly ArrayLike<number>[]) => {
    let w = 0;
    let win: Map<string, OpenSeries> | undefined;
    for (let i = 0; i < n; i++) {
      // Still in the window of the previous item: no division (windowOf) for it.
      if (!win || t[i] < w || t[i] >= w + CHUNK_MS) {
        w = windowOf(t[i]);
        win = windows.get(w);
        if (!win) {
          win = new Map();
          windows.set(w, win);
        }
        filledAt.set(win, Date.now());
      }
      let s = win.get(ids[i]);
      if (!s) {
        s = newOpenSeries(cols.length);
        win.set(ids[i], s);
      }
      appendOpen(s, t[i], cols, i);
    }
  };
  const addSamples = (b: SampleBatch) => addBatch(samples, b.n, b.tag, b.t, [b.v, b.q]);
  const addPositions = (b: PositionBatch) => addBatch(positions, b.n, b.id, b.t, [b.lon, b.lat, b.floor, b.kind]);

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

  /** A window's items as batch columns (each id's items in their order in memory). */
  const windowColumns = (win: Map<string, OpenSeries>, ncols: number) => {
    let n = 0;
    for (const s of win.values()) {
      n += s.n;
    }
    const ids = new Array<string>(n);
    const t = new Float64Array(n);
    const cols = Array.from({ length: ncols }, () => new Float64Array(n));
    let k = 0;
    for (const [id, s] of win) {
      ids.fill(id, k, k + s.n);
      copyOpenInto(s, t, cols, k);
      k += s.n;
    }
    return { n, ids, t, cols };
  };

  /** Everything in memory as journal records (a checkpoint). */
  const state = (): Buffer[] => {
    const out: Buffer[] = [];
    // Windows being sealed first: on replay what arrived for them since comes after and wins.
    for (const win of [...sealingWins.sample.values(), ...samples.values()]) {
      const { n, ids, t, cols } = windowColumns(win, SAMPLE_COLS);
      out.push(encodeSampleBatch({ n, tag: ids, t, v: cols[0], q: cols[1] }));
    }
    for (const win of [...sealingWins.position.values(), ...positions.values()]) {
      const { n, ids, t, cols } = windowColumns(win, POSITION_COLS);
      out.push(encodePositionBatch({ n, id: ids, t, lon: cols[0], lat: cols[1], floor: cols[2], kind: cols[3] }));
    }
    return out;
  };

  /** Puts a taken window back (its write failed), ahead of what arrived for it since. */
  const putBack = (map: Windows, w: number, taken: Map<string, OpenSeries>) => {
    const since = map.get(w);
    if (since) {
      for (const [id, s] of since) {
        const old = taken.get(id);
        if (!old) {
          taken.set(id, s);
          continue;
        }
        appendAllOpen(old, s);
      }
    }
    map.set(w, taken);
  };

  /** Windows taken for sealing, readable until their chunks are committed. */
  const sealingWins: Record<ChunkKind, Windows> = { sample: new Map(), position: new Map() };
  const mapOf = (kind: ChunkKind) => (kind === 'sample' ? samples : positions);

  /** Seals one window in parts; what was committed leaves memory, the rest goes back when a part fails. */
  async function sealWindow(kind: ChunkKind, w: number): Promise<number> {
    const map = mapOf(kind);
    const win = map.get(w);
    if (!win) {
      return 0;
    }
    map.delete(w);
    sealingWins[kind].set(w, win);
    let items = 0;
    try {
      const entries = [...win];
      for (let a = 0; a < entries.length; ) {
        let z = a;
        let n = 0;
        while (z < entries.length && (z === a || n + entries[z][1].n <= PART_ITEMS)) {
          n += entries[z][1].n;
          z++;
        }
        const part = entries.slice(a, z);
        items += await sealer.write(packWindow(kind, w, part, kind === 'sample' ? opts.compression : undefined));
        // Committed: queries find these in the chunks now.
        for (const [id] of part) {
          win.delete(id);
        }
        stats.sealedChunks += part.length;
        stats.flushes++;
        a = z;
      }
    } finally {
      sealingWins[kind].delete(w);
      if (win.size > 0) {
        putBack(map, w, win);
      }
    }
    return items;
  }

  const tickMs = opts.tickMs ?? 1000;
  let sealBackoff = 0;
  let nextSealAt = 0;
  let lastCheckpoint = Date.now();
  let sealing: Promise<void> | null = null;
  let sealAgain = false;

  async function sealDue(all: boolean, settle: boolean): Promise<void> {
    const limit = now() - graceMs - CHUNK_MS;
    let sealed = 0;
    const started = performance.now();
    for (const kind of ['sample', 'position'] as const) {
      // A window still filling (a gateway's backlog arriving in turns) waits until a tick passes without items
      // for it: sealed once, not merged into its chunk again on every tick while the rest arrives.
      const map = mapOf(kind);
      const still = Date.now() - tickMs;
      const due = [...map.keys()].filter((w) => all || (w <= limit && (!settle || (filledAt.get(map.get(w)!) ?? 0) <= still))).sort((a, b) => a - b);
      for (const w of due) {
        try {
          const items = await sealWindow(kind, w);
          sealed += items;
          if (!journal) {
            if (kind === 'sample') {
              stats.writtenSamples += items;
            } else {
              stats.writtenPositions += items;
            }
          }
          succeeded('seal');
        } catch (err) {
          failed(err, 'seal');
          sealBackoff = Math.min(SEAL_BACKOFF_MAX_MS, Math.max(tickMs, sealBackoff * 2));
          nextSealAt = Date.now() + sealBackoff;
          return;
        }
      }
    }
    sealBackoff = 0;
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
        succeeded('checkpoint');
      } catch (err) {
        failed(err, 'checkpoint');
      }
    }
  }

  /** `settle` (the timer's seals): windows still filling wait; flush, retention and shutdown seal every due window. */
  function seal(all = false, settle = false): Promise<void> {
    if (sealing) {
      sealAgain ||= all;
      return sealing.then(() => (all ? seal(true) : settle ? undefined : seal(false)));
    }
    sealing = (async () => {
      await sealDue(all, settle);
      if (sealAgain) {
        sealAgain = false;
        await sealDue(true, false);
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
        succeeded('journal');
      },
      (err: unknown) => {
        failed(err, 'journal');
        throw err;
      },
    );
    syncing = run.catch(() => {});
    return run;
  }

  const encoders = createRecordEncoders();
  const onError = (err: unknown, name: string) => log.error({ err, consumer: name }, 'history: consumer failed');
  const subs: Subscription[] = [
    consume(bus.samples$, 'history.samples', onError, (b) => {
      addSamples(b);
      if (journal) {
        journal.append(encoders.samples(b));
        appended.samples += b.n;
      }
    }),
    consume(bus.positions$, 'history.positions', onError, (b) => {
      addPositions(b);
      if (journal) {
        journal.append(encoders.positions(b));
        appended.positions += b.n;
      }
    }),
  ];
  const syncTimer = setInterval(() => {
    void sync().catch(() => {});
  }, 100);
  syncTimer.unref();
  const sealTimer = setInterval(() => {
    // After a failed seal, the next try waits (backing off to SEAL_BACKOFF_MAX_MS): a full disk is not hammered.
    if (Date.now() >= nextSealAt) {
      void seal(false, true).catch((err: unknown) => failed(err, 'seal'));
    }
  }, tickMs);
  sealTimer.unref();
  let closed = false;

  const count = (kind: ChunkKind) => {
    let n = 0;
    for (const win of [...sealingWins[kind].values(), ...mapOf(kind).values()]) {
      for (const s of win.values()) {
        n += s.n;
      }
    }
    return n;
  };

  /** Starts of the windows in memory (open or being sealed) that overlap [from, to), ascending. */
  const openWindowStarts = (kind: ChunkKind, from: number, to: number): number[] =>
    [...new Set([...sealingWins[kind].keys(), ...mapOf(kind).keys()])].filter((w) => w + CHUNK_MS > from && w < to).sort((a, b) => a - b);
  /** The items of `id` in window `w` held in memory: those being sealed merged with those received since (newest win). */
  const openSeries = (kind: ChunkKind, w: number, id: string): Columns | undefined => {
    const a = sealingWins[kind].get(w)?.get(id);
    const b = mapOf(kind).get(w)?.get(id);
    if (a && b) {
      return mergeInto(openColumns(a), openColumns(b));
    }
    const s = a ?? b;
    return s ? openColumns(s) : undefined;
  };
  const appendRange = (o: Series, s: Columns, from: number, to: number) => {
    for (let i = 0; i < s.t.length; i++) {
      if (s.t[i] >= from && s.t[i] < to) {
        o.t.push(s.t[i]);
        for (let c = 0; c < o.cols.length; c++) {
          o.cols[c].push(s.cols[c][i]);
        }
      }
    }
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
    reportTo(sink) {
      alarms = sink;
      if (fullPaths.size > 0) {
        diskAlarm = false;
        reportDisk(true, { what: [...fullPaths] });
      }
    },
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
      for (const w of openWindowStarts('sample', from, to)) {
        for (const id of new Set(ids)) {
          const s = openSeries('sample', w, id);
          if (!s) {
            continue;
          }
          let o = out.get(id);
          if (!o) {
            o = newSeries(SAMPLE_COLS);
            out.set(id, o);
          }
          appendRange(o, s, from, to);
        }
      }
      return out;
    },
    openPositions(id, from, to) {
      let o: Series | null = null;
      for (const w of openWindowStarts('position', from, to)) {
        const s = openSeries('position', w, id);
        if (s) {
          o ??= newSeries(POSITION_COLS);
          appendRange(o, s, from, to);
        }
      }
      return o;
    },
    openWindows(kind, ids) {
      const out = new Set<string>();
      for (const map of [sealingWins[kind], mapOf(kind)]) {
        for (const [w, win] of map) {
          for (const id of ids) {
            if (win.has(id)) {
              out.add(`${id}\u0000${w}`);
            }
          }
        }
      }
      return out;
    },
    stats: () => ({
      mode: sealer.mode,
      bufferedSamples: journal ? appended.samples - stats.writtenSamples : count('sample'),
      bufferedPositions: journal ? appended.positions - stats.writtenPositions : count('position'),
      writtenSamples: stats.writtenSamples,
      writtenPositions: stats.writtenPositions,
      dropped: 0,
      flushes: stats.flushes,
      failedFlushes: stats.failedFlushes,
      lastFlushMs: stats.lastFlushMs,
      journalBytes: journal?.syncedBytes ?? 0,
      journalSyncs: journal?.writes ?? 0,
      sealedChunks: stats.sealedChunks,
      openSamples: count('sample'),
      openPositions: count('position'),
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
        failed(err, 'seal');
      }
      await journal?.close();
      await sealer.close();
      await alarmOps;
    },
  };
}
