import http from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import { bearerToken, checkPermission, type Authenticate } from '../http/app.js';
import { unauthorized } from '../http/errors.js';
import type { Store } from '../store/db.js';
import type { IngestSource } from '../stream/bus.js';
import type { Stream } from '../stream/stream.js';

export const METRICS_PATH = '/metrics';

/** What the metrics read: the `stats()` of the live core's parts, nothing on their hot paths. */
export type MetricsSources = Pick<Stream, 'ingest' | 'history' | 'gateway' | 'broadcaster' | 'mqtt' | 'relay'> & { store: Pick<Store, 'lockWaits'> };

export interface Metrics {
  readonly contentType: string;
  /** The Prometheus text exposition, collected now. */
  render(): Promise<string>;
  close(): void;
}

/** Resolution of the event-loop delay histogram: fine enough for the stalls that matter (tens of ms), cheap to keep on. */
const EVENT_LOOP_RESOLUTION_MS = 10;

/**
 * Prometheus metrics of the platform (issue 6 part 8). Everything is read from
 * the parts' `stats()` when scraped (prom-client `collect`), so ingest, history
 * and broadcast do no extra work per item. Counters mirror the totals the parts
 * keep since start.
 */
export function createMetrics(src: MetricsSources): Metrics {
  const registry = new Registry();
  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  loop.enable();

  new Counter({
    name: 'plantwatch_ingest_items_total',
    help: 'Samples and positions that reached the ingest pipeline, by kind, source and outcome (accepted or rejected).',
    labelNames: ['kind', 'source', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const bySource = src.ingest.stats().bySource;
      for (const [source, c] of Object.entries(bySource) as [IngestSource, NonNullable<(typeof bySource)[IngestSource]>][]) {
        this.inc({ kind: 'samples', source, outcome: 'accepted' }, c.samples);
        this.inc({ kind: 'samples', source, outcome: 'rejected' }, c.samplesRejected);
        this.inc({ kind: 'positions', source, outcome: 'accepted' }, c.positions);
        this.inc({ kind: 'positions', source, outcome: 'rejected' }, c.positionsRejected);
      }
    },
  });
  new Counter({
    name: 'plantwatch_ingest_unknown_tags_total',
    help: 'Samples rejected because their tag is not in the tag registry.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(src.ingest.stats().samples.unknownTags);
    },
  });

  // History writer: queue depth, lag, throughput, losses.
  let progress = { written: -1, at: Date.now() };
  new Gauge({
    name: 'plantwatch_history_queue_items',
    help: 'Samples and positions received and not yet written to the history tables.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const s = src.history.stats();
      this.set({ kind: 'samples' }, s.bufferedSamples);
      this.set({ kind: 'positions' }, s.bufferedPositions);
    },
  });
  new Gauge({
    name: 'plantwatch_history_lag_seconds',
    help: 'How long items have been waiting without the history writer making progress (0 when nothing waits).',
    registers: [registry],
    collect() {
      const s = src.history.stats();
      const written = s.writtenSamples + s.writtenPositions;
      const now = Date.now();
      if (written !== progress.written) {
        progress = { written, at: now };
      }
      this.set(s.bufferedSamples + s.bufferedPositions === 0 ? 0 : (now - progress.at) / 1000);
    },
  });
  new Gauge({
    name: 'plantwatch_history_last_flush_seconds',
    help: 'Duration of the history writer’s last flush.',
    registers: [registry],
    collect() {
      this.set(src.history.stats().lastFlushMs / 1000);
    },
  });
  new Counter({
    name: 'plantwatch_history_written_items_total',
    help: 'Samples and positions written to the history tables.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const s = src.history.stats();
      this.reset();
      this.inc({ kind: 'samples' }, s.writtenSamples);
      this.inc({ kind: 'positions' }, s.writtenPositions);
    },
  });
  new Counter({
    name: 'plantwatch_history_dropped_items_total',
    help: 'Items dropped because the database could not keep up and the history buffer was full.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(src.history.stats().dropped);
    },
  });
  new Counter({
    name: 'plantwatch_history_failed_flushes_total',
    help: 'History flushes that failed (their items are kept for the next attempt).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(src.history.stats().failedFlushes);
    },
  });

  // Historian (src/server/history): journal, open windows, storage figures (issue 8).
  new Gauge({
    name: 'plantwatch_history_journal_bytes',
    help: 'Bytes appended to the history journal and fdatasync\'ed since start.',
    registers: [registry],
    collect() {
      this.set(src.history.stats().journalBytes);
    },
  });
  new Gauge({
    name: 'plantwatch_history_open_items',
    help: 'Samples and positions of open windows held in memory (and in the journal) until their window is sealed into chunks.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const s = src.history.stats();
      this.set({ kind: 'samples' }, s.openSamples);
      this.set({ kind: 'positions' }, s.openPositions);
    },
  });
  new Gauge({
    name: 'plantwatch_history_write_failing',
    help: '1 while the last journal or chunk write failed (disk full, database down; retried), else 0.',
    registers: [registry],
    collect() {
      this.set(src.history.stats().failing ? 1 : 0);
    },
  });
  new Gauge({
    name: 'plantwatch_history_stored_bytes',
    help: 'Bytes of encoded sample chunks (data and rollups) in the store, refreshed at most once a minute.',
    registers: [registry],
    async collect() {
      this.set((await src.history.storage()).bytes);
    },
  });
  new Gauge({
    name: 'plantwatch_history_bytes_per_sample',
    help: 'Encoded chunk bytes per stored sample, refreshed at most once a minute.',
    registers: [registry],
    async collect() {
      const f = await src.history.storage();
      this.set(f.samples > 0 ? f.bytes / f.samples : 0);
    },
  });

  // SQLite: waits for the write lock (held by the history writer thread or another connection).
  if (src.store.lockWaits() !== null) {
    new Counter({
      name: 'plantwatch_store_lock_waits_total',
      help: 'SQLite statements and transactions that found the write lock taken and waited for it.',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(src.store.lockWaits()?.waits ?? 0);
      },
    });
    new Counter({
      name: 'plantwatch_store_lock_wait_seconds_total',
      help: 'Time spent waiting for the SQLite write lock (without blocking the event loop).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc((src.store.lockWaits()?.totalMs ?? 0) / 1000);
      },
    });
  }

  // Sockets.
  new Gauge({
    name: 'plantwatch_socket_clients',
    help: 'Connected socket.io clients.',
    registers: [registry],
    collect() {
      this.set(src.gateway.stats().sockets);
    },
  });
  new Gauge({
    name: 'plantwatch_socket_subscriptions',
    help: 'Topics subscribed, summed over connected clients.',
    registers: [registry],
    collect() {
      this.set(src.gateway.stats().subscriptions);
    },
  });
  new Gauge({
    name: 'plantwatch_socket_slow_clients',
    help: 'Clients holding back updates because they could not take more data.',
    registers: [registry],
    collect() {
      this.set(src.gateway.stats().slowSockets);
    },
  });

  // Broadcaster.
  new Gauge({
    name: 'plantwatch_broadcast_slice_seconds',
    help: 'Duration of the broadcaster’s last slice (coalesce and send one batch to every room).',
    registers: [registry],
    collect() {
      this.set(src.broadcaster.stats().lastSliceMs / 1000);
    },
  });
  new Gauge({
    name: 'plantwatch_broadcast_waiting_keys',
    help: 'Keys of latest-value channels (tags, positions, …) changed and waiting for their next slot, by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      for (const [channel, n] of Object.entries(src.broadcaster.stats().waiting)) {
        this.set({ channel }, n ?? 0);
      }
    },
  });

  // Event loop: delay percentiles since the previous scrape, then the histogram starts again.
  new Gauge({
    name: 'plantwatch_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape (perf_hooks monitorEventLoopDelay), by quantile; quantile 1 is the longest stall.',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      if (loop.count > 0) {
        for (const q of [0.5, 0.9, 0.99]) {
          this.set({ quantile: String(q) }, loop.percentile(q * 100) / 1e9);
        }
        this.set({ quantile: '1' }, loop.max / 1e9);
      }
      loop.reset();
    },
  });
  new Gauge({
    name: 'plantwatch_process_memory_bytes',
    help: 'Memory of the server process.',
    labelNames: ['type'] as const,
    registers: [registry],
    collect() {
      const m = process.memoryUsage();
      this.set({ type: 'rss' }, m.rss);
      this.set({ type: 'heap_used' }, m.heapUsed);
    },
  });

  if (src.mqtt) {
    const mqtt = src.mqtt;
    new Gauge({
      name: 'plantwatch_mqtt_connected',
      help: '1 while connected to the MQTT broker.',
      registers: [registry],
      collect() {
        this.set(mqtt.stats().connected ? 1 : 0);
      },
    });
    new Counter({
      name: 'plantwatch_mqtt_connects_total',
      help: 'Connections to the MQTT broker since start: more than 1 means reconnects (broker gone, or another client took this client id).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(mqtt.stats().connects);
      },
    });
    new Counter({
      name: 'plantwatch_mqtt_messages_total',
      help: 'MQTT messages received, by outcome (ok, or bad: not parseable).',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        const s = mqtt.stats();
        this.reset();
        this.inc({ outcome: 'ok' }, s.messages - s.badMessages);
        this.inc({ outcome: 'bad' }, s.badMessages);
      },
    });
  }

  if (src.relay) {
    const relay = src.relay;
    new Counter({
      name: 'plantwatch_relay_events_total',
      help: 'Domain events shared with the other servers of the PostgreSQL store: sent, received, dropped (relay connection down), refused (not an event this server knows).',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        const s = relay.stats();
        this.reset();
        this.inc({ outcome: 'sent' }, s.sent);
        this.inc({ outcome: 'received' }, s.received);
        this.inc({ outcome: 'dropped' }, s.dropped);
        this.inc({ outcome: 'refused' }, s.refused);
      },
    });
  }

  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    close() {
      loop.disable();
      registry.clear();
    },
  };
}

/**
 * Serves the metrics alone on their own port (METRICS_PORT), without
 * credentials: that port is meant to be reachable by the monitoring network
 * only, never published like the portal's.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Who may scrape on the portal's own port: a device's ingest key, or a user granted system:config. */
export interface MetricsAccess {
  verifyIngestKey(key: string): Promise<boolean>;
  authenticate: Authenticate;
}

/**
 * GET /metrics on the portal's port, behind a bearer credential: an ingest
 * key (what a monitoring agent beside the gateways already holds) or the
 * access token of a user with system:config. Without one: 401; a user
 * without the permission: 403.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  // The declared permission is the user's; an ingest key is checked first, in the handler.
  app.get(METRICS_PATH, { config: { permission: 'system:config' } }, async (req, reply) => {
    const token = bearerToken(req);
    if (token === null) {
      throw unauthorized();
    }
    if (!(await access.verifyIngestKey(token))) {
      checkPermission('system:config', await access.authenticate(token));
    }
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(await metrics.render());
  });
}
