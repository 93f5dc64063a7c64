import { definePages, page } from '../../app/route-types';

/** The daily safety commitment notice (issue 21 §7); the public /showCommitment is served outside the shell (app/router.tsx). */
export const commitmentsPages = definePages([
  page('/RiskResearch88/CommitmentNoticeManage', () => import('./manage-page'), 'CommitmentManagePage'),
  page('/RiskResearch88/CommitmentNoticeConfig', () => import('./config-page'), 'CommitmentConfigPage'),
  page('/riskResearch/CommitmentNoticeManage', () => import('./manage-page'), 'CommitmentManagePage'),
  page('/riskResearch/CommitmentNoticeAdd', () => import('./manage-page'), 'CommitmentManagePage'),
  page('/riskResearch/commitmentNoticeConfig', () => import('./config-page'), 'CommitmentConfigPage'),
]);
