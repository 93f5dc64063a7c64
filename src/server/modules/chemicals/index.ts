import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import { chemicalsShared } from '../../../shared/chemicals/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { registerChemicalRoutes } from './chemicals.routes.js';
import { createChemicalsService } from './chemicals.service.js';
import { seedDemoChemicals } from './demo.js';
import { migrations } from './migrations.js';

/**
 * Chemical stores (issue 26 §1, DOMAIN.md §10): the stores on the record
 * engine, stock movements checked against the storage compatibility table
 * (`shared/domain/storage-compatibility.ts`), and the stock per store and
 * substance summed from the movements.
 */
export const chemicalsModule = defineModule({
  name: 'chemicals',
  shared: chemicalsShared,
  migrations,
  ledgers: [chemicalStoreLedger],
  needs: { records: recordsPort, org: orgPort },
  start({ http, store, config, log, ports }) {
    const chem = createChemicalsService(store, { records: ports.records });
    registerChemicalRoutes(http, chem);
    const ready = config.demo
      ? seedDemoChemicals(store, ports.records, ports.org, chem).then(
          () => undefined,
          (err: unknown) => log.warn({ err }, 'chemicals demo'),
        )
      : Promise.resolve();
    return { exposed: { chem }, ready };
  },
});
