import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import {
  querySampleHistory as legacySampleHistory,
  queryTrajectory as legacyTrajectory,
  type SampleBucket,
  type SampleHistory,
  type TrajectoryPoint,
} from '../stream/history-repository.js';
import { readChunks, readHours } from './chunk-store.js';
import { kyselyConn, type SqlConn } from '../stream/history-sql.js';
import { decodePositions, decodeSamples, readRollup, RollupScratch } from './codec.js';
import type { Historian } from './historian.js';
import { CHUNK_MS, HOUR_MS, mergeInto, minuteRollups, ROLLUP_MS, windowOf, type MinuteRollups, type Series } from './series.js';

export type { SampleBucket, SampleHistory, TrajectoryPoint };

/** What a history query needs: the store and the historian's open windows. */
export interface HistoryReader {
  db: Db;
  historian: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'>;
}

/** Scale of the overflow-free sums (exact: a power of two). */
const SCALE = 2 ** -64;

/**
 * The buckets of one tag as columns indexed by bucket number (no object per
 * bucket or per minute): per bucket the plain sum (SQL avg's result while
 * finite) and a sum scaled by 2^-64, which cannot overflow; `at` is the time
 * of `last`, so the latest part gives the bucket's last value whatever order
 * parts are added in.
 */
class Buckets {
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly sum: Float64Array;
  readonly scaled: Float64Array;
  readonly last: Float64Array;
  readonly at: Float64Array;
  readonly n: Float64Array;
  constructor(readonly size: number) {
    this.min = new Float64Array(size);
    this.max = new Float64Array(size);
    this.sum = new Float64Array(size);
    this.scaled = new Float64Array(size);
    this.last = new Float64Array(size);
    this.at = new Float64Array(size);
    this.n = new Float64Array(size);
  }
  add(b: number, min: number, max: number, sum: number, scaled: number, count: number, last: number, at: number): void {
    if (this.n[b] === 0) {
      this.min[b] = min;
      this.max[b] = max;
      this.sum[b] = sum;
      this.scaled[b] = scaled;
      this.last[b] = last;
      this.at[b] = at;
      this.n[b] = count;
      return;
    }
    if (min < this.min[b]) {
      this.min[b] = min;
    }
    if (max > this.max[b]) {
      this.max[b] = max;
    }
    this.sum[b] += sum;
    this.scaled[b] += scaled;
    if (at >= this.at[b]) {
      this.last[b] = last;
      this.at[b] = at;
    }
    this.n[b] += count;
  }
  /** Rollup entries [0, r.n) whose minute start lies in [lo, to); a minute counts in the bucket its start falls in. */
  addRollup(r: RollupScratch, lo: number, to: number, from: number, bucketMs: number): void {
    for (let i = 0; i < r.n; i++) {
      const m = r.m[i];
      if (m < lo || m >= to) {
        continue;
      }
      const count = r.count[i];
      const x = r.x[i];
      let sum: number;
      let scaled: number;
      if (r.sums) {
        sum = x;
        scaled = x * SCALE;
      } else {
        // Means stored (a sum overflowed): the sum while finite, else the scaled sum only.
        sum = x * count;
        scaled = Number.isFinite(sum) ? sum * SCALE : x * SCALE * count;
      }
      this.add(Math.trunc((m - from) / bucketMs), r.min[i], r.max[i], sum, scaled, count, r.last[i], m);
    }
  }
  /** Minute rollups computed here (windows with items in memory). */
  addMinutes(ru: MinuteRollups, lo: number, to: number, from: number, bucketMs: number): void {
    for (let i = 0; i < ru.n; i++) {
      const m = ru.m[i];
      if (m < lo || m >= to) {
        continue;
      }
      const finite = Number.isFinite(ru.sum[i]);
      const count = ru.count[i];
      this.add(
        Math.trunc((m - from) / bucketMs),
        ru.min[i],
        ru.max[i],
        finite ? ru.sum[i] : ru.avg[i] * count,
        finite ? ru.sum[i] * SCALE : ru.avg[i] * SCALE * count,
        count,
        ru.last[i],
        m,
      );
    }
  }
  /** Raw samples (sorted), one part per run of samples in a bucket. */
  addRaw(t: ArrayLike<number>, v: ArrayLike<number>, from: number, to: number, bucketMs: number): void {
    let i = 0;
    while (i < t.length) {
      if (t[i] < from || t[i] >= to) {
        i++;
        continue;
      }
      const b = Math.floor((t[i] - from) / bucketMs);
      let j = i;
      let mn = v[i];
      let mx = v[i];
      let sum = 0;
      let scaled = 0;
      const end = Math.min(to, from + (b + 1) * bucketMs);
      while (j < t.length && t[j] < end) {
        const x = v[j];
        if (x < mn) {
          mn = x;
        }
        if (x > mx) {
          mx = x;
        }
        sum += x;
        scaled += x * SCALE;
        j++;
      }
      this.add(b, mn, mx, sum, scaled, j - i, v[j - 1], t[j - 1]);
      i = j;
    }
  }
  list(from: number, bucketMs: number): SampleBucket[] {
    const out: SampleBucket[] = [];
    for (let b = 0; b < this.size; b++) {
      const n = this.n[b];
      if (n === 0) {
        continue;
      }
      out.push({
        t: from + b * bucketMs,
        min: this.min[b],
        max: this.max[b],
        avg: Number.isFinite(this.sum[b]) ? this.sum[b] / n : this.scaled[b] / n / SCALE,
        last: this.last[b],
        n,
      });
    }
    return out;
  }
}

