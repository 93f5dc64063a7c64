import { definePages, page } from '../../app/route-types';

/** Major hazard sources (issue 20). */
export const majorHazardPages = definePages([
  page('/MajorHazard', () => import('./monitor-page'), 'MajorHazardMonitorPage'),
  page('/dangerSourceManagement/dangerSource', () => import('./register-pages'), 'DangerSourcePage'),
  page('/majorHazard88/dangerSourceDeviceInfo', () => import('./register-pages'), 'DangerSourceDevicePage'),
  page('/dangerSourceManagement/dangerSourceConfirm', () => import('./identification-page'), 'DangerSourceConfirmPage'),
  page('/majorHazardReport/sourceReport', () => import('./report-page'), 'MajorHazardReportPage'),
  page('/majorHazard88/instructions', () => import('./msds-page'), 'MsdsPage'),
  page('/dangerSourceManagement/responsibleAllocation', () => import('./responsibility-page'), 'ResponsibleAllocationPage'),
]);
