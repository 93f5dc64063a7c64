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
  page('/majorHazard88/baseInfo', () => import('./more-pages'), 'BaseInfoPage'),
  page('/majorHazard88/configPage', () => import('./more-pages'), 'GradingMethodPage'),
  page('/dangerSourceManagement/statistics', () => import('./more-pages'), 'CheckStatisticsPage'),
  page('/dangerSourceManagement/dangerCardConfig', () => import('./more-pages'), 'DangerCardTemplatePage'),
  page('/dangerSourceManagement/dangerCardConfigNew', () => import('./more-pages'), 'DangerCardConfigPage'),
  page('/dangerSourceManagement/chemicalProcessRecord', () => import('./more-pages'), 'ChemicalProcessRecordPage'),
  page('/dangerSourceManagement/dangerListConfig', () => import('./archive-pages'), 'DangerListConfigPage'),
  page('/dangerSourceManagement/evaluationReport', () => import('./evaluation-page'), 'EvaluationReportPage'),
  page('/dangerSourceManagement/dangerarchives', () => import('./archive-pages'), 'DangerArchivePage'),
  page('/DangerThreeCards/index', () => import('./cards-page'), 'DangerThreeCardsPage'),
  page('/realTimeDataCollection/DataItem', () => import('./data-items-page'), 'DataItemPage'),
  page('/realTimeDataCollection/DataItemSearch', () => import('./data-items-page'), 'DataItemSearchPage'),
  page('/realTimeDataCollection/RegulatorPush', () => import('./push-page'), 'RegulatorPushPage'),
  page('/dataAnalysis/DataItemSearch', () => import('./data-items-page'), 'DataItemSearchPage'),
  page('/dataAnalysis/reportSetting', () => import('./report-setting-page'), 'ReportSettingPage'),
]);
