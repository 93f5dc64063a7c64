import { riskWarningShared } from '../../../shared/risk-warning/manifest.js';
import { hiddenDangersPort } from '../hidden-dangers/port.js';
import { inspectionsPort } from '../inspections/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { permitsPort } from '../permits/port.js';
import { seedDemoWarnings } from './demo.js';
import { migrations } from './migrations.js';
import { registerWarningRoutes } from './risk-warning.routes.js';
import { createWarningService } from './risk-warning.service.js';
import { createWarningEngine } from './warning-engine.js';
import { createInputsReader } from './warning-inputs.js';
import { envMs } from '../../common/env.js';

/** How often due scheduled warnings are looked for (RISK_WARNING_TICK_MS). */
const DEFAULT_TICK_MS = 15_000;
/** At most one calculation of a warning per this long when its tags change (RISK_WARNING_THROTTLE_MS). */
const DEFAULT_THROTTLE_MS = 1_000;

/**
 * Early warning (issue 21 §6, `UAPI/SafeOperationLicense/RiskEarlyWarning*`):
 * variables bound to a tag's value or to counts read through the hidden
 * dangers, inspections and permits ports, formulas parsed into expression
 * trees, ranges → level 1–4, calculation on a schedule and on a bound tag's
 * change (lease holder only), records, the board on topic `risk.warnings`.
 */
export const riskWarningModule = defineModule({
  name: 'risk-warning',
  shared: riskWarningShared,
  migrations,
  needs: { org: orgPort, hiddenDangers: hiddenDangersPort, inspections: inspectionsPort, permits: permitsPort },
  start({ http, store, config, stream, tags, log, lease, ports }) {
    const engine = createWarningEngine({
      db: store.db,
      bus: stream.bus,
      lease,
      org: ports.org,
      inputs: () => createInputsReader({ live: stream.live, hiddenDangers: ports.hiddenDangers, inspections: ports.inspections, permits: ports.permits, org: ports.org, now: Date.now }),
      tickMs: envMs('RISK_WARNING_TICK_MS', DEFAULT_TICK_MS),
      throttleMs: envMs('RISK_WARNING_THROTTLE_MS', DEFAULT_THROTTLE_MS),
      onError: (err, what) => log.error({ err }, `${what} failed`),
    });
    const svc = createWarningService({ db: store.db, org: ports.org, tags, live: stream.live, engine });
    stream.topics.addSource(engine.channel.source);
    stream.topics.addResolver(engine.channel.resolver);
    registerWarningRoutes(http, svc);
    const ready = (async () => {
      if (config.demo) {
        await seedDemoWarnings(store, tags).catch((err: unknown) => log.error({ err }, 'risk warning demo failed'));
      }
      await engine.reload();
    })();
    return {
      exposed: { svc, engine },
      ready,
      stats: () => engine.stats(),
      close: () => engine.close(),
    };
  },
});
