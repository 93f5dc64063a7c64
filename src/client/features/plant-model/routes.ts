import { definePages, page } from '../../app/route-types';

/** The plant in 3D (issue 23). */
export const plantModelPages = definePages([
  page('/FactoryModel/Display', () => import('./plant-3d-page'), 'Plant3dPage'),
  page('/2DModelMap', () => import('./plant-2d-page'), 'Plant2dPage'),
  page('/RedashConfig/FactoryMapConfig', () => import('./model-binding-page'), 'FactoryMapConfigPage'),
]);
