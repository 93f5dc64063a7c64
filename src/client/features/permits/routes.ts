import { definePages, page } from '../../app/route-types';

/** Safe-work permits (issue 25): the list with the application, a permit with its steps, the live map. */
export const permitsPages = definePages([
  page('/SafetyWorkPermit/WorkingBillSafety', () => import('./permits-page'), 'PermitsPage'),
  page('/SafetyWorkPermit/WorkingBillDetail', () => import('./permit-detail-page'), 'PermitDetailPage'),
  page('/SafetyWorkPermit/WorkMapShow', () => import('./work-map-page'), 'WorkMapPage'),
  page('/WorkingBillMap', () => import('./work-map-page'), 'WorkMapPage'),
  page('/WorkingBill', () => import('./permits-page'), 'PermitsPage'),
  page('/WorkingBillMapshowMap', () => import('./work-map-page'), 'WorkMapPage'),
  page('/SafetyWorkPermitNew/AnalyseRegionForSafe', () => import('./stats-pages'), 'PermitRegionStatsPage'),
  page('/SafetyWorkPermitNew/AnalyseDepartmentForSafe', () => import('./stats-pages'), 'PermitDepartmentStatsPage'),
  page('/SafetyWorkPermitNew/AnalyseApprovedForSafe', () => import('./stats-pages'), 'PermitApprovedStatsPage'),
  page('/EnergyIsolation', () => import('./isolation-page'), 'EnergyIsolationPage'),
  page('/PowerSwitchBill', () => import('./tickets-pages'), 'PowerSwitchBillPage'),
  page('/PowerSwitch', () => import('./tickets-pages'), 'PowerSwitchPage'),
  page('/ElectricalBill/ElectricalBillMgmt', () => import('./tickets-pages'), 'ElectricalBillPage'),
  page('/ElectricalBill/ElectricalBillSearch', () => import('./tickets-pages'), 'ElectricalBillPage'),
  page('/ElectricalBill/ElectricalBillType', () => import('./tickets-pages'), 'ElectricalBillTypePage'),
  page('/ElectricalBill/ElectricalBillContent', () => import('./tickets-pages'), 'ElectricalBillContentPage'),
  page('/SimpleWorkingBill/SimpleWorkingBillMgmt', () => import('./tickets-pages'), 'SimpleWorkingBillPage'),
  page('/SimpleWorkingBill/SimpleWorkingBillSearch', () => import('./tickets-pages'), 'SimpleWorkingBillPage'),
  page('/SimpleWorkingBill/SimpleWorkingBillType', () => import('./tickets-pages'), 'SimpleWorkingBillTypePage'),
  page('/SimpleWorkingBill/SimpleWorkingBillContent', () => import('./tickets-pages'), 'SimpleWorkingBillContentPage'),
  page('/Gantt/gantt_JD', () => import('./gantt-page'), 'PermitGanttPage'),
  page('/systemConfig/holidaySpecialTimeConfig', () => import('./calendar-page'), 'PlantCalendarPage'),
]);
