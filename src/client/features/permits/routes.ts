import { definePages, page } from '../../app/route-types';

/** Safe-work permits (issue 25): the list with the application, a permit with its steps, the live map. */
export const permitsPages = definePages([
  page('/SafetyWorkPermit/WorkingBillSafety', () => import('./permits-page'), 'PermitsPage'),
  page('/SafetyWorkPermit/WorkingBillDetail', () => import('./permit-detail-page'), 'PermitDetailPage'),
  page('/SafetyWorkPermit/WorkMapShow', () => import('./work-map-page'), 'WorkMapPage'),
  page('/WorkingBillMap', () => import('./work-map-page'), 'WorkMapPage'),
  page('/Gantt/gantt_JD', () => import('./gantt-page'), 'PermitGanttPage'),
  page('/systemConfig/holidaySpecialTimeConfig', () => import('./calendar-page'), 'PlantCalendarPage'),
]);
