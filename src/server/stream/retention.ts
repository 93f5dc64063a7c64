import type { StreamLog } from './ingest.js';

const DAY_MS = 24 * 3600 * 1000;
/** Records are kept at least 30 days (DOMAIN.md §4, §5: AQ 3064.3, major hazard monitoring). */
export const MIN_RETENTION_DAYS = 30;

export interface RetentionJob {
  /** Deletes rows older than the retention period as of `now`; returns the counts. */
  runOnce(now?: number): Promise<{ samples: number; positions: number }>;
  /** Stops the timer and waits for a run in progress (the store closes next). */
  stop(): Promise<void>;
}

/**
 * Deletes history older than `days` (never fewer than 30) once shortly after
 * start and then every `everyMs` (default hourly: each run removes about an
 * hour's rows, small enough not to disturb the writer).
 */
export function startRetention(opts: {
  /** Deletes history before a time; the history writer's, so deletes and writes never contend. */
  deleteBefore: (before: number) => Promise<{ samples: number; positions: number }>;
  days: number;
  log: StreamLog;
  everyMs?: number;
  firstAfterMs?: number;
  /** Whether this server runs it now (holds the plant's lease; default always): one server of a store deletes. */
  owns?: () => boolean;
}): RetentionJob {
  const days = Math.max(MIN_RETENTION_DAYS, opts.days);
  let running: Promise<{ samples: number; positions: number }> | null = null;
  let stopped = false;

  async function runOnce(now = Date.now()) {
    if (running) {
      return running;
    }
    running = (async () => {
      const started = Date.now();
      const r = await opts.deleteBefore(now - days * DAY_MS);
      if (r.samples > 0 || r.positions > 0) {
        opts.log.info({ ...r, days, ms: Date.now() - started }, 'retention: old history deleted');
      }
      return r;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    if (!stopped && opts.owns?.() !== false) {
      runOnce().catch((err: unknown) => opts.log.error({ err }, 'retention: run failed'));
    }
  };
  const first = setTimeout(tick, opts.firstAfterMs ?? 60_000);
  const every = setInterval(tick, opts.everyMs ?? 3600_000);
  first.unref();
  every.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running?.catch(() => undefined);
    },
  };
}