/** Whether the row tables of a store upgraded from them still hold any of these ids (`null`: any id), until the upgrade has moved them. */
async function legacyHas(db: Db, table: 'sample' | 'position', ids: readonly string[] | null): Promise<boolean> {
  if (ids !== null && ids.length === 0) {
    return false;
  }
  const col = table === 'sample' ? 'tag_id' : 'target_id';
  const { rows } = await (
    ids === null
      ? sql<{ x: number }>`select 1 as x from ${sql.table(table)} limit 1`
      : sql<{ x: number }>`select 1 as x from ${sql.table(table)} where ${sql.ref(col)} in (${sql.join([...ids])}) limit 1`
  ).execute(db);
  return rows.length > 0;
}

/**
 * Runs a query's reads in one snapshot while the upgrade still moves rows of
 * these ids into chunks: an upgrade step (rows into chunks and out of the row
 * table, one transaction) between the chunk read and the row read would
 * otherwise hide those rows from both, or show them in both. Without rows
 * left (every store after its upgrade) the reads go straight to the store.
 * `read` learns whether rows remain (`legacy`), so that it reads them too.
 */
async function inUpgradeSnapshot<T>(
  reader: HistoryReader,
  table: 'sample' | 'position',
  ids: readonly string[] | null,
  read: (r: HistoryReader, legacy: boolean) => Promise<T>,
): Promise<T> {
  if (!(await legacyHas(reader.db, table, ids))) {
    return read(reader, false);
  }
  const { historian } = reader;
  return reader.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((tx) =>
      read(
        {
          db: tx,
          historian: {
            conn: kyselyConn(tx, historian.conn.dialect),
            openSamples: historian.openSamples,
            openPositions: historian.openPositions,
            openWindows: historian.openWindows,
          },
        },
        true,
      ),
    );
}

/**
 * Minute rollups over [lo, to), the coarsest exact way: an hour that lies in
 * one bucket whole is added from its hour row's total (one entry), another
 * hour from its hour row's minute rollups, in both cases when the hour has a
 * row and none of its windows is in memory. The chunk rows of the rest are
 * returned for the caller to read as before. A 30-day trend reads 720 hour
 * rows per tag instead of 4,320 chunk rows.
 */
