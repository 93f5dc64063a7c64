import { ingestKeyCreate, ingestPositions } from '../src/shared/contracts/stream';
import { startOfLocalDay } from '../src/shared/domain/plant-calendar';
import { hiddenDangerAssign, hiddenDangerDeadlineCheck, hiddenDangerVerify } from '../src/shared/hidden-dangers/contracts';
import { hiddenDangerLedger } from '../src/shared/hidden-dangers/ledger';
import { planSave, pointSave, taskList, type PointItem } from '../src/shared/inspections/contracts';
import { ledgerUserOptions, recordContracts } from '../src/shared/records/contracts';
import { regionIdOf } from './alarm-helpers';
import { expect, screenshots, test, type Browser, type Page } from './fixtures';
import { choose } from './form-helpers';
import { callApi, signIn } from './sign-in';

const DAY = 86_400_000;
/** The demo inspector's positioning card (a tracked person with the account's phone; src/server/modules/inspections/demo.ts). */
const CARD = 'INSP-0004';
const TF = { lon: 118.80367, lat: 32.25234 };
const calls = recordContracts(hiddenDangerLedger);
/** A 1×1 PNG: what a phone camera's picture stands for here. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function open(browser: Browser, user: string, phone = false): Promise<{ page: Page; token: string }> {
  const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, locale: 'zh-CN' } : { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await signIn(page, user);
  return { page, token: (await page.evaluate(() => localStorage.getItem('Admin-Token')))! };
}

/** Confirms the open step and waits until its call has answered (the modal closes); a refusal fails with the page's own message. */
async function confirmStep(page: Page) {
  await page.getByTestId('hd-step-ok').click();
  const refused = page.locator('.ant-message-error');
  await expect(page.getByTestId('hd-step-ok').or(refused)).toHaveCount(0, { timeout: 25_000 }).catch(async (err: unknown) => {
    throw new Error(`the step did not finish: ${(await refused.allTextContents()).join(' / ') || String(err)}`);
  });
}

interface DangerRecord {
  status: number;
  photos?: number[];
  afterPhotos?: number[];
  point?: string;
  source?: string;
  finder?: number;
  rectifier?: number;
  verifier?: number;
}

/*
 * Issue 24 "Done when", the whole loop in one story: a plan with two points
 * and a 1-hour cycle generates its round; the inspector, on a 390 px phone,
 * checks in at both by QR with a position posted at each point's place for
 * the first and none near the second (flagged, not refused); the first
 * point's out-of-limit pressure, with its photo, opens a hidden danger. That
 * danger is graded, assigned, goes overdue and escalates on the controlled
 * clock (DeadlineCheck `at`, the demo plant's drill clock), is rectified on a
 * phone with a photo after, accepted by someone else and closed.
 */
