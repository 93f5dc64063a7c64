import { inventoryCall, stockInCall, stockOutCall, substanceOptionsCall, tabooCheckCall, transferCall } from '../../../shared/chemicals/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { MajorHazardPort } from '../major-hazard/port.js';
import type { ChemicalsService } from './chemicals.service.js';

export function registerChemicalRoutes(http: HttpApp, chem: ChemicalsService, catalogue: MajorHazardPort): void {
  http.route(stockInCall, (input, ctx) => chem.stockIn(caller(ctx), input, ctx.lang));
  http.route(stockOutCall, (input, ctx) => chem.stockOut(caller(ctx), input));
  http.route(transferCall, (input, ctx) => chem.transfer(caller(ctx), input, ctx.lang));
  http.route(inventoryCall, (input, ctx) => chem.inventory(caller(ctx), input));
  http.route(tabooCheckCall, async (input) => {
    const r = await chem.tabooCheck(input.substances);
    return { allowed: r.allowed, conflicts: r.conflicts, warnings: r.warnings };
  });
  http.route(substanceOptionsCall, async () =>
    catalogue.catalogue().filter((s) => s.cas).map((s) => ({ cas: s.cas as string, name: s.name.zh, nameEn: s.name.en, classes: [...s.storageClasses] })),
  );
}
