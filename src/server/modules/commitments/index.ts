import { commitmentUnitLedger } from '../../../shared/commitments/ledger.js';
import { commitmentsShared } from '../../../shared/commitments/manifest.js';
import { alarmsPort } from '../alarms/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { permitsPort } from '../permits/port.js';
import { recordsPort } from '../records/port.js';
import { registerCommitmentRoutes } from './commitments.routes.js';
import { createCommitmentsService } from './commitments.service.js';
import { seedDemoUnits } from './demo.js';
import { migrations } from './migrations.js';

/** How often the morning draft is looked for. */
const DRAFT_CHECK_MS = 60_000;

/**
 * The daily safety commitment notice (issue 21 §7): the units' states on the
 * record engine, the morning draft from live data (permits through the
 * permits port, major hazard sources' alarms through the alarms port), the
 * responsible person's signature, the public page and the big-screen figures.
 */
export const commitmentsModule = defineModule({
  name: 'commitments',
  shared: commitmentsShared,
  migrations,
  ledgers: [commitmentUnitLedger],
  needs: { records: recordsPort, permits: permitsPort, alarms: alarmsPort, org: orgPort },
  start({ http, store, config, log, ports }) {
    const svc = createCommitmentsService(store, { records: ports.records, permits: ports.permits, alarms: ports.alarms, org: ports.org });
    registerCommitmentRoutes(http, svc);
    const onError = (err: unknown) => log.error({ err }, 'commitment morning draft failed');
    const ready = (async () => {
      if (config.demo) {
        await seedDemoUnits(ports.records, ports.org).catch((err: unknown) => log.error({ err }, 'commitment demo units failed'));
      }
      await svc.draftIfDue().catch(onError);
    })();
    const timer = setInterval(() => void svc.draftIfDue().catch(onError), DRAFT_CHECK_MS);
    timer.unref();
    return {
      exposed: { svc },
      ready,
      figures: {
        'commitment.signedToday': async () => (await svc.figures()).signedToday,
        'commitment.unitsOperating': async () => (await svc.figures()).unitsOperating,
        'commitment.specialWork': async () => (await svc.figures()).specialWork,
      },
      close: async () => {
        clearInterval(timer);
        await ready;
      },
    };
  },
});
