import { definePort } from '../module.js';
import type { PlantModelService } from './plant-model.service.js';

/** The plant model's bindings (node → tags, region, kind), for views of other modules (drawings, big screens). */
export type PlantModelPort = Pick<PlantModelService, 'get'>;

export const plantModelPort = definePort<PlantModelPort>('plant-model');
