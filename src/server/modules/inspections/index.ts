import { inspectionLedgers } from '../../../shared/inspections/ledgers.js';
import { inspectionsShared } from '../../../shared/inspections/manifest.js';
import { hiddenDangersPort } from '../hidden-dangers/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { seedDemoInspections } from './demo.js';
import { GENERATE_EVERY_MS } from './inspections.context.js';
import { registerInspectionRoutes } from './inspections.routes.js';
import { createInspectionsService } from './inspections.service.js';
import { migrations } from './migrations.js';
import { inspectionsPort } from './port.js';

const SYSTEM = { userid: null, loginname: 'system' };

/**
 * Inspections (issue 24 §2–§3, DOMAIN.md §9): points with QR and NFC, plans
 * on cycles with windows, rounds generated on time, check-ins judged by code,
 * window and the inspector's position history, readings whose findings open a
 * hidden danger, invalid-inspection applications and the missed-check rate.
 */
export const inspectionsModule = defineModule({
  name: 'inspections',
  shared: inspectionsShared,
  migrations,
  ledgers: inspectionLedgers,
  needs: { records: recordsPort, org: orgPort, hiddenDangers: hiddenDangersPort },
  provides: inspectionsPort,
  start({ http, store, stream, config, log, ports }) {
    const svc = createInspectionsService(store, { records: ports.records, org: ports.org, hiddenDangers: ports.hiddenDangers, history: stream.history });
    registerInspectionRoutes(http, svc);
    const run = () => svc.generate(SYSTEM).catch((err: unknown) => log.warn({ err }, 'inspection task generation'));
    const timer = setInterval(() => void run(), GENERATE_EVERY_MS);
    timer.unref();
    const ready = (config.demo ? seedDemoInspections(store, ports.records, ports.org, svc).catch((err: unknown) => log.warn({ err }, 'inspections demo')) : Promise.resolve())
      .then(run)
      .then(() => undefined);
    return {
      port: { missedRate: (c, input) => svc.missedRate(c, input) },
      exposed: { svc },
      ready,
      close: async () => {
        clearInterval(timer);
      },
    };
  },
});
