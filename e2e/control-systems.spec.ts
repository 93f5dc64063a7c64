import { expect, test } from './fixtures';
import { prepareTank, screens } from './alarm-helpers';

/*
 * Issue 9 part 5 in the browser: the demo's DCS, SIS and GDS with tag counts
 * and live link status from the simulator, a system added on the page, and
 * the control system column and filter of the live alarm list. Screenshots at
 * 1440 and 390 px, zh and en, go to test-results/screens.
 */

/** A tank of our own whose id the system added below claims (PU-1.R- is longer than the demo DCS's PU-). */
const TANK = 'PU-1.R-E2E.LT';

test('the control systems page lists the demo systems with tags and a live link; a system added on the page appears; the live list shows and filters by system', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { send, openId } = await prepareTank(page, request, TANK);
  await page.goto('/alarmAduit/controlSystemSettings');
  const dcs = page.locator('[data-testid="cs-row-DCS-1 罐区及装置"]');
  await expect(dcs).toBeVisible();
  await expect(page.locator('[data-testid="cs-row-SIS-1 装车联锁"]')).toBeVisible();
  await expect(page.locator('[data-testid="cs-row-GDS-1 气体检测"]')).toBeVisible();
  // The simulator feeds the demo tags: the DCS owns some and its link is up.
  await expect(dcs.locator('td').nth(1)).not.toHaveText('0');
  await expect(dcs.locator('[data-testid^="cs-link-"]')).toContainText('正常', { timeout: 30_000 });

  await page.getByTestId('cs-add').click();
  await page.getByTestId('cs-name').fill('E2E-PLC');
  await page.getByTestId('cs-patterns').fill('PU-1.R-\nPU-1.E-');
  await page.getByTestId('cs-regions').click();
  await page.locator('.ant-select-tree-title', { hasText: '合成装置' }).first().click();
  await expect(page.getByTestId('cs-regions')).toContainText('合成装置');
  // Close the tree's dropdown by clicking into the form, not with Escape (which would close the dialog
  // itself if the dropdown has already closed).
  await page.getByTestId('cs-name').click();
  await page.getByTestId('cs-save').click();
  await expect(page.getByTestId('cs-save')).toBeHidden();
  await expect(page.locator('[data-testid="cs-row-E2E-PLC"]')).toBeVisible();
  await expect(page.locator('[data-testid="cs-row-E2E-PLC"]')).toContainText('PU-1.R-');

  await screens(page, '/alarmAduit/controlSystemSettings', 'control-systems', 'control-system-page');

  await send(5);
  await send(8.6);
  await expect.poll(() => openId('h')).toBeGreaterThan(0);
  const id = await openId('h');
  await page.goto('/alarmData/realTimeAlarm');
  await expect(page.getByTestId('real-time-alarm-page')).toBeVisible();
  await expect(page.locator('th', { hasText: '控制系统' })).toBeVisible();
  const row = page.locator(`.ant-table-row:has([data-testid="alarm-source-${id}"])`);
  await expect(row).toContainText('E2E-PLC');
  // Filtered by another system the tank's alarm is hidden; by its own it shows.
  await page.getByTestId('filter-control-system').click();
  await page.locator('.ant-select-item-option', { hasText: 'GDS-1 气体检测' }).click();
  await expect(page.getByTestId(`alarm-source-${id}`)).toHaveCount(0);
  await page.getByTestId('filter-control-system').click();
  await page.locator('.ant-select-item-option', { hasText: 'E2E-PLC' }).click();
  await expect(page.getByTestId(`alarm-source-${id}`)).toBeVisible();
  await screens(page, '/alarmData/realTimeAlarm', 'realtime-alarm-cs', 'real-time-alarm-page');
});
