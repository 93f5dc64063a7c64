import { measureCheckList, measureCheckSubmit } from '../../../shared/risk/check-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { ChecksService } from './checks.service.js';

/** The check tasks of the control measures under the seed's names (`SafeInspectionPlanList`, `SafeInspectionItemAdd`). */
export function registerChecksRoutes(http: HttpApp, checks: ChecksService): void {
  http.route(measureCheckList, async (input, ctx) => checks.list(caller(ctx), input));
  http.route(measureCheckSubmit, async (input, ctx) => checks.check(caller(ctx), input));
}
