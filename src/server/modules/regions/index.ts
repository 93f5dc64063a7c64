import { regionsShared } from '../../../shared/regions/manifest.js';
import { authPort } from '../auth/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { migrations } from './migrations.js';
import { registerRegionRoutes } from './regions.routes.js';

/** The region map editor (polygons are the organisation's regions), the site plan and the base map. */
export const regionsModule = defineModule({
  name: 'regions',
  shared: regionsShared,
  migrations,
  needs: { org: orgPort, auth: authPort },
  start({ http, store, config, ports }) {
    // UAPI/Region/HeadCount is served by the fences module: its fence engine counts heads for area.count too.
    registerRegionRoutes({ http, store, config, org: ports.org, auth: ports.auth });
    return {};
  },
});
