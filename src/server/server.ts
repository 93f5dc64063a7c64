import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createHttpApp } from './http/app.js';
import { secureEngineHeaders } from './http/security-headers.js';
import { createMetrics, registerMetricsRoute, startMetricsServer } from './metrics/metrics.js';
import { createAlarmService } from './modules/alarms/alarm.service.js';
import { createAlarmScopeService } from './modules/alarms/alarm-scope.service.js';
import { createEscalationService } from './modules/alarms/escalation.service.js';
import { createLayAsideService } from './modules/alarms/lay-aside.service.js';
import { createNotifyService } from './modules/alarms/notify.service.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createIngestKeyService } from './modules/ingest/ingest.service.js';
import { modules, type ModuleHandle, type Services } from './modules/index.js';
import { createOrgService, type OrgService } from './modules/org/org.service.js';
import { seedDemoPlantTags } from './demo/demo-plant.js';
import { seedDemoFenceRules, seedDemoRoster } from './demo/demo-positioning.js';
import { createRealtimeService } from './modules/realtime/realtime.service.js';
import { createFileStore } from './modules/records/records.files.js';
import { createRecordsService } from './modules/records/records.service.js';
import { builtInLedgers } from '../shared/records/ledgers/index.js';
import { createTagRegistry } from './modules/realtime/tag-registry.js';
import { startPlantSimulator } from './sim/start.js';
import { lockDataDir, type DataDirLock } from './store/data-dir-lock.js';
import { migrateToLatest, openStore, type Store } from './store/db.js';
import { syncBaseData } from './store/seed-base.js';
import { seedDemo, seedDemoRegionGeometry } from './store/seed-demo.js';
import { createBus } from './stream/bus.js';
import { createStream, type Stream } from './stream/stream.js';
import type { TagRegistry } from './stream/tag-registry.js';

export interface PlantwatchServer {
  app: FastifyInstance;
  store: Store;
  config: Config;
  services: Services;
  /** The live core: ingest, live cache, bus, socket.io gateway, history. */
  stream: Stream;
  /** Starts listening; resolves with the base URL (port 0 picks a free port). */
  listen(): Promise<string>;
  /** Base URL of the metrics port (METRICS_PORT) once listening; null when it is not set. */
  metricsUrl: string | null;
  /** Counters of the modules' background work, by module name (only modules that keep any). */
  moduleStats(): Record<string, Record<string, number>>;
  /** Finishes in-flight requests, then closes sockets and the database. */
  close(): Promise<void>;
}

