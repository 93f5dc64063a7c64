import { expect, test } from './fixtures';
import { signIn } from './alarm-helpers';

/*
 * Issue 21 §4 in the browser: the supervisor changes the red of /MapColors and the
 * zone table shows the new shade; /WorldMap says it is offline (no national base map
 * turned on) and still draws the plant map; /regionOperationRiskMap opens with its map.
 */
test('map colours are stored and used by the zone table; the world map says it is offline; the work-in-progress map opens', async ({ page }) => {
  test.setTimeout(180_000); // four pages, two of them maps
  await signIn(page, 'supervisor');
  await page.goto('/MapColors');
  await expect(page.getByTestId('map-color-preview-1')).toBeVisible();
  const input = page.getByTestId('map-color-1');
  await input.click();
  const hex = page.locator('.ant-color-picker-input input').first();
  await hex.fill('C00000');
  await hex.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('map-colors-save').click();
  await expect(page.getByText(/修改|Changed by/)).toBeVisible();

  await page.goto('/riskTable');
  await expect(page.getByTestId('risk-table-page').locator('[data-level="1"]').first()).toHaveAttribute('data-color', '#C00000');

  await page.goto('/WorldMap');
  await expect(page.getByTestId('world-map-page')).toHaveAttribute('data-online', '0');
  await expect(page.getByTestId('world-map-status')).toContainText('离线');
  await expect(page.getByTestId('plant-map')).toBeVisible();

  await page.goto('/regionOperationRiskMap');
  await expect(page.getByTestId('operation-map-page')).toBeVisible();
  await expect(page.getByTestId('plant-map')).toBeVisible();
});
