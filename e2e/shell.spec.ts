import { expect, test, type Page } from './fixtures';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';

async function signIn(page: Page, loginname: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(loginname);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('the administrator signs in through the real sign-in page and sees the Chinese shell with the menu', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  await expect(page.getByTestId('navbar')).toBeVisible();
  await expect(page.getByTestId('system-tab-0')).toContainText('系统管理');
  await page.getByTestId('system-tab-0').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('组织架构');
  await expect(sidebar).toContainText('审计日志');
  await expect(page.getByTestId('watermark')).toBeAttached();
});

test('a wrong password shows the error on the sign-in page, in the language of the moment', async ({ page }) => {
  await signIn(page, 'inspector', 'not-the-password-1');
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);
  // The error already on screen follows a switch to English: it is kept as a code, not as text.
  await expect(async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('login-error')).toHaveText('Wrong login name or password');
});

test('pages open as tabs that keep their state, and the tab strip closes them', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  await page.getByTestId('system-tab-0').click();
  const sidebar = page.getByTestId('sidebar');
  const strip = page.getByTestId('tab-strip');
  // A page becomes a tab once it shows (its code loads first): wait for each before the next click.
  await sidebar.getByText('审计日志').click();
  await expect(page).toHaveURL(/\/system\/auditLog/);
  await expect(strip.getByTestId('tab-/system/auditLog')).toBeVisible();
  await sidebar.getByText('待办中心').click();
  await expect(page).toHaveURL(/\/orgnization\/ToDoCenter/);
  await expect(strip.getByTestId('tab-/orgnization/ToDoCenter')).toBeVisible();
  await sidebar.getByText('组织架构').click();
  await expect(page).toHaveURL(/\/orgnization\/home/);
  await expect(strip.getByTestId('tab-/system/auditLog')).toBeVisible();
  await expect(strip.getByTestId('tab-/orgnization/ToDoCenter')).toBeVisible();

  // Close others from the right-click menu of the current tab (once it is the current one): only it stays.
  await expect(strip.getByTestId('tab-/orgnization/home')).toHaveAttribute('data-active', 'true');
  await strip.getByTestId('tab-/orgnization/home').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(strip.getByTestId('tab-/system/auditLog')).toHaveCount(0);
  await expect(strip.getByTestId('tab-/orgnization/home')).toBeVisible();
});

test('the language switch turns the shell into English and is remembered', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  // The menu can close when the page re-renders right after sign-in; open it until the choice is clicked.
  await expect(async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('system-tab-0').click();
  await expect(page.getByTestId('sidebar')).toContainText('Organisation');
  await page.reload();
  await expect(page.getByTestId('system-tab-0')).toContainText('System management');
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await signIn(page, 'supervisor');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  // The server refuses this token exactly as it refuses an expired one (HTTP 401).
  await page.evaluate(() => localStorage.setItem('Admin-Token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.expired'));
  await page.goto('/orgnization/ToDoCenter');
  await expect(page).toHaveURL(/\/orgnization\/ToDoCenter/);
  await expect(page.getByTestId('todo-count')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  expect(token).not.toContain('expired');
});

test('a user without the permission for a page gets /401', async ({ page }) => {
  await signIn(page, 'contractor');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  await page.goto('/orgnization/personnel-setting');
  await expect(page).toHaveURL(/\/401/);
});

test('logout asks for confirmation and returns to the sign-in page', async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/Gateway\/home/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '是否退出?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/Gateway/home');
  await expect(page).toHaveURL(/\/login/);
});