async function minuteSources(
  conn: SqlConn,
  ids: readonly string[],
  q: { lo: number; wFrom: number; from: number; to: number; bucketMs: number },
  openKeys: ReadonlySet<string>,
  bucketsOf: (id: string) => Buckets,
): Promise<{ id: string; w: number; n: number; blob: Uint8Array }[]> {
  const { lo, wFrom, from, to, bucketMs } = q;
  const hourOf = (t: number) => t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const openHours = new Set<string>();
  for (const key of openKeys) {
    const [id, w] = key.split('\u0000');
    openHours.add(`${id}\u0000${hourOf(Number(w))}`);
  }
  /** An hour's minutes all fall in one bucket: its total is exact for it. */
  const whole = (h: number) =>
    h >= lo &&
    h + HOUR_MS - ROLLUP_MS < to &&
    Math.trunc((h - from) / bucketMs) === Math.trunc((h + HOUR_MS - ROLLUP_MS - from) / bucketMs);
  const covered = new Map<string, number[]>();
  const scratch = new RollupScratch();
  for (const r of await readHours(conn, ids, hourOf(lo), to, bucketMs >= HOUR_MS)) {
    if (openHours.has(`${r.id}\u0000${r.h}`)) {
      continue;
    }
    const hours = covered.get(r.id) ?? [];
    hours.push(r.h);
    covered.set(r.id, hours);
    const blob = r.total && whole(r.h) ? r.total : r.blob;
    bucketsOf(r.id).addRollup(readRollup(blob, scratch), lo, to, from, bucketMs);
  }
  // The rest of [wFrom, to) per id, as ranges between covered hours; ids with the same ranges read together.
  const ranges = new Map<string, { a: number; b: number; ids: string[] }>();
  for (const id of ids) {
    let a = wFrom;
    const spans: [number, number][] = [];
    for (const h of covered.get(id) ?? []) {
      if (h > a) {
        spans.push([a, h]);
      }
      a = Math.max(a, h + HOUR_MS);
    }
    if (a < to) {
      spans.push([a, to]);
    }
    for (const [x, y] of spans) {
      const key = `${x}:${y}`;
      const e = ranges.get(key) ?? { a: x, b: y, ids: [] };
      e.ids.push(id);
      ranges.set(key, e);
    }
  }
  const rows: { id: string; w: number; n: number; blob: Uint8Array }[] = [];
  for (const { a, b, ids: part } of ranges.values()) {
    rows.push(...(await readChunks(conn, 'sample', part, a, b, 'rollup')));
  }
  return rows;
}

/** Samples of one tag in one window: the stored chunk with the open items merged in (open items win). */
function windowSeries(blob: Uint8Array | undefined, open: Series | undefined): { t: ArrayLike<number>; v: ArrayLike<number> } {
  if (!blob) {
    return open ? { t: open.t, v: open.cols[0] } : { t: [], v: [] };
  }
  const d = decodeSamples(blob);
  if (!open || open.t.length === 0) {
    return { t: d.t, v: d.v };
  }
  const m = mergeInto({ t: d.t, cols: [d.v, d.q] }, open);
  return { t: m.t, v: m.cols[0] };
}

/**
 * Tag history over [from, to) downsampled to at most `points` buckets per tag
 * of equal width ceil((to - from) / points) ms, each {t, min, max, avg, last, n};
 * empty buckets are left out; items follow the order of `tagIds`.
 *
 * Buckets of a minute or more are built from the minute rollups stored with
 * each chunk and hour (a minute counts in the bucket its start falls in), or
 * from an hour's total when the whole hour lies in one bucket; shorter
 * buckets from the decoded samples. Open windows are read from memory.
 */
export function querySampleHistory(
  reader: HistoryReader,
  tagIds: readonly string[],
  from: number,
  to: number,
  points: number,
): Promise<SampleHistory> {
  return inUpgradeSnapshot(reader, 'sample', [...new Set(tagIds)], (r, legacy) => sampleHistoryIn(r, legacy, tagIds, from, to, points));
}

