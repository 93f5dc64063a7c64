import sharp from 'sharp';
import { expect, screenshots, test } from './fixtures';
import { choose } from './form-helpers';
import { signIn } from './sign-in';

test('an image attached to a safe sign type shows as a thumbnail on its detail page', async ({ page }) => {
  const name = `E2E 图例 ${Date.now() % 100000}`;
  const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#d4380d' } }).png().toBuffer();
  await signIn(page, 'admin');
  await page.goto('/SafeSign/SafeSignTypeList');
  await page.getByTestId('record-add').click();
  const form = page.getByTestId('record-form');
  await form.getByTestId('field-name').fill(name);
  await choose(page, form.getByTestId('field-category'), /./);
  await form.locator('input[type=file]').first().setInputFiles({ name: '禁止烟火.png', mimeType: 'image/png', buffer: picture });
  await expect(form).toContainText('禁止烟火.png');
  await page.getByTestId('record-save').click();
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: /查看|View/ }).click();
  await expect(page.getByTestId('record-detail')).toBeVisible();
  const thumb = page.locator('img[data-testid^="attachment-thumb-"]');
  await expect(thumb).toBeVisible();
  // A decoded picture, scaled to the thumbnail's 240 px (not the 800 px original).
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([240, 120]);
  await expect(page.getByTestId('record-detail')).toContainText('禁止烟火.png');
  for (const width of screenshots ? [1440, 390] : []) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/attachment-thumb-zh-${width}.png`, fullPage: true });
  }
});
