import path from 'node:path';
import { drawingsShared } from '../../../shared/drawings/manifest.js';
import { defineModule } from '../module.js';
import { registerDrawingRoutes } from './drawings.routes.js';
import { createDrawingsService } from './drawings.service.js';
import { migrations } from './migrations.js';

/** The demo plant's tank-farm drawing (scripts/make-demo-drawing.ts). */
export const DEMO_DRAWING_FILE = path.resolve('models/drawings/tank-farm.bindings.json');

/**
 * Process drawings (issue 23 §4): SVG mimics in the store, each element id
 * bound to a tag (value text, level bar, alarm colour), checked on save and
 * audited; the page shows them live. Demo mode seeds the tank farm drawing.
 */
export const drawingsModule = defineModule({
  name: 'drawings',
  shared: drawingsShared,
  migrations,
  start({ http, store, config, tagRegistry }) {
    const svc = createDrawingsService(store, { tags: tagRegistry });
    registerDrawingRoutes(http, svc);
    const ready = config.demo ? svc.seedFromFile(DEMO_DRAWING_FILE).then(() => undefined) : Promise.resolve();
    return { exposed: { svc }, ready };
  },
});
