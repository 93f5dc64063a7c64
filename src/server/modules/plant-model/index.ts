import path from 'node:path';
import { plantModelShared } from '../../../shared/plant-model/manifest.js';
import { authPort } from '../auth/port.js';
import { majorHazardPort } from '../major-hazard/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { migrations } from './migrations.js';
import { registerPlantModelRoutes } from './plant-model.routes.js';
import { createPlantModelService } from './plant-model.service.js';
import { plantModelPort } from './port.js';

/** The demo plant's generated model (scripts/make-demo-plant.ts). */
export const DEMO_BINDINGS_FILE = path.resolve('models/demo-plant.bindings.json');

/**
 * The plant in 3D (issue 23): models under `models/` (GLB, served as files) or
 * uploaded by the plant (kept in the store), and their bindings in the store
 * (node → kind, region, tags, level tag); one call for the views, one to bind
 * a node, one to upload a GLB. Demo mode seeds the demo plant's bindings once.
 */
export const plantModelModule = defineModule({
  name: 'plant-model',
  shared: plantModelShared,
  migrations,
  needs: { org: orgPort, auth: authPort, hazards: majorHazardPort },
  provides: plantModelPort,
  start({ http, store, config, tagRegistry, ports }) {
    const svc = createPlantModelService(store, { org: ports.org, tags: tagRegistry, hazards: ports.hazards });
    registerPlantModelRoutes(http, svc, ports.auth);
    const ready = config.demo ? svc.seedFromFile(DEMO_BINDINGS_FILE).then(() => undefined) : Promise.resolve();
    return { port: svc, exposed: { svc }, ready };
  },
});
