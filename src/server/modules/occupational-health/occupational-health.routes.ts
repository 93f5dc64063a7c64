import {
  checkOverdueCall,
  getAllEnumCall,
  getEnumCall,
  isOHAdminCall,
  measurementQueryCall,
  personalDataCall,
  resultSearchCall,
  showUserListCall,
  statisticsCall,
} from '../../../shared/occupational-health/contracts.js';
import { examSummaryCall, exposureFactorsCall, touchListCall } from '../../../shared/occupational-health/contracts-more.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { HealthMoreService } from './occupational-health-more.service.js';
import type { HealthService } from './occupational-health.service.js';

export function registerHealthRoutes(http: HttpApp, health: HealthService, more: HealthMoreService): void {
  http.route(isOHAdminCall, async (_input, ctx) => health.isAdmin(caller(ctx)));
  http.route(getAllEnumCall, async () => health.allEnums());
  http.route(getEnumCall, async (input) => health.allEnums()[input.type] ?? []);
  http.route(measurementQueryCall, (input, ctx) => health.measurements(caller(ctx), input.regionid));
  http.route(showUserListCall, (input, ctx) => health.dueList(caller(ctx), input.onlyDue));
  http.route(checkOverdueCall, (_input, ctx) => {
    const who = caller(ctx);
    return health.checkOverdue({ userid: who.userid, loginname: who.loginname });
  });
  http.route(resultSearchCall, (input, ctx) => health.abnormal(caller(ctx), input.result));
  http.route(personalDataCall, (input, ctx) => health.personalData(caller(ctx), input));
  http.route(statisticsCall, (_input, ctx) => health.statistics(caller(ctx)));
  http.route(touchListCall, (input, ctx) => more.touchList(caller(ctx), input));
  http.route(examSummaryCall, (input, ctx) => more.examSummary(caller(ctx), input));
  http.route(exposureFactorsCall, () => more.exposureFactors());
}
