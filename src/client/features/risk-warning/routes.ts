import { definePages, page } from '../../app/route-types';

/** Early warning (issue 21 §6): the live board, the records, the configuration. */
export const riskWarningPages = definePages([
  page('/RiskControll/RiskEarlyWarningShow', () => import('./show-page'), 'RiskEarlyWarningShowPage'),
  page('/RiskControll/RiskEarlyWarningRecord', () => import('./record-page'), 'RiskEarlyWarningRecordPage'),
  page('/RiskControll/RiskEarlyWarningConfig', () => import('./config-page'), 'RiskEarlyWarningConfigPage'),
]);
