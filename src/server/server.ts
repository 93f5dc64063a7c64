import type { FastifyInstance } from 'fastify';
import type { RegionShape } from '../shared/domain/region-locator.js';
import { menus } from '../shared/modules.js';
import { workbookReader } from './common/workbook.js';
import type { Config } from './config.js';
import { seedDemoPlantTags } from './demo/demo-plant.js';
import { seedDemoFenceRules, seedDemoRoster } from './demo/demo-positioning.js';
import { createHttpApp } from './http/app.js';
import { secureEngineHeaders } from './http/security-headers.js';
import { createMetrics, registerMetricsRoute, startMetricsServer } from './metrics/metrics.js';
import { authPort, type AuthPort } from './modules/auth/port.js';
import { ingestKeysPort, type IngestKeysPort } from './modules/ingest/port.js';
import { moduleMigrations, modules } from './modules/index.js';
import { registerFigures } from './modules/figures.js';
import { startOrder, type Port, type PortTokens, type ServerModule, type Started } from './modules/module.js';
import { createOrgRepository } from './modules/org/org.repository.js';
import { orgPort, type OrgPort } from './modules/org/port.js';
import { recordsPort, type RecordsPort } from './modules/records/port.js';
import { createTagRegistry } from './modules/realtime/tag-registry.js';
import { startPlantSimulator } from './sim/start.js';
import { lockDataDir, type DataDirLock } from './store/data-dir-lock.js';
import { openLease } from './store/lease.js';
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
  /** The live core: ingest, live cache, bus, socket.io gateway, history. */
  stream: Stream;
  /** The implementation of a port (for tests, benchmarks and tools); modules get theirs through `needs`. */
  port<T>(port: Port<T>): T;
  /** What a module exposes to tests and benchmarks (`Started.exposed`). */
  exposed<X>(module: ServerModule<PortTokens, unknown, X>): X;
  /** Starts listening; resolves with the base URL (port 0 picks a free port). */
  listen(): Promise<string>;
  /** Base URL of the metrics port (METRICS_PORT) once listening; null when it is not set. */
  metricsUrl: string | null;
  /** Counters of the modules' background work, by module name (only modules that keep any). */
  moduleStats(): Record<string, Record<string, number>>;
  /** Finishes in-flight requests, then closes sockets and the database. */
  close(): Promise<void>;
}

