import { mapColorsGet, mapColorsSave } from '../../../shared/risk-map/contracts.js';
import { riskMapShared } from '../../../shared/risk-map/manifest.js';
import { caller } from '../../http/app.js';
import { defineModule } from '../module.js';
import { migrations } from './migrations.js';
import { createRiskMapService } from './risk-map.service.js';

/**
 * The four-colour maps' palette (issue 21 §4, /MapColors): colours and
 * opacity per level in the store, read by /riskFourColorMap, /WorldMap,
 * /regionOperationRiskMap and /riskTable. The zones' levels themselves are
 * the risk module's.
 */
export const riskMapModule = defineModule({
  name: 'risk-map',
  shared: riskMapShared,
  migrations,
  start({ http, store }) {
    const svc = createRiskMapService(store);
    http.route(mapColorsGet, async () => svc.colors());
    http.route(mapColorsSave, async (input, ctx) => svc.save(caller(ctx), input.items));
    return { exposed: { svc } };
  },
});
