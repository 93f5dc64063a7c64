import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { dangerListConfig, dangerListConfigSave } from '../src/shared/major-hazard/archive-contracts';
import { identificationList } from '../src/shared/major-hazard/contracts';

/*
 * Issue 20 §3, the register's remaining pages: the administrator adds a column
 * to the register list on dangerListConfig and sees it on dangerSource, opens
 * a source's archive from its row, and opens the key-supervised process ledger.
 */
test('register list columns, a source archive and the key-supervised process ledger', async ({ page, request }) => {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const before = await callApi<{ columns: string[]; defaults: string[] }>(request, token, dangerListConfig.path, {});
  expect(before.columns).not.toContain('remark');

  await page.goto('/dangerSourceManagement/dangerListConfig');
  await page.getByTestId('mh-list-config-remark').check();
  await page.getByTestId('mh-list-config-save').click();
  await expect.poll(async () => (await callApi<{ columns: string[] }>(request, token, dangerListConfig.path, {})).columns).toEqual([...before.columns, 'remark']);
  await screens(page, '/dangerSourceManagement/dangerListConfig', 'mh-list-config', 'mh-list-config');

  const units = await callApi<{ items: { id: number; code: string; result: { R: number } | null }[] }>(request, token, identificationList.path, {});
  const source = units.items.find((u) => u.code === 'MH-TFA')!;
  await page.goto('/dangerSourceManagement/dangerSource');
  await expect(page.locator('th', { hasText: '备注' })).toBeVisible();
  await page.getByTestId(`mh-archive-open-${source.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/dangerSourceManagement/dangerarchives\\?id=${source.id}$`));
  await expect(page.getByTestId('mh-archive')).toHaveAttribute('data-id', String(source.id));
  await expect(page.getByTestId('mh-archive-r')).toHaveText(`R = ${Number(source.result!.R.toPrecision(6))}`);
  await screens(page, `/dangerSourceManagement/dangerarchives?id=${source.id}`, 'mh-archive', 'mh-archive');

  await page.goto('/dangerSourceManagement/chemicalProcessRecord');
  await expect(page.getByTestId('record-add')).toBeVisible();
  await screens(page, '/dangerSourceManagement/chemicalProcessRecord', 'mh-processes', 'record-add');

  await callApi(request, token, dangerListConfigSave.path, { columns: before.defaults });
});