async function sampleHistoryIn(
  reader: HistoryReader,
  hasLegacy: boolean,
  tagIds: readonly string[],
  from: number,
  to: number,
  points: number,
): Promise<SampleHistory> {
  const bucketMs = Math.max(1, Math.ceil((to - from) / Math.max(1, Math.floor(points))));
  const items = tagIds.map((tag) => ({ tag, buckets: [] as SampleBucket[] }));
  if (tagIds.length === 0 || to <= from) {
    return { bucketMs, items };
  }
  const { historian } = reader;
  const ids = [...new Set(tagIds)];
  const byMinute = bucketMs >= ROLLUP_MS;
  const lo = byMinute ? Math.floor(from / ROLLUP_MS) * ROLLUP_MS : from;
  const wFrom = windowOf(lo);
  const openKeys = historian.openWindows('sample', ids);
  const open = historian.openSamples(ids, wFrom, to);
  /** Open items of one tag in one window. */
  const openIn = (id: string, w: number): Series | undefined => {
    const s = open.get(id);
    if (!s) {
      return undefined;
    }
    let a = 0;
    while (a < s.t.length && s.t[a] < w) {
      a++;
    }
    let z = a;
    while (z < s.t.length && s.t[z] < w + CHUNK_MS) {
      z++;
    }
    return a === z ? undefined : { t: s.t.slice(a, z), cols: s.cols.map((c) => c.slice(a, z)), sorted: true };
  };

  const size = Math.ceil((to - from) / bucketMs);
  const perId = new Map<string, Buckets>();
  const bucketsOf = (id: string): Buckets => {
    let b = perId.get(id);
    if (!b) {
      b = new Buckets(size);
      perId.set(id, b);
    }
    return b;
  };

  // Windows with open items are read as samples (chunk + memory), the others as stored.
  const rows = byMinute
    ? await minuteSources(historian.conn, ids, { lo, wFrom, from, to, bucketMs }, openKeys, bucketsOf)
    : await readChunks(historian.conn, 'sample', ids, wFrom, to, 'data');
  const stored = new Set<string>();
  const perTag = new Map<string, { w: number; blob?: Uint8Array; open?: Series }[]>();
  const listOf = (id: string) => {
    let l = perTag.get(id);
    if (!l) {
      l = [];
      perTag.set(id, l);
    }
    return l;
  };
  const scratch = new RollupScratch();
  for (const r of rows) {
    const key = `${r.id}\u0000${r.w}`;
    stored.add(key);
    if (byMinute && !openKeys.has(key)) {
      bucketsOf(r.id).addRollup(readRollup(r.blob, scratch), lo, to, from, bucketMs);
      continue;
    }
    if (byMinute) {
      // Stored and open: read below as samples, chunk and memory merged (once, not here as well).
      continue;
    }
    listOf(r.id).push({ w: r.w, blob: r.blob, open: openIn(r.id, r.w) });
  }
  // Open windows: for the minute path, the stored data of those windows is read now.
  const openWs = new Map<number, string[]>();
  for (const key of openKeys) {
    const [id, ws] = key.split('\u0000');
    const w = Number(ws);
    if (w < wFrom || w >= to) {
      continue;
    }
    if (byMinute) {
      openWs.set(w, [...(openWs.get(w) ?? []), id]);
    } else if (!stored.has(key)) {
      listOf(id).push({ w, open: openIn(id, w) });
    }
  }
  if (byMinute) {
    for (const [w, wids] of openWs) {
      const data = new Map((await readChunks(historian.conn, 'sample', wids, w, w + 1, 'data')).map((r) => [r.id, r.blob]));
      for (const id of wids) {
        listOf(id).push({ w, blob: data.get(id), open: openIn(id, w) });
      }
    }
  }
  for (const [id, list] of perTag) {
    list.sort((a, b) => a.w - b.w);
    for (const part of list) {
      const s = windowSeries(part.blob, part.open);
      if (byMinute) {
        bucketsOf(id).addMinutes(minuteRollups(s.t, s.v), lo, to, from, bucketMs);
      } else {
        bucketsOf(id).addRaw(s.t, s.v, from, to, bucketMs);
      }
    }
  }
  const legacy = hasLegacy ? await legacySampleHistory(reader.db, ids, from, to, points, Date.now(), true) : null;
  if (legacy) {
    for (const item of legacy.items) {
      for (const b of item.buckets as (SampleBucket & { at: number })[]) {
        // Minute parts are compared by the minute's start, raw parts by the sample's time, as above.
        bucketsOf(item.tag).add(
          Math.round((b.t - from) / bucketMs),
          b.min,
          b.max,
          b.avg * b.n,
          b.avg * SCALE * b.n,
          b.n,
          b.last,
          byMinute ? b.at - (b.at % ROLLUP_MS) : b.at,
        );
      }
    }
  }
  for (const item of items) {
    const per = perId.get(item.tag);
    if (per) {
      item.buckets = per.list(from, bucketMs);
    }
  }
  return { bucketMs, items };
}

