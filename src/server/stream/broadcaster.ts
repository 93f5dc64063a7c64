import { channels, type ChannelName } from '../../shared/contracts/topics.js';
import type { ChannelSource, TopicRegistry } from './channels.js';
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

export interface BroadcasterStats {
  /** Keys marked and waiting for their tick, per `latest` channel. */
  waiting: Partial<Record<ChannelName, number>>;
  /** Items waiting to go out, per `ordered` channel. */
  queued: Partial<Record<ChannelName, number>>;
  slices: number;
  lastSliceMs: number;
}

export interface Broadcaster {
  stats(): BroadcasterStats;
  stop(): void;
}

/** Most items an ordered channel holds between two slices; beyond it the oldest are dropped and subscribers resync. */
const MAX_ORDERED_PER_SLICE = 50_000;

/**
 * Coalesces every channel's source into sends, checked every `sliceMs` (tick / 4,
 * at least 5 ms): `latest` channels at most one item per key per `tickMs`,
 * `ordered` channels every item in order. Sources added later (a module's
 * channel) are started when they register.
 */
export function startBroadcaster(opts: { topics: TopicRegistry; gateway: Gateway; tickMs: number; log: StreamLog; sliceMs?: number }): Broadcaster {
  const { topics, gateway, log, tickMs } = opts;
  // A quarter tick: keys wait at most that long for their slot, and each socket gets at most 4 frames a tick.
  const sliceMs = opts.sliceMs ?? Math.max(5, Math.round(tickMs / 4));
  const latest = new Map<ChannelName, KeyThrottle>();
  const ordered = new Map<ChannelName, unknown[]>();
  const stops = new Map<ChannelName, () => void>();
  let overflowLogged = 0;
  let slices = 0;
  let lastSliceMs = 0;

  function startSource(source: ChannelSource) {
    if (stops.has(source.channel)) {
      return;
    }
    if (channels[source.channel].coalesce === 'latest') {
      const throttle = new KeyThrottle(tickMs);
      latest.set(source.channel, throttle);
      stops.set(source.channel, source.start({ changed: (key) => throttle.mark(key), push: () => undefined }));
    } else {
      const queue: unknown[] = [];
      ordered.set(source.channel, queue);
      stops.set(
        source.channel,
        source.start({
          changed: () => undefined,
          push(item) {
            if (queue.length >= MAX_ORDERED_PER_SLICE) {
              queue.shift();
              gateway.overflow(source.channel);
              if (Date.now() - overflowLogged > 5000) {
                overflowLogged = Date.now();
                log.warn({ channel: source.channel }, 'broadcaster: ordered channel overflowed between two slices; subscribers resync');
              }
            }
            queue.push(item);
          },
        }),
      );
    }
  }
  const startAll = () => {
    for (const s of topics.sources()) {
      startSource(s);
    }
  };
  startAll();
  topics.onAdd(startAll);

  const timer = setInterval(() => {
    const started = performance.now();
    const now = Date.now();
    try {
      gateway.sendPending(now);
      for (const [channel, throttle] of latest) {
        const keys = throttle.take(now);
        if (keys.length > 0) {
          gateway.publishLatest(channel, keys, now);
        }
      }
      for (const [channel, queue] of ordered) {
        if (queue.length > 0) {
          gateway.publishOrdered(channel, queue.splice(0), now);
        }
      }
      gateway.maintain(now);
    } catch (err) {
      log.error({ err }, 'broadcaster: publish failed');
    }
    slices++;
    lastSliceMs = performance.now() - started;
  }, sliceMs);
  timer.unref();
  return {
    stats: () => ({
      waiting: Object.fromEntries([...latest].map(([c, t]) => [c, t.size])),
      queued: Object.fromEntries([...ordered].map(([c, q]) => [c, q.length])),
      slices,
      lastSliceMs,
    }),
    stop() {
      clearInterval(timer);
      for (const stop of stops.values()) {
        stop();
      }
      stops.clear();
    },
  };
}
