import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { runningEffectCall } from '../src/shared/performance-board/contracts';

/*
 * Issue 24 §4 in the browser: the supervisor opens the dual-prevention board
 * from the menu; its figures are the calls' figures (risk points, overdue,
 * the rectification rate), the classification bars sum to the risk points.
 * Screenshots at 1440 and 390 px, zh and en, with SCREENSHOTS=1.
 */
test('the dual-prevention board shows the figures of its calls, in the supervisor\'s regions', async ({ page, request }) => {
  await signIn(page, 'supervisor');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const effect = await callApi<{ riskPoints: number; all: { overdue: number; rectifyRate: number | null } }>(request, token, runningEffectCall.path, {});
  await page.goto('/RiskControll/EvaluationBoard');
  await expect(page.getByTestId('pb-risk-points')).toContainText(String(effect.riskPoints));
  await expect(page.getByTestId('pb-overdue')).toContainText(String(effect.all.overdue));
  await expect(page.getByTestId('pb-rectify-rate')).toContainText(effect.all.rectifyRate === null ? '—' : `${effect.all.rectifyRate}%`);
  const counts = await page.locator('[data-testid^="pb-level-"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  expect(counts).toHaveLength(5);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(effect.riskPoints);
  await expect(page.getByTestId('pb-zones').locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('pb-method')).toContainText('整改率');
  await screens(page, '/RiskControll/EvaluationBoard', 'performance-board', 'pb-by-month');
});
