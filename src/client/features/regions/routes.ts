import { definePages, page } from '../../app/route-types';

/** Regions on the plant map (seed 2 §2.3). Titles come from the menu and page declarations of the shared manifests. */
export const regionsPages = definePages([
  page('/systemConfig/RegionConfig', () => import('./region-config-page'), 'RegionConfigPage'),
  page('/MapDisplay', () => import('./map-display-page'), 'MapDisplayPage'),
]);
