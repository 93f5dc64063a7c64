import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import { chemicalsLedgers } from '../../../shared/chemicals/ledgers.js';
import { chemicalsShared } from '../../../shared/chemicals/manifest.js';
import { defineModule } from '../module.js';
import { hiddenDangersPort } from '../hidden-dangers/port.js';
import { majorHazardPort } from '../major-hazard/port.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { registerChemicalViewRoutes } from './chemicals.more-routes.js';
import { registerChemicalRoutes } from './chemicals.routes.js';
import { createChemicalsService } from './chemicals.service.js';
import { createChemicalViews } from './chemicals.views.js';
import { seedDemoChemicals } from './demo.js';
import { migrations } from './migrations.js';
import { unitStockOf } from './unit-stock.js';

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
  ledgers: [chemicalStoreLedger, ...chemicalsLedgers],
  needs: { records: recordsPort, org: orgPort, catalogue: majorHazardPort, hiddenDangers: hiddenDangersPort },
  start({ http, store, config, log, ports }) {
    const chem = createChemicalsService(store, { records: ports.records, catalogue: ports.catalogue });
    const views = createChemicalViews(store, { records: ports.records, catalogue: ports.catalogue, chem, hiddenDangers: ports.hiddenDangers, log });
    registerChemicalRoutes(http, chem, ports.catalogue);
    // Stock in a store bound to a major hazard storage unit shows on that unit beside its design maximum.
    ports.catalogue.addUnitStock(unitStockOf(store, ports.records));
    registerChemicalViewRoutes(http, views, chem);
    const ready = config.demo
      ? seedDemoChemicals(store, ports.records, ports.org, chem, views).then(
          () => undefined,
          (err: unknown) => log.warn({ err }, 'chemicals demo'),
        )
      : Promise.resolve();
    return { exposed: { chem, views }, ready };
  },
});
