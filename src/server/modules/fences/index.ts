import { fencesShared } from '../../../shared/fences/manifest.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { alarmsPort } from '../alarms/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { startFences } from './fences.routes.js';
import { migrations } from './migrations.js';

/** Electronic fences, positioning alarms, head counts (`area.count`), the tracked roster and muster (DOMAIN §4). */
export const fencesModule = defineModule({
  name: 'fences',
  shared: fencesShared,
  migrations,
  ledgers: [positioningObjectLedger],
  needs: { org: orgPort, records: recordsPort, alarms: alarmsPort },
  start: ({ http, store, config, stream, ports, lease }) =>
    startFences({ http, store, config, stream, org: ports.org, records: ports.records, alarms: ports.alarms, lease }),
});
