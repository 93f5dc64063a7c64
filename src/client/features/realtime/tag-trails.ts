import { history } from '../../../shared/realtime/contracts';
import { Quality } from '../../../shared/contracts/stream';
import { api } from '../../app/api';
import { RingBuffer } from '../../stream/ring-buffer';
import type { TagUpdate } from '../../stream/stream-client';

/** Minutes of recent values a sparkline shows. */
export const TRAIL_MINUTES = 5;
const TRAIL_MS = TRAIL_MINUTES * 60_000;
/** One point per this many ms: 150 points over 5 minutes, plenty for a 120 px line. */
const TRAIL_INTERVAL_MS = 2000;
const CAPACITY = Math.ceil(TRAIL_MS / TRAIL_INTERVAL_MS) + 8;
/** History takes at most this many tags per call (contracts/realtime.ts HISTORY_MAX_TAGS). */
const BACKFILL_BATCH = 20;
const BACKFILL_DELAY_MS = 150;

/**
 * The last minutes of many tags for sparklines: one ring buffer per tag, fed
 * by the stream, and filled from History the first time a tag's sparkline is
 * on screen (rows scrolled into view ask; 20 tags per call). Sparklines listen
 * here and draw on their canvas directly, so a value arriving never renders React.
 */
export class TagTrails {
  private readonly buffers = new Map<string, RingBuffer>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly backfilled = new Set<string>();
  private readonly queued = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private disposed = false;

  constructor(private readonly now: () => number) {}

  get(tag: string): RingBuffer | undefined {
    return this.buffers.get(tag);
  }

  /** Adds live values; bad-quality values are left out of the line. */
  push(updates: readonly TagUpdate[]): void {
    for (const u of updates) {
      if (u.q === Quality.bad) {
        continue;
      }
      let buf = this.buffers.get(u.tag);
      if (!buf) {
        buf = new RingBuffer(CAPACITY);
        this.buffers.set(u.tag, buf);
      }
      buf.pushSampled(u.t, u.v, TRAIL_INTERVAL_MS);
      this.notify(u.tag);
    }
  }

  /** Calls `fn` when the tag's trail changes; returns the unsubscribe. */
  listen(tag: string, fn: () => void): () => void {
    let set = this.listeners.get(tag);
    if (!set) {
      set = new Set();
      this.listeners.set(tag, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) {
        this.listeners.delete(tag);
      }
    };
  }

  /** Asks for the tag's recent history once (a sparkline came on screen). */
  requestBackfill(tag: string): void {
    if (this.backfilled.has(tag) || this.disposed) {
      return;
    }
    this.queued.add(tag);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.runBackfill();
    }, BACKFILL_DELAY_MS);
  }

  /** After a gap in the stream: trails on screen fill again from History. */
  invalidate(): void {
    this.backfilled.clear();
    for (const [tag, set] of this.listeners) {
      if (set.size > 0) {
        this.requestBackfill(tag);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.listeners.clear();
  }

  private notify(tag: string) {
    const set = this.listeners.get(tag);
    if (set) {
      for (const fn of set) {
        fn();
      }
    }
  }

  private async runBackfill() {
    if (this.running) {
      return;
    }
    this.running = true;
    try {
      while (this.queued.size > 0 && !this.disposed) {
        // Only tags still on screen are worth a call.
        const batch = [...this.queued].filter((t) => this.listeners.has(t)).slice(0, BACKFILL_BATCH);
        for (const t of [...this.queued]) {
          if (!this.listeners.has(t) || batch.includes(t)) {
            this.queued.delete(t);
          }
        }
        if (batch.length === 0) {
          break;
        }
        batch.forEach((t) => this.backfilled.add(t));
        const to = this.now();
        const from = to - TRAIL_MS;
        try {
          const res = await api(history, { tags: batch, from, to, points: CAPACITY - 8 }, { silent: true });
          for (const item of res.items) {
            this.merge(item.tag, item.buckets);
          }
        } catch {
          // A sparkline without its past is still useful; live values keep coming.
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Puts history before the live points already held (live points win where both exist). */
  private merge(tag: string, buckets: readonly { t: number; avg: number }[]) {
    if (this.disposed) {
      return;
    }
    const old = this.buffers.get(tag);
    const firstLive = old && old.size > 0 ? old.timeAt(0) : Infinity;
    const next = new RingBuffer(CAPACITY);
    for (const b of buckets) {
      if (b.t < firstLive) {
        next.pushSampled(b.t, b.avg, TRAIL_INTERVAL_MS);
      }
    }
    old?.forEach((t, v) => next.pushSampled(t, v, TRAIL_INTERVAL_MS));
    this.buffers.set(tag, next);
    this.notify(tag);
  }
}
