import { definePages, page } from '../../app/route-types';

/** Safety risk zoning (issue 21): the four-colour map, the zones as a table, the risk point register. */
export const riskPages = definePages([
  page('/riskFourColorMap', () => import('./risk-map-page'), 'RiskMapPage'),
  page('/riskTable', () => import('./risk-table-page'), 'RiskTablePage'),
  page('/RiskControll/RiskPoint', () => import('./risk-points-page'), 'RiskPointsPage'),
  // risk-b: the palette, the national base map, work in progress (issue 21 §4).
  page('/MapColors', () => import('./map-colors-page'), 'MapColorsPage'),
  page('/WorldMap', () => import('./world-map-page'), 'WorldMapPage'),
  page('/regionOperationRiskMap', () => import('./operation-risk-map-page'), 'OperationRiskMapPage'),
  // Risk analysis (issue 21 §1–§4): units, events, measures, their configuration, bands, details, inherent and residual.
  page('/RiskManagement/EvaluateUnit', () => import('./analysis-ledger-pages'), 'EvaluateUnitPage'),
  page('/RiskControll/EvaluateUnit', () => import('./analysis-ledger-pages'), 'EvaluateUnitPage'),
  page('/RiskManagement/AnalysisList', () => import('./analysis-list-page'), 'AnalysisListPage'),
  page('/riskControllanalysisList', () => import('./analysis-list-page'), 'AnalysisListPage'),
  page('/RiskManagement/AnalysisCount', () => import('./analysis-count-page'), 'AnalysisCountPage'),
  page('/RiskControll/AnalysisListNewMap', () => import('./analysis-map-page'), 'AnalysisMapPage'),
  page('/RiskDetails', () => import('./risk-details-page'), 'RiskDetailsPage'),
  page('/RiskControll/ControlMeasures', () => import('./analysis-ledger-pages'), 'ControlMeasuresPage'),
  page('/RiskControll/AnalysisObject', () => import('./analysis-ledger-pages'), 'AnalysisObjectPage'),
  page('/RiskControll/AccidentType', () => import('./analysis-ledger-pages'), 'AccidentTypePage'),
  page('/RiskControll/RiskRange', () => import('./analysis-ledger-pages'), 'RiskRangePage'),
  page('/RiskControll/ControlLevel', () => import('./analysis-ledger-pages'), 'ControlLevelPage'),
  page('/RiskControll/MeasureType', () => import('./analysis-ledger-pages'), 'MeasureTypePage'),
  page('/RiskControll/RiskType', () => import('./analysis-ledger-pages'), 'RiskTypePage'),
  page('/LsRisk', () => import('./band-tables-page'), 'BandTablesPage'),
  page('/Gateway/RiskPointQuery', () => import('./risk-point-query-page'), 'RiskPointQueryPage'),
  page('/RiskPointQuery', () => import('./risk-point-query-page'), 'RiskPointQueryPage'),
  page('/InherentRisk/InherentRiskSearch', () => import('./inherent-risk-page'), 'InherentRiskPage'),
  page('/InherentRisk/RegionRiskSearch', () => import('./inherent-risk-page'), 'InherentRiskPage'),
  // Escalation rule rows, the rest of /InherentRisk, the family's control panel (issue 21 §3, §5).
  page('/RiskControll', () => import('./risk-control-panel-page'), 'RiskControlPanelPage'),
  page('/RiskControll/EscalationRules', () => import('./escalation-rules-page'), 'EscalationRulesPage'),
  page('/InherentRisk/InherentRiskReview', () => import('./inherent-risk-review-page'), 'InherentRiskReviewPage'),
  page('/InherentRisk/InitialRiskConfig', () => import('./inherent-risk-page'), 'InitialRiskConfigPage'),
  page('/InherentRisk/ResidualRiskConfig', () => import('./inherent-risk-page'), 'ResidualRiskConfigPage'),
  page('/InherentRisk/RegionRisk', () => import('./risk-table-page'), 'RiskTablePage'),
  page('/InherentRisk/InherentRiskLevelConfig', () => import('./band-tables-page'), 'BandTablesPage'),
]);
