import { dashboardGet, dashboardList, dashboardRestore, dashboardSave, dashboardVersions } from '../../../shared/dashboards/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { DashboardsService } from './dashboards.service.js';

export function registerDashboardRoutes(http: HttpApp, svc: DashboardsService): void {
  http.route(dashboardList, async () => svc.list());
  http.route(dashboardGet, async (input) => svc.get(input));
  http.route(dashboardSave, async (input, ctx) => svc.save(caller(ctx), input));
  http.route(dashboardVersions, async (input) => svc.versions(input.id));
  http.route(dashboardRestore, async (input, ctx) => svc.restore(caller(ctx), input.id, input.version));
}
