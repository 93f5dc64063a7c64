import { expect, screenshots, test, type Page } from './fixtures';
import { alarmRealTimeList } from '../src/shared/alarms/contracts';
import { regionGetList } from '../src/shared/org/contracts';
import { tagSave } from '../src/shared/realtime/contracts';
import { ingestKeyCreate } from '../src/shared/contracts/stream';
import { callApi, signIn } from './sign-in';

const TAG = 'E2E.OPS.PT1';

async function shots(page: Page, name: string) {
  if (!screenshots) {
    return;
  }
  for (const lang of ['zh', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `test-results/screens/${name}-${lang}-${width}.png`, fullPage: false });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
}

test('alarm settings: the administrator records the rationalisation and a new priority with a reason; the next alarm has it; out of service and back from the live list; history exports', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const regions = await callApi<{ regionid: number; regioncode: string }[]>(request, token, regionGetList.path, { isallregionid: 1 });
  const tf = regions.find((r) => r.regioncode === 'TF')!.regionid;
  await callApi(request, token, tagSave.path, {
    isNew: true,
    id: TAG,
    name: `端到端压力 ${TAG}`,
    name_en: `E2E pressure ${TAG}`,
    unit: 'MPa',
    kind: 'pressure',
    device: 'PT-E2E',
    regionid: tf,
    hazard_source: '',
    range_lo: 0,
    range_hi: 10,
    ll: null,
    l: null,
    h: 8,
    hh: 9,
    deadband: 0.2,
    enabled: 1,
  });
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: `e2e ${TAG}` });
  let t = Date.now() + 10 * 60_000;
  const send = async (v: number) => {
    t += 1000;
    const res = await request.post('/ingest/v1/samples', { data: [{ tag: TAG, t, v, q: 0 }], headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  };

  // The ledger: the tag's H row with its limit and the default priority.
  await page.goto('/alarmAduit/alarmSettings');
  await page.getByTestId('settings-keyword').locator('input').fill(TAG);
  await page.getByTestId('settings-keyword').locator('input').press('Enter');
  const hRow = page.getByTestId(`setting-row-${TAG}-h`);
  await expect(hRow).toContainText('8 MPa');
  await expect(hRow).toContainText('中');
  await page.getByTestId(`setting-edit-${TAG}-h`).click();
  const dialog = page.getByTestId('setting-dialog');
  await dialog.getByTestId('setting-consequence').click();
  await page.locator('.ant-select-dropdown:visible').getByText('严重', { exact: true }).click();
  await dialog.getByTestId('setting-response').click();
  await page.locator('.ant-select-dropdown:visible').getByText('3–10 分钟', { exact: true }).click();
  await expect(dialog).toContainText('建议优先级：高');
  await dialog.getByTestId('setting-priority').click();
  await page.locator('.ant-select-dropdown:visible').getByText('紧急', { exact: true }).click();
  // Saving without a reason is refused in the form.
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toContainText('请填写变更原因');
  await dialog.getByTestId('setting-reason').fill('HAZOP 复审：超压可致法兰泄漏');
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(hRow).toContainText('紧急');
  await expect(hRow.locator('.pw-setting-differs')).toHaveText('高');
  await page.getByTestId(`setting-history-${TAG}-h`).click();
  const history = page.getByTestId('setting-history');
  await expect(history).toContainText('HAZOP 复审');
  await expect(history).toContainText('优先级: 中 → 紧急');
  await page.screenshot({ path: 'test-results/screens/alarm-settings-history-zh.png' });
  await page.keyboard.press('Escape');
  const ledgerFile = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  expect((await ledgerFile).suggestedFilename()).toBe('报警设置标准台账.xlsx');
  await shots(page, 'alarm-settings');

  // The next occurrence has the new priority.
  await send(8.6);
  await expect
    .poll(async () => (await callApi<{ list: { alarmKey: string; priority: number }[] }>(request, token, alarmRealTimeList.path, {})).list.find((a) => a.alarmKey === `tag:${TAG}:h`)?.priority)
    .toBe(1);

  // Out of service from the live list, with a reason; then back.
  await page.goto('/alarmData/realTimeAlarm');
  const row = page.getByTestId(`alarm-row-tag:${TAG}:h`);
  await expect(row).toBeVisible();
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('oos-selected').click();
  await page.getByTestId('oos-dialog').locator('.ant-btn-primary').click();
  await expect(page.getByTestId('oos-dialog')).toContainText('请填写停用原因');
  await page.getByTestId('oos-reason').fill('变送器更换');
  await page.getByTestId('oos-dialog').locator('.ant-btn-primary').click();
  await expect(row).toContainText('已停用');
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('rts-selected').click();
  await expect(row).toContainText('未确认');
  await page.getByTestId('plant-mode').click();
  await expect(page.locator('.ant-modal-title', { hasText: '装置运行状态' })).toBeVisible();
  await expect(page.getByTestId('plant-mode-region')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/plant-mode-zh.png' });
  await page.keyboard.press('Escape');

  // The history downloads as .xlsx.
  await page.goto(`/alarmData/historyAlarm?source=${TAG}&from=${Date.now() - 3_600_000}&to=${t + 60_000}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('history-export').click();
  expect((await download).suggestedFilename()).toBe('历史报警.xlsx');
  await shots(page, 'history-alarm');

  // Out of service is kept on the alarm: taken out of service from the ledger while not active,
  // its next activation is recorded out of service (not annunciated); back in service from the ledger it shows.
  const hhState = async () =>
    (await callApi<{ list: { alarmKey: string; state: string }[] }>(request, token, alarmRealTimeList.path, {})).list.find((a) => a.alarmKey === `tag:${TAG}:hh`)?.state;
  await page.goto('/alarmAduit/alarmSettings');
  await page.getByTestId('settings-keyword').locator('input').fill(TAG);
  await page.getByTestId('settings-keyword').locator('input').press('Enter');
  const hhRow = page.getByTestId(`setting-row-${TAG}-hh`);
  await expect(hhRow).toContainText('投用');
  await page.getByTestId(`setting-oos-remove-${TAG}-hh`).click();
  await page.getByTestId('oos-reason').fill('仪表标定');
  await page.getByTestId('oos-dialog').locator('.ant-btn-primary').click();
  await expect(page.getByTestId(`setting-oos-${TAG}-hh`)).toHaveText('已停用');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await hhRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/alarm-settings-oos-zh-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await send(9.5);
  await expect.poll(hhState).toBe('outOfService');
  await page.getByTestId(`setting-rts-${TAG}-hh`).click();
  await expect(hhRow).toContainText('投用');
  await expect.poll(hhState).toBe('unack');
});
