import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { reportList, reportSettingList } from '../src/shared/major-hazard/report-contracts';
import { tagList } from '../src/shared/realtime/contracts';

const NAME = `端到端日报 ${Date.now()}`;

/*
 * Issue 20 §7, /dataAnalysis/reportSetting: the administrator sets up a daily
 * report of two demo tags with the form's validation, generates it, sees it
 * kept, opens its table and downloads its Excel.
 */
test('a daily tag report is set up, generated and downloaded as Excel', async ({ page, request }) => {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const tags = await callApi<{ items: { id: string }[] }>(request, token, tagList.path, { page: 1, pageSize: 2, kind: 'level' });
  expect(tags.items.length).toBe(2);

  await page.goto('/dataAnalysis/reportSetting');
  await page.getByTestId('report-setting-add').click();
  // Nothing filled: the required rules show on the form and nothing is saved.
  await page.getByTestId('report-setting-save').click();
  await expect(page.getByTestId('report-setting-form')).toContainText('请填写报表名称');
  await expect(page.getByTestId('report-setting-form')).toContainText('请至少选择一个位号');
  await page.getByTestId('report-setting-name').fill(NAME);
  await page.getByTestId('report-setting-tags').click();
  for (const t of tags.items) {
    await page.keyboard.type(t.id);
    await expect(page.locator('.ant-select-item-option-active')).toContainText(t.id);
    await page.keyboard.press('Enter');
  }
  await page.getByTestId('report-setting-name').click();
  // A webhook that is not http(s) is refused on its field by the server.
  await page.getByTestId('report-setting-webhook').fill('ftp://example.com/r');
  await page.getByTestId('report-setting-save').click();
  await expect(page.getByTestId('report-setting-form')).toContainText('推送地址须为');
  await page.getByTestId('report-setting-webhook').fill('');
  await page.getByTestId('report-setting-save').click();
  await expect(page.getByTestId('report-setting-form')).toBeHidden();

  const setting = (await callApi<{ items: { id: number; name: string; tags: string[]; schedule: string }[] }>(request, token, reportSettingList.path, {})).items.find(
    (s) => s.name === NAME,
  )!;
  expect(setting).toMatchObject({ schedule: 'daily', tags: tags.items.map((t) => t.id) });
  await expect(page.getByTestId(`report-setting-row-${setting.id}`)).toBeVisible();

  await page.getByTestId(`report-generate-${setting.id}`).click();
  await expect
    .poll(async () => (await callApi<{ items: { id: number }[] }>(request, token, reportList.path, { settingId: setting.id })).items.length)
    .toBe(1);
  const report = (await callApi<{ items: { id: number; rows: { tag: string }[] }[] }>(request, token, reportList.path, { settingId: setting.id })).items[0];
  expect(report.rows.map((r) => r.tag)).toEqual(tags.items.map((t) => t.id));
  await page.getByTestId(`report-view-${report.id}`).click();
  await expect(page.locator('.ant-modal-body')).toContainText(tags.items[0].id);
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.getByTestId(`report-xlsx-${report.id}`).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^端到端日报 \d+-\d{8}-\d{4}\.xlsx$/);
  await screens(page, '/dataAnalysis/reportSetting', 'report-setting', 'report-setting');
});
