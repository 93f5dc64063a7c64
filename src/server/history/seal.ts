import type { SqlConn } from '../stream/history-sql.js';
import { readChunks, upsertHours, upsertPositionChunks, upsertSampleChunks, type HourRow, type PositionChunkRow, type SampleChunkRow } from './chunk-store.js';
import { decodePositions, decodeRollup, decodeSamples, encodePositions, encodeRollup, encodeSamples, type RollupColumns } from './codec.js';
import { combineMeans, HOUR_MS, mergeInto, minuteRollups, ROLLUP_MS, copyOpenInto, sortOpen, type Columns, type MinuteRollups, type OpenSeries } from './series.js';
import { swingingDoor } from './swinging-door.js';

/*
 * Writing items into chunks: merge with the stored chunk of their window,
 * encode, upsert. Used by the historian's sealing (in the history thread, or on
 * the main thread for in-memory stores) and by the upgrade of row tables.
 */

export type ChunkKind = 'sample' | 'position';

/** Items of one id in one window: sorted by time, unique. */
export interface WindowItems extends Columns {
  id: string;
  w: number;
  /** Samples: the tag's compression deviation (swinging door); 0 or absent keeps every sample. */
  dev?: number;
}

/**
 * Ids of one window packed into transferable columns (posted to the history
 * thread without a copy): the items of `ids[k]` are [off[k], off[k + 1]).
 */
export interface PackedWindow {
  kind: ChunkKind;
  w: number;
  ids: string[];
  off: Uint32Array;
  t: Float64Array;
  cols: Float64Array[];
  /** Compression deviation of `ids[k]` (samples of tags that have one). */
  dev?: Float64Array;
}

/** Packs the open series of one window (sorted here, last received wins), with each id's compression deviation when `devOf` gives one. */
export function packWindow(
  kind: ChunkKind,
  w: number,
  entries: readonly (readonly [string, OpenSeries])[],
  devOf?: (id: string) => number | null | undefined,
): PackedWindow {
  let n = 0;
  for (const [, s] of entries) {
    n += sortOpen(s).n;
  }
  const ncols = entries.length > 0 ? entries[0][1].stride - 1 : 0;
  const off = new Uint32Array(entries.length + 1);
  const t = new Float64Array(n);
  const cols = Array.from({ length: ncols }, () => new Float64Array(n));
  let k = 0;
  entries.forEach(([, s], e) => {
    off[e] = k;
    copyOpenInto(s, t, cols, k);
    k += s.n;
  });
  off[entries.length] = k;
  const packed: PackedWindow = { kind, w, ids: entries.map(([id]) => id), off, t, cols };
  if (devOf) {
    const dev = Float64Array.from(packed.ids, (id) => devOf(id) ?? 0);
    if (dev.some((d) => d > 0)) {
      packed.dev = dev;
    }
  }
  return packed;
}

export function unpackWindow(p: PackedWindow): WindowItems[] {
  return p.ids.map((id, k) => {
    const a = p.off[k];
    const z = p.off[k + 1];
    return { id, w: p.w, t: p.t.subarray(a, z), cols: p.cols.map((c) => c.subarray(a, z)), dev: p.dev?.[k] };
  });
}

/** Buffers to transfer with a packed window. */
export const transferList = (p: PackedWindow): ArrayBuffer[] =>
  [p.off.buffer, p.t.buffer, ...p.cols.map((c) => c.buffer), ...(p.dev ? [p.dev.buffer] : [])] as ArrayBuffer[];

/**
 * Merges items into the stored chunks of their windows and writes them; on
 * equal times the items win, or the stored value when `storedWins` (rows
 * older than the chunks, in the upgrade). Call inside `chunkTransaction`.
 * Returns the number of items given.
 *
 * Samples of a tag with a compression deviation: a window sealed for the
 * first time keeps only its swinging-door points, while its minute rollups
 * are made from every sample (trends stay exact). Items for a window already
 * stored (late data) are merged as they came, uncompressed, as AVEVA PI does
 * with out-of-order events; only the minutes they touch get new rollups, from
 * the points then stored, the other minutes keep theirs.
 */
export async function writeChunks(tx: SqlConn, kind: ChunkKind, items: readonly WindowItems[], storedWins = false): Promise<number> {
  if (items.length === 0) {
    return 0;
  }
  let wFrom = Infinity;
  let wTo = -Infinity;
  for (const x of items) {
    wFrom = Math.min(wFrom, x.w);
    wTo = Math.max(wTo, x.w + 1);
  }
  const ids = [...new Set(items.map((x) => x.id))];
  const stored = new Map((await readChunks(tx, kind, ids, wFrom, wTo)).map((r) => [`${r.id}\u0000${r.w}`, r.blob]));
  const compressedLate = items.filter((x) => (x.dev ?? 0) > 0 && stored.has(`${x.id}\u0000${x.w}`));
  const storedRollups =
    compressedLate.length > 0
      ? new Map(
          (await readChunks(tx, kind, [...new Set(compressedLate.map((x) => x.id))], wFrom, wTo, 'rollup')).map((r) => [`${r.id}\u0000${r.w}`, r.blob]),
        )
      : new Map<string, Uint8Array>();
  const merged = (x: WindowItems): Columns => {
    const old = stored.get(`${x.id}\u0000${x.w}`);
    if (!old) {
      return x;
    }
    const d: Columns = kind === 'sample' ? sampleColumns(old) : positionColumns(old);
    return storedWins ? mergeInto(x, d) : mergeInto(d, x);
  };
  let count = 0;
  if (kind === 'sample') {
    const rows: SampleChunkRow[] = items.map((x) => {
      count += x.t.length;
      const key = `${x.id}\u0000${x.w}`;
      const dev = x.dev ?? 0;
      if (dev > 0 && !stored.has(key)) {
        const keep = swingingDoor(x.t, x.cols[0], dev, x.cols[1]);
        const pick = (c: ArrayLike<number>) => Float64Array.from(keep, (i) => c[i]);
        return {
          tag: x.id,
          w: x.w,
          n: keep.length,
          data: encodeSamples({ n: keep.length, t: pick(x.t), v: pick(x.cols[0]), q: pick(x.cols[1]) }),
          rollup: encodeRollup(minuteRollups(x.t, x.cols[0], x.t.length)),
        };
      }
      const m = merged(x);
      const n = m.t.length;
      const old = storedRollups.get(key);
      return {
        tag: x.id,
        w: x.w,
        n,
        data: encodeSamples({ n, t: m.t, v: m.cols[0], q: m.cols[1] }),
        rollup: encodeRollup(old ? touchedMinutes(decodeRollup(old), x.t, m) : minuteRollups(m.t, m.cols[0], n)),
      };
    });
    await upsertSampleChunks(tx, rows);
    await writeHours(tx, items);
  } else {
    const rows: PositionChunkRow[] = items.map((x) => {
      const m = merged(x);
      const n = m.t.length;
      count += x.t.length;
      return { id: x.id, w: x.w, n, data: encodePositions({ n, t: m.t, lon: m.cols[0], lat: m.cols[1], floor: m.cols[2], kind: m.cols[3] }) };
    });
    await upsertPositionChunks(tx, rows);
  }
  return count;
}

