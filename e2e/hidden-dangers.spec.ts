import { hiddenDangerAssign, hiddenDangerDeadlineCheck, hiddenDangerRegister } from '../src/shared/hidden-dangers/contracts';
import { hiddenDangerLedger } from '../src/shared/hidden-dangers/ledger';
import { recordContracts } from '../src/shared/records/contracts';
import { regionIdOf } from './alarm-helpers';
import { expect, test, type Browser, type Page } from './fixtures';
import { choose } from './form-helpers';
import { callApi, signIn } from './sign-in';

const DAY = 86_400_000;
const calls = recordContracts(hiddenDangerLedger);

async function open(browser: Browser, user: string, phone = false): Promise<{ page: Page; token: string }> {
  const page = await (await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {})).newPage();
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

/*
 * Issue 24 Done-when, the hidden-danger half: a danger goes through register →
 * assign → rectify (on a phone) → accept → close, each by the right person, and
 * an overdue one escalates on a controlled clock to the region's responsible
 * person and then the department head.
 */
test('a hidden danger goes round the loop, and an overdue one escalates on a controlled clock', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const inspector = await open(browser, 'inspector', true);
  const supervisor = await open(browser, 'supervisor');
  const operator = await open(browser, 'operator', true);
  const tf = await regionIdOf(request, supervisor.token, 'TF');
  const me = await callApi<{ items: { responsible?: unknown }[] }>(request, supervisor.token, calls.list.path, { page: 1, pageSize: 50 });
  const operatorId = me.items.map((r) => r.responsible).find((x): x is number => typeof x === 'number')!;

  // Found by the inspector.
  const found = await callApi<{ id: number }>(request, inspector.token, calls.save.path, { title: '端到端：防爆灯罩破损', category: 'electrical', region: tf, place: '泵房' });
  const id = found.id;

  // Graded by the supervisor on the page.
  const sp = supervisor.page;
  await sp.goto('/SecurityRiskManagement/RectificationSearch');
  await expect(sp.getByTestId(`hd-row-${id}`)).toBeVisible();
  await sp.getByTestId(`hd-register-${id}`).click();
  await choose(sp, sp.getByTestId('hd-grade'), /一般隐患/);
  await confirmStep(sp);
  await expect(sp.getByTestId(`hd-assign-${id}`)).toBeVisible();
  await callApi(request, supervisor.token, hiddenDangerAssign.path, { id, responsibleId: operatorId, deadline: Date.now() + 3 * DAY, measures: '更换灯罩', money: 300 });

  // Rectified by the operator on a phone.
  const op = operator.page;
  await op.goto('/SecurityRiskManagement/RectificationSearch');
  await op.getByTestId(`hd-rectify-${id}`).click();
  await op.getByTestId('hd-note').fill('已更换防爆灯罩');
  await confirmStep(op);
  await expect(op.getByTestId(`hd-rectify-${id}`)).toBeHidden();

  // Accepted and closed by the supervisor.
  await sp.goto('/SecurityRiskManagement/NeedConfirmSearch');
  await sp.getByTestId(`hd-verify-${id}`).click();
  await confirmStep(sp);
  await sp.goto('/SecurityRiskManagement/RectificationSearch');
  await sp.getByTestId(`hd-close-${id}`).click();
  await confirmStep(sp);
  await expect(sp.getByTestId(`hd-row-${id}`)).toBeHidden();
  const closed = await callApi<{ record: { status: number } }>(request, supervisor.token, calls.get.path, { id });
  expect(closed.record.status).toBe(5);

  // The overdue path on a controlled clock.
  const late = await callApi<{ id: number }>(request, inspector.token, calls.save.path, { title: '端到端：消防通道堵塞', category: 'fire', region: tf });
  await callApi(request, supervisor.token, hiddenDangerRegister.path, { id: late.id, grade: 'general' });
  const deadline = Date.now() + DAY;
  await callApi(request, supervisor.token, hiddenDangerAssign.path, { id: late.id, responsibleId: operatorId, deadline, measures: '清理通道', money: 0 });
  await callApi(request, supervisor.token, hiddenDangerDeadlineCheck.path, { at: deadline + 4 * DAY });
  await sp.goto('/SecurityRiskManagement/troubleTracking');
  await expect(sp.getByTestId(`hd-deadline-${late.id}`)).toHaveText('已逾期');
  await expect(sp.getByTestId(`hd-level-${late.id}`)).toContainText('区域隐患责任人');
  await expect(sp.getByTestId(`hd-level-${late.id}`)).toContainText('部门负责人');
});
