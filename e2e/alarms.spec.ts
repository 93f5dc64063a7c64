import { expect, test, type Browser, type Page } from './fixtures';
import { auditLogList } from '../src/shared/org/contracts';
import { callApi, prepareTank, signIn } from './alarm-helpers';

/** A tank of our own with limits H 8 and HH 9, so the simulator's demo tanks do not decide what the test sees. */
const TANK = 'E2E.ALM.LT1';

/** Counts the tones the page plays (Web Audio oscillators started), so the test can hear the alarm sound. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    // start() lives on AudioScheduledSourceNode, the parent of OscillatorNode.
    const proto = AudioScheduledSourceNode.prototype;
    const start = Object.getOwnPropertyDescriptor(proto, 'start')!.value as (this: AudioScheduledSourceNode, when?: number) => void;
    proto.start = function (this: AudioScheduledSourceNode, when?: number) {
      w.__tones++;
      start.call(this, when);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

async function operatorPage(browser: Browser) {
  const ctx = await browser.newContext({ locale: 'zh-CN' });
  const page = await ctx.newPage();
  await signIn(page, 'operator');
  await page.goto('/alarmData/realTimeAlarm');
  return page;
}

test('an overfilling tank raises H then HH with sound; acknowledging in one browser stops the blinking in another; a one-minute shelf ends with the alarm back unacknowledged; all audited', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await countTones(page);
  const { token, send, openId } = await prepareTank(page, request, TANK);
  await page.goto('/alarmData/realTimeAlarm');
  await expect(page.getByTestId('real-time-alarm-page')).toBeVisible();
  // Sound needs a user gesture first, as for a person at the console.
  await page.getByTestId('alarm-total').click();
  const other = await operatorPage(browser);

  const hRow = `alarm-row-tag:${TANK}:h`;
  const hhRow = `alarm-row-tag:${TANK}:hh`;
  await send(8.5);
  await expect(page.getByTestId(hRow)).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId(hRow)).toHaveClass(/pw-alarm-row-unack/);
  await send(9.4);
  await expect(page.getByTestId(hhRow)).toBeVisible({ timeout: 5000 });
  await expect(other.getByTestId(hhRow)).toHaveClass(/pw-alarm-row-unack/, { timeout: 5000 });
  // HH is high priority: the banner counts it and the page sounded.
  await expect(page.getByTestId('alarm-unack-p2')).toBeVisible();
  await expect.poll(() => tones(page)).toBeGreaterThan(0);

  // Acknowledge HH in the administrator's browser: the operator's row stops blinking.
  const hhId = await openId('hh');
  await page.getByTestId(`ack-${hhId}`).click();
  await expect(other.getByTestId(hhRow)).not.toHaveClass(/pw-alarm-row-unack/, { timeout: 5000 });
  await expect(other.getByTestId(`alarm-state-${hhId}`)).toHaveText(/已确认/);

  // Shelve H for one minute with a reason: it hides from the unacknowledged; after the minute, still active, it is back unacknowledged.
  const hId = await openId('h');
  await page.getByTestId(hRow).locator('.ant-checkbox-input').check();
  await page.getByTestId('shelve-selected').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('shelve-reason') });
  await dialog.getByTestId('shelve-minutes').click();
  await page.locator('.ant-select-item-option').filter({ hasText: /^1 分钟$/ }).click();
  // Without a reason the dialog refuses, naming the field.
  await dialog.getByRole('button', { name: /搁\s*置/ }).click();
  await expect(dialog.getByText('请填写搁置原因')).toBeVisible();
  await dialog.getByTestId('shelve-reason').fill('液位计校验');
  await dialog.getByRole('button', { name: /搁\s*置/ }).click();
  await expect(other.getByTestId(`alarm-state-${hId}`)).toHaveText(/已搁置/, { timeout: 5000 });
  await expect(other.getByTestId(hRow)).not.toHaveClass(/pw-alarm-row-unack/);
  await send(9.3); // still active
  await expect(other.getByTestId(`alarm-state-${hId}`)).toHaveText(/^未确认/, { timeout: 75_000 });
  await expect(other.getByTestId(hRow)).toHaveClass(/pw-alarm-row-unack/);

  const audit = await callApi<{ items: { action: string; entity_id: string; loginname: string }[] }>(request, token, auditLogList.path, {
    entity: 'alarm',
    pageSize: 100,
  });
  const steps = audit.items.filter((r) => r.entity_id === String(hId) || r.entity_id === String(hhId)).map((r) => `${r.action}:${r.loginname}`);
  expect(steps).toEqual(expect.arrayContaining(['alarm.ack:admin', 'alarm.shelve:admin', 'alarm.unshelveExpired:system']));
  await other.context().close();
});

test('on a phone the operator acknowledges an alarm with one tap, in English', async ({ page, browser, request }) => {
  const tank = 'E2E.ALM.LT2';
  const { send, openId } = await prepareTank(page, request, tank);
  await send(9.5);
  await expect.poll(() => openId('hh')).toBeGreaterThan(0);
  const id = await openId('hh');
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await ctx.newPage();
  await signIn(phone, 'operator');
  await phone.evaluate(() => localStorage.setItem('language', 'en'));
  await phone.goto('/alarmData/mobileAlarm');
  await expect(phone.getByTestId('alarm-banner')).toBeVisible();
  const ack = phone.getByTestId(`mobile-ack-${id}`);
  await ack.scrollIntoViewIfNeeded();
  await ack.tap();
  // Acknowledged, it leaves the unacknowledged view; under "all" it shows its new state.
  await expect(ack).toHaveCount(0, { timeout: 5000 });
  await phone.getByText(/^All \(/).tap();
  await expect(phone.getByTestId(`mobile-alarm-state-${id}`)).toHaveText('Acknowledged');
  await ctx.close();
});

test('the alarm audit shows the figures of the last 24 hours and leads to the alarms behind them', async ({ page, request }) => {
  const tank = 'E2E.ALM.LT3';
  // Stamped now, so the occurrence falls in the audit's window (the simulator may return it to normal later: it still counts).
  const { send, openId } = await prepareTank(page, request, tank, -1000);
  // Each send is a second later than the last: should the simulator's first sample be newer, the next send passes it.
  await expect
    .poll(async () => {
      await send(9.5);
      return openId('hh');
    })
    .toBeGreaterThan(0);
  await page.goto('/alarmAduit/alarmAduit');
  const audit = page.getByTestId('alarm-audit-page');
  await expect(audit.getByText('报警总数')).toBeVisible();
  await expect(audit.getByText(/最频繁的 10 个报警/)).toBeVisible();
  await audit.getByText('查看报警').click();
  await expect(page).toHaveURL(/\/alarmData\/historyAlarm\?from=\d+&to=\d+/);
  await expect(page.getByTestId('history-alarm-page').getByText(`端到端储罐液位 ${tank}`).first()).toBeVisible();
});
