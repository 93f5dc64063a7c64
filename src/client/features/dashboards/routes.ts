import { definePages, page } from '../../app/route-types';

/** Big screens (issue 22): the dashboards inside the portal and their editor; the kiosk routes are in app/router.tsx (no shell). */
export const dashboardsPages = definePages([
  page('/KeyDataShow', () => import('./key-data-show-page'), 'KeyDataShowPage'),
  page('/RedashConfig/MajorHazardVisualConfig', () => import('./editor-page'), 'DashboardEditorPage'),
  page('/RedashConfig/RegionVisualConfig', () => import('./editor-page'), 'DashboardEditorPage'),
]);
