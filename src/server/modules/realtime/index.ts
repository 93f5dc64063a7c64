import { realtimeShared } from '../../../shared/realtime/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { realtimePort } from './port.js';
import { registerRealtimeRoutes } from './realtime.routes.js';
import { createRealtimeService } from './realtime.service.js';

/** Tags, their classification, latest values and history calls; keeps the tag registry in step with the tag table. */
export const realtimeModule = defineModule({
  name: 'realtime',
  shared: realtimeShared,
  needs: { org: orgPort },
  provides: realtimePort,
  start({ http, store, stream, tagRegistry, ports }) {
    const realtime = createRealtimeService(store, {
      org: ports.org,
      registry: tagRegistry,
      live: stream.live,
      events: stream.bus,
      history: stream.history,
    });
    registerRealtimeRoutes(http, realtime, stream.history);
    return { port: realtime };
  },
});
