import { ingestKeyCreate, ingestPositions } from '../src/shared/contracts/stream';
import { startOfLocalDay } from '../src/shared/domain/plant-calendar';
import { planSave, pointSave, taskList, type PointItem } from '../src/shared/inspections/contracts';
import { ledgerUserOptions } from '../src/shared/records/contracts';
import { regionIdOf } from './alarm-helpers';
import { expect, screenshots, test, type Page } from './fixtures';
import { callApi, signIn } from './sign-in';

/** The demo inspector's positioning card (a tracked person with the account's phone; src/server/modules/inspections/demo.ts). */
const CARD = 'INSP-0004';
const TF = { lon: 118.80367, lat: 32.25234 };

/*
 * Issue 24 Done-when, the inspection half: a plan with two points and a 1-hour
 * cycle generates its round; the inspector, on a phone, checks in at both by
 * typing the QR codes. A position is posted at the first point and none near
 * the second: the first counts, the second is flagged. The first point's
 * out-of-limit reading opens a hidden danger the inspector then finds on
 * /Trouble. The second check-in is made offline and sent when the browser is
 * back online, judged at the time it was made.
 */
test('a round on a phone: QR check-ins, one flagged without a fix near the point, an out-of-limit value opens a hidden danger, offline queue', async ({ browser, request }) => {
  const adminPage = await browser.newPage();
  await signIn(adminPage, 'admin');
  const admin = (await adminPage.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const tf = await regionIdOf(request, admin, 'TF');
  const users = await callApi<{ userid: number; loginname: string }[]>(request, admin, ledgerUserOptions.path, {});
  const inspectorId = users.find((u) => u.loginname === 'inspector')!.userid;
  const stamp = Date.now() % 1_000_000;
  const point = (name: string, dLat: number, items: unknown[]) =>
    callApi<PointItem>(request, admin, pointSave.path, { name, kind: 'device', regionid: tf, lon: TF.lon, lat: TF.lat + dLat, qrCode: `E2E-${name}-${stamp}`, items });
  const a = await point('A泵', 0, [{ key: 'p', label: '出口压力', type: 'value', min: 0.2, max: 0.8, unit: 'MPa' }]);
  const b = await point('B阀', 0.001, [{ key: 'closed', label: '阀门关闭', type: 'tick' }]);
  const plan = await callApi<{ id: number; name: string }>(request, admin, planSave.path, {
    name: `端到端巡检${stamp}`,
    responsibleId: inspectorId,
    inspectorIds: [inspectorId],
    regionid: tf,
    cycle: { kind: 'hour', every: 1, at: '00:00' },
    effectiveFrom: startOfLocalDay(Date.now()),
    toleranceMinutes: 5,
    pointIds: [a.id, b.id],
  });
  const tasks = await callApi<{ items: { id: number; start: number; end: number }[] }>(request, admin, taskList.path, { planId: plan.id, from: Date.now(), to: Date.now() + 1, pageSize: 5 });
  expect(tasks.items.length).toBe(1);
  const task = tasks.items[0];
  expect(task.end - task.start).toBe(3_600_000);

  const { key } = await callApi<{ key: string }>(request, admin, ingestKeyCreate.path, { name: `e2e inspections ${stamp}` });
  const sendFix = async (lon: number, lat: number) => {
    const res = await request.post(ingestPositions.path, { data: [{ tagId: CARD, t: Date.now(), lon, lat, kind: 'person' }], headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  };

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const page: Page = await context.newPage();
  await signIn(page, 'inspector');
  await page.goto(`/inspection/MobileInspection?task=${task.id}`);
  await expect(page.getByTestId('insp-task-select')).toContainText(plan.name);
  await expect(page.getByTestId(`insp-point-${a.id}`)).toContainText('待打卡');

  // Point A: the inspector's tag is at the point; the pressure is above its limit.
  await sendFix(TF.lon, TF.lat);
  await page.getByTestId('insp-qr').locator('input').fill(a.qrCode);
  await page.getByTestId('insp-qr').locator('input').press('Enter');
  await expect(page.getByTestId('insp-point-form')).toContainText(a.name);
  await page.getByTestId('insp-point-form').getByRole('spinbutton').fill('1.5');
  await page.getByTestId('insp-checkin').click();
  await expect(page.getByTestId('insp-result')).toContainText('已生成隐患 1 条');
  await expect(page.getByTestId(`insp-point-${a.id}`).getByTestId('insp-point-state')).toHaveText('有效');

  // Point B, offline: no fix near it; the check-in waits in the phone's queue and goes when the connection returns.
  await context.setOffline(true);
  await page.getByTestId('insp-qr').locator('input').fill(b.qrCode);
  await page.getByTestId('insp-qr').locator('input').press('Enter');
  await page.getByTestId('insp-point-form').getByRole('checkbox').check();
  await page.getByTestId('insp-checkin').click();
  await expect(page.getByTestId('insp-result')).toContainText('离线');
  await expect(page.getByTestId('insp-queue')).toContainText('1');
  if (screenshots) {
    await page.screenshot({ path: test.info().outputPath('mobile-offline.png'), fullPage: true });
  }
  await context.setOffline(false);
  await expect(page.getByTestId(`insp-point-${b.id}`).getByTestId('insp-point-state')).toHaveText('定位存疑', { timeout: 30_000 });
  await expect(page.getByTestId('insp-queue')).toBeHidden();
  if (screenshots) {
    await page.screenshot({ path: test.info().outputPath('mobile-done.png'), fullPage: true });
  }

  // The round's detail names why B is doubtful; the hidden danger is on /Trouble with the point.
  await page.goto(`/IntelligentInspection/PlanQueryDetail?id=${task.id}`);
  await expect(page.getByTestId('task-detail')).toContainText('已完成');
  await expect(page.getByText(/打卡时人员定位距巡检点\d+米/)).toBeVisible();
  await page.goto('/Trouble');
  await expect(page.getByText(`巡检发现异常：${a.name}`).first()).toBeVisible({ timeout: 20_000 });
  await context.close();
});

// Pictures for people to look at (SCREENSHOTS=1), not a test.
if (screenshots) {
  test('screenshots of the inspection pages at 1440 and 390 px, zh and en', async ({ browser }) => {
    test.setTimeout(300_000);
    for (const locale of ['zh-CN', 'en-US']) {
      for (const width of [1440, 390]) {
        const ctx = await browser.newContext({ locale, viewport: { width, height: width > 500 ? 900 : 844 } });
        const page = await ctx.newPage();
        await signIn(page, 'admin');
        if (locale === 'en-US') {
          await page.evaluate(() => localStorage.setItem('language', 'en'));
        }
        for (const [path, id] of [
          ['/inspection/MobileInspection', 'insp-mobile'],
          ['/inspection/PlanManagement', 'plan-list'],
          ['/IntelligentInspection/PlanQuery', 'task-list'],
          ['/IntelligentInspection/MissQuery', 'miss-rate'],
          ['/inspection/InvalidQuery', 'task-list'],
          ['/inspection/QrCode', 'insp-points'],
          ['/systemConfig/NFCBind', 'nfc-point'],
        ]) {
          await page.goto(path);
          await expect(page.getByTestId(id).first()).toBeVisible();
          await page.waitForTimeout(800);
          await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-${locale}-${width}.png`) });
        }
        await ctx.close();
      }
    }
  });
}
