import { expect, screenshots, test, type Page } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, prepareTank } from './alarm-helpers';
import { alarmRealTimeList, type AlarmItem } from '../src/shared/alarms/contracts';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';

/** Fails when the navbar's content is wider than the navbar (something cut off). */
async function expectNavbarFits(page: Page) {
  const nav = page.getByTestId('navbar');
  const { scroll, client } = await nav.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('on a phone (390 × 844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('sign in, open the menu, open a page, sign out — all by tap', async ({ page }) => {
    await page.goto('/login');
    // The sign-in page's styles come with it (not only with the signed-in shell).
    await expect(page.locator('.pw-login')).toHaveCSS('display', 'flex');
    await page.getByTestId('login-username').tap();
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').tap();
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').tap();
    await expect(page).toHaveURL(/\/Gateway\/home/);
    await expectNavbarFits(page);
    await expectNoSidewaysOverflow(page);
    // 待处理 stays on one line (it wrapped one character per line at 390 px).
    const pill = await page.getByTestId('home-todo').boundingBox();
    expect(pill?.height ?? 999).toBeLessThan(60);

    // The navbar keeps only the menu toggle, the title, the to-do counter and one menu button.
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await page.getByTestId('nav-menu').tap();
    const drawer = page.locator('.pw-mm');
    await expect(drawer.getByTestId('change-password')).toBeVisible();
    await expect(drawer.getByTestId('fullscreen')).toBeVisible();
    await expect(drawer.getByTestId('lang-en')).toBeVisible();
    await expect(drawer.getByTestId('logout')).toBeVisible();
    await drawer.getByTestId('system-tab-0').tap();

    // The page menu is in the left drawer.
    await page.getByTestId('nav-drawer').tap();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await sidebar.getByText('人员设置').tap();
    await expect(page).toHaveURL(/\/orgnization\/personnel-setting/);
    await expect(sidebar).toBeHidden();
    await expectNavbarFits(page);
    await expectNoSidewaysOverflow(page);

    // The history tag selector fits its card.
    await page.goto('/realTimeData/history');
    const tags = page.getByTestId('history-tags');
    await expect(tags).toBeVisible();
    const box = await tags.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    await expectNoSidewaysOverflow(page);

    // Language from the menu, then sign out from it.
    await page.getByTestId('nav-menu').tap();
    await drawer.getByTestId('lang-en').tap();
    await expect(drawer.getByTestId('logout')).toHaveText(/Sign out/);
    await drawer.getByTestId('logout').tap();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /OK|确\s*定/ }).tap();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('alarms on a phone (390 × 844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the phone list acknowledges with a comment and shelves with a reason; the real-time data view shows name and value without scrolling sideways', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tank = 'E2E.MOB.LT1';
    const { token, send } = await prepareTank(page, request, tank);
    await send(9.5); // H and HH
    const alarm = async (type: string): Promise<AlarmItem | undefined> =>
      (await callApi<{ list: AlarmItem[] }>(request, token, alarmRealTimeList.path, {})).list.find((a) => a.alarmKey === `tag:${tank}:${type}`);
    await expect.poll(async () => (await alarm('hh'))?.id ?? 0).toBeGreaterThan(0);
    const hh = (await alarm('hh'))!;
    const h = (await alarm('h'))!;

    await page.goto('/alarmData/mobileAlarm');
    await expect(page.getByTestId(`mobile-alarm-tag:${tank}:hh`)).toBeVisible();
    await expectNoSidewaysOverflow(page);
    // Acknowledge with a comment.
    const withComment = page.getByTestId(`mobile-ack-comment-${hh.id}`);
    await withComment.scrollIntoViewIfNeeded();
    await withComment.tap();
    await page.getByTestId('ack-comment').fill('现场已确认液位');
    await page.locator('.ant-modal:visible .ant-btn-primary').tap();
    await expect.poll(async () => (await alarm('hh'))?.ackComment).toBe('现场已确认液位');
    expect((await alarm('hh'))!.ackedBy).toBe('admin');
    // Shelve with a reason.
    const shelve = page.getByTestId(`mobile-shelve-${h.id}`);
    await shelve.scrollIntoViewIfNeeded();
    await shelve.tap();
    const dialog = page.getByTestId('shelve-dialog');
    await dialog.locator('.ant-btn-primary').tap();
    await expect(page.locator('.ant-modal:visible')).toContainText('请填写搁置原因');
    await page.getByTestId('shelve-reason').fill('液位计校验');
    await page.locator('.ant-modal:visible .ant-btn-primary').tap();
    await expect.poll(async () => (await alarm('h'))?.state).toBe('shelved');
    expect((await alarm('h'))!.shelveReason).toBe('液位计校验');
    if (screenshots) {
      await page.getByText(/^全部 \(/).tap();
      await page.getByTestId(`mobile-alarm-tag:${tank}:h`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/screens/mobile-alarms-zh-390.png' });
    }

    // /realTimeData/detailsView: name and value in view, nothing sideways.
    await page.goto('/realTimeData/detailsView');
    const table = page.getByTestId('rt-details-table');
    await expect(table.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    const fit = await table.evaluate((el) => {
      const container = el.querySelector('.ant-table-container')!;
      const headers = [...el.querySelectorAll('.ant-table-header th')].map((th) => ({ text: th.textContent?.trim() ?? '', right: th.getBoundingClientRect().right }));
      return { table: el.querySelector('.ant-table-header table')!.getBoundingClientRect().width, box: container.clientWidth, headers };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.box + 1);
    expect(fit.headers.map((x) => x.text)).toEqual(expect.arrayContaining(['名称', '当前值']));
    for (const x of fit.headers) {
      expect(x.right).toBeLessThanOrEqual(390);
    }
    await expectNoSidewaysOverflow(page);
    if (screenshots) {
      await page.screenshot({ path: 'test-results/screens/realtime-details-zh-390.png' });
    }
  });
});

test.describe('on a tablet (800 × 1280, touch)', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: true });

  test('the connection indicator does not cover anything in the navbar', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').tap();
    await expect(page).toHaveURL(/\/Gateway\/home/);
    await expectNavbarFits(page);
    const indicator = await page.getByTestId('connection-indicator').boundingBox();
    const title = await page.locator('.pw-nav-title').boundingBox();
    expect(indicator && title).toBeTruthy();
    if (indicator && title) {
      expect(title.x + title.width).toBeLessThanOrEqual(indicator.x + 0.5);
    }
    await expectNoSidewaysOverflow(page);
  });
});

