import { definePages, page } from '../../app/route-types';

/** Real-time data (seed 3 /realTimeData; calssificationManage keeps the seed's spelling). Titles come from the menu and page declarations of the shared manifests. */
export const realtimePages = definePages([
  page('/realTimeData/manage', () => import('./realtime-manage-page'), 'RealTimeDataManagePage'),
  page('/realTimeData/detailsView', () => import('./realtime-details-page'), 'RealTimeDataDetailsPage'),
  page('/realTimeData/history', () => import('./realtime-history-page'), 'RealTimeDataHistoryPage'),
  page('/realTimeData/calssificationManage', () => import('./realtime-classification-page'), 'RealTimeDataClassificationPage'),
]);
