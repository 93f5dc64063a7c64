import { positioningShared } from '../../../shared/positioning/manifest.js';
import { alarmsPort } from '../alarms/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { registerPositioningRoutes } from './positioning.routes.js';
import { createPositioningService } from './positioning.service.js';
import { positioningPort } from './port.js';

/** The live map's data, trajectories, whole-plant replay and statistics of people and vehicles (DOMAIN §4). */
export const positioningModule = defineModule({
  name: 'positioning',
  shared: positioningShared,
  needs: { org: orgPort, alarms: alarmsPort },
  provides: positioningPort,
  start({ http, store, stream, ports }) {
    const positioning = createPositioningService(store, {
      org: ports.org,
      live: stream.live,
      history: stream.history,
      alarms: ports.alarms,
    });
    registerPositioningRoutes(http, positioning);
    return { port: { zoneVisits: (q) => positioning.zoneVisits(q) } };
  },
});
