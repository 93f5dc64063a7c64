import { expect, screenshots, test, type Page } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { signIn } from './sign-in';

/*
 * Issue 24 §2: the `/inspection/*` operations pages that answered /404 — task
 * detail, operation log, point–device binding, stop-inspection query,
 * time-stop config and history, visualisation, leak check records, upcoming
 * rounds, system config. Each opens at 1,440 px in Chinese and at 390 px in
 * English with its own content, no error and nothing scrolling sideways on the
 * phone; a device is bound on its page and the binding shows in the operation
 * log; a time stop saved on its page shows in the stop query and the history.
 */

const routes: [path: string, ready: string][] = [
  ['/inspection/TaskDetail', 'insp-task-pick'],
  ['/inspection/OperationLog', 'insp-oplog'],
  ['/inspection/PointDeviceBinding', 'insp-device-binding'],
  ['/inspection/StopInspectionQuery', 'insp-stops'],
  ['/inspection/TimeStopConfig', 'insp-stop-plan'],
  ['/inspection/TimeStopHistory', 'insp-stop-history'],
  ['/inspection/Visualization', 'insp-visual'],
  ['/inspection/LeakCheckRecord', 'record-table'],
  ['/inspection/AdventRecords', 'insp-advent'],
  ['/inspection/SystemConfig', 'insp-config'],
];

async function sweep(page: Page, lang: 'zh' | 'en', width: number) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  for (const [path, ready] of routes) {
    await page.goto(path);
    await expect(page.getByTestId(ready).first(), path).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('.ant-message-error'), path).toHaveCount(0);
    if (width < 500) {
      await expectNoSidewaysOverflow(page);
    }
    if (screenshots) {
      await page.waitForTimeout(500);
      await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-${lang}-${width}.png`), fullPage: true });
    }
  }
  expect(errors).toEqual([]);
}

test('the inspection operations pages open at 1440 zh and 390 en; a device binding and a time stop made on their pages show where they are read', async ({ page }) => {
  test.setTimeout(screenshots ? 600_000 : 240_000);
  await signIn(page, 'admin');
  await sweep(page, 'zh', 1440);

  // Round detail with an id: the round's own page.
  await page.goto('/inspection/TaskDetail');
  const first = page.getByTestId('insp-today').getByRole('link').first();
  if (await first.count()) {
    await first.click();
    await expect(page.getByTestId('task-detail')).toBeVisible();
  }

  // A device bound on its page; the operation log names it.
  await page.goto('/inspection/PointDeviceBinding');
  const bind = page.locator('[data-testid^="insp-bind-"]').first();
  const pointId = (await bind.getAttribute('data-testid'))!.replace('insp-bind-', '');
  await bind.click();
  await page.getByTestId('insp-bind-device').fill('P-E2E-101');
  await page.getByTestId('insp-bind-ok').click();
  await expect(page.getByTestId(`insp-device-${pointId}`)).toHaveText('P-E2E-101');
  await page.goto('/inspection/OperationLog');
  await expect(page.getByTestId('insp-oplog')).toContainText('巡检点绑定设备');
  await expect(page.getByTestId('insp-oplog')).toContainText('P-E2E-101');

  // A time stop on the first plan, from now to two hours on: stopped now in the query, before and after in the history.
  await page.goto('/inspection/TimeStopConfig');
  await page.getByTestId('insp-stop-plan').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByTestId('insp-pause-add').click();
  const row = page.locator('[data-testid^="insp-pause-"]').filter({ has: page.locator('.ant-picker-range') }).last();
  // The picker reads the browser's local time (the same machine's zone as this process).
  const fmt = (t: number) => {
    const d = new Date(t);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  const inputs = row.locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(fmt(Date.now() - 60_000));
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(fmt(Date.now() + 2 * 3600_000));
  await inputs.nth(1).press('Enter');
  await row.getByPlaceholder('说明').fill('端到端停检');
  await page.getByTestId('insp-pause-save').click();
  await expect(page.locator('.ant-message-success')).toBeVisible();
  await page.goto('/inspection/StopInspectionQuery');
  await page.getByTestId('insp-stop-state').getByText('停检中').click();
  await expect(page.getByTestId('insp-stops')).toContainText('端到端停检');
  await page.goto('/inspection/TimeStopHistory');
  await expect(page.getByTestId('insp-stop-history')).toContainText('端到端停检');

  // The check-in rules are the plant's: a manager changes the default radius, then puts it back.
  const setRadius = async (value: string) => {
    await page.goto('/inspection/SystemConfig');
    await page.getByTestId('insp-config-edit').click();
    await page.getByTestId('insp-config-radius').fill(value);
    await page.getByTestId('insp-config-save').click();
  };
  await setRadius('20');
  await expect(page.getByTestId('insp-config-form')).toBeHidden();
  await expect(page.getByTestId('insp-config')).toContainText('20');
  await setRadius('15');
  await expect(page.getByTestId('insp-config-form')).toBeHidden();
  await page.goto('/inspection/OperationLog');
  await expect(page.getByTestId('insp-oplog')).toContainText('修改巡检打卡规则');

  await sweep(page, 'en', 390);
});
