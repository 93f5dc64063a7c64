import { expect, test, type Browser, type Page } from './fixtures';
import { definitionSave } from '../src/shared/records/contracts';
import { regionGetList, regionSave } from '../src/shared/org/contracts';
import { choose } from './form-helpers';
import { callApi, signIn } from './sign-in';

const STAMP = Date.now() % 100000;
const ENTITY = `ThreeStep${STAMP}`;
const TITLE = `罐区动火三级审批${STAMP}`;
const LEDGER = `三级审批台账${STAMP}`;

async function userPage(browser: Browser, loginname: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, loginname);
  return page;
}

/** The row of the test's record on /flowReview/approval (pending tab), after opening the page afresh. */
async function waitingRow(page: Page) {
  await page.goto('/flowReview/approval');
  return page.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) });
}

/** Acts on the row's action `action` that needs no input (a confirm pop-up). */
async function actOn(page: Page, action: string) {
  const row = await waitingRow(page);
  await row.locator(`[data-testid$="-${action}"]`).click();
  await page.locator(`[data-testid$="-${action}-ok"]`).click();
  // The task is done (the record may come back at once as the same person's next step).
  await expect(page.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) }).locator(`[data-testid$="-${action}"]`)).toHaveCount(0);
}

/** The to-dos of `page`'s user that open the test's record. */
async function todoCount(page: Page) {
  await page.goto('/orgnization/ToDoCenter');
  await expect(page.locator('.ant-table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.getByRole('row', { name: new RegExp(TITLE) }).count();
}

/**
 * Issue 18 "Done when": a record signed on the signature pad runs a three-step
 * flow — a role step (值班主管), a countersign of two people (张巡检 and the
 * administrator), the region's hazard-inspection chief (王主管 for 罐区) — with
 * one send-back and one transfer, each approver working from
 * /flowReview/approval; to-dos open and close with the steps; the record's
 * timeline and audit rows name every action.
 */
test('a signed record runs a role step, a countersign and a region-responsible step, with a send-back and a transfer', async ({ browser, request }) => {
  test.setTimeout(300_000); // four browsers on two cores
  const admin = await userPage(browser, 'admin');
  const token = (await admin.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const users = await callApi<{ userid: number; loginname: string }[]>(request, token, '/UAPI/LowCode/UserOptions', {});
  const idOf = (login: string) => users.find((u) => u.loginname === login)!.userid;

  // The tank farm's hazard-inspection chief is the supervisor (a region setting an administrator keeps).
  const regions = await callApi<{ regionid: number; regioncode: string; regionparentid: number; regionname: string; regionname_en: string; sort: number }[]>(
    request,
    token,
    regionGetList.path,
    { isallregionid: 1 },
  );
  const tf = regions.find((r) => r.regioncode === 'TF')!;
  await callApi(request, token, regionSave.path, {
    regionid: tf.regionid,
    regionparentid: tf.regionparentid,
    regionname: tf.regionname,
    regionname_en: tf.regionname_en,
    regioncode: tf.regioncode,
    sort: tf.sort,
    responsibles: [{ role: 'hazardChief', userids: [idOf('supervisor')] }],
  });

  await callApi(request, token, definitionSave.path, {
    definition: {
      area: 'LowCode',
      entity: ENTITY,
      name: { zh: LEDGER, en: `Three-step ledger ${STAMP}` },
      fields: [
        { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true },
        { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
        { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
        { key: 'sign', type: 44, label: { zh: '申请人签名', en: "Applicant's signature" } },
      ],
      isolation: { dept: 'dept', region: 'region' },
      list: { columns: ['title', 'region'], filters: [], sort: { field: 'updated', order: 'desc' } },
      menu: { parent: '/low-code-platform', roles: ['operator'] },
      workflow: {
        initial: 6,
        states: [
          { code: 6, approvers: { roles: ['supervisor'] } },
          { code: 2, approvers: { userids: [idOf('inspector'), idOf('admin')], mode: 'all' } },
          { code: 3, approvers: { regionRole: 'hazardChief' } },
          { code: 4 },
          { code: -1 },
        ],
        transitions: [
          { action: 'approve1', label: { zh: '通过', en: 'Approve' }, from: [6], to: 2, approverOnly: true },
          { action: 'approve2', label: { zh: '会签', en: 'Countersign' }, from: [2], to: 3, approverOnly: true },
          { action: 'approve3', label: { zh: '批准', en: 'Sign off' }, from: [3], to: 4, approverOnly: true },
          { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: [6, 2, 3], to: -1, approverOnly: true, inputs: ['reason'] },
        ],
      },
    },
  });

  // The operator fills the record for the tank farm and signs it on the pad.
  const operator = await userPage(browser, 'operator');
  await operator.goto(`/low-code-platform/ledger/${ENTITY}`);
  await operator.getByTestId('record-add').click();
  const form = operator.getByTestId('record-form');
  await form.getByTestId('field-title').fill(TITLE);
  await choose(operator, form.getByTestId('field-dept'), /储运车间/);
  await choose(operator, form.getByTestId('field-region'), /^罐区$/);
  const pad = form.getByTestId('field-sign');
  const box = (await pad.boundingBox())!;
  await operator.mouse.move(box.x + 20, box.y + box.height / 2);
  await operator.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await operator.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
  }
  await operator.mouse.up();
  await operator.getByTestId('record-save').click();
  await expect(operator.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();

  // 1. Role step: the supervisor (值班主管 role) has a to-do and approves from the approval page.
  const supervisor = await userPage(browser, 'supervisor');
  expect(await todoCount(supervisor)).toBe(1);
  await actOn(supervisor, 'approve1');
  expect(await todoCount(supervisor)).toBe(0);

  // 2. Countersign: the inspector signs; the record waits for the administrator too.
  const inspector = await userPage(browser, 'inspector');
  await actOn(inspector, 'approve2');
  // The administrator sends it back one step, with a reason (required).
  let row = await waitingRow(admin);
  await row.locator('[data-testid$="-sendBack"]').click();
  const dialog = admin.getByTestId('flow-act-form');
  await admin.getByTestId('flow-act-ok').click();
  await expect(dialog).toContainText('必填');
  await dialog.getByTestId('flow-reason').fill('缺少气体分析');
  await admin.getByTestId('flow-act-ok').click();
  await expect(dialog).toBeHidden();
  await admin.getByTestId('flow-tab-done').click();
  await expect(admin.getByTestId('flow-list').getByRole('row', { name: new RegExp(TITLE) }).first()).toContainText('缺少气体分析');

  // Back at the role step: the supervisor approves again; the countersign starts over.
  expect(await todoCount(supervisor)).toBe(1);
  await actOn(supervisor, 'approve1');

  // 3. Transfer: the inspector hands the countersign to the supervisor (a person is required).
  row = await waitingRow(inspector);
  await row.locator('[data-testid$="-transfer"]').click();
  const handOn = inspector.getByTestId('flow-act-form');
  await handOn.getByTestId('flow-reason').fill('出差');
  await inspector.getByTestId('flow-act-ok').click();
  await expect(handOn).toContainText('必填');
  await handOn.getByTestId('flow-transfer-user').click();
  const options = inspector.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await options.locator('.ant-select-item-option').filter({ hasText: '王主管' }).first().click();
  await inspector.getByTestId('flow-act-ok').click();
  await expect(handOn).toBeHidden();
  expect(await todoCount(inspector)).toBe(0);

  // The countersign completes with the administrator and the supervisor (who sees who handed it on).
  await actOn(admin, 'approve2');
  row = await waitingRow(supervisor);
  await expect(row.getByTestId('flow-via')).toHaveText('张巡检：出差');
  await actOn(supervisor, 'approve2');

  // 4. Region-responsible step: the tank farm's hazard-inspection chief (the supervisor) signs it off.
  await expect((await waitingRow(supervisor)).locator('[data-testid$="-approve3"]')).toBeVisible();
  await expect((await waitingRow(admin))).toHaveCount(0);
  await actOn(supervisor, 'approve3');
  expect(await todoCount(supervisor)).toBe(0);

  // The record: finished, its signature kept, every step in the timeline and the audit.
  await operator.goto(`/low-code-platform/ledger/${ENTITY}`);
  await operator.getByRole('row', { name: new RegExp(TITLE) }).getByRole('button', { name: /查看|View/ }).click();
  const detail = operator.getByTestId('record-detail');
  await expect(detail.getByTestId('detail-sign-image')).toBeVisible();
  const timeline = operator.getByTestId('record-timeline');
  for (const text of ['缺少气体分析', '出差', '王主管', '张巡检', '系统管理员']) {
    await expect(timeline).toContainText(text);
  }
  const auditRows = operator.getByTestId('record-audit');
  for (const text of ['会签', '退回上一步', '转办']) {
    await expect(auditRows).toContainText(text);
  }
  await expect(operator.getByTestId('record-status').first()).toHaveText('已完成');
});
