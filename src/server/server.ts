import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createHttpApp } from './http/app.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { modules, type Services } from './modules/index.js';
import { createOrgService, type OrgService } from './modules/org/org.service.js';
import { seedDemoPlantTags } from './modules/realtime/realtime.seed.js';
import { createRealtimeService } from './modules/realtime/realtime.service.js';
import { createTagRegistry } from './modules/realtime/tag-registry.js';
import { startPlantSimulator } from './sim/start.js';
import { migrateToLatest, openStore, type Store } from './store/db.js';
import { syncBaseData } from './store/seed-base.js';
import { seedDemo } from './store/seed-demo.js';
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
  /** Finishes in-flight requests, then closes sockets and the database. */
  close(): Promise<void>;
}

/** Composition root: store → services → routes. Used by main.ts and by the tests. */
export async function createServer(config: Config, overrides: { tags?: TagRegistry } = {}): Promise<PlantwatchServer> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(store);
  await syncBaseData(store.db, modules.flatMap((m) => m.menus ?? []));
  if (config.demo) {
    await seedDemo(store, config);
    await seedDemoPlantTags(store.db);
  }
  const org: OrgService = createOrgService(store, config);
  const auth: AuthService = await createAuthService(store, config, org);
  const http = createHttpApp(config, (token) => auth.authenticate(token));
  const registry = await createTagRegistry(store.db);
  const tags = overrides.tags ?? registry;
  const stream = await createStream({ store, config, services: { org, auth }, tags, httpServer: http.app.server, log: http.app.log });
  const realtime = createRealtimeService(store, { org, registry, live: stream.live });
  const services: Services = { org, auth, ingest: stream.ingest, live: stream.live, realtime };
  for (const m of modules) {
    m.register({ http, store, config, services });
  }
  await http.app.ready();
  const simulator = config.simulator ? startPlantSimulator({ config, tags: registry, sink: stream.ingest, log: http.app.log }) : null;

  let closed = false;
  return {
    app: http.app,
    store,
    config,
    services,
    stream,
    async listen() {
      return http.app.listen({ host: config.host, port: config.port });
    },
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      simulator?.stop();
      // Sockets first: the HTTP server's close would otherwise wait for open websockets.
      await stream.close();
      await http.app.close();
      await store.close();
    },
  };
}
