import { ingestShared } from '../../../shared/ingest/manifest.js';
import { defineModule } from '../module.js';
import { registerIngestRoutes } from './ingest.routes.js';
import { createIngestKeyService } from './ingest.service.js';
import { ingestKeysPort } from './port.js';

/** Ingest keys (devices' credentials) and the HTTP ingest endpoints. */
export const ingestModule = defineModule({
  name: 'ingest',
  shared: ingestShared,
  provides: ingestKeysPort,
  start({ http, store, config, stream }) {
    const keys = createIngestKeyService(store, config);
    registerIngestRoutes({ http, config, keys, stream });
    return { port: keys };
  },
});
