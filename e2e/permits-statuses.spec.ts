import { expect, test, type Browser, type Page } from './fixtures';
import { callApi, signIn } from './sign-in';
import { certificateLedger } from '../src/shared/certificates/ledger';
import { permitDetailCall, permitSign, permitSignerOptions, type PermitDetail, type PermitStepCode } from '../src/shared/permits/contracts';
import { recordContracts } from '../src/shared/records/contracts';

/*
 * Seed 2 §4 and GB 30871-2022 §4.4 in the browser: an excavation permit saved
 * as a draft, edited and applied by the contractor; a worker named as a welder
 * without a certificate refused in the form naming the worker; rejected by the
 * approver of the current step with a reason; edited and applied again; signed
 * through to approved, the last signature on the pad.
 */

type Who = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';
const SIG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const LIST = '/SafetyWorkPermit/WorkingBillSafety';

async function session(browser: Browser, who: Who, opts: { phone?: boolean; lang?: 'zh' | 'en' } = {}): Promise<{ page: Page; token: string }> {
  const ctx = await browser.newContext(opts.phone ? { locale: 'zh-CN', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, who);
  if (opts.lang === 'en') {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
  return { page, token: (await page.evaluate(() => localStorage.getItem('Admin-Token')))! };
}

async function draw(page: Page, testId: string) {
  const pad = page.getByTestId(testId);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(box.x + 20 + i * 30, box.y + box.height / 2 + (i % 2 ? 15 : -15));
  }
  await page.mouse.up();
}

/** Picks an option of an antd select with search by typing part of its label; Enter takes the first match. */
async function pick(page: Page, id: string, text: string) {
  const input = page.locator(`#${id}`);
  await input.fill(text);
  // The filtered list's first option is the active one: Enter takes it (no click on a closing dropdown of the previous select).
  await expect(page.locator(`#${id}_list`)).toBeAttached();
  await input.press('Enter');
}

test('draft → apply (uncertified welder refused) → reject → edit → apply → approved', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const contractor = await session(browser, 'contractor');
  const supervisor = await session(browser, 'supervisor');
  const admin = await session(browser, 'admin');
  const users = (await callApi<{ items: { userid: number; username: string; loginname: string }[] }>(request, admin.token, permitSignerOptions.path, {})).items;
  const user = (who: Who) => users.find((u) => u.loginname === who)!;
  const token: Record<Who, string> = { admin: admin.token, supervisor: supervisor.token, contractor: contractor.token, operator: '', inspector: '' };
  const page = contractor.page;

  // 1. A draft: type, content, place and time only.
  await page.goto(LIST);
  await page.getByTestId('permit-apply').click();
  const form = page.getByTestId('permit-apply-form');
  await form.locator('#type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '动土作业' }).click();
  await form.locator('#content').fill('端到端：雨水井开挖');
  await form.locator('#location').fill('罐区 T-2 东侧');
  await page.getByTestId('permit-save-draft').click();
  await expect(page.getByTestId('permit-detail')).toHaveAttribute('data-status', 'draft');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  // 2. Edited: signers, a worker named as a welder without a certificate; the application is refused on the workers field.
  await page.getByTestId('permit-edit').click();
  const steps: [PermitStepCode, Who][] = [
    ['jsa', 'supervisor'],
    ['measures', 'supervisor'],
    ['briefing', 'supervisor'],
    ['guardian', 'supervisor'],
    ['leader', 'contractor'],
    ['unit', 'supervisor'],
    ['approver', 'admin'],
    ['acceptance', 'supervisor'],
  ];
  for (const [step, who] of steps) {
    await pick(page, `signers_${step}`, `(${who})`);
  }
  const welder = user('operator').username;
  await pick(page, 'workers', welder);
  await page.keyboard.press('Escape');
  await page.getByTestId(`permit-worker-${welder}`).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '焊接与热切割作业' }).click();
  await draw(page, 'signature-pad');
  await page.getByTestId('permit-submit').click();
  const refusal = page.locator('.ant-form-item-explain-error').filter({ hasText: welder });
  await expect(refusal).toContainText('无有效的焊接与热切割作业证书');
  await page.screenshot({ path: 'test-results/screens/permits-statuses-refused-worker-zh-1440.png', fullPage: true });

  // The certificate registered, the same application passes.
  const certs = recordContracts(certificateLedger);
  await callApi(request, admin.token, certs.save.path, { holder: welder, kind: 'special-operation', number: `E2E-${Date.now()}`, issued: Date.now() - 86_400_000 * 100, expiry: Date.now() + 86_400_000 * 300 });
  await page.getByTestId('permit-submit').click();
  await expect(page.getByTestId('permit-detail')).toHaveAttribute('data-status', 'signing');

  // 3. The approver of the current step (the supervisor, JSA) rejects it with a reason.
  await supervisor.page.goto(`/SafetyWorkPermit/WorkingBillDetail?id=${id}`);
  await supervisor.page.getByTestId('permit-reject').click();
  await supervisor.page.getByTestId('permit-reject-reason').fill('开挖范围内有地下电缆，补充探测措施');
  await supervisor.page.getByTestId('permit-reject-ok').click();
  await expect(supervisor.page.getByTestId('permit-detail')).toHaveAttribute('data-status', 'rejected');

  // 4. The applicant sees why, edits and applies again.
  await page.reload();
  await expect(page.getByTestId('permit-status-reason')).toContainText('地下电缆');
  await page.screenshot({ path: 'test-results/screens/permits-statuses-rejected-zh-1440.png', fullPage: true });
  const phone = await session(browser, 'contractor', { phone: true, lang: 'en' });
  await phone.page.goto(`/SafetyWorkPermit/WorkingBillDetail?id=${id}`);
  await expect(phone.page.getByTestId('permit-status-reason')).toContainText('Rejected');
  await phone.page.screenshot({ path: 'test-results/screens/permits-statuses-rejected-en-390.png', fullPage: true });
  await page.getByTestId('permit-edit').click();
  await page.getByTestId('permit-apply-form').locator('#content').fill('端到端：雨水井开挖（已探测地下电缆）');
  await draw(page, 'signature-pad');
  await page.getByTestId('permit-submit').click();
  await expect(page.getByTestId('permit-detail')).toHaveAttribute('data-status', 'signing');

  // 5. Signed in order; the approver signs the last step on the pad.
  for (const [step, who] of steps.slice(0, 6)) {
    await callApi(request, token[who], permitSign.path, { id, step, signature: SIG });
  }
  await admin.page.goto(`/SafetyWorkPermit/WorkingBillDetail?id=${id}`);
  await draw(admin.page, 'permit-sign-pad');
  await admin.page.getByTestId('permit-sign').click();
  await expect(admin.page.getByTestId('permit-detail')).toHaveAttribute('data-status', 'approved');
  const d = await callApi<PermitDetail>(request, admin.token, permitDetailCall.path, { id });
  expect(d.permit.content).toBe('端到端：雨水井开挖（已探测地下电缆）');
  expect(d.permit.specialWorkers).toEqual([{ name: welder, role: 'welder' }]);
  expect(d.events.map((e) => e.action)).toEqual(expect.arrayContaining(['permit.draft', 'permit.apply', 'permit.reject', 'permit.sign']));

  // The list filters by status: the rejected-then-approved permit is under approved, not rejected.
  await phone.page.goto(LIST);
  await phone.page.getByTestId('permit-status-filter').click();
  await phone.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Approved' }).click();
  await expect(phone.page.getByTestId(`permit-row-${id}`)).toBeVisible();
  await phone.page.screenshot({ path: 'test-results/screens/permits-statuses-list-en-390.png', fullPage: true });
});