/** Composition root: store → stream → modules (in the order their ports require). Used by main.ts and by the tests. */
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
  // Uploaded workbooks are read in their own thread within these limits (one reader per process).
  workbookReader.configure({ maxUnpackedBytes: config.importMaxUnpackedMb * 1024 * 1024, maxCells: config.importMaxCells, heapMb: config.importThreadHeapMb });
  await migrateToLatest(store, moduleMigrations());
  await syncBaseData(store.db, menus);
  if (config.demo) {
    await seedDemo(store, config);
    await seedDemoRegionGeometry(store.db);
    await seedDemoPlantTags(store.db);
    // Before the fence engine starts, so it starts with them.
    await seedDemoFenceRules(store.db);
  }
  // One bus for the samples, positions and domain events of the whole process.
  const bus = createBus();
  // Who a token is, and what a user may see, come from the auth and org modules, which start after
  // the HTTP app and the stream exist; neither asks before the server listens.
  const provided = new Map<string, unknown>();
  const portOf = <T>(port: Port<T>): T => {
    if (!provided.has(port.name)) {
      throw new Error(`port ${port.name} is not provided (yet)`);
    }
    return provided.get(port.name) as T;
  };
  const auth = () => portOf<AuthPort>(authPort);
  const org = () => portOf<OrgPort>(orgPort);
  const http = createHttpApp(config, (token) => auth().authenticate(token));
  // The plant's once-per-plant work (alarm and fence engines, escalation, retention) runs on the server holding this.
  const lease = await openLease({ databaseUrl: config.databaseUrl, job: 'plant', log: http.app.log });
  // For the balancer: 200 on the lease holder once its engines have restored their state, else 503
  // (HAProxy sends device HTTP ingest to the holder: docs/deployment.md).
  http.app.get('/healthz/lease', { config: { permission: 'public' } }, async (_req, reply) => {
    const s = lease.stats();
    return reply.status(s.ready ? 200 : 503).send({ status: s.ready ? 'owner' : s.held ? 'taking over' : 'standby', ...s });
  });
  const tagRegistry = await createTagRegistry(store.db);
  const tags = overrides.tags ?? tagRegistry;
  const stream = await createStream({
    store,
    config,
    bus,
    identity: {
      authenticate: (token) => auth().authenticate(token),
      scopeOf: (userid) => org().getUserScope(userid),
      accessOf: (userid) => org().getAccess(userid),
    },
    // Read from the store, not through the org module: the stream places fixes in regions before modules start.
    regions: {
      shapes: async () =>
        (await createOrgRepository(store.db).regionShapes(null)).map((r) => ({ regionid: r.regionid, code: r.regioncode, geometry: JSON.parse(r.geometry) as RegionShape['geometry'] })),
    },
    tags,
    httpServer: http.app.server,
    log: http.app.log,
    owns: () => lease.held(),
  });
  secureEngineHeaders(stream.gateway.io.engine);

  const ordered = startOrder(modules);
  const ledgers = modules.flatMap((m) => m.ledgers ?? []);
  const started: [ServerModule, Started<unknown>][] = [];
  try {
    for (const m of ordered) {
      const ports = Object.fromEntries(Object.entries(m.needs ?? {}).map(([key, port]) => [key, portOf(port)]));
      const s = await m.start({ http, store, config, log: http.app.log, stream, tags, tagRegistry, ports, ledgers, lease });
      if (m.provides) {
        if (s.port === undefined) {
          throw new Error(`module ${m.name} declares port ${m.provides.name} but its start returned none`);
        }
        provided.set(m.provides.name, s.port);
      }
      started.push([m, s]);
    }
    await Promise.all(started.flatMap(([, s]) => (s.ready ? [s.ready] : [])));
    registerFigures(http, started, (err, key) => http.app.log.warn({ err, key }, 'figure reader failed'));
  } catch (err) {
    await closeModules(started);
    await lease.close();
    await stream.close();
    await store.close();
    throw err;
  }
  if (config.demo) {
    // Through the record engine (validated, audited); the fence engine re-reads the roster on the import.
    await seedDemoRoster(store.db, portOf<RecordsPort>(recordsPort));
  }
  const metrics = createMetrics({ ...stream, store });
  const ingestKeys = portOf<IngestKeysPort>(ingestKeysPort);
  registerMetricsRoute(http.app, metrics, {
    verifyIngestKey: (key) => ingestKeys.verify(key),
    authenticate: (token) => auth().authenticate(token),
  });
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
  await http.app.ready();
  const simulator = config.simulator ? startPlantSimulator({ config, tags: tagRegistry, sink: stream.ingest, log: http.app.log }) : null;

  let closed = false;
  const server: PlantwatchServer = {
    app: http.app,
    store,
    config,
    stream,
    port: portOf,
    exposed: <X>(module: ServerModule<PortTokens, unknown, X>) => started.find(([m]) => m === (module as ServerModule))?.[1].exposed as X,
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
    moduleStats: () => Object.fromEntries(started.flatMap(([m, s]) => (s.stats ? [[m.name, s.stats()]] : []))),
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      // From here on ingest says no (HTTP 503 with Retry-After, MQTT unacknowledged) rather than taking nothing.
      stream.ingest.close();
      simulator?.stop();
      await metricsServer?.close();
      // Modules close in reverse start order: a module's background work (the fence engine raises
      // alarms) stops before the modules it needs (the alarm engine, which stores what it found).
      await closeModules(started);
      // The work has stopped: another server may take it over now.
      await lease.close();
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

async function closeModules(started: readonly [ServerModule, Started<unknown>][]): Promise<void> {
  for (const [, s] of [...started].reverse()) {
    await s.close?.();
  }
}
