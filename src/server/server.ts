import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createHttpApp } from './http/app.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { modules, type Services } from './modules/index.js';
import { createOrgService, type OrgService } from './modules/org/org.service.js';
import { migrateToLatest, openStore, type Store } from './store/db.js';
import { syncBaseData } from './store/seed-base.js';
import { seedDemo } from './store/seed-demo.js';

export interface PlantwatchServer {
  app: FastifyInstance;
  store: Store;
  config: Config;
  services: Services;
  /** Starts listening; resolves with the base URL (port 0 picks a free port). */
  listen(): Promise<string>;
  /** Finishes in-flight requests, then closes sockets and the database. */
  close(): Promise<void>;
}

/** Composition root: store → services → routes. Used by main.ts and by the tests. */
export async function createServer(config: Config): Promise<PlantwatchServer> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(store);
  await syncBaseData(store.db, modules.flatMap((m) => m.menus ?? []));
  if (config.demo) {
    await seedDemo(store, config);
  }
  const org: OrgService = createOrgService(store, config);
  const auth: AuthService = await createAuthService(store, config, org);
  const services: Services = { org, auth };
  const http = createHttpApp(config, (token) => auth.authenticate(token));
  for (const m of modules) {
    m.register({ http, store, config, services });
  }
  await http.app.ready();

  let closed = false;
  return {
    app: http.app,
    store,
    config,
    services,
    async listen() {
      return http.app.listen({ host: config.host, port: config.port });
    },
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      await http.app.close();
      await store.close();
    },
  };
}
