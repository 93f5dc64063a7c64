import type http from 'node:http';
import type { Config } from '../config.js';
import type { Authenticate } from '../http/app.js';
import type { Store } from '../store/db.js';
import { startBroadcaster, type Broadcaster } from './broadcaster.js';
import type { StreamBus } from './bus.js';
import { createTopicRegistry, type TopicRegistry } from './channels.js';
import { createGateway, type Gateway } from './gateway.js';
import type { AccessOf } from './gateway-session.js';
import { createHistorian, journalDirOf, type Historian } from '../history/historian.js';
import { startHistoryUpgrade, type UpgradeJob } from '../history/upgrade.js';
import { createIngest, type Ingest, type StreamLog } from './ingest.js';
import { createLiveCache, type LiveCache } from './live-cache.js';
import { defaultMqttSession, startMqttSource, type MqttSource } from './mqtt-source.js';
import { startPgEventRelay, type EventRelay } from './pg-relay.js';
import { positionChannel } from './position-channel.js';
import { regionChannel } from './region-channel.js';
import { createRegionLocator, type RegionShape } from '../../shared/domain/region-locator.js';
import type { ScopeOf } from './region-scope.js';
import { startRetention, type RetentionJob } from './retention.js';
import { tagChannel } from './tag-channel.js';
import type { TagRegistry } from './tag-registry.js';

export interface Stream {
  ingest: Ingest;
  live: LiveCache;
  bus: StreamBus;
  /** Channel sources and topic resolvers; a module adds its own live data here (src/shared/contracts/topics.ts). */
  topics: TopicRegistry;
  gateway: Gateway;
  history: Historian;
  /** Moves the row tables of a store from before chunks into chunks, in the background (src/server/history/upgrade.ts). */
  historyUpgrade: UpgradeJob;
  retention: RetentionJob;
  broadcaster: Broadcaster;
  mqtt: MqttSource | null;
  /** Domain events shared with the other servers of a PostgreSQL store (pg-relay.ts); null on SQLite (one server per store). */
  relay: EventRelay | null;
  /** Stops inputs, disconnects clients, writes the remaining history. Call before the HTTP server and the store close. */
  close(): Promise<void>;
}

