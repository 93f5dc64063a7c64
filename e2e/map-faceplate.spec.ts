import { expect, test } from './fixtures';
import { createTankTag, ingestSender, regionIdOf, signIn } from './alarm-helpers';

const A = 'E2E.MAP.LT1';
const B = 'E2E.MAP.LT2';

test('plant map: a tag in alarm shows as a marker on its region; clicking it opens the faceplate; with two tags the marker lists them and each opens its faceplate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  // The muster point has no process tags of the demo plant: the marker holds only this test's tags.
  const mp = await regionIdOf(request, token, 'MP');
  for (const id of [A, B]) {
    await createTankTag(request, token, id, mp);
  }
  const send = await ingestSender(request, token, 'e2e map');

  await page.goto('/MapDisplay');
  await expect(page.getByTestId('plant-map')).toHaveAttribute('data-region-codes', /MP/);
  const marker = page.getByTestId(`map-alarm-${mp}`);
  await expect(marker).toHaveCount(0);

  // One tag in alarm: the marker appears live (topic `alarm`) and opens that tag's faceplate.
  await send(A, 8.5);
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(page.getByTestId('faceplate')).toBeVisible();
  await expect(page.getByTestId(`faceplate-${A}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('faceplate')).toBeHidden();

  // Two tags: the marker lists them; each opens its own faceplate.
  await send(B, 9.5);
  await expect(marker).toContainText('2');
  await marker.click();
  const list = page.getByTestId(`map-alarm-list-${mp}`);
  await expect(list).toBeVisible();
  // B's HH before A's H: the most urgent first.
  await expect(list.locator('a').first()).toContainText(B);
  await page.screenshot({ path: 'test-results/screens/map-alarm-markers-zh-1440.png' });
  await list.getByTestId(`map-alarm-tag-${B}`).click();
  await expect(page.getByTestId(`faceplate-${B}`)).toBeVisible();
  await page.getByTestId('faceplate').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('faceplate')).toBeHidden();

  // At phone width the marker stays tappable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(marker).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/map-alarm-markers-zh-390.png' });
  await marker.click();
  await expect(list).toBeVisible();
  await list.getByTestId(`map-alarm-tag-${A}`).click();
  await expect(page.getByTestId(`faceplate-${A}`)).toBeVisible();
});
