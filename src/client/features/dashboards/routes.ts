import { definePages, page } from '../../app/route-types';

/** Big screens (issue 22): the dashboards inside the portal, their editor and the wall's pages; the kiosk routes are in app/router.tsx (no shell). */
export const dashboardsPages = definePages([
  page('/KeyDataShow', () => import('./key-data-show-page'), 'KeyDataShowPage'),
  page('/RedashConfig/MajorHazardVisualConfig', () => import('./editor-page'), 'DashboardEditorPage'),
  page('/RedashConfig/RegionVisualConfig', () => import('./editor-page'), 'DashboardEditorPage'),
  page('/RedashConfig/CameraConfig', () => import('./camera-pages'), 'CameraConfigPage'),
  page('/CameraShow', () => import('./camera-pages'), 'CameraShowPage'),
  page('/CkplayerShow', () => import('./camera-pages'), 'CkplayerShowPage'),
  page('/RedashConfig/TinymceList', () => import('./notice-pages'), 'NoticeListPage'),
  page('/RedashConfig/TinymceConfig', () => import('./notice-pages'), 'NoticeEditorPage'),
  page('/ShowTinymce', () => import('./notice-pages'), 'ShowNoticePage'),
  page('/IframePage/config', () => import('./frame-pages'), 'FrameConfigPage'),
  page('/IframePage/index', () => import('./frame-pages'), 'FramePage'),
  page('/Gateway/HomePage', () => import('./home-pages'), 'HomeDashboardPage'),
  page('/Permition/PermitionLive', () => import('./permits-live'), 'PermitsLivePage'),
]);
