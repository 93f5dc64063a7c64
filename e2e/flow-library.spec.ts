import { expect, screenshots, test, type Browser, type Page } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { signIn } from './sign-in';

const PATH = '/low-code-platform/flow-library';

async function open(browser: Browser, user: string, opts: { width?: number; en?: boolean } = {}): Promise<Page> {
  const width = opts.width ?? 1440;
  const page = await (await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, locale: opts.en ? 'en-US' : 'zh-CN' })).newPage();
  await signIn(page, user);
  if (opts.en) {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
  return page;
}

/*
 * Issue 18 item 2: the administrator keeps an approval flow in the library —
 * a supervisor step, then a countersign — with the step editor; a step with no
 * approvers is refused on its field; the flow is listed with its steps; the
 * ledger designer binds a new ledger to it, whose records wait at its first step.
 */
test('the flow library: a two-step flow made in the step editor, a step without approvers refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await open(browser, 'admin');
  await page.goto(PATH);
  await expect(page.getByTestId('flow-library-page')).toBeVisible();
  await page.getByTestId('flow-add').click();
  const name = `两级审批 ${Date.now() % 100000}`;
  await page.getByTestId('flow-name').fill(name);
  await page.getByTestId('flow-step-label-0').fill('主管审核');
  // No approvers on the first step: the server's refusal lands on the form.
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-form')).toContainText('每一步须指定审批人');
  await page.getByTestId('flow-step-roles-0').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /主管|supervisor/i }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('flow-step-add').click();
  await page.getByTestId('flow-step-label-1').fill('会签');
  await page.getByTestId('flow-step-1').getByText('会签（全部）').click();
  await page.getByTestId('flow-step-users-1').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('flow-save').click();
  const row = page.getByTestId('flow-list').locator('tr', { hasText: name });
  await expect(row).toContainText('主管审核 → 会签');
  if (screenshots) {
    await page.screenshot({ path: 'test-results/screens/flow-library-zh-1440.png', fullPage: true });
  }

  // The ledger designer offers the library's flows: a new ledger follows this one instead of hand-listed approvers.
  const entity = `FlowLib${Date.now() % 100000}`;
  await page.goto('/low-code-platform/list-view');
  await page.getByTestId('ledger-new').click();
  await page.getByTestId('ledger-name').fill(`流程库台账 ${entity}`);
  await page.getByTestId('ledger-entity').fill(entity);
  await page.getByTestId('ledger-flow').click();
  await page.keyboard.type(name.slice(0, 4));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  // A library flow replaces the step list.
  await expect(page.getByTestId('ledger-add-step')).toHaveCount(0);
  await page.getByTestId('ledger-save').click();
  await expect(page).toHaveURL(new RegExp(`/low-code-platform/ledger/${entity}`));
  await page.goto(PATH);
  await expect(page.getByTestId('flow-list').locator('tr', { hasText: name })).toContainText(`流程库台账 ${entity}`);
  // Its first record waits at the flow's first step.
  await page.goto(`/low-code-platform/ledger/${entity}`);
  await page.getByTestId('record-add').click();
  await page.getByTestId('record-form').getByTestId('field-title').fill('按流程库审批');
  await page.getByTestId('record-save').click();
  await expect(page.getByRole('row', { name: /按流程库审批/ })).toContainText('主管审核');
  await page.close();

  // A phone, in English: the list and the editor fit.
  const phone = await open(browser, 'admin', { width: 390, en: true });
  await phone.goto(PATH);
  await expect(phone.getByTestId('flow-list')).toContainText(name);
  await expectNoSidewaysOverflow(phone);
  await phone.getByTestId('flow-add').click();
  await expect(phone.getByTestId('flow-step-0')).toContainText('Step 1');
  if (screenshots) {
    await phone.screenshot({ path: 'test-results/screens/flow-library-en-390.png', fullPage: true });
  }
});
