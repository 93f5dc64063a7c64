import { evaluationCalculate, zoneRiskDetail, zoneRiskHistory, zoneRiskList } from '../../../shared/risk/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { BandsService } from './bands.service.js';
import type { RiskService } from './risk.service.js';

/** The risk module's calls (issue 21): evaluation, the zones' levels, their history. */
export function registerRiskRoutes(http: HttpApp, risk: RiskService, bands: Pick<BandsService, 'calculate'>): void {
  // With the plant's current bands (`/LsRisk`).
  http.route(evaluationCalculate, async (input) => bands.calculate(input));
  http.route(zoneRiskList, async (_input, ctx) => risk.zoneList(caller(ctx)));
  http.route(zoneRiskDetail, async (input, ctx) => risk.zoneDetail(caller(ctx), input.regionid));
  http.route(zoneRiskHistory, async (input, ctx) => risk.zoneHistory(caller(ctx), input));
}