/** A target's fixes as columns (typed arrays straight from the chunks), `lo`..`hi` the ones in the range. */
interface FixColumns {
  t: ArrayLike<number>;
  cols: ArrayLike<number>[];
  lo: number;
  hi: number;
}

/** First index whose time is not before `t` (times sorted). */
function lowerBound(ts: ArrayLike<number>, t: number): number {
  let a = 0;
  let b = ts.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (ts[m] < t) {
      a = m + 1;
    } else {
      b = m;
    }
  }
  return a;
}

/**
 * The fixes of one target over [from, to) from its stored chunks (`rows`, ordered by window) and its
 * open windows (open items win), as columns: a day at 1 Hz is 86,400 fixes, so no object is made
 * until the caller knows which fixes it keeps.
 */
function fixColumnsOf(
  reader: HistoryReader,
  targetId: string,
  rows: readonly { blob: Uint8Array }[],
  from: number,
  to: number,
): FixColumns {
  const open = reader.historian.openPositions(targetId, windowOf(from), to);
  const chunks = rows.map((r) => decodePositions(r.blob));
  const n = chunks.reduce((s, d) => s + d.n, 0);
  let t: ArrayLike<number> = new Float64Array(n);
  let cols: ArrayLike<number>[] = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  let k = 0;
  for (const d of chunks) {
    (t as Float64Array).set(d.t, k);
    (cols[0] as Float64Array).set(d.lon, k);
    (cols[1] as Float64Array).set(d.lat, k);
    (cols[2] as Float64Array).set(d.floor, k);
    (cols[3] as Float64Array).set(d.kind, k);
    k += d.n;
  }
  if (open && open.t.length > 0) {
    const m = mergeInto({ t, cols }, open);
    t = m.t;
    cols = m.cols;
  }
  return { t, cols, lo: lowerBound(t, from), hi: lowerBound(t, to) };
}

const pointAt = (c: FixColumns, i: number): TrajectoryPoint => ({
  t: c.t[i],
  lon: c.cols[0][i],
  lat: c.cols[1][i],
  floor: Number.isNaN(c.cols[2][i]) ? null : c.cols[2][i],
  kind: c.cols[3][i],
});

/** The fixes of the range, or the last of each `w`-ms bucket from `from` when `w` is given (thins a path and keeps its shape). */
function pointsOf(c: FixColumns, from: number, w?: number): TrajectoryPoint[] {
  const out: TrajectoryPoint[] = [];
  for (let i = c.lo; i < c.hi; i++) {
    if (w !== undefined && i + 1 < c.hi && Math.floor((c.t[i + 1] - from) / w) === Math.floor((c.t[i] - from) / w)) {
      continue;
    }
    out.push(pointAt(c, i));
  }
  return out;
}

/**
 * The fixes of every target that has any over [from, to) (stored chunks and open
 * windows; `known` adds targets only the open windows may hold, e.g. the live
 * cache's), thinned to the last fix per `stepMs` bucket: what a whole-plant replay
 * plays. Targets without a fix in the range are left out.
 */
export function queryTrajectories(
  reader: HistoryReader,
  from: number,
  to: number,
  stepMs: number,
  known: Iterable<string> = [],
): Promise<Map<string, TrajectoryPoint[]>> {
  return inUpgradeSnapshot(reader, 'position', null, (r, legacy) => trajectoriesIn(r, legacy, from, to, stepMs, known));
}

