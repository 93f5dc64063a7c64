import { dashboardsShared } from '../../../shared/dashboards/manifest.js';
import { defineModule } from '../module.js';
import { registerDashboardRoutes } from './dashboards.routes.js';
import { createDashboardsService } from './dashboards.service.js';
import { loadDefaultDashboards } from './default-dashboards.js';
import { migrations } from './migrations.js';
import { orgPort } from '../org/port.js';
import { registerWallRoutes } from './wall.routes.js';
import { createWallService } from './wall.service.js';

/**
 * Big screens (issue 22): dashboards as JSON stored with their versions,
 * the defaults of `dashboards/` seeded on start. Widgets read live data
 * through the existing topics (tag, alarm, area.count), so a screen shows a
 * viewer only what the topics' isolation lets them see. The wall's pages
 * add cameras (by region), rich-text notices (sanitized on the server), the
 * allow-list of framed sites (which the CSP of every server of the store
 * follows at once, through `dashboards.originsChanged`) and each role's home.
 */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  shared: dashboardsShared,
  migrations,
  needs: { org: orgPort },
  start({ http, store, stream, ports }) {
    // Validated before anything is served: a broken default file stops the start with its name.
    const defaults = loadDefaultDashboards();
    const svc = createDashboardsService(store);
    registerDashboardRoutes(http, svc);
    const wall = createWallService(store, {
      scopeOf: (userid) => ports.org.getUserScope(userid),
      dashboards: svc,
      onOrigins: (kind, origins) => http.allowOrigins(kind, origins),
      bus: stream.bus,
    });
    registerWallRoutes(http, wall);
    return { ready: Promise.all([svc.seedDefaults(defaults), wall.publishOrigins()]).then(() => undefined), exposed: { svc, wall }, close: async () => wall.close() };
  },
});
