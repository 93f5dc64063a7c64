import { analysisCount, inherentRiskSave, inherentRiskSearch, riskDetail } from '../../../shared/risk/analysis-contracts.js';
import { bandTableSave, evaluationRecordAdd, evaluationRecordSearch, lecPage } from '../../../shared/risk/band-contracts.js';
import { analysisLedger } from '../../../shared/risk/analysis-ledgers.js';
import { riskPointLedger } from '../../../shared/risk/ledger.js';
import { caller, type AuthUser, type HttpApp } from '../../http/app.js';
import type { RecordsPort } from '../records/port.js';
import type { AnalysisService } from './analysis.service.js';
import type { BandsService } from './bands.service.js';

/** Risk analysis calls (issue 21 §1–§4): band tables, evaluations with their bands, the three-layer detail, counts, inherent and residual levels. */
export function registerAnalysisRoutes(http: HttpApp, bands: BandsService, analysis: AnalysisService, records: Pick<RecordsPort, 'get'>, pointIds: (c: AuthUser) => Promise<number[]>): void {
  http.route(lecPage, async (input) => ({ items: bands.list(input.method) }));
  http.route(bandTableSave, async (input, ctx) => bands.save(caller(ctx), input));
  http.route(evaluationRecordAdd, async (input, ctx) => bands.addEvaluation(caller(ctx), input));
  http.route(evaluationRecordSearch, async (input, ctx) => {
    const who = caller(ctx);
    if (input.targetId !== undefined) {
      // Only the evaluations of a record the caller may see.
      await records.get(who, input.entity === 'RiskPoint' ? riskPointLedger : analysisLedger, input.targetId);
      return bands.evaluations(input.entity, [input.targetId], input.page, input.pageSize);
    }
    // Otherwise those of the records in the caller's regions.
    const ids = input.entity === 'Analysis' ? (await analysis.detail(who, {})).flatMap((u) => u.events.map((e) => e.id)) : await pointIds(who);
    return bands.evaluations(input.entity, ids, input.page, input.pageSize);
  });
  http.route(riskDetail, async (input, ctx) => ({ units: await analysis.detail(caller(ctx), input) }));
  http.route(analysisCount, async (_input, ctx) => analysis.count(caller(ctx)));
  http.route(inherentRiskSearch, async (_input, ctx) => ({ items: await analysis.unitLevels(caller(ctx)) }));
  http.route(inherentRiskSave, async (input, ctx) => analysis.saveUnitLevel(caller(ctx), input));
}
