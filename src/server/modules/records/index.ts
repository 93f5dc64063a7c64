import { recordsShared } from '../../../shared/records/manifest.js';
import { announcementLedger } from '../../../shared/records/ledgers/announcement.js';
import { noticeLedger } from '../../../shared/records/ledgers/notice.js';
import { safeSignLedger, safeSignTypeLedger } from '../../../shared/records/ledgers/safe-sign.js';
import { workTypeLedger } from '../../../shared/records/ledgers/work-type.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { migrations } from './migrations.js';
import { recordsPort, type RecordsPort } from './port.js';
import { recordsChannel } from './records.channel.js';
import { createFileStore } from './records.files.js';
import { createFlowLibrary } from './records.flow-library.js';
import { registerRecords } from './records.routes.js';
import { createRecordsService } from './records.service.js';

/** How often a server on a shared PostgreSQL store looks for definitions another server saved. */
const RECORD_SYNC_MS = 3000;
/** How often attachment reminders (type 54) that came due open their to-dos. */
const REMINDER_MS = 15 * 60_000;
/** How often steps waiting past their time limit are escalated. */
const ESCALATION_MS = 60_000;

/**
 * The record engine and its low-code platform (seed 2 §2.8): one set of calls
 * per ledger from its definition, every module's built-in ledgers
 * (`ctx.ledgers`) and those administrators define at run time.
 */
export const recordsModule = defineModule({
  name: 'records',
  shared: recordsShared,
  migrations,
  ledgers: [workTypeLedger, announcementLedger, noticeLedger, safeSignTypeLedger, safeSignLedger],
  needs: { org: orgPort },
  provides: recordsPort,
  async start({ http, store, config, stream, ports, ledgers, log }) {
    const records = createRecordsService(store, { scopeOf: (userid) => ports.org.getUserScope(userid), events: stream.bus }, [...ledgers]);
    await records.ready;
    const files = createFileStore(store, config.dataDir);
    registerRecords(http, store, records, files, createFlowLibrary(store, records.definitions));
    const port: RecordsPort = Object.assign(records, { saveFile: (caller: Parameters<typeof files.save>[0], name: string, content: Parameters<typeof files.save>[2]) => files.save(caller, name, content) });
    const live = recordsChannel({ bus: stream.bus, definitions: records.definitions, scopeOf: (userid) => ports.org.getUserScope(userid) });
    stream.topics.addSource(live.source);
    stream.topics.addResolver(live.resolver);
    const remind = () => {
      records.remindDue(Date.now()).catch((err: unknown) => log.warn({ err }, 'records: attachment reminders failed; retried'));
    };
    const reminders = setInterval(remind, REMINDER_MS);
    const escalate = () => {
      records.escalateDue(Date.now()).catch((err: unknown) => log.warn({ err }, 'records: flow escalation failed; retried'));
    };
    const escalations = setInterval(escalate, ESCALATION_MS);
    escalations.unref();
    reminders.unref();
    // An SQLite store has one server (the data directory lock); servers sharing a PostgreSQL store
    // pick up each other's ledger definitions and dictionary entries within a few seconds.
    if (store.dialect !== 'postgres') {
      return {
        port,
        close: () => {
          clearInterval(reminders);
          clearInterval(escalations);
          return Promise.resolve();
        },
      };
    }
    const timer = setInterval(() => {
      records.syncFromStore().catch((err: unknown) => log.warn({ err }, 'records: reading stored definitions failed; retried'));
    }, RECORD_SYNC_MS);
    void records.syncFromStore().catch(() => undefined);
    return {
      port,
      close: () => {
        clearInterval(timer);
        clearInterval(reminders);
        clearInterval(escalations);
        return Promise.resolve();
      },
    };
  },
});
