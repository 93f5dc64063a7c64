/**
 * A fixed-size buffer of (time, value) points that overwrites its oldest
 * point when full. Backed by two typed arrays, so a view holding the last
 * minutes of thousands of tags allocates nothing per sample.
 */
export class RingBuffer {
  private readonly ts: Float64Array;
  private readonly vs: Float64Array;
  /** Index the next point is written to. */
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    }
    this.ts = new Float64Array(capacity);
    this.vs = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(t: number, v: number): void {
    this.ts[this.head] = t;
    this.vs[this.head] = v;
    this.head = (this.head + 1) % this.capacity;
    if (this.count < this.capacity) {
      this.count++;
    }
  }

  /** Overwrites the newest point (no-op when empty). */
  replaceLast(t: number, v: number): void {
    if (this.count === 0) {
      return;
    }
    const i = (this.head - 1 + this.capacity) % this.capacity;
    this.ts[i] = t;
    this.vs[i] = v;
  }

  /**
   * Adds a point, keeping one point per `intervalMs` slot of time (the latest
   * one of the slot): a point in the same slot as the newest point replaces
   * it. A point older than the newest one is dropped, so the buffer stays
   * ordered by time.
   */
  pushSampled(t: number, v: number, intervalMs: number): void {
    const last = this.lastTime();
    if (last !== undefined) {
      if (t < last) {
        return;
      }
      if (intervalMs > 0 && Math.floor(t / intervalMs) === Math.floor(last / intervalMs)) {
        this.replaceLast(t, v);
        return;
      }
    }
    this.push(t, v);
  }

  /** Time of the i-th point, oldest first. */
  timeAt(i: number): number {
    return this.ts[this.index(i)];
  }

  /** Value of the i-th point, oldest first. */
  valueAt(i: number): number {
    return this.vs[this.index(i)];
  }

  lastTime(): number | undefined {
    return this.count === 0 ? undefined : this.timeAt(this.count - 1);
  }

  lastValue(): number | undefined {
    return this.count === 0 ? undefined : this.valueAt(this.count - 1);
  }

  /** Calls `fn` for each point, oldest first. */
  forEach(fn: (t: number, v: number, i: number) => void): void {
    for (let i = 0; i < this.count; i++) {
      const j = this.index(i);
      fn(this.ts[j], this.vs[j], i);
    }
  }

  /** Smallest and largest value, or null when empty. Non-finite values are skipped. */
  extent(): { min: number; max: number } | null {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < this.count; i++) {
      const v = this.vs[this.index(i)];
      if (Number.isFinite(v)) {
        if (v < min) {
          min = v;
        }
        if (v > max) {
          max = v;
        }
      }
    }
    return min <= max ? { min, max } : null;
  }

  /** Removes points older than `t`. */
  dropBefore(t: number): void {
    let drop = 0;
    while (drop < this.count && this.timeAt(drop) < t) {
      drop++;
    }
    this.count -= drop;
  }

  clear(): void {
    this.head = 0;
    this.count = 0;
  }

  private index(i: number): number {
    return (this.head - this.count + i + this.capacity) % this.capacity;
  }
}
