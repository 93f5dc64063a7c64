import { expect, test, type Browser, type Page } from './fixtures';
import { screens } from './alarm-helpers';
import { definitionSave } from '../src/shared/records/contracts';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

const ENTITY = `FlowE2e${Date.now() % 100000}`;
const TITLE = `动火作业审批${Date.now() % 100000}`;

async function userPage(browser: Browser, loginname: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, loginname);
  return page;
}

/** Picks the option whose text contains `text` in the open antd select dropdown. */
async function chooseOption(page: Page, text: string) {
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await options.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

/**
 * Issue 18 "Approvals": a ledger with a two-step flow (the inspector, then the
 * administrator). The operator submits a record; the inspector finds it on
 * /flowReview/approval and transfers it to the supervisor with a reason; the
 * supervisor approves it from the page and finds it under 我已审批. Then the
 * supervisor delegates their approvals on /FlowAuthorization/FlowAuthorizationSearch
 * (the end before the start is refused on the field) and revokes it.
 */
test('an approval waits for me, is transferred, approved from the page; a delegation is added and revoked', async ({ browser, request }) => {
  test.setTimeout(240_000); // four browsers on two cores (and screenshots with SCREENSHOTS=1)
  const admin = await userPage(browser, 'admin');
  const token = (await admin.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const users = await callApi<{ userid: number; loginname: string }[]>(request, token, '/UAPI/LowCode/UserOptions', {});
  const idOf = (login: string) => users.find((u) => u.loginname === login)!.userid;
  await callApi(request, token, definitionSave.path, {
    definition: {
      area: 'LowCode',
      entity: ENTITY,
      name: { zh: '审批端到端台账', en: 'Approval e2e ledger' },
      fields: [{ key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true }],
      list: { columns: ['title'], filters: [], sort: { field: 'updated', order: 'desc' } },
      menu: { parent: '/low-code-platform', roles: ['operator'] },
      workflow: {
        initial: 6,
        states: [{ code: 6, approvers: { userids: [idOf('inspector')] } }, { code: 2, approvers: { userids: [idOf('admin')] } }, { code: 4 }, { code: -1 }],
        transitions: [
          { action: 'approve1', label: { zh: '通过', en: 'Approve' }, from: [6], to: 2, approverOnly: true },
          { action: 'approve2', label: { zh: '批准', en: 'Sign off' }, from: [2], to: 4, approverOnly: true },
          { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: [6, 2], to: -1, approverOnly: true, inputs: ['reason'] },
        ],
      },
    },
  });

  // The operator submits a record: it enters the flow at its first step.
  const operator = await userPage(browser, 'operator');
  await operator.goto(`/low-code-platform/ledger/${ENTITY}`);
  await operator.getByTestId('record-add').click();
  await operator.getByTestId('record-form').getByTestId('field-title').fill(TITLE);
  await operator.getByTestId('record-save').click();
  await expect(operator.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();

  // The inspector sees it waiting and transfers it to the supervisor; a transfer needs a person.
  const inspector = await userPage(browser, 'inspector');
  await inspector.goto('/flowReview/approval');
  const waiting = inspector.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
  await expect(waiting).toContainText('审批端到端台账');
  await expect(waiting).toContainText('待处理');
  await screens(inspector, '/flowReview/approval', 'flow-approval', 'flow-approval-page');
  await inspector.goto('/flowReview/approval'); // in Chinese again after the screenshots
  await waiting.getByRole('button', { name: /转\s*办/ }).click();
  const dialog = inspector.getByTestId('flow-act-form');
  await dialog.getByTestId('flow-reason').fill('出差三天');
  await inspector.getByTestId('flow-act-ok').click();
  await expect(dialog).toContainText('必填');
  await dialog.getByTestId('flow-transfer-user').click();
  await chooseOption(inspector, '王主管');
  await inspector.getByTestId('flow-act-ok').click();
  await expect(dialog).toBeHidden();
  await expect(inspector.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) })).toHaveCount(0);
  await inspector.getByTestId('flow-tab-done').click();
  const handed = inspector.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
  await expect(handed).toContainText('转办');
  await expect(handed).toContainText('出差三天');

  // The supervisor has it from the inspector and approves it from the page.
  const supervisor = await userPage(browser, 'supervisor');
  await supervisor.goto('/flowReview/approval');
  const mine = supervisor.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
  // Who handed it on, and why.
  await expect(mine.getByTestId('flow-via')).toHaveText('张巡检：出差三天');
  await mine.getByRole('button', { name: /通\s*过/ }).click();
  await supervisor.locator('[data-testid$="-approve1-ok"]').click();
  await expect(supervisor.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) })).toHaveCount(0);
  await supervisor.getByTestId('flow-tab-done').click();
  const done = supervisor.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
  await expect(done).toContainText('通过');
  await expect(done.getByRole('button')).toHaveCount(0);

  // The record moved on to the administrator's step; the link opens the record.
  await admin.goto('/flowReview/approval');
  const next = admin.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
  await expect(next.getByRole('button', { name: /批\s*准/ })).toBeVisible();
  await next.getByRole('link').click();
  await expect(admin.getByTestId('record-detail')).toContainText(TITLE);

  // The supervisor delegates their approvals of this ledger to the inspector, then revokes it.
  await supervisor.goto('/FlowAuthorization/FlowAuthorizationSearch');
  await supervisor.getByTestId('delegation-add').click();
  const form = supervisor.getByTestId('delegation-form');
  await form.getByTestId('delegation-to').click();
  await chooseOption(supervisor, '张巡检');
  await form.getByTestId('delegation-ledger').click();
  await supervisor.keyboard.type('审批端到端'); // the list of ledgers is long and virtual
  await chooseOption(supervisor, '审批端到端台账');
  await form.getByTestId('delegation-reason').fill('年休假');
  const end = form.locator('.ant-form-item').filter({ hasText: '结束时间' }).locator('input');
  await end.click();
  await end.fill('2020-01-01 08:00');
  await end.press('Enter');
  await expect(form).toContainText('结束时间须晚于开始时间');
  await end.click();
  await end.fill('2099-01-01 08:00');
  await end.press('Enter');
  await expect(form).not.toContainText('结束时间须晚于开始时间');
  await supervisor.getByTestId('delegation-save').click();
  await expect(form).toBeHidden();
  const row = supervisor.getByTestId('delegation-list').getByRole('row', { name: /年休假/ });
  await expect(row).toContainText('王主管');
  await expect(row).toContainText('张巡检');
  await expect(row).toContainText('审批端到端台账');
  await expect(row).toContainText('有效');
  await screens(supervisor, '/FlowAuthorization/FlowAuthorizationSearch', 'flow-delegations', 'flow-delegation-page');
  await supervisor.goto('/FlowAuthorization/FlowAuthorizationSearch');
  await supervisor.setViewportSize({ width: 390, height: 844 });
  // On a phone the delegation is a card whose 撤销 is in view without scrolling sideways.
  const card = supervisor.getByTestId('delegation-list').locator('.ant-list-item').filter({ hasText: '年休假' });
  await expect(card).toContainText('王主管 → 张巡检');
  await expect(card.getByRole('button', { name: /撤\s*销/ })).toBeInViewport();
  await expectNoSidewaysOverflow(supervisor);
  await supervisor.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('button', { name: /撤\s*销/ }).click();
  await supervisor.locator('[data-testid^="delegation-revoke-ok-"]').click();
  await expect(row).toContainText('已撤销');
  await expect(row.getByRole('button')).toHaveCount(0);

  // At phone width the approvals are cards that fit the screen.
  await inspector.setViewportSize({ width: 390, height: 844 });
  await inspector.goto('/flowReview/approval');
  await inspector.getByTestId('flow-tab-done').click();
  await expect(inspector.getByTestId('flow-list')).toContainText(TITLE);
  await expectNoSidewaysOverflow(inspector);
});
