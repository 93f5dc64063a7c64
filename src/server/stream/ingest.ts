import type { FastifyBaseLogger } from 'fastify';
import { INGEST_REJECTED_LISTED, type IngestResult } from '../../shared/contracts/stream.js';
import type { IngestLink } from '../../shared/domain/control-system-match.js';
import type { IngestSource, PositionColumns, SampleColumns, StreamBus } from './bus.js';
import type { LiveCache } from './live-cache.js';
import type { TagRegistry } from './tag-registry.js';
import { checkPosition, checkSample, sampleQuality } from './validate.js';

export type StreamLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

interface Counters {
  accepted: number;
  rejected: number;
  unknownTags: number;
}

export interface IngestStats {
  samples: Counters;
  positions: Counters;
  /** Accepted samples and positions per source; `rejected` counts both kinds, split in samplesRejected and positionsRejected. */
  bySource: Partial<Record<IngestSource, { samples: number; positions: number; rejected: number; samplesRejected: number; positionsRejected: number }>>;
}

/**
 * The one ingestion pipeline every source goes through (simulator in process,
 * MQTT, HTTP): check each item → tag registry → live cache → bus. A bad item
 * is counted, logged with its reason and reported by index; it never stops the
 * good items of the same body.
 */
export interface Ingest {
  /** Body: one sample item or an array of them (parsed JSON, or the simulator's objects). */
  samples(body: unknown, source: IngestSource, link?: IngestLink): IngestResult;
  /** Body: one position item or an array of them. */
  positions(body: unknown, source: IngestSource): IngestResult;
  /**
   * The same for a body of any size, in slices of SLICE_ITEMS items, one turn of the event loop each: a gateway's
   * backlog of 100,000 items never holds up other requests, sockets or the alarm engine for its whole length. The
   * answer is the one the whole body would have had (indexes in the body, counts over every slice).
   */
  samplesSliced(body: unknown, source: IngestSource, link?: IngestLink): Promise<IngestResult>;
  positionsSliced(body: unknown, source: IngestSource): Promise<IngestResult>;
  stats(): IngestStats;
  /** After close every item is rejected (the server is shutting down). */
  close(): void;
  /** False from close() on: callers refuse the whole batch (HTTP 503, MQTT no acknowledgement) instead of taking none of it. */
  accepting(): boolean;
}

const LOG_INTERVAL_MS = 1000;
const LOG_EXAMPLES = 5;

/**
 * Logs rejections with their reasons, at most once per second per source and
 * kind: a misconfigured gateway sending thousands of bad items a second must
 * not flood the log, so the lines in between are summed into the next one.
 */
function createRejectionLog(log: StreamLog) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (source: IngestSource, kind: 'samples' | 'positions', rejected: Rejections, unknown: string[], total: number) => {
    const key = `${source}:${kind}`;
    const now = Date.now();
    const entry = last.get(key) ?? { at: 0, suppressed: 0 };
    last.set(key, entry);
    if (now - entry.at < LOG_INTERVAL_MS) {
      entry.suppressed += rejected.count;
      return;
    }
    log.warn(
      {
        source,
        kind,
        rejected: rejected.count,
        of: total,
        examples: rejected.listed.slice(0, LOG_EXAMPLES),
        unknownTags: unknown.slice(0, LOG_EXAMPLES),
        suppressedSinceLastLine: entry.suppressed,
      },
      'ingest: items rejected',
    );
    entry.at = now;
    entry.suppressed = 0;
  };
}

/** The rejected items of one body: the first ones listed, all counted, by reason without the item's own values. */
interface Rejections {
  listed: IngestResult['rejected'];
  count: number;
  byReason: Record<string, number>;
  add(index: number, reason: string): void;
}

function rejections(): Rejections {
  const r: Rejections = {
    listed: [],
    count: 0,
    byReason: {},
    add(index, reason) {
      r.count++;
      if (r.listed.length < INGEST_REJECTED_LISTED) {
        r.listed.push({ index, reason });
      }
      const key = reason.replace(/ "[^"]*"/g, '');
      r.byReason[key] = (r.byReason[key] ?? 0) + 1;
    },
  };
  return r;
}

const answer = (accepted: number, r: Rejections, unknownTags: number): IngestResult => ({
  accepted,
  rejected: r.listed,
  rejectedCount: r.count,
  rejectedByReason: r.byReason,
  unknownTags,
});

/** The reason of every item refused because the server is stopping. */
export const SHUTTING_DOWN = 'server shutting down';

/** Items per slice of a large body (one turn of the event loop each). */
export const SLICE_ITEMS = 2000;

/** Adds a slice's answer (its indexes counted from `offset`) to the answer so far. */
function addSlice(total: IngestResult, part: IngestResult, offset: number): void {
  total.accepted += part.accepted;
  total.unknownTags += part.unknownTags;
  total.rejectedCount += part.rejectedCount;
  for (const r of part.rejected) {
    if (total.rejected.length >= INGEST_REJECTED_LISTED) {
      break;
    }
    total.rejected.push({ index: r.index + offset, reason: r.reason });
  }
  for (const [k, n] of Object.entries(part.rejectedByReason)) {
    total.rejectedByReason[k] = (total.rejectedByReason[k] ?? 0) + n;
  }
}

