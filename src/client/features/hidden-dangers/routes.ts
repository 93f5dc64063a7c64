import { definePages, page } from '../../app/route-types';

const load = () => import('./hidden-dangers-page');

/** Hidden dangers (issue 24 §1): the register and loop, deadlines, acceptance, analysis; the seed's other spellings show the same pages. */
export const hiddenDangersPages = definePages([
  page('/SecurityRiskManagement/RectificationSearch', load, 'HiddenDangersPage'),
  page('/SecurityRiskManagement/RectificationSearchNew', load, 'HiddenDangersPage'),
  page('/Trouble', load, 'HiddenDangersPage'),
  page('/BYCTroubleCheck', load, 'HiddenDangersPage'),
  page('/SecurityRiskManagement/NeedConfirmSearch', load, 'NeedConfirmPage'),
  page('/SecurityRiskManagement/NeedConfirmSearchNew', load, 'NeedConfirmPage'),
  page('/SecurityRiskManagement/ApproachingTrouble', load, 'ApproachingPage'),
  page('/SecurityRiskManagement/troubleTracking', load, 'TrackingPage'),
  page('/SecurityRiskManagement/troubleCheckTracking', load, 'TrackingPage'),
  page('/SecurityRiskManagement/TroubleAnalysis', load, 'AnalysisPage'),
  page('/SecurityRiskManagement/TroubleCleanupSummary', () => import('./summary-page'), 'CleanupSummaryPage'),
  page('/SecurityRiskManagement/MajorTroubleCriteria', () => import('./criteria-page'), 'CriteriaPage'),
]);
