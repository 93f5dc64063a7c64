import { dashboardsShared } from '../../../shared/dashboards/manifest.js';
import { defineModule } from '../module.js';
import { registerDashboardRoutes } from './dashboards.routes.js';
import { createDashboardsService } from './dashboards.service.js';
import { loadDefaultDashboards } from './default-dashboards.js';
import { migrations } from './migrations.js';

/**
 * Big screens (issue 22): dashboards as JSON stored with their versions,
 * the defaults of `dashboards/` seeded on start. Widgets read live data
 * through the existing topics (tag, alarm, area.count), so a screen shows a
 * viewer only what the topics' isolation lets them see.
 */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  shared: dashboardsShared,
  migrations,
  start({ http, store }) {
    // Validated before anything is served: a broken default file stops the start with its name.
    const defaults = loadDefaultDashboards();
    const svc = createDashboardsService(store);
    registerDashboardRoutes(http, svc);
    return { ready: svc.seedDefaults(defaults), exposed: { svc } };
  },
});