export interface StreamOptions {
  store: Store;
  config: Config;
  /** The process's bus; services publish their domain events on it. */
  bus: StreamBus;
  /**
   * What the stream needs of the business modules, as small interfaces (the
   * stream layer imports no module): who a token is, what a user may see, and
   * the region polygons positions are placed in.
   */
  identity: { authenticate: Authenticate; scopeOf: ScopeOf; accessOf: AccessOf };
  regions: { shapes(): Promise<RegionShape[]> };
  tags: TagRegistry;
  /** The Fastify app's `app.server`: socket.io shares its port. */
  httpServer: http.Server;
  log: StreamLog;
  /** Whether this server runs the once-per-plant jobs (retention): it holds the plant's lease (default always). */
  owns?: () => boolean;
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
  const { store, config, identity, tags, log } = opts;
  const bus = opts.bus;
  // Before anything listens or publishes: a browser here hears the changes other servers of the store make.
  const relay = config.databaseUrl ? await startPgEventRelay({ databaseUrl: config.databaseUrl, bus, log }) : null;
  const locator = createRegionLocator(await opts.regions.shapes());
  const live = createLiveCache(locator);
  // Regions are data: an edited fence places the next fix at once, without a restart.
  let reloading: Promise<void> | null = null;
  let reloadAgain = false;
  const reloadRegions = () => {
    if (reloading) {
      reloadAgain = true;
      return;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        try {
          locator.setShapes(await opts.regions.shapes());
        } catch (err) {
          log.error({ err }, 'stream: reloading region polygons failed; keeping the previous ones');
        }
      } while (reloadAgain);
    })().finally(() => {
      reloading = null;
    });
  };
  // Regions edited on any server of the store (re-read, so hearing one twice costs a read).
  const regionSub = bus.onAnyServer('region.changed').subscribe(reloadRegions);
  const ingest = createIngest({ tags, live, bus, log });
  // The built-in live data: tag values, positions, region changes.
  const topics = createTopicRegistry();
  const tagsLive = tagChannel({ bus, live, tags, log });
  topics.addSource(tagsLive.source);
  tagsLive.resolvers.forEach((r) => topics.addResolver(r));
  const positions = positionChannel({ bus, live, log });
  topics.addSource(positions.source);
  topics.addResolver(positions.resolver);
  const regions = regionChannel({ bus });
  topics.addSource(regions.source);
  topics.addResolver(regions.resolver);

  const gateway = createGateway({
    httpServer: opts.httpServer,
    authenticate: identity.authenticate,
    scopeOf: identity.scopeOf,
    accessOf: identity.accessOf,
    topics,
    log,
    recoveryMs: opts.recoveryMs,
    recoveryMaxItems: opts.recoveryMaxItems,
  });
  const broadcaster = startBroadcaster({ topics, gateway, tickMs: config.broadcastTickMs, log });

  // Sessions hold their sockets: an ended session closes them at once; changed rights or regions re-scope them,
  // whichever server of the store made the change.
  const rescopeFailed = (err: unknown) => log.error({ err }, 'stream: re-scoping sockets failed');
  let rescopeAll: NodeJS.Timeout | null = null;
  const sessionSubs = [
    bus.onAnyServer('session.revoked').subscribe((e) => {
      gateway.endSessions(e.userid, { sessionId: e.sessionId, keep: e.keep }, 'signedOut');
    }),
    bus.onAnyServer('user.changed').subscribe((e) => void gateway.rescope(e.userids).catch(rescopeFailed)),
    // The region or department tree changed: every scope (expanded to descendants) may differ.
    ...(['region.changed', 'dept.changed'] as const).map((name) =>
      bus.onAnyServer(name).subscribe(() => {
        rescopeAll ??= setTimeout(() => {
          rescopeAll = null;
          void gateway.rescope('all').catch(rescopeFailed);
        }, 100);
      }),
    ),
  ];
  const history = await createHistorian({
    store,
    bus,
    log,
    journalDir: journalDirOf(config.dataDir),
    tickMs: opts.historyFlushMs,
    databaseUrl: config.databaseUrl,
    compression: (id) => tags.get(id)?.comp_dev,
  });
  const historyUpgrade = startHistoryUpgrade(history.conn, log);
  const retention = startRetention({ deleteBefore: (before) => history.deleteBefore(before), days: config.retentionDays, log, owns: opts.owns });
  const mqtt = config.mqttUrl
    ? startMqttSource({
        url: config.mqttUrl,
        ingest,
        log,
        durable: () => history.sync(),
        // MQTT_CLIENT_ID wins (each server of a shared store then needs its own); else derived from the store and this server.
        ...(config.mqttClientId ? { clientId: config.mqttClientId, sessionExpiry: config.mqttSessionExpiry } : defaultMqttSession(config, config.mqttSessionExpiry)),
        topicPrefix: config.mqttTopicPrefix,
      })
    : null;
  log.info({ regions: locator.size(), history: history.stats().mode, tickMs: config.broadcastTickMs, mqtt: config.mqttUrl ?? null, retentionDays: config.retentionDays }, 'stream: started');

  let closing: Promise<void> | null = null;
  return {
    ingest,
    live,
    bus,
    topics,
    gateway,
    history,
    historyUpgrade,
    retention,
    broadcaster,
    mqtt,
    relay,
    close() {
      closing ??= (async () => {
        regionSub.unsubscribe();
        sessionSubs.forEach((sub) => sub.unsubscribe());
        if (rescopeAll) {
          clearTimeout(rescopeAll);
        }
        await reloading;
        await mqtt?.close().catch((err: unknown) => log.warn({ err }, 'mqtt: close failed'));
        ingest.close();
        broadcaster.stop();
        await gateway.close();
        await retention.stop();
        await historyUpgrade.stop();
        await history.close();
        await relay?.close();
        bus.close();
      })();
      return closing;
    },
  };
}
