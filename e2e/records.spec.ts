import { expect, test, type Browser, type Page } from './fixtures';
import { choose, signInAs } from './form-helpers';

const ENTITY = `E2eLedger${Date.now() % 100000}`;

/** A new browser context signed in as a demo user. */
async function signIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user);
  return page;
}

/** Picks an option of the antd Select inside `scope` whose text matches. */
test('an administrator defines a ledger with five field types and a two-step approval; users fill and approve it', async ({ browser }) => {
  test.setTimeout(180_000);
  // 1. The administrator defines the ledger in the browser.
  const admin = await signIn(browser, 'admin');
  await admin.goto('/low-code-platform/list-view');
  await admin.getByTestId('ledger-new').click();
  await admin.getByTestId('ledger-name').fill('端到端台账');
  await admin.getByTestId('ledger-entity').fill(ENTITY);
  const addField = async (i: number, key: string, type: RegExp, label: string, options?: string, search?: string) => {
    await admin.getByTestId('ledger-add-field').click();
    const row = admin.getByTestId(`ledger-field-${i}`);
    await row.getByTestId('field-key').fill(key);
    await choose(admin, row.getByTestId('field-type'), type, search);
    await row.getByTestId('field-label').fill(label);
    if (options) {
      await row.getByTestId('field-options').fill(options);
    }
  };
  await addField(1, 'dept', /^1 部门/, '部门', undefined, '部门');
  await addField(2, 'amount', /^22 数值/, '数量', undefined, '数值');
  await addField(3, 'level', /^7 枚举$/, '等级', '低;高', '枚举');
  await addField(4, 'note', /^17 备注/, '说明', undefined, '备注');
  await admin.getByTestId('ledger-add-step').click();
  await choose(admin, admin.getByTestId('ledger-step-0'), /张巡检/);
  await admin.getByTestId('ledger-add-step').click();
  await choose(admin, admin.getByTestId('ledger-step-1'), /王主管/);
  await admin.getByTestId('ledger-save').click();
  await expect(admin).toHaveURL(new RegExp(`/low-code-platform/ledger/${ENTITY}`));
  await expect(admin.getByTestId(`ledger-${ENTITY}`)).toBeVisible();

  // 2. A second user fills a record at once (no restart).
  const operator = await signIn(browser, 'operator');
  await operator.goto(`/low-code-platform/ledger/${ENTITY}`);
  await operator.getByTestId('record-add').click();
  const form = operator.getByTestId('record-form');
  await form.getByTestId('field-title').fill('储罐区检修申请');
  await choose(operator, form.getByTestId('field-dept'), /./);
  await form.locator('input[data-testid="field-amount"], [data-testid="field-amount"] input').first().fill('12');
  await choose(operator, form.getByTestId('field-level'), /高/);
  await form.getByTestId('field-note').fill('端到端测试');
  await operator.getByTestId('record-save').click();
  await operator.getByRole('row', { name: /储罐区检修申请/ }).getByRole('button', { name: /查看|View/ }).click();
  await expect(operator.getByTestId('record-detail')).toBeVisible();

  // 3. The first user is not the approver of the current step.
  await operator.getByTestId('record-act-approve1').click();
  await operator.getByTestId('record-act-ok').click();
  await expect(operator.getByText('您不是当前步骤的审批人')).toBeVisible();

  // 4. The approver finds it in the to-dos, 去处理 opens the record, and approves.
  const inspector = await signIn(browser, 'inspector');
  await inspector.goto('/orgnization/ToDoCenter');
  const todo = inspector.getByRole('row', { name: /储罐区检修申请/ });
  await todo.getByRole('button', { name: /去\s*处\s*理/ }).click();
  await expect(inspector).toHaveURL(/list-view-record\?entity=/);
  await inspector.getByTestId('record-act-approve1').click();
  await inspector.getByTestId('record-act-ok').click();
  await expect(inspector.getByTestId('record-status')).toHaveText('待第2步审批');

  const supervisor = await signIn(browser, 'supervisor');
  await supervisor.goto(inspector.url());
  await supervisor.getByTestId('record-act-approve2').click();
  await supervisor.getByTestId('record-act-ok').click();
  await expect(supervisor.getByTestId('record-status')).toHaveText('已完成');

  // 5. The detail shows the timeline and the audit history.
  await operator.goto(inspector.url());
  const timeline = operator.getByTestId('record-timeline');
  await expect(timeline).toContainText('张巡检');
  await expect(timeline).toContainText('王主管');
  const audit = operator.getByTestId('record-audit');
  // Actions by name in the reader's language, not as codes.
  await expect(audit).toContainText('新增记录');
  await expect(audit.getByText('流程操作')).toHaveCount(2);
  await expect(audit).not.toContainText('record.');
});
