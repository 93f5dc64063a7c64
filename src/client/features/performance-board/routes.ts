import { definePages, page } from '../../app/route-types';

/** The dual-prevention performance board (issue 24 §4). */
export const performanceBoardPages = definePages([page('/RiskControll/EvaluationBoard', () => import('./board-page'), 'BoardPage')]);