async function sliced(body: unknown, run: (items: readonly unknown[]) => IngestResult): Promise<IngestResult> {
  const items = asItems(body);
  if (items.length <= SLICE_ITEMS) {
    return run(items);
  }
  const total: IngestResult = { accepted: 0, rejected: [], rejectedCount: 0, rejectedByReason: {}, unknownTags: 0 };
  for (let from = 0; from < items.length; from += SLICE_ITEMS) {
    if (from > 0) {
      await new Promise<void>((r) => setImmediate(r));
    }
    addSlice(total, run(items.slice(from, from + SLICE_ITEMS)), from);
  }
  return total;
}

function asItems(body: unknown): readonly unknown[] {
  return Array.isArray(body) ? body : [body];
}

export function createIngest(deps: { tags: TagRegistry; live: LiveCache; bus: StreamBus; log: StreamLog }): Ingest {
  const { tags, live, bus } = deps;
  const logRejections = createRejectionLog(deps.log);
  const samplesCount: Counters = { accepted: 0, rejected: 0, unknownTags: 0 };
  const positionsCount: Counters = { accepted: 0, rejected: 0, unknownTags: 0 };
  const bySource: IngestStats['bySource'] = {};
  let closed = false;

  function sourceCounters(source: IngestSource) {
    let c = bySource[source];
    if (!c) {
      c = { samples: 0, positions: 0, rejected: 0, samplesRejected: 0, positionsRejected: 0 };
      bySource[source] = c;
    }
    return c;
  }

  function shuttingDown(items: readonly unknown[]): IngestResult {
    const r = rejections();
    items.forEach((_, index) => r.add(index, SHUTTING_DOWN));
    return answer(0, r, 0);
  }

  const self: Ingest = {
    samplesSliced: (body, source, link) => sliced(body, (items) => self.samples(items, source, link)),
    positionsSliced: (body, source) => sliced(body, (items) => self.positions(items, source)),

    samples(body, source, link) {
      const items = asItems(body);
      if (closed) {
        return shuttingDown(items);
      }
      const n = items.length;
      const tag: string[] = [];
      const t = new Float64Array(n);
      const v = new Float64Array(n);
      const q = new Uint8Array(n);
      const rejected = rejections();
      // The first few unknown tags, for the log; all are counted.
      const unknown: string[] = [];
      let unknownCount = 0;
      let k = 0;
      for (let i = 0; i < n; i++) {
        const item = items[i];
        const reason = checkSample(item);
        if (reason !== null) {
          rejected.add(i, reason);
          continue;
        }
        const s = item as Record<string, unknown>;
        const id = s.tag as string;
        if (tags.get(id) === undefined) {
          if (unknownCount++ < LOG_EXAMPLES) {
            unknown.push(id);
          }
          rejected.add(i, `unknown tag "${id}"`);
          continue;
        }
        tag.push(id);
        t[k] = s.t as number;
        v[k] = s.v as number;
        q[k] = sampleQuality(s);
        k++;
      }
      samplesCount.accepted += k;
      samplesCount.rejected += rejected.count;
      samplesCount.unknownTags += unknownCount;
      const sc = sourceCounters(source);
      sc.samples += k;
      sc.rejected += rejected.count;
      sc.samplesRejected += rejected.count;
      if (rejected.count > 0) {
        logRejections(source, 'samples', rejected, unknown, n);
      }
      if (k > 0) {
        const batch: SampleColumns = link ? { n: k, tag, t, v, q, source, link } : { n: k, tag, t, v, q, source };
        live.applySamples(batch);
        bus.publishSamples(batch);
      }
      return answer(k, rejected, unknownCount);
    },

    positions(body, source) {
      const items = asItems(body);
      if (closed) {
        return shuttingDown(items);
      }
      const n = items.length;
      const id: string[] = [];
      const t = new Float64Array(n);
      const lon = new Float64Array(n);
      const lat = new Float64Array(n);
      const floor = new Float64Array(n);
      const kind = new Uint8Array(n);
      const region = new Int32Array(n);
      const rejected = rejections();
      let k = 0;
      for (let i = 0; i < n; i++) {
        const item = items[i];
        const reason = checkPosition(item);
        if (reason !== null) {
          rejected.add(i, reason);
          continue;
        }
        const p = item as Record<string, unknown>;
        id.push(p.tagId as string);
        t[k] = p.t as number;
        lon[k] = p.lon as number;
        lat[k] = p.lat as number;
        floor[k] = typeof p.floor === 'number' ? p.floor : NaN;
        kind[k] = p.kind === 'vehicle' ? 1 : 0;
        region[k] = live.regions.locate(lon[k], lat[k]);
        k++;
      }
      positionsCount.accepted += k;
      positionsCount.rejected += rejected.count;
      const sc = sourceCounters(source);
      sc.positions += k;
      sc.rejected += rejected.count;
      sc.positionsRejected += rejected.count;
      if (rejected.count > 0) {
        logRejections(source, 'positions', rejected, [], n);
      }
      if (k > 0) {
        const batch: PositionColumns = { n: k, id, t, lon, lat, floor, kind, region, source };
        live.applyPositions(batch);
        bus.publishPositions(batch);
      }
      // Positioning tags (cards, vehicle terminals) have no registry: none is "unknown".
      return answer(k, rejected, 0);
    },

    stats: () => ({
      samples: { ...samplesCount },
      positions: { ...positionsCount },
      bySource: structuredClone(bySource),
    }),

    close() {
      closed = true;
    },
    accepting: () => !closed,
  };
  return self;
}
