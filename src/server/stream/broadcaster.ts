import type { Subscription } from 'rxjs';
import { consume, type StreamBus } from './bus.js';
import type { Gateway } from './gateway.js';
import type { StreamLog } from './ingest.js';

/**
 * Per-key throttle with leading and trailing edge: a key (tag or target) that
 * has not been sent for a whole tick goes out with the next slice; one that was
 * sent less than a tick ago waits until its tick has passed and then sends its
 * latest value. So each key is sent at most once per tick, intermediate values
 * are dropped, and a tag changing once a second is not held back by up to a
 * whole tick (a plain fixed tick would add tick/2 latency on average).
 */
class KeyThrottle {
  private dirty = new Set<string>();
  private readonly sentAt = new Map<string, number>();
  private ready: string[] = [];

  constructor(private readonly tickMs: number) {}

  mark(key: string): void {
    this.dirty.add(key);
  }

  get size(): number {
    return this.dirty.size;
  }

  /** Keys due now; the array is reused by the next call. */
  take(now: number): readonly string[] {
    const ready = this.ready;
    ready.length = 0;
    if (this.dirty.size === 0) {
      return ready;
    }
    const cutoff = now - this.tickMs;
    for (const key of this.dirty) {
      const last = this.sentAt.get(key);
      if (last === undefined || last <= cutoff) {
        ready.push(key);
        this.sentAt.set(key, now);
        this.dirty.delete(key);
      }
    }
    return ready;
  }
}

export interface Broadcaster {
  stats(): { waitingTags: number; waitingTargets: number; slices: number; lastSliceMs: number };
  stop(): void;
}

/**
 * Coalesces the bus into sends: at most one update per tag (and per person or
 * vehicle) per `tickMs`, checked every `sliceMs` (tick / 4, at least 5 ms).
 */
export function startBroadcaster(opts: { bus: StreamBus; gateway: Gateway; tickMs: number; log: StreamLog; sliceMs?: number }): Broadcaster {
  const { bus, gateway, log, tickMs } = opts;
  // A quarter tick: keys wait at most that long for their slot, and each socket gets at most 4 frames a tick.
  const sliceMs = opts.sliceMs ?? Math.max(5, Math.round(tickMs / 4));
  const tags = new KeyThrottle(tickMs);
  const targets = new KeyThrottle(tickMs);
  let slices = 0;
  let lastSliceMs = 0;
  const onError = (err: unknown, name: string) => log.error({ err, consumer: name }, 'broadcaster: consumer failed');
  const subs: Subscription[] = [
    consume(bus.samples$, 'broadcaster.samples', onError, (b) => {
      for (let i = 0; i < b.n; i++) {
        tags.mark(b.tag[i]);
      }
    }),
    consume(bus.positions$, 'broadcaster.positions', onError, (b) => {
      for (let i = 0; i < b.n; i++) {
        targets.mark(b.id[i]);
      }
    }),
  ];
  const timer = setInterval(() => {
    const started = performance.now();
    const now = Date.now();
    try {
      gateway.publish(tags.take(now), targets.take(now), now);
    } catch (err) {
      log.error({ err }, 'broadcaster: publish failed');
    }
    slices++;
    lastSliceMs = performance.now() - started;
  }, sliceMs);
  timer.unref();
  return {
    stats: () => ({ waitingTags: tags.size, waitingTargets: targets.size, slices, lastSliceMs }),
    stop() {
      clearInterval(timer);
      for (const s of subs) {
        s.unsubscribe();
      }
    },
  };
}