test('full loop: round generated, QR check-ins on a phone, a flagged one, a finding opens a hidden danger that is escalated, rectified, accepted and closed with photos', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await open(browser, 'admin');
  const tf = await regionIdOf(request, admin.token, 'TF');
  const users = await callApi<{ userid: number; loginname: string }[]>(request, admin.token, ledgerUserOptions.path, {});
  const idOf = (login: string) => users.find((u) => u.loginname === login)!.userid;
  const stamp = Date.now() % 1_000_000;

  // Two points 110 m apart, a plan on a 1-hour cycle: its current round is there at once, one hour long.
  const point = (name: string, dLat: number, items: unknown[]) =>
    callApi<PointItem>(request, admin.token, pointSave.path, { name, kind: 'device', regionid: tf, lon: TF.lon, lat: TF.lat + dLat, radiusM: 30, qrCode: `LOOP-${name}-${stamp}`, items });
  const a = await point(`环A泵${stamp}`, 0, [
    { key: 'p', label: '出口压力', type: 'value', min: 0.2, max: 0.8, unit: 'MPa' },
    { key: 'pic', label: '现场照片', type: 'photo' },
  ]);
  const b = await point(`环B阀${stamp}`, 0.001, [{ key: 'closed', label: '阀门关闭', type: 'tick' }]);
  const plan = await callApi<{ id: number; name: string }>(request, admin.token, planSave.path, {
    name: `全流程巡检${stamp}`,
    responsibleId: idOf('supervisor'),
    inspectorIds: [idOf('inspector')],
    regionid: tf,
    cycle: { kind: 'hour', every: 1, at: '00:00' },
    effectiveFrom: startOfLocalDay(Date.now()),
    toleranceMinutes: 5,
    pointIds: [a.id, b.id],
  });
  const tasks = await callApi<{ items: { id: number; start: number; end: number }[] }>(request, admin.token, taskList.path, { planId: plan.id, from: Date.now(), to: Date.now() + 1, pageSize: 5 });
  expect(tasks.items).toHaveLength(1);
  const task = tasks.items[0];
  expect(task.end - task.start).toBe(3_600_000);
  expect(task.start).toBeLessThanOrEqual(Date.now());

  const { key } = await callApi<{ key: string }>(request, admin.token, ingestKeyCreate.path, { name: `e2e full loop ${stamp}` });
  const sendFix = async (lon: number, lat: number) => {
    const res = await request.post(ingestPositions.path, { data: [{ tagId: CARD, t: Date.now(), lon, lat, kind: 'person' }], headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  };

  // The inspector's phone.
  const inspector = await open(browser, 'inspector', true);
  const ip = inspector.page;
  await ip.goto(`/inspection/MobileInspection?task=${task.id}`);
  await expect(ip.getByTestId('insp-task-select')).toContainText(plan.name);
  await expect(ip.getByTestId(`insp-point-${a.id}`).getByTestId('insp-point-state')).toHaveText('待打卡');
  await expect(ip.getByTestId(`insp-point-${b.id}`).getByTestId('insp-point-state')).toHaveText('待打卡');

  // Point A: the tag is at the point; the pressure is above its limit, with a photo.
  await sendFix(TF.lon, TF.lat);
  await ip.getByTestId('insp-qr').locator('input').fill(a.qrCode);
  await ip.getByTestId('insp-qr').locator('input').press('Enter');
  await expect(ip.getByTestId('insp-point-form')).toContainText(a.name);
  await ip.getByTestId('insp-point-form').getByRole('spinbutton').fill('1.5');
  await ip.getByTestId('insp-item-pic').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
  await expect(ip.getByTestId('insp-point-form').locator('.ant-tag').filter({ hasText: /^1$/ })).toBeVisible();
  await ip.getByTestId('insp-checkin').click();
  await expect(ip.getByTestId('insp-result')).toContainText('已生成隐患 1 条');
  await expect(ip.getByTestId(`insp-point-${a.id}`).getByTestId('insp-point-state')).toHaveText('有效');

  // Point B: the tag is still at A, 110 m away: the check-in is kept but flagged.
  await sendFix(TF.lon, TF.lat);
  await ip.getByTestId('insp-qr').locator('input').fill(b.qrCode);
  await ip.getByTestId('insp-qr').locator('input').press('Enter');
  await expect(ip.getByTestId('insp-point-form')).toContainText(b.name);
  await ip.getByTestId('insp-point-form').getByRole('checkbox').check();
  await ip.getByTestId('insp-checkin').click();
  await expect(ip.getByTestId(`insp-point-${b.id}`).getByTestId('insp-point-state')).toHaveText('定位存疑');
  if (screenshots) {
    await ip.screenshot({ path: test.info().outputPath('loop-phone-round.png'), fullPage: true });
  }
  await ip.goto(`/IntelligentInspection/PlanQueryDetail?id=${task.id}`);
  await expect(ip.getByTestId('task-detail')).toContainText('已完成');
  await expect(ip.getByText(/打卡时人员定位距巡检点\d+米/)).toBeVisible();

  // The hidden danger the reading opened: the point, its photo and the inspector as finder.
  const found = await callApi<{ items: ({ id: number; title: string } & DangerRecord)[] }>(request, admin.token, calls.list.path, { page: 1, pageSize: 20, filters: { title: a.name } });
  const danger = found.items.find((r) => r.title.includes(`巡检发现异常：${a.name}`));
  expect(danger, JSON.stringify(found.items.map((r) => r.title))).toBeTruthy();
  const id = danger!.id;
  const first = (await callApi<{ record: DangerRecord }>(request, admin.token, calls.get.path, { id })).record;
  expect(first.source).toBe('inspection');
  expect(first.point).toBe(a.name);
  expect(first.photos).toHaveLength(1);
  expect(first.finder).toBe(idOf('inspector'));

  // Graded on the page by the supervisor, assigned to the operator with a one-day deadline.
  const supervisor = await open(browser, 'supervisor');
  const sp = supervisor.page;
  await sp.goto('/SecurityRiskManagement/RectificationSearch');
  await sp.getByTestId(`hd-register-${id}`).click();
  await choose(sp, sp.getByTestId('hd-grade'), /一般隐患/);
  await confirmStep(sp);
  await expect(sp.getByTestId(`hd-assign-${id}`)).toBeVisible();
  const deadline = Date.now() + DAY;
  await callApi(request, supervisor.token, hiddenDangerAssign.path, { id, responsibleId: idOf('operator'), deadline, measures: '检修出口阀并校验压力表', money: 1200 });

  // The overdue path on the controlled clock: four days past the deadline it has reached the region's responsible person and the department head.
  const check = await callApi<{ escalated: number }>(request, supervisor.token, hiddenDangerDeadlineCheck.path, { at: deadline + 4 * DAY });
  expect(check.escalated).toBeGreaterThanOrEqual(1);
  await sp.goto('/SecurityRiskManagement/troubleTracking');
  await expect(sp.getByTestId(`hd-deadline-${id}`)).toHaveText('已逾期');
  await expect(sp.getByTestId(`hd-level-${id}`)).toContainText('区域隐患责任人');
  await expect(sp.getByTestId(`hd-level-${id}`)).toContainText('部门负责人');

  // Rectified by the operator on a phone, with a photo after.
  const operator = await open(browser, 'operator', true);
  const op = operator.page;
  await op.goto('/SecurityRiskManagement/RectificationSearch');
  await op.getByTestId(`hd-rectify-${id}`).click();
  await op.getByTestId('hd-note').fill('已检修出口阀，压力恢复0.5MPa');
  await op.getByTestId('hd-step-rectify').locator('input[type=file]').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: PNG });
  await expect(op.getByTestId('hd-step-rectify')).toContainText('after.png');
  if (screenshots) {
    await op.screenshot({ path: test.info().outputPath('loop-phone-rectify.png'), fullPage: true });
  }
  await confirmStep(op);
  await expect(op.getByTestId(`hd-rectify-${id}`)).toBeHidden();

  // The rectifier may not accept his own work; the supervisor accepts and closes.
  const self = await request.post(hiddenDangerVerify.path, { data: { id }, headers: { authorization: `Bearer ${operator.token}` } });
  expect(self.status()).toBeGreaterThanOrEqual(400);
  expect(((await self.json()) as { IsSuccess: boolean }).IsSuccess).toBe(false);
  await sp.goto('/SecurityRiskManagement/NeedConfirmSearch');
  await sp.getByTestId(`hd-verify-${id}`).click();
  await confirmStep(sp);
  await sp.goto('/SecurityRiskManagement/RectificationSearch');
  await sp.getByTestId(`hd-close-${id}`).click();
  await confirmStep(sp);
  await expect(sp.getByTestId(`hd-row-${id}`)).toBeHidden();

  const closed = (await callApi<{ record: DangerRecord }>(request, admin.token, calls.get.path, { id })).record;
  expect(closed.status).toBe(5);
  expect(closed.photos).toHaveLength(1);
  expect(closed.afterPhotos).toHaveLength(1);
  expect(closed.rectifier).toBe(idOf('operator'));
  expect(closed.verifier).toBe(idOf('supervisor'));
  expect(closed.verifier).not.toBe(closed.rectifier);
});
