import { analysisLedgers } from '../../../shared/risk/analysis-ledgers.js';
import { controlLedgers } from '../../../shared/risk/control-ledgers.js';
import { riskPointLedger } from '../../../shared/risk/ledger.js';
import { riskShared } from '../../../shared/risk/manifest.js';
import { alarmsPort } from '../alarms/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { registerAnalysisRoutes } from './analysis.routes.js';
import { createAnalysisService } from './analysis.service.js';
import { createBandsService } from './bands.service.js';
import { registerChecksRoutes } from './checks.routes.js';
import { createChecksService } from './checks.service.js';
import { seedDemoRiskPoints } from './demo-points.js';
import { seedDemoUnits } from './demo-units.js';
import { migrations } from './migrations.js';
import { riskPort } from './port.js';
import { createRiskRepository } from './risk.repository.js';
import { registerRiskRoutes } from './risk.routes.js';
import { createRiskService } from './risk.service.js';
import { registerOverrideRoutes } from './override.routes.js';
import { createOverrideService } from './override.service.js';
import { registerRulesRoutes } from './rules.routes.js';
import { createRulesService } from './rules.service.js';
import { envMs } from '../../common/env.js';

/** How often measure check windows are stored and missed checks looked for (RISK_MEASURE_TICK_MS). */
const DEFAULT_CHECK_TICK_MS = 60_000;

/**
 * Safety risk zoning (issue 21): the risk point ledger on the record engine,
 * `EvaluationCalculate` with the plant's bands, each zone's static colour from
 * its points and its live colour from the causes (open alarms now; permits and
 * hidden dangers through `riskPort`), on topic `risk` with the zone's history.
 */
export const riskModule = defineModule({
  name: 'risk',
  shared: riskShared,
  migrations,
  ledgers: [riskPointLedger, ...analysisLedgers, ...controlLedgers],
  needs: { records: recordsPort, org: orgPort, alarms: alarmsPort },
  provides: riskPort,
  start({ http, store, config, stream, tags, log, lease, ports }) {
    const bands = createBandsService({
      db: store.db,
      records: ports.records,
      onBandsChanged: () => void risk.reload().catch((err) => log.error({ err }, 'risk points re-evaluation failed')),
    });
    const analysis = createAnalysisService({ db: store.db, records: ports.records, org: ports.org, bands });
    const risk = createRiskService({
      bands: () => bands.bands(),
      bus: stream.bus,
      records: ports.records,
      org: ports.org,
      alarms: ports.alarms,
      tags,
      repo: createRiskRepository(store.db),
      onError: (err, what) => log.error({ err }, `${what} failed`),
    });
    const rules = createRulesService({
      db: store.db,
      bus: stream.bus,
      onRulesChanged: (next) => risk.setRules(next),
      onError: (err, what) => log.error({ err }, `${what} failed`),
    });
    const overrides = createOverrideService({ db: store.db, bus: stream.bus, risk, onError: (err, what) => log.error({ err }, `${what} failed`) });
    const checks = createChecksService({
      db: store.db,
      records: ports.records,
      org: ports.org,
      lease,
      bus: stream.bus,
      report: (e, label) => risk.report(e, label),
      tickMs: envMs('RISK_MEASURE_TICK_MS', DEFAULT_CHECK_TICK_MS),
      onError: (err, what) => log.error({ err }, `${what} failed`),
    });
    stream.topics.addSource(risk.channel.source);
    stream.topics.addResolver(risk.channel.resolver);
    registerRiskRoutes(http, risk, bands);
    registerRulesRoutes(http, rules);
    registerOverrideRoutes(http, overrides);
    registerChecksRoutes(http, checks);
    registerAnalysisRoutes(http, bands, analysis, ports.records, async (c) => (await risk.points(c)).map((p) => p.id));
    const ready = (async () => {
      await bands.load();
      await rules.load();
      await overrides.load();
      if (config.demo) {
        await seedDemoRiskPoints(ports.records, ports.org, (err) => log.error({ err }, 'risk demo points failed'));
        await seedDemoUnits(ports.records, ports.org, bands, analysis, (err) => log.error({ err }, 'risk demo units failed'));
      }
      await risk.reload();
      await checks.sweep();
    })();
    return {
      port: { report: (e, label) => risk.report(e, label), zoneList: (c) => risk.zoneList(c), points: (c) => risk.points(c), onAbnormalCheck: (h) => checks.onAbnormal(h) },
      exposed: { risk, rules, checks, overrides },
      ready,
      stats: () => risk.stats(),
      close: async () => {
        await checks.close();
        rules.close();
        overrides.close();
        risk.close();
        await risk.idle();
      },
    };
  },
});
