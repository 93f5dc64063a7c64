import { dangerArchive, dangerListConfig, dangerListConfigSave } from '../../../shared/major-hazard/archive-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';
import { createListConfig, sourceArchive } from './archive.js';
import type { EvaluationReports } from './evaluation-reports.js';
import type { MajorHazardService } from './major-hazard.service.js';
import type { Responsibility } from './responsibility.js';

/** The register's list configuration and a source's archive (issue 20 §3). */
export function registerArchiveRoutes(http: HttpApp, deps: { store: Store; records: RecordsPort; service: MajorHazardService; responsibility: Responsibility; evaluations: EvaluationReports }): void {
  const listConfig = createListConfig({ store: deps.store });
  http.route(dangerListConfig, async () => listConfig.view());
  http.route(dangerListConfigSave, async (input, ctx) => listConfig.save(caller(ctx), input.columns));
  http.route(dangerArchive, async (input, ctx) => sourceArchive(deps, caller(ctx), input.id));
}
