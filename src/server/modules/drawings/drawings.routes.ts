import { drawingAutoBind, drawingCheckTags, drawingGet, drawingList, drawingSave } from '../../../shared/drawings/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { DrawingsService } from './drawings.service.js';

export function registerDrawingRoutes(http: HttpApp, svc: DrawingsService): void {
  http.route(drawingList, async () => svc.list());
  http.route(drawingGet, async (input) => svc.get(input.id));
  http.route(drawingSave, async (input, ctx) => svc.save(caller(ctx), input));
  http.route(drawingCheckTags, async (input) => svc.checkTags(input.tags));
  http.route(drawingAutoBind, async (input) => svc.autoBind(input.svg));
}
