import { definePages, page } from '../../app/route-types';

const mobile = () => import('./mobile-page');
const plans = () => import('./plans-page');
const points = () => import('./points-page');
const importer = () => import('./import-page');
const ledgers = () => import('./ledger-pages');
const report = () => import('./report-page');
const ops = () => import('./ops-pages');

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
  page('/systemConfig/InspectionImport', importer, 'InspectionImportPage'),
  page('/inspection/PlanImport', importer, 'InspectionImportPage'),
  page('/IntelligentInspection/InspectionReport', report, 'InspectionReportPage'),
  page('/inspection/InspectionReport', report, 'InspectionReportPage'),
  page('/inspection/InspectionExport', report, 'InspectionReportPage'),
  page('/IntelligentInspection/InspectionAnalyse', report, 'InspectionAnalysePage'),
  page('/inspection/InspectionAnalyse', report, 'InspectionAnalysePage'),
  page('/inspection/Achievement', report, 'InspectionAnalysePage'),
  page('/inspection/TaskDetail', ops, 'InspectionTaskDetailPage'),
  page('/inspection/OperationLog', ops, 'OperationLogPage'),
  page('/inspection/PointDeviceBinding', ops, 'PointDeviceBindingPage'),
  page('/inspection/StopInspectionQuery', ops, 'StopInspectionQueryPage'),
  page('/inspection/TimeStopConfig', ops, 'TimeStopConfigPage'),
  page('/inspection/TimeStopHistory', ops, 'TimeStopHistoryPage'),
  page('/inspection/Visualization', ops, 'VisualizationPage'),
  page('/inspection/LeakCheckRecord', ops, 'LeakCheckRecordPage'),
  page('/inspection/AdventRecords', ops, 'AdventRecordsPage'),
  page('/inspection/SystemConfig', ops, 'SystemConfigPage'),
  page('/SecurityCheck/SafeInspection', ledgers, 'SafeInspectionPage'),
  page('/SecurityCheck/AnalysisList', report, 'SafeAnalysisPage'),
  page('/SpecialInspection/plan', ledgers, 'SpecialPlanPage'),
  page('/SpecialInspection/task', ledgers, 'SpecialTaskPage'),
  page('/SpecialInspection/records', ledgers, 'SpecialRecordsPage'),
  page('/SpecialInspection/recordsDetail', ledgers, 'SpecialRecordDetailPage'),
  page('/SpecialInspection/hiddenDanger', ledgers, 'SpecialHiddenDangerPage'),
]);
