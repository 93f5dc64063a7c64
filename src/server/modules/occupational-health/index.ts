import {
  examRecordLedger,
  healthLedgers,
  hazardousPositionLedger,
  personalArchiveLedger,
} from '../../../shared/occupational-health/ledger.js';
import { healthMoreLedgers, healthSettingLedger } from '../../../shared/occupational-health/ledger-more.js';
import { occupationalHealthShared } from '../../../shared/occupational-health/manifest.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { permitsPort } from '../permits/port.js';
import { realtimePort } from '../realtime/port.js';
import { recordsPort } from '../records/port.js';
import { registerHealthRoutes } from './occupational-health.routes.js';
import { createHealthService } from './occupational-health.service.js';
import { createHealthMoreService } from './occupational-health-more.service.js';
import { demoAdmin, seedDemoHealth, seedDemoHealthFiles } from './demo.js';
import { seedDemoDetectorBindings } from './demo-detectors.js';
import { seedDemoHealthMore } from './demo-more.js';
import { contraindicationCheck } from './work-bar.js';

/** Overdue exams are checked this often (opening a to-do is idempotent), and after every change of a file, position or exam. */
const CHECK_EVERY_MS = 60 * 60_000;
const SYSTEM = { userid: null, loginname: 'system' };
const WATCHED = new Set([examRecordLedger.entity, personalArchiveLedger.entity, hazardousPositionLedger.entity, healthSettingLedger.entity]);

/**
 * Occupational health (issue 26 §2, DOMAIN.md §11): the registers of seed 3
 * on the record engine, workplace measurements judged against GBZ 2.1 limits,
 * each person's shift exposure estimated from positioning and the zones' gas
 * detectors, and medical surveillance (GBZ 188) with overdue exams as to-dos;
 * an occupational contraindication bars its person from the matching permits.
 */
export const occupationalHealthModule = defineModule({
  name: 'occupational-health',
  shared: occupationalHealthShared,
  ledgers: [...healthLedgers, ...healthMoreLedgers],
  needs: { records: recordsPort, org: orgPort, realtime: realtimePort, permits: permitsPort },
  start({ http, store, stream, config, log, ports }) {
    const health = createHealthService(store, {
      records: ports.records,
      org: ports.org,
      realtime: ports.realtime,
      live: stream.live,
      history: stream.history,
    });
    registerHealthRoutes(http, health, createHealthMoreService({ records: ports.records, health }));
    // A contraindication bars its person from the matching permit work (DOMAIN.md §11): permits ask through their port.
    ports.permits.addWorkerCheck(contraindicationCheck(ports.records));
    const check = () => void health.checkOverdue(SYSTEM).catch((err: unknown) => log.warn({ err }, 'health overdue check'));
    const ready = config.demo
      ? seedDemoHealth(store, ports.records, ports.org)
          .then(() => seedDemoHealthMore(store, ports.records, ports.org))
          .then(async () => {
            const admin = await demoAdmin(store, ports.org);
            return admin ? seedDemoDetectorBindings(ports.records, ports.realtime, admin) : 0;
          })
          .then(
          () => check(),
          (err: unknown) => log.warn({ err }, 'occupational health demo'),
        )
      : Promise.resolve();
    // Demo files wait for the demo roster (seeded after the modules start): once, at its first tracked person.
    let files: Promise<unknown> | null = config.demo ? null : Promise.resolve();
    let closed = false;
    const sub = stream.bus.on('record.changed').subscribe((e) => {
      if (WATCHED.has(e.entity)) {
        check();
      }
      if (files === null && e.entity === positioningObjectLedger.entity) {
        files = ready
          .then(() => new Promise<void>((r) => setTimeout(r, 2000).unref()))
          .then(() => (closed ? 0 : seedDemoHealthFiles(store, ports.records, ports.org)))
          .catch((err: unknown) => log.warn({ err }, 'occupational health demo files'));
      }
    });
    const timer = setInterval(check, CHECK_EVERY_MS);
    timer.unref();
    return {
      exposed: { health },
      ready,
      close: async () => {
        closed = true;
        sub.unsubscribe();
        clearInterval(timer);
      },
    };
  },
});
