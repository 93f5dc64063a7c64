import { renderMessage } from '../../../shared/messages/catalog.js';
import { hiddenDangerLedger } from '../../../shared/hidden-dangers/ledger.js';
import { hiddenDangersShared } from '../../../shared/hidden-dangers/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { riskPort } from '../risk/port.js';
import { seedDemoHiddenDangers } from './demo.js';
import { registerHiddenDangerRoutes } from './hidden-dangers.routes.js';
import { createHiddenDangersService } from './hidden-dangers.service.js';
import { migrations } from './migrations.js';
import { hiddenDangersPort } from './port.js';
import { createHiddenDangerRiskCauses } from './risk-causes.js';

/** The deadline check runs this often on the server's clock (reminders and escalation are idempotent). */
const CHECK_EVERY_MS = 5 * 60_000;
const SYSTEM = { userid: null, loginname: 'system' };

/**
 * Hidden dangers (issue 24 §1, DOMAIN.md §8): the register on the record
 * engine and the rectification loop held in code (report → register and
 * grade → assign → rectify → accept → close, send back at any step), with
 * to-dos for whoever's turn it is and deadline reminders and escalation.
 * An open 重大 danger is a cause on its zone through the risk port.
 */
export const hiddenDangersModule = defineModule({
  name: 'hiddenDangers',
  shared: hiddenDangersShared,
  migrations,
  ledgers: [hiddenDangerLedger],
  needs: { records: recordsPort, org: orgPort, risk: riskPort },
  provides: hiddenDangersPort,
  start({ http, store, stream, config, log, ports }) {
    const hd = createHiddenDangersService(store, { records: ports.records, org: ports.org });
    registerHiddenDangerRoutes(http, store, hd, config.demo);
    // A danger created on the ledger page (or imported) waits for grading: its to-dos go out here.
    const sub = stream.bus.on('record.changed').subscribe((e) => {
      if (e.entity === hiddenDangerLedger.entity && (e.action === 'create' || e.action === 'import')) {
        void hd.announce(e.ids).catch((err: unknown) => log.warn({ err }, 'hidden-danger to-dos'));
      }
    });
    // Open 重大 dangers escalate their zone: synced on every server whenever the ledger changes on any of them.
    const causes = createHiddenDangerRiskCauses({ records: ports.records, risk: ports.risk });
    const syncCauses = () => void causes.sync().catch((err: unknown) => log.warn({ err }, 'hidden-danger risk causes'));
    const causeSub = stream.bus.onAnyServer('record.changed').subscribe((e) => {
      if (e.entity === hiddenDangerLedger.entity) {
        syncCauses();
      }
    });
    // A control-measure check found abnormal opens a hidden danger in the measure's zone, the checker as finder.
    ports.risk.onAbnormalCheck(async (who, c) => {
      if (c.regionid === null) {
        log.warn({ task: c.taskId }, 'abnormal measure check without a zone: no hidden danger opened');
        return;
      }
      await hd.report(who, {
        title: renderMessage('zh', 'hiddenDangers.fromMeasureCheck', { measure: c.content }).slice(0, 200),
        category: 'other',
        source: 'check',
        region: c.regionid,
        place: [c.unit, c.event].filter(Boolean).join(' · '),
        detail: [c.checkContent, c.note].filter(Boolean).join(' · '),
      });
    });
    const timer = setInterval(() => void hd.checkDeadlines(SYSTEM).catch((err: unknown) => log.warn({ err }, 'hidden-danger deadline check')), CHECK_EVERY_MS);
    timer.unref();
    const ready = (
      config.demo
        ? seedDemoHiddenDangers(store, ports.records, ports.org).then(
            () => undefined,
            (err: unknown) => log.warn({ err }, 'hidden-danger demo'),
          )
        : Promise.resolve()
    ).then(() => causes.sync().catch((err: unknown) => log.warn({ err }, 'hidden-danger risk causes')));
    return {
      port: { report: (who, input) => hd.report(who, input), facts: (who, input) => hd.facts(who, input) },
      exposed: { hd },
      ready,
      close: async () => {
        sub.unsubscribe();
        causeSub.unsubscribe();
        clearInterval(timer);
      },
    };
  },
});
