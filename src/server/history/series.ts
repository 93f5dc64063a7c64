import { decimalScale } from './codec.js';

/*
 * In-memory series of one tag (or target) in one window, and the pure
 * operations on them: sort with "the last received wins" for equal times
 * (an at-least-once source stores each sample once), merge into a stored
 * chunk, minute rollups, means that never overflow to Infinity.
 */

/** Chunk window: one row per tag per 10 minutes (600 samples at 1 Hz). */
export const CHUNK_MS = 10 * 60_000;
export const ROLLUP_MS = 60_000;
/** Hour rows (sample_hour): the minute rollups of an hour's six chunks in one row. */
export const HOUR_MS = 3_600_000;

export const windowOf = (t: number) => t - (((t % CHUNK_MS) + CHUNK_MS) % CHUNK_MS);

/** Columns of one series; `cols` extra value columns (v, q for samples; lon, lat, floor, kind for positions). */
export interface Series {
  t: number[];
  cols: number[][];
  /** False once a time arrived that is not after the previous one. */
  sorted: boolean;
}

/** Sorted, unique items as columns of any array type (a decoded chunk, a packed window, a Series). */
export interface Columns {
  t: ArrayLike<number>;
  cols: ArrayLike<number>[];
}

export function newSeries(ncols: number): Series {
  return { t: [], cols: Array.from({ length: ncols }, () => []), sorted: true };
}

export function push(s: Series, t: number, vals: readonly number[]): void {
  const n = s.t.length;
  if (n > 0 && t <= s.t[n - 1]) {
    s.sorted = false;
  }
  s.t.push(t);
  for (let c = 0; c < vals.length; c++) {
    s.cols[c].push(vals[c]);
  }
}

/**
 * The items of one id in an open window (the historian's memory), as rows in
 * one typed array: item k is [t, col 0, col 1, …] at k × stride. Appending an
 * item writes one short run of memory and allocates nothing until the array
 * is full (then it doubles); the garbage collector has no per-item arrays to
 * move. Items are kept in arrival order until `sortOpen` puts them in time
 * order (of equal times the last received stays).
 */
export interface OpenSeries {
  n: number;
  /** 1 + the number of value columns. */
  stride: number;
  rows: Float64Array;
  /** False once a time arrived that is not after the previous one. */
  sorted: boolean;
}

/** Items room for at first: a 1 Hz tag fills a 10-minute window (600) after four doublings. */
const OPEN_FIRST = 64;

export function newOpenSeries(ncols: number): OpenSeries {
  return { n: 0, stride: ncols + 1, rows: new Float64Array(OPEN_FIRST * (ncols + 1)), sorted: true };
}

/** Appends item `i` of batch columns: its time and `cols[c][i]` as column c. */
export function appendOpen(s: OpenSeries, t: number, cols: readonly ArrayLike<number>[], i: number): void {
  const n = s.n;
  const stride = s.stride;
  if (n > 0 && t <= s.rows[(n - 1) * stride]) {
    s.sorted = false;
  }
  if ((n + 1) * stride > s.rows.length) {
    const bigger = new Float64Array(s.rows.length * 2);
    bigger.set(s.rows);
    s.rows = bigger;
  }
  const at = n * stride;
  s.rows[at] = t;
  for (let c = 0; c < cols.length; c++) {
    s.rows[at + 1 + c] = cols[c][i];
  }
  s.n = n + 1;
}

/** Appends every item of `from` (same columns) after those of `to`. */
export function appendAllOpen(to: OpenSeries, from: OpenSeries): void {
  const cols = openColumnsUnsorted(from);
  for (let i = 0; i < from.n; i++) {
    appendOpen(to, cols.t[i], cols.cols, i);
  }
}

/** The columns of an open series in arrival order (copies). */
function openColumnsUnsorted(s: OpenSeries): Columns & { n: number } {
  const { n, stride, rows } = s;
  const t = new Float64Array(n);
  const cols = Array.from({ length: stride - 1 }, () => new Float64Array(n));
  for (let k = 0, at = 0; k < n; k++, at += stride) {
    t[k] = rows[at];
    for (let c = 1; c < stride; c++) {
      cols[c - 1][k] = rows[at + c];
    }
  }
  return { n, t, cols };
}

/** Sorts an open series by time in place; of several items with one time the last received stays. */
export function sortOpen(s: OpenSeries): OpenSeries {
  if (s.sorted) {
    return s;
  }
  const { stride, rows } = s;
  const order = Array.from({ length: s.n }, (_, i) => i);
  // Stable: equal times keep arrival order, so the last of a run is the newest.
  order.sort((a, b) => rows[a * stride] - rows[b * stride]);
  const keep = order.filter((k, j) => j + 1 >= order.length || rows[order[j + 1] * stride] !== rows[k * stride]);
  const out = new Float64Array(Math.max(OPEN_FIRST, keep.length) * stride);
  keep.forEach((k, j) => {
    out.set(rows.subarray(k * stride, (k + 1) * stride), j * stride);
  });
  s.rows = out;
  s.n = keep.length;
  s.sorted = true;
  return s;
}

