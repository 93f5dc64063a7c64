import { expect, test } from './fixtures';
import { choose, signInAs } from './form-helpers';

/**
 * A safety sign's type is a record of the safety sign type ledger: the form
 * offers the types to choose from, the list names the chosen one, and a type
 * in use cannot be deleted.
 */
test('a safety sign takes its type from the type ledger: chosen in a searchable select, named in the list', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now() % 100000);
  const typeName = `当心落物${suffix}`;
  const signName = `东门落物标志${suffix}`;
  await signInAs(page, 'admin');

  await page.goto('/SafeSign/SafeSignTypeList');
  await page.getByTestId('record-add').click();
  const typeForm = page.getByTestId('record-form');
  await typeForm.getByTestId('field-name').fill(typeName);
  await typeForm.getByTestId('field-name_en').fill(`Falling objects ${suffix}`);
  await choose(page, typeForm.getByTestId('field-category'), /警告标志/);
  await page.getByTestId('record-save').click();
  await expect(page.getByRole('row', { name: new RegExp(typeName) })).toBeVisible();

  await page.goto('/SafeSign/SafeSignList');
  await page.getByTestId('record-add').click();
  const form = page.getByTestId('record-form');
  await form.getByTestId('field-name').fill(signName);
  // Typing narrows the types to the one of that name.
  await choose(page, form.getByTestId('field-signType'), new RegExp(typeName), typeName);
  await choose(page, form.getByTestId('field-region'), /./);
  await page.getByTestId('record-save').click();
  const row = page.getByRole('row', { name: new RegExp(signName) });
  await expect(row).toContainText(typeName);

  // The detail names the type; the read-only former-type field holds nothing for a new sign and is not shown.
  await row.getByRole('button', { name: /查看|View/ }).click();
  await expect(page.getByTestId('detail-signType')).toHaveText(typeName);
  await expect(page.getByTestId('detail-signTypeOld')).toHaveCount(0);
  await page.goBack();

  // The list filters by the type.
  const filters = page.getByTestId('record-filters');
  await choose(page, filters.getByTestId('field-signType'), new RegExp(typeName), typeName);
  await page.getByTestId('record-search').click();
  await expect(page.getByTestId('record-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row).toBeVisible();

  // In use, the type is not deleted; the message says which ledger holds it.
  await page.goto('/SafeSign/SafeSignTypeList');
  await page.getByRole('row', { name: new RegExp(typeName) }).getByRole('button', { name: /删\s*除/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(/台账“安全标志”中有 1 条记录引用了该记录/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(typeName) })).toBeVisible();
});
