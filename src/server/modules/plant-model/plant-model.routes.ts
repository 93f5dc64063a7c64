import { plantModelBindingSave, plantModelGet } from '../../../shared/plant-model/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { PlantModelService } from './plant-model.service.js';

export function registerPlantModelRoutes(http: HttpApp, svc: PlantModelService): void {
  http.route(plantModelGet, async (input, ctx) => svc.get(caller(ctx), input.model));
  http.route(plantModelBindingSave, async (input, ctx) => svc.saveBinding(caller(ctx), input));
}