function sampleColumns(blob: Uint8Array): Columns {
  const d = decodeSamples(blob);
  return { t: d.t, cols: [d.v, d.q] };
}

function positionColumns(blob: Uint8Array): Columns {
  const d = decodePositions(blob);
  return { t: d.t, cols: [d.lon, d.lat, d.floor, d.kind] };
}

/**
 * Rewrites the hour rows of the hours `items` touched: each holds the minute
 * rollups of all chunks of its hour, read back in the same transaction.
 */
async function writeHours(tx: SqlConn, items: readonly WindowItems[]): Promise<void> {
  const byHour = new Map<number, Set<string>>();
  for (const x of items) {
    const h = x.w - (x.w % HOUR_MS);
    let ids = byHour.get(h);
    if (!ids) {
      ids = new Set();
      byHour.set(h, ids);
    }
    ids.add(x.id);
  }
  const rows: HourRow[] = [];
  for (const [h, ids] of byHour) {
    const parts = new Map<string, ReturnType<typeof decodeRollup>[]>();
    for (const r of await readChunks(tx, 'sample', [...ids], h, h + HOUR_MS, 'rollup')) {
      const list = parts.get(r.id) ?? [];
      list.push(decodeRollup(r.blob));
      parts.set(r.id, list);
    }
    for (const [id, list] of parts) {
      const cols = emptyRollups();
      let n = 0;
      for (const d of list) {
        for (let i = 0; i < d.n; i++) {
          pushRollup(cols, d, i);
          n += d.count[i];
        }
      }
      rows.push({ tag: id, h, n, rollup: encodeRollup(cols), total: encodeRollup(hourTotal(cols, n)) });
    }
  }
  await upsertHours(tx, rows);
}

/**
 * An hour's minute rollups as one entry at the start of its last minute: the
 * sum of the minute sums in minute order (what a trend adding the minutes one
 * by one gets), the mean of the means when that sum overflows.
 */
function hourTotal(c: MinuteRollups, n: number): RollupColumns {
  const k = c.n;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < k; i++) {
    sum += c.sum[i];
    min = Math.min(min, c.min[i]);
    max = Math.max(max, c.max[i]);
  }
  const avg = Number.isFinite(sum) ? sum / n : combineMeans(c.avg, c.count, 0, k);
  return { n: 1, m: [c.m[k - 1]], count: [n], min: [min], max: [max], sum: [sum], avg: [avg], first: [c.first[0]], last: [c.last[k - 1]] };
}

/**
 * The rollups of a compressed chunk after late items: the stored minutes the
 * items do not touch as they were (made from every sample at the first seal),
 * the touched ones from the merged points.
 */
function touchedMinutes(old: ReturnType<typeof decodeRollup>, late: ArrayLike<number>, m: Columns): RollupColumns {
  const touched = new Set<number>();
  for (let i = 0; i < late.length; i++) {
    touched.add(late[i] - (late[i] % ROLLUP_MS));
  }
  const fresh = minuteRollups(m.t, m.cols[0], m.t.length);
  const out = emptyRollups();
  let a = 0;
  let b = 0;
  // Both in minute order: stored minutes not touched, fresh minutes touched.
  while (a < old.n || b < fresh.n) {
    while (a < old.n && touched.has(old.m[a])) {
      a++;
    }
    while (b < fresh.n && !touched.has(fresh.m[b])) {
      b++;
    }
    if (a < old.n && (b >= fresh.n || old.m[a] < fresh.m[b])) {
      pushRollup(out, old, a++);
    } else if (b < fresh.n) {
      pushRollup(out, fresh, b++);
    }
  }
  return out;
}

const emptyRollups = (): MinuteRollups => ({ n: 0, m: [], count: [], min: [], max: [], sum: [], avg: [], first: [], last: [] });

/** Appends entry `i` of `src` to `out`. */
function pushRollup(out: MinuteRollups, src: RollupColumns, i: number): void {
  out.m.push(src.m[i]);
  out.count.push(src.count[i]);
  out.min.push(src.min[i]);
  out.max.push(src.max[i]);
  out.sum.push(src.sum[i]);
  out.avg.push(src.avg[i]);
  out.first.push(src.first[i]);
  out.last.push(src.last[i]);
  out.n++;
}