async function trajectoriesIn(
  reader: HistoryReader,
  legacy: boolean,
  from: number,
  to: number,
  stepMs: number,
  known: Iterable<string>,
): Promise<Map<string, TrajectoryPoint[]>> {
  const wFrom = windowOf(from);
  const { rows: idRows } = await reader.historian.conn.run(
    'SELECT DISTINCT target_id AS id FROM position_chunk WHERE w >= CAST(? AS bigint) AND w < CAST(? AS bigint)',
    [wFrom, to],
  );
  // Targets whose fixes in the range are still only in the row table (an upgrade under way) are replayed too.
  const { rows: oldRows } = legacy
    ? await reader.historian.conn.run(
        'SELECT DISTINCT target_id AS id FROM position WHERE t >= CAST(? AS bigint) AND t < CAST(? AS bigint)',
        [from, to],
      )
    : { rows: [] };
  const ids = [...new Set([...idRows.map((r) => String(r.id)), ...oldRows.map((r) => String(r.id)), ...known])].sort();
  const rows = await readChunks(reader.historian.conn, 'position', ids, wFrom, to);
  const byId = new Map<string, { blob: Uint8Array }[]>();
  for (const r of rows) {
    const list = byId.get(r.id);
    if (list) {
      list.push(r);
    } else {
      byId.set(r.id, [r]);
    }
  }
  const out = new Map<string, TrajectoryPoint[]>();
  for (const id of ids) {
    const thin = legacy
      ? lastPerBucket(await trajectoryIn(reader, legacy, id, from, to, Number.MAX_SAFE_INTEGER), from, stepMs)
      : pointsOf(fixColumnsOf(reader, id, byId.get(id) ?? [], from, to), from, stepMs);
    if (thin.length > 0) {
      out.set(id, thin);
    }
  }
  return out;
}

/**
 * A person's or vehicle's fixes over [from, to), oldest first. When there are
 * more than `maxPoints`, the range is cut into `maxPoints` equal buckets and the
 * latest fix of each is returned: the path keeps its shape at any range.
 */
export function queryTrajectory(
  reader: HistoryReader,
  targetId: string,
  from: number,
  to: number,
  maxPoints = 10_000,
): Promise<TrajectoryPoint[]> {
  return inUpgradeSnapshot(reader, 'position', [targetId], (r, legacy) => trajectoryIn(r, legacy, targetId, from, to, maxPoints));
}

async function trajectoryIn(
  reader: HistoryReader,
  legacy: boolean,
  targetId: string,
  from: number,
  to: number,
  maxPoints: number,
): Promise<TrajectoryPoint[]> {
  const rows = await readChunks(reader.historian.conn, 'position', [targetId], windowOf(from), to);
  const cols = fixColumnsOf(reader, targetId, rows, from, to);
  if (!legacy) {
    const n = cols.hi - cols.lo;
    return pointsOf(cols, from, n <= maxPoints ? undefined : Math.max(1, Math.ceil((to - from) / maxPoints)));
  }
  // A store upgraded from row tables: the rows not yet moved into chunks join in.
  const chunked = pointsOf(cols, from);
  const have = new Set(chunked.map((p) => p.t));
  const old = (await legacyTrajectory(reader.db, targetId, from, to, Number.MAX_SAFE_INTEGER)).filter((p) => !have.has(p.t));
  const points = [...old, ...chunked].sort((a, b) => a.t - b.t);
  if (points.length <= maxPoints) {
    return points;
  }
  return lastPerBucket(points, from, Math.max(1, Math.ceil((to - from) / maxPoints)));
}

/** The last fix of each `w`-ms bucket from `from`: thins a path and keeps its shape. */
function lastPerBucket(points: readonly TrajectoryPoint[], from: number, w: number): TrajectoryPoint[] {
  const out: TrajectoryPoint[] = [];
  for (let i = 0; i < points.length; i++) {
    if (i + 1 < points.length && Math.floor((points[i + 1].t - from) / w) === Math.floor((points[i].t - from) / w)) {
      continue;
    }
    out.push(points[i]);
  }
  return out;
}