/** The items of an open series as sorted, unique columns (copies). */
export function openColumns(s: OpenSeries): Columns & { n: number } {
  return openColumnsUnsorted(sortOpen(s));
}

/** Writes the times and value columns of an open series, in its order, into columns from index `at`. */
export function copyOpenInto(s: OpenSeries, t: Float64Array, cols: Float64Array[], at: number): void {
  const { n, stride, rows } = s;
  for (let k = 0, r = 0; k < n; k++, r += stride) {
    t[at + k] = rows[r];
    for (let c = 1; c < stride; c++) {
      cols[c - 1][at + k] = rows[r + c];
    }
  }
}

/** Sorts by time; of several items with one time the last received stays. In place. */
export function normalize(s: Series): Series {
  if (s.sorted) {
    return s;
  }
  const n = s.t.length;
  const order = Array.from({ length: n }, (_, i) => i);
  // Stable: equal times keep arrival order, so the last of a run is the newest.
  order.sort((a, b) => s.t[a] - s.t[b]);
  const keep: number[] = [];
  for (let k = 0; k < n; k++) {
    if (k + 1 < n && s.t[order[k + 1]] === s.t[order[k]]) {
      continue;
    }
    keep.push(order[k]);
  }
  s.t = keep.map((i) => s.t[i]);
  s.cols = s.cols.map((col) => keep.map((i) => col[i]));
  s.sorted = true;
  return s;
}

/** A stored chunk merged with newer items: equal times take the newer value. Both sorted and unique. */
export function mergeInto(older: Columns, newer: Columns): Series {
  const out = newSeries(newer.cols.length);
  const a = older.t;
  const b = newer.t;
  let i = 0;
  let j = 0;
  const takeA = () => {
    out.t.push(a[i]);
    for (let c = 0; c < out.cols.length; c++) {
      out.cols[c].push(older.cols[c][i]);
    }
    i++;
  };
  const takeB = () => {
    out.t.push(b[j]);
    for (let c = 0; c < out.cols.length; c++) {
      out.cols[c].push(newer.cols[c][j]);
    }
    j++;
  };
  while (i < a.length || j < b.length) {
    if (j >= b.length) {
      takeA();
    } else if (i >= a.length) {
      takeB();
    } else if (a[i] < b[j]) {
      takeA();
    } else if (a[i] > b[j]) {
      takeB();
    } else {
      i++;
      takeB();
    }
  }
  return out;
}

/**
 * Mean of values given as (mean, count) parts, finite whenever the parts are:
 * the plain sum is used while it stays finite (exactly what SQL avg gives),
 * otherwise the sum of the parts scaled down by a power of two (sums of 1e308
 * overflow, their scaled sums do not).
 */
export function combineMeans(means: ArrayLike<number>, counts: ArrayLike<number>, from = 0, to = means.length): number {
  let sum = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    sum += means[i] * counts[i];
    n += counts[i];
  }
  if (Number.isFinite(sum)) {
    return sum / n;
  }
  // Scaled by a power of two (exact) so that the sum cannot overflow: |sum| <= n * MAX_VALUE * 2^-k < MAX_VALUE.
  const k = Math.ceil(Math.log2(n)) + 1;
  const scale = 2 ** -k;
  let scaled = 0;
  for (let i = from; i < to; i++) {
    scaled += means[i] * scale * counts[i];
  }
  return (scaled / n) * 2 ** k;
}

export interface MinuteRollups {
  n: number;
  m: number[];
  count: number[];
  min: number[];
  max: number[];
  sum: number[];
  avg: number[];
  first: number[];
  last: number[];
}

/** Minute rollups of a sorted, unique series of values. */
export function minuteRollups(t: ArrayLike<number>, v: ArrayLike<number>, n = t.length): MinuteRollups {
  const r: MinuteRollups = { n: 0, m: [], count: [], min: [], max: [], sum: [], avg: [], first: [], last: [] };
  // Decimal values are summed as integers at their scale: exact, and the sum is a short decimal again.
  const p = decimalScale(v, n);
  const pow = 10 ** Math.max(0, p);
  let i = 0;
  while (i < n) {
    const m = t[i] - (t[i] % ROLLUP_MS);
    let j = i;
    let mn = v[i];
    let mx = v[i];
    let sum = 0;
    let isum = 0;
    while (j < n && t[j] - m < ROLLUP_MS) {
      const x = v[j];
      if (p >= 0) {
        isum += Math.round(x * pow);
      }
      if (x < mn) {
        mn = x;
      }
      if (x > mx) {
        mx = x;
      }
      sum += x;
      j++;
    }
    const count = j - i;
    if (p >= 0 && Number.isSafeInteger(isum)) {
      sum = isum / pow;
    }
    const avg = Number.isFinite(sum)
      ? sum / count
      : combineMeans(Array.prototype.slice.call(v, i, j) as number[], new Array<number>(count).fill(1));
    r.m.push(m);
    r.count.push(count);
    r.min.push(mn);
    r.max.push(mx);
    r.sum.push(sum);
    r.avg.push(avg);
    r.first.push(v[i]);
    r.last.push(v[j - 1]);
    r.n++;
    i = j;
  }
  return r;
}
