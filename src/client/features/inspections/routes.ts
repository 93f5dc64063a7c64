import { definePages, page } from '../../app/route-types';

const mobile = () => import('./mobile-page');
const plans = () => import('./plans-page');
const points = () => import('./points-page');

/** Inspections (issue 24 §2–§3): the inspector's phone page, plans, records, misses, invalid applications, point labels, NFC binding. */
export const inspectionsPages = definePages([
  page('/inspection/MobileInspection', mobile, 'MobileInspectionPage'),
  page('/inspection/PlanManagement', plans, 'PlanManagementPage'),
  page('/IntelligentInspection/PlanQuery', plans, 'PlanQueryPage'),
  page('/inspection/PlanQuery', plans, 'PlanQueryPage'),
  page('/IntelligentInspection/PlanQueryDetail', plans, 'TaskDetailPage'),
  page('/IntelligentInspection/MissQuery', plans, 'MissQueryPage'),
  page('/inspection/MissQuery', plans, 'MissQueryPage'),
  page('/inspection/InvalidQuery', plans, 'InvalidQueryPage'),
  page('/inspection/QrCode', points, 'QrCodePage'),
  page('/systemConfig/NFCBind', points, 'NfcBindPage'),
]);
