import { expect, screenshots, test, type Page } from './fixtures';
import { regionIdOf, screens, signIn } from './alarm-helpers';

/*
 * Issue 21 §4–§5 in the browser: on an open /riskFourColorMap a supervisor
 * opens a demo zone (公用工程区, blue from its demo risk point), sets its level
 * by hand to 重大 with a reason and sees the zone turn red on the map with the
 * override and its reason on the zone panel; clearing it (with a reason)
 * brings it back to blue. The zone's history page lists both changes with the
 * override as the cause; the print page writes the zone's level beside its
 * colour. Screenshots at 1440 (zh) and 390 (en) with SCREENSHOTS=1.
 */

async function overrideShots(page: Page) {
  for (const [lang, width] of [
    ['zh', 1440],
    ['en', 390],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/riskFourColorMap');
    await page.getByTestId('risk-zone-UT').click();
    await expect(page.getByTestId('risk-override-current')).toBeVisible();
    await page.waitForTimeout(500); // let the map and the drawer settle for the picture (not an assertion)
    await page.screenshot({ path: `test-results/screens/risk-override-${lang}-${width}.png` });
    await page.getByTestId('risk-override-set').click();
    await expect(page.getByTestId('risk-override-form')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/risk-override-form-${lang}-${width}.png` });
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a supervisor sets a zone’s level by hand on an open map and sees its colour change; clearing it brings the computed level back; history and print show it', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'supervisor');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const ut = await regionIdOf(request, token, 'UT');

  await page.goto('/riskFourColorMap');
  await expect(page.getByTestId('plant-map')).toBeVisible();
  const zone = page.getByTestId('risk-zone-UT');
  await expect(zone).toHaveAttribute('data-live', '4');
  await zone.click();
  const why = page.getByTestId('risk-zone-why');
  await expect(why).toBeVisible();

  // Set 重大 with a reason: a reason is required first.
  await why.getByTestId('risk-override-set').click();
  const form = page.getByTestId('risk-override-form');
  await form.locator('label.ant-radio-wrapper').filter({ hasText: '重大风险' }).click();
  await page.getByTestId('risk-override-ok').click();
  await expect(form).toContainText('请填写调整等级的原因');
  await page.getByTestId('risk-override-reason').fill('端到端：空压站检修期间按重大管控');
  await page.getByTestId('risk-override-ok').click();
  await expect(form).toBeHidden();

  // The open map and the panel follow at once.
  await expect(zone).toHaveAttribute('data-live', '1');
  await expect(zone.locator('.risk-level-tag')).toHaveText('重大风险');
  await expect(why.getByTestId('risk-why-live')).toHaveAttribute('data-level', '1');
  const current = why.getByTestId('risk-override-current');
  await expect(current).toHaveAttribute('data-level', '1');
  await expect(current).toContainText('空压站检修期间按重大管控');
  await expect(current).toContainText('supervisor');

  // The print page writes the zone's level beside its colour.
  await page.goto('/riskFourColorMap/print');
  const row = page.locator(`[data-testid="risk-print-sheet"] g[data-row="${ut}"]`);
  await expect(row).toContainText('公用工程区：重大风险');
  await expect(page.locator(`[data-testid="risk-print-sheet"] path[data-zone="${ut}"]`)).toHaveAttribute('data-level', '1');
  if (screenshots) {
    await screens(page, '/riskFourColorMap/print', 'risk-print', 'risk-print-sheet');
    await overrideShots(page);
  }

  // Clear it with a reason: back to the level of its risk points.
  await page.goto('/riskFourColorMap');
  await page.getByTestId('risk-zone-UT').click();
  await page.getByTestId('risk-override-clear').click();
  await page.getByTestId('risk-override-clear-reason').fill('检修结束');
  await page.getByTestId('risk-override-clear-ok').click();
  await expect(page.getByTestId('risk-zone-UT')).toHaveAttribute('data-live', '4');
  await expect(page.getByTestId('risk-override-current')).toBeHidden();

  // The zone's history: 低 → 重大 with the override as its cause, then back.
  await page.getByTestId('risk-zone-history-link').click();
  await expect(page).toHaveURL(new RegExp(`/riskFourColorMap/history\\?zone=${ut}$`));
  const list = page.getByTestId('risk-history-list');
  const rows = list.locator('[data-testid^="risk-history-row-"]');
  await expect(rows.first()).toHaveAttribute('data-to', '4');
  await expect(rows.first()).toHaveAttribute('data-from', '1');
  await expect(rows.nth(1)).toHaveAttribute('data-to', '1');
  await expect(rows.nth(1)).toContainText('等级已人工调整');
  await screens(page, `/riskFourColorMap/history?zone=${ut}`, 'risk-history', 'risk-history-list');
});
