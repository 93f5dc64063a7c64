import { expect, screenshots, test } from './fixtures';
import { fieldError as errorOf, fieldInput as input, signInAs as signIn } from './form-helpers';

const TAG = 'TF-A.TK-101.LT';

test('tag form: an administrator sets a history compression deviation (swinging door); negative is refused on its field; desktop and phone', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/realTimeData/manage');
  await page.getByTestId('record-keyword').fill(TAG);
  await page.getByTestId('record-search').click();
  await page.getByTestId(`tag-edit-${TAG}`).click();
  const form = page.getByTestId('tag-form');
  // Lossless until set.
  await expect(input(form, 'comp_dev')).toHaveValue('');
  await expect(form).toContainText('压缩偏差');
  await input(form, 'comp_dev').fill('-1');
  await expect(errorOf(form, 'comp_dev')).toHaveText('不能小于 0');
  await input(form, 'comp_dev').fill('0.05');
  await input(form, 'comp_dev').scrollIntoViewIfNeeded();
  if (screenshots) {
    await page.screenshot({ path: 'test-results/screens/tag-compression-desktop.png' });
  }
  await page.getByTestId('tag-save').click();
  await expect(form).toBeHidden();

  // Stored: the form shows it again, here at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId(`tag-edit-${TAG}`).click();
  await expect(input(form, 'comp_dev')).toHaveValue('0.05');
  await input(form, 'comp_dev').scrollIntoViewIfNeeded();
  if (screenshots) {
    await page.screenshot({ path: 'test-results/screens/tag-compression-phone.png' });
  }
  const box = await input(form, 'comp_dev').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  // Cleared: lossless again.
  await input(form, 'comp_dev').fill('');
  await page.getByTestId('tag-save').click();
  await expect(form).toBeHidden();
  await page.getByTestId(`tag-edit-${TAG}`).click();
  await expect(input(form, 'comp_dev')).toHaveValue('');
});
