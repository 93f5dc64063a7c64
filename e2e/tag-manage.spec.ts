import { expect, test } from './fixtures';
import { fieldError as errorOf, fieldInput as input, signInAs as signIn } from './form-helpers';

const TAG = 'TF-A.TK-101.LT';

test('tag form: 新增 → 取消 → 编辑 shows the tag itself and keeps its range; bad limits, names and numbers are refused on their fields', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/realTimeData/manage');
  await page.getByTestId('record-keyword').fill(TAG);
  await page.getByTestId('record-search').click();
  const row = page.getByRole('row', { name: new RegExp(TAG.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  // The stored range and deadband as the list shows them ("0 ~ 16 m", deadband cell).
  const rangeText = (await row.locator('td').filter({ hasText: /~/ }).innerText()).trim();
  const [lo, hi] = rangeText.split(/\s*~\s*/).map((x) => parseFloat(x));
  expect(hi).not.toBe(100);

  // 新增 shows the defaults of a new tag; 取消 closes it.
  await page.getByTestId('tag-add').click();
  const form = page.getByTestId('tag-form');
  await expect(input(form, 'range_hi')).toHaveValue('100');
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(form).toBeHidden();

  // 编辑 then shows the tag's own values, not those defaults.
  await page.getByTestId(`tag-edit-${TAG}`).click();
  await expect(input(form, 'id')).toHaveValue(TAG);
  await expect(input(form, 'range_lo')).toHaveValue(String(lo));
  await expect(input(form, 'range_hi')).toHaveValue(String(hi));
  const deadband = await input(form, 'deadband').inputValue();
  expect(Number(deadband)).toBeLessThan(hi - lo);
  // A click while the dialog still zooms in can land before its form listens (seen once in a full run, as in
  // org-units.spec): click again until the dialog closes. Saving the same values twice changes nothing.
  await expect(async () => {
    if (await form.isVisible()) {
      await page.getByTestId('tag-save').click({ timeout: 2000 });
    }
    await expect(form).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 25_000 });
  await expect(row.locator('td').filter({ hasText: /~/ })).toHaveText(rangeText);
  await page.getByTestId(`tag-edit-${TAG}`).click();
  await expect(input(form, 'range_hi')).toHaveValue(String(hi));
  await expect(input(form, 'deadband')).toHaveValue(deadband);
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // A new tag with each defect of the old page, one at a time.
  await page.getByTestId('tag-add').click();
  await input(form, 'id').fill('E2E.RULE.LT');
  await input(form, 'name').fill('   ');
  await input(form, 'range_hi').fill('20');
  await input(form, 'h').fill('25');
  await page.getByTestId('tag-save').click();
  await expect(errorOf(form, 'name')).toHaveText('必填');
  await input(form, 'name').fill('规则测试液位');
  await page.getByTestId('tag-save').click();
  await expect(errorOf(form, 'h')).toHaveText('H（25）超出量程 0 ~ 20');

  await input(form, 'h').fill('1e3x');
  await expect(errorOf(form, 'h')).toHaveText('请输入数字');
  await input(form, 'h').fill('16');
  await input(form, 'hh').fill('15');
  await page.getByTestId('tag-save').click();
  await expect(errorOf(form, 'hh')).toContainText('LL ≤ L ≤ H ≤ HH');
  await input(form, 'hh').fill('18');
  await input(form, 'deadband').fill('-1');
  await expect(errorOf(form, 'deadband')).toHaveText('不能小于 0');
  await input(form, 'deadband').fill('0.5');
  await page.getByTestId('tag-save').click();
  await expect(form).toBeHidden();

  // Stored as typed: range 0–20, H 16, HH 18, deadband 0.5.
  await page.getByTestId('record-keyword').fill('E2E.RULE.LT');
  await page.getByTestId('record-search').click();
  const created = page.getByRole('row', { name: /E2E\.RULE\.LT/ });
  await expect(created).toContainText('0 ~ 20');
  await expect(created).toContainText('H 16 · HH 18');
  await expect(created).toContainText('0.5');
  await page.screenshot({ path: 'test-results/screens/tag-manage-1440-zh.png' });
});