/** Composition root: store → services → routes. Used by main.ts and by the tests. */
export async function createServer(config: Config, overrides: { tags?: TagRegistry } = {}): Promise<PlantwatchServer> {
  // One server per SQLite data folder: a second one would run a second history writer, simulator and retention on the file.
  const lock = !config.databaseUrl && config.dataDir !== ':memory:' ? lockDataDir(config.dataDir) : null;
  try {
    return await assemble(config, overrides, lock);
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function assemble(config: Config, overrides: { tags?: TagRegistry }, lock: DataDirLock | null): Promise<PlantwatchServer> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(store);
  await syncBaseData(store.db, modules.flatMap((m) => m.menus ?? []));
  if (config.demo) {
    await seedDemo(store, config);
    await seedDemoRegionGeometry(store.db);
    await seedDemoPlantTags(store.db);
  }
  // One bus for the samples, positions and domain events of the whole process.
  const bus = createBus();
  const org: OrgService = createOrgService(store, config, bus);
  const auth: AuthService = await createAuthService(store, config, org, bus);
  const http = createHttpApp(config, (token) => auth.authenticate(token));
  const registry = await createTagRegistry(store.db);
  const tags = overrides.tags ?? registry;
  const stream = await createStream({
    store,
    config,
    bus,
    identity: {
      authenticate: (token) => auth.authenticate(token),
      scopeOf: (userid) => org.getUserScope(userid),
      accessOf: (userid) => org.getAccess(userid),
    },
    regions: { shapes: async () => (await org.regionShapes()).map((f) => ({ regionid: f.id, code: f.properties.regioncode, geometry: f.geometry })) },
    tags,
    httpServer: http.app.server,
    log: http.app.log,
  });
  secureEngineHeaders(stream.gateway.io.engine);
  const realtime = createRealtimeService(store, { org, registry, live: stream.live, events: bus, history: stream.history });
  const ingestKeys = createIngestKeyService(store, config);
  const records = createRecordsService(store, { scopeOf: (userid) => org.getUserScope(userid), events: bus }, builtInLedgers);
  await records.ready;
  if (config.demo) {
    await seedDemoRoster(store.db, records);
    await seedDemoFenceRules(store.db);
  }
  const files = createFileStore(store, config.dataDir);
  const alarms = await createAlarmService({ db: store.db, bus, tags, org, log: http.app.log });
  stream.topics.addSource(alarms.channel.source);
  stream.topics.addResolver(alarms.channel.resolver);
  // A full history disk raises a system alarm (and clears it when writes succeed again).
  stream.history.reportTo(alarms);
  const notify = createNotifyService({
    db: store.db,
    events: bus,
    org,
    log: http.app.log,
    options: { backoffMs: config.notifyBackoffMs, pollMs: config.notifyPollMs, timeoutMs: config.notifyTimeoutMs },
  });
  const escalation = createEscalationService({ db: store.db, notify, org, log: http.app.log, minuteMs: config.escalationMinuteMs });
  const layAside = createLayAsideService({ db: store.db, org });
  const alarmScope = createAlarmScopeService({ org, majorHazardTags: () => [...registry.all()].filter((t) => t.hazard_source !== '').map((t) => t.id) });
  const services: Services = { org, auth, ingest: stream.ingest, live: stream.live, realtime, ingestKeys, alarms, history: stream.history, records, files, notify, escalation, layAside, alarmScope, bus, topics: stream.topics };
  const handles: ModuleHandle[] = modules.map((m) => m.register({ http, store, config, services }) ?? {});
  const named = modules.map((m, i) => [m.name, handles[i]] as const);
  await Promise.all(handles.flatMap((h) => (h.ready ? [h.ready] : [])));
  const metrics = createMetrics({ ...stream, store });
  registerMetricsRoute(http.app, metrics, { verifyIngestKey: (key) => ingestKeys.verify(key), authenticate: (token) => auth.authenticate(token) });
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
  await http.app.ready();
  const simulator = config.simulator ? startPlantSimulator({ config, tags: registry, sink: stream.ingest, log: http.app.log }) : null;

  let closed = false;
  const server: PlantwatchServer = {
    app: http.app,
    store,
    config,
    services,
    stream,
    async listen() {
      const url = await http.app.listen({ host: config.host, port: config.port });
      if (config.metricsPort !== undefined) {
        metricsServer = await startMetricsServer(metrics, config.host, config.metricsPort);
        server.metricsUrl = metricsServer.url;
        http.app.log.info(`metrics on ${metricsServer.url}/metrics`);
      }
      return url;
    },
    metricsUrl: null,
    moduleStats: () => Object.fromEntries(named.flatMap(([name, h]) => (h.stats ? [[name, h.stats()]] : []))),
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      simulator?.stop();
      await metricsServer?.close();
      // Modules' background work (the fence engine raises alarms) stops before the alarm service.
      await Promise.all(handles.flatMap((h) => (h.close ? [h.close()] : [])));
      // Alarm changes already found are stored before the stream stops.
      await alarms.close();
      await escalation.close();
      await notify.close();
      // Sockets first: the HTTP server's close would otherwise wait for open websockets.
      await stream.close();
      await http.app.close();
      metrics.close();
      await store.close();
      lock?.release();
    },
  };
  return server;
}
