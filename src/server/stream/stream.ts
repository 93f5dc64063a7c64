import type http from 'node:http';
import path from 'node:path';
import type { Config } from '../config.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { OrgService } from '../modules/org/org.service.js';
import type { Store } from '../store/db.js';
import { startBroadcaster, type Broadcaster } from './broadcaster.js';
import { createBus, type StreamBus } from './bus.js';
import { createGateway, type Gateway } from './gateway.js';
import { createHistoryWriter, type HistoryWriter } from './history-writer.js';
import { createIngest, type Ingest, type StreamLog } from './ingest.js';
import { createLiveCache, type LiveCache } from './live-cache.js';
import { startMqttSource, type MqttSource } from './mqtt-source.js';
import { createRegionLocator, readRegionShapes } from './region-locator.js';
import { startRetention, type RetentionJob } from './retention.js';
import type { TagRegistry } from './tag-registry.js';

export interface Stream {
  ingest: Ingest;
  live: LiveCache;
  bus: StreamBus;
  gateway: Gateway;
  history: HistoryWriter;
  retention: RetentionJob;
  broadcaster: Broadcaster;
  mqtt: MqttSource | null;
  /** Stops inputs, disconnects clients, writes the remaining history. Call before the HTTP server and the store close. */
  close(): Promise<void>;
}

export interface StreamOptions {
  store: Store;
  config: Config;
  services: { auth: Pick<AuthService, 'authenticate'>; org: Pick<OrgService, 'getUserScope'> };
  tags: TagRegistry;
  /** The Fastify app's `app.server`: socket.io shares its port. */
  httpServer: http.Server;
  log: StreamLog;
  /** Plant layout with the region polygons (features `kind: 'region'`, property `code`). */
  layoutPath?: string;
  /** Overrides for tests and benchmarks. */
  historyFlushMs?: number;
  recoveryMs?: number;
  recoveryMaxItems?: number;
}

/**
 * The live core: ingest → tag registry → live cache → bus → (broadcaster →
 * socket.io gateway) and (history writer), plus MQTT ingestion and retention.
 */
export async function createStream(opts: StreamOptions): Promise<Stream> {
  const { store, config, services, tags, log } = opts;
  const regionRows = await store.db.selectFrom('region').select(['regionid', 'regioncode']).execute();
  const shapes = readRegionShapes(
    opts.layoutPath ?? path.resolve('map-styles/demo-plant.geojson'),
    new Map(regionRows.map((r) => [r.regioncode, r.regionid])),
  );
  const live = createLiveCache(createRegionLocator(shapes));
  const bus = createBus();
  const ingest = createIngest({ tags, live, bus, log });
  const gateway = createGateway({
    httpServer: opts.httpServer,
    authenticate: (token) => services.auth.authenticate(token),
    scopeOf: (userid) => services.org.getUserScope(userid),
    tags,
    live,
    log,
    recoveryMs: opts.recoveryMs,
    recoveryMaxItems: opts.recoveryMaxItems,
  });
  const broadcaster = startBroadcaster({ bus, gateway, tickMs: config.broadcastTickMs, log });
  const history = await createHistoryWriter({ store, bus, log, flushMs: opts.historyFlushMs });
  const retention = startRetention({ deleteBefore: (before) => history.deleteBefore(before), days: config.retentionDays, log });
  const mqtt = config.mqttUrl ? startMqttSource({ url: config.mqttUrl, ingest, log }) : null;
  log.info({ regions: shapes.length, history: history.stats().mode, tickMs: config.broadcastTickMs, mqtt: config.mqttUrl ?? null, retentionDays: config.retentionDays }, 'stream: started');

  let closing: Promise<void> | null = null;
  return {
    ingest,
    live,
    bus,
    gateway,
    history,
    retention,
    broadcaster,
    mqtt,
    close() {
      closing ??= (async () => {
        await mqtt?.close().catch((err: unknown) => log.warn({ err }, 'mqtt: close failed'));
        ingest.close();
        broadcaster.stop();
        await gateway.close();
        await retention.stop();
        await history.close();
        bus.close();
      })();
      return closing;
    },
  };
}
