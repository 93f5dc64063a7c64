/*
 * What the history writer holds between flushes, with no I/O: sample and
 * position rows as column batches, and the 1-minute rollups of the samples.
 * Used on the main thread (PostgreSQL, in-memory SQLite) and in the SQLite
 * writer thread alike.
 */

export const ROLLUP_MS = 60_000;
/** A minute is written once this long after it ended; a later sample for it is merged in by upsert. */
export const ROLLUP_GRACE_MS = 5_000;

export interface SampleRows {
  n: number;
  tag: readonly string[];
  t: ArrayLike<number>;
  v: ArrayLike<number>;
  q: ArrayLike<number>;
}

export interface PositionRows {
  n: number;
  id: readonly string[];
  t: ArrayLike<number>;
  lon: ArrayLike<number>;
  lat: ArrayLike<number>;
  /** NaN: no floor. */
  floor: ArrayLike<number>;
  kind: ArrayLike<number>;
}

/** Aggregate of one tag over one minute (table sample_1m). */
export interface RollupRow {
  tag: string;
  /** Start of the minute, epoch ms. */
  m: number;
  min: number;
  max: number;
  sum: number;
  n: number;
  /** Value and time of the minute's latest sample. */
  last: number;
  tlast: number;
}

export interface HistoryTake {
  samples: SampleRows[];
  sampleCount: number;
  positions: PositionRows[];
  positionCount: number;
  rollups: RollupRow[];
}

export class HistoryBuffer {
  private samples: SampleRows[] = [];
  private positions: PositionRows[] = [];
  private sampleCount = 0;
  private positionCount = 0;
  /** The minute each tag is in now; written when the tag moves on or the minute is over. */
  private open = new Map<string, RollupRow>();
  private closed: RollupRow[] = [];

  get size(): number {
    return this.sampleCount + this.positionCount;
  }

  get samplesWaiting(): number {
    return this.sampleCount;
  }

  get positionsWaiting(): number {
    return this.positionCount;
  }

  addSamples(b: SampleRows): void {
    this.samples.push(b);
    this.sampleCount += b.n;
    for (let i = 0; i < b.n; i++) {
      const tag = b.tag[i];
      const t = b.t[i];
      const v = b.v[i];
      const m = t - (t % ROLLUP_MS);
      const r = this.open.get(tag);
      if (r !== undefined && r.m === m) {
        if (v < r.min) {
          r.min = v;
        }
        if (v > r.max) {
          r.max = v;
        }
        r.sum += v;
        r.n++;
        if (t >= r.tlast) {
          r.last = v;
          r.tlast = t;
        }
        continue;
      }
      const fresh: RollupRow = { tag, m, min: v, max: v, sum: v, n: 1, last: v, tlast: t };
      if (r === undefined || m > r.m) {
        if (r !== undefined) {
          this.closed.push(r);
        }
        this.open.set(tag, fresh);
      } else {
        // A late sample for a minute already closed: written on its own and merged by the upsert.
        this.closed.push(fresh);
      }
    }
  }

  addPositions(b: PositionRows): void {
    this.positions.push(b);
    this.positionCount += b.n;
  }

  /**
   * Everything to write now. Minutes that ended more than the grace period
   * before `now` are closed; `all` closes every minute (shutdown).
   */
  take(now: number, all = false): HistoryTake {
    for (const [tag, r] of this.open) {
      if (all || r.m + ROLLUP_MS + ROLLUP_GRACE_MS <= now) {
        this.closed.push(r);
        this.open.delete(tag);
      }
    }
    const out: HistoryTake = {
      samples: this.samples,
      sampleCount: this.sampleCount,
      positions: this.positions,
      positionCount: this.positionCount,
      rollups: this.closed,
    };
    this.samples = [];
    this.positions = [];
    this.sampleCount = 0;
    this.positionCount = 0;
    this.closed = [];
    return out;
  }

  /** Puts back a take that could not be written (the database was down), ahead of what came since. */
  putBack(t: HistoryTake): void {
    this.samples = [...t.samples, ...this.samples];
    this.positions = [...t.positions, ...this.positions];
    this.sampleCount += t.sampleCount;
    this.positionCount += t.positionCount;
    this.closed = [...t.rollups, ...this.closed];
  }
}

/**
 * Row order (tag, t) across the batches of a take. Inserting in index order
 * touches each index page once per flush instead of once per row: on SQLite
 * that is several times the throughput of arrival order with thousands of tags.
 */
export function sortedOrder(batches: readonly SampleRows[]): { batch: Uint32Array; row: Uint32Array } {
  const total = batches.reduce((s, b) => s + b.n, 0);
  const batch = new Uint32Array(total);
  const row = new Uint32Array(total);
  const order = new Uint32Array(total);
  let k = 0;
  batches.forEach((b, bi) => {
    for (let i = 0; i < b.n; i++) {
      batch[k] = bi;
      row[k] = i;
      order[k] = k;
      k++;
    }
  });
  const tagOf = (x: number) => batches[batch[x]].tag[row[x]];
  const tOf = (x: number) => batches[batch[x]].t[row[x]];
  order.sort((a, b) => {
    const ta = tagOf(a);
    const tb = tagOf(b);
    return ta < tb ? -1 : ta > tb ? 1 : tOf(a) - tOf(b);
  });
  const sb = new Uint32Array(total);
  const sr = new Uint32Array(total);
  for (let i = 0; i < total; i++) {
    sb[i] = batch[order[i]];
    sr[i] = row[order[i]];
  }
  return { batch: sb, row: sr };
}
