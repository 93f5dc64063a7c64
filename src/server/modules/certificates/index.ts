import { certificateLedger } from '../../../shared/certificates/ledger.js';
import { certificatesShared } from '../../../shared/certificates/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { startExpiryWatch } from './expiry-watch.js';

/** Certificates expiring within this many days are on the watch list. */
const WARNING_DAYS = 30;

/**
 * The certificate register (issue 25 §4): a ledger on the record engine (its
 * calls, page, Excel and audit come from the definition) and a live watch of
 * the certificates about to expire. The smallest module: docs/architecture.md
 * walks through it.
 */
export const certificatesModule = defineModule({
  name: 'certificates',
  shared: certificatesShared,
  ledgers: [certificateLedger],
  needs: { records: recordsPort, org: orgPort },
  start({ stream, ports }) {
    const watch = startExpiryWatch({ bus: stream.bus, records: ports.records, org: ports.org, windowDays: WARNING_DAYS });
    stream.topics.addSource(watch.channel.source);
    stream.topics.addResolver(watch.channel.resolver);
    return { ready: watch.refresh(), close: async () => watch.stop() };
  },
});
