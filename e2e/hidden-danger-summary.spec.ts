import { hiddenDangerCleanupSummary } from '../src/shared/hidden-dangers/contracts';
import { localParts } from '../src/shared/domain/plant-calendar';
import { expect, screenshots, test } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

/*
 * Issue 24 §1, /SecurityRiskManagement/TroubleCleanupSummary: the year's
 * hidden-danger summary by quarter and for the whole year, and the chosen
 * period by department and region — the page shows what its call answers, at
 * 1,440 px in Chinese and at 390 px in English without scrolling sideways.
 */
test('the cleanup summary shows the year by quarter and the chosen period by department and region, at desktop and phone width', async ({ page }) => {
  await signIn(page, 'supervisor');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const year = localParts(Date.now()).year;
  const s = await callApi<{ periods: { period: string; found: number; byDept: unknown[]; byRegion: unknown[] }[] }>(page.request, token, hiddenDangerCleanupSummary.path, { year });
  const whole = s.periods.find((p) => p.period === 'year')!;
  expect(whole.found).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/SecurityRiskManagement/TroubleCleanupSummary');
  const yearRow = page.getByTestId('hd-summary-periods').locator('tr', { has: page.getByTestId('hd-summary-whole') });
  await expect(yearRow).toContainText('全年');
  await expect(yearRow.locator('td').nth(1)).toHaveText(String(whole.found));
  await expect(page.getByTestId('hd-summary-region').locator('tbody tr.ant-table-row')).toHaveCount(whole.byRegion.length);
  await expect(page.getByTestId('hd-summary-dept').locator('tbody tr.ant-table-row')).toHaveCount(whole.byDept.length);
  if (screenshots) {
    await page.screenshot({ path: test.info().outputPath('summary-zh-1440.png'), fullPage: true });
  }
  // Last year: nothing found.
  await page.getByTestId('hd-summary-year').fill(String(year - 1));
  await page.getByTestId('hd-summary-year').press('Enter');
  await expect(yearRow.locator('td').nth(1)).toHaveText('0');

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/SecurityRiskManagement/TroubleCleanupSummary');
  await expect(yearRow).toContainText('Whole year');
  await expect(yearRow.locator('td').nth(1)).toHaveText(String(whole.found));
  await expectNoSidewaysOverflow(page);
  if (screenshots) {
    await page.screenshot({ path: test.info().outputPath('summary-en-390.png'), fullPage: true });
  }
});