test.describe('public pages on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a reset link from the personnel page works once, then is refused; /download shows the configured QR; /homePage is the home', async ({ page, browser }) => {
    await page.goto('/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').tap();
    await expect(page).toHaveURL(/\/Gateway\/home/);

    await page.goto('/homePage');
    await expect(page).toHaveURL(/\/Gateway\/home/);

    // The administrator issues a one-time link for the inspector.
    await page.goto('/orgnization/personnel-setting');
    await page.getByTestId('reset-link-inspector').tap();
    const link = (await page.getByTestId('reset-link-url').innerText()).trim();
    expect(link).toMatch(/\/ResetPassword\?token=/);

    // The audit log names the action readably, not as a code.
    await page.goto('/system/auditLog');
    await expect(page.locator('.ant-table').getByText('生成重置链接').first()).toBeVisible();
    await expect(page.locator('.ant-table').getByText('登录名: inspector').first()).toBeVisible();

    // The app link is set in the system configuration.
    await page.goto('/system/config');
    await page.getByTestId('config-app-url').fill('https://example.com/plantwatch.apk');
    await page.getByTestId('config-save').tap();
    await expect(page.getByTestId('config-app-url')).toHaveValue('https://example.com/plantwatch.apk');

    // Someone who is not signed in.
    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
    const phone = await stranger.newPage();
    await phone.goto(link);
    await expect(phone.getByTestId('reset-for')).toContainText('inspector');
    // The demo password again, so the inspector can still sign in in the specs that run after this one.
    await phone.getByTestId('reset-new').fill(PASSWORD);
    await phone.getByTestId('reset-confirm').fill(PASSWORD);
    await phone.getByTestId('reset-submit').tap();
    await expect(phone.getByTestId('reset-done')).toBeVisible();
    await phone.goto(link);
    await expect(phone.getByTestId('reset-refused')).toContainText('已使用');

    await phone.goto('/download');
    await expect(phone.locator('.pw-login')).toHaveCSS('display', 'flex');
    const qr = phone.getByTestId('download-qr');
    await expect(qr).toBeVisible();
    await expect(phone.getByTestId('download-link')).toHaveAttribute('href', 'https://example.com/plantwatch.apk');
    // Seed 1 §9: width 80 (antd's QRCode size, the box the code is drawn in).
    await expect(qr.locator('canvas')).toBeVisible();
    const box = await qr.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(80);
    await stranger.close();
  });
});
