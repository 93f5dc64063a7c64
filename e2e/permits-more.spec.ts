import { expect, test, type Browser, type Page } from './fixtures';
import { callApi, signIn } from './sign-in';
import { isolationSheetLedger } from '../src/shared/permits/isolation-ledgers';
import { permitSignerOptions } from '../src/shared/permits/contracts';
import { recordContracts } from '../src/shared/records/contracts';
import { regionGetList } from '../src/shared/org/contracts';

/*
 * Issue 25 (remaining, brief permits-more): the statistics pages with real
 * data at desktop and phone width in both languages, the seed's other
 * spellings of the permit list and map, and an energy isolation sheet locked
 * and tagged on a phone and verified by another person, each on the pad.
 */

type Who = 'admin' | 'supervisor' | 'operator' | 'inspector';
const SIG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function session(browser: Browser, who: Who, opts: { phone?: boolean; lang?: 'zh-CN' | 'en-US' } = {}): Promise<{ page: Page; token: string }> {
  const ctx = await browser.newContext(
    opts.phone ? { locale: opts.lang ?? 'zh-CN', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { locale: opts.lang ?? 'zh-CN', viewport: { width: 1440, height: 900 } },
  );
  const page = await ctx.newPage();
  await signIn(page, who);
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

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('statistics pages: counts per region and department, approval times; phone width; the seed’s list and map spellings', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await session(browser, 'admin');
  const p = admin.page;
  await p.goto('/SafetyWorkPermitNew/AnalyseRegionForSafe');
  await expect(p.getByTestId('permit-stats-region')).toContainText('作业票区域统计', { timeout: 45_000 });
  // The demo plant's permits were applied for today: their regions are counted.
  await expect(p.getByTestId('stats-total')).toHaveText(/^[1-9]\d*$/, { timeout: 45_000 });
  await p.goto('/SafetyWorkPermitNew/AnalyseDepartmentForSafe');
  await expect(p.getByTestId('permit-stats-department')).toContainText('申请部门', { timeout: 45_000 });
  await expect(p.getByTestId('stats-total')).toHaveText(/^[1-9]\d*$/, { timeout: 45_000 });
  await p.goto('/SafetyWorkPermitNew/AnalyseApprovedForSafe');
  await expect(p.getByTestId('stats-by-type')).toContainText('受限空间作业', { timeout: 45_000 });
  await p.goto('/WorkingBill');
  await expect(p.getByTestId('permit-apply')).toBeVisible({ timeout: 45_000 });
  await p.goto('/WorkingBillMapshowMap');
  await expect(p.getByTestId('work-map')).toBeVisible({ timeout: 45_000 });

  const phone = await session(browser, 'supervisor', { phone: true, lang: 'en-US' });
  await phone.page.goto('/SafetyWorkPermitNew/AnalyseRegionForSafe');
  await expect(phone.page.getByTestId('permit-stats-region')).toBeVisible({ timeout: 45_000 });
  await expect(phone.page.getByTestId('stats-total')).toHaveText(/^[1-9]\d*$/, { timeout: 45_000 });
  expect(await noSideScroll(phone.page)).toBe(true);
  await phone.page.goto('/SafetyWorkPermitNew/AnalyseApprovedForSafe');
  await expect(phone.page.getByTestId('stats-by-step')).toBeVisible({ timeout: 45_000 });
  expect(await noSideScroll(phone.page)).toBe(true);
});

test('energy isolation: a sheet locked and tagged on a phone by the first confirmer, verified by another person', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const supervisor = await session(browser, 'supervisor');
  const ids = (await callApi<{ items: { userid: number; loginname: string }[] }>(request, supervisor.token, permitSignerOptions.path, {})).items;
  const uid = (who: Who) => ids.find((u) => u.loginname === who)!.userid;
  const regions = await callApi<{ regionid: number; regioncode: string }[]>(request, supervisor.token, regionGetList.path, {});
  const tfa = regions.find((r) => r.regioncode === 'TF-A')!.regionid;
  const calls = recordContracts(isolationSheetLedger);
  const sheet = await callApi<{ id: number; version: number }>(request, supervisor.token, calls.save.path, {
    equipment: 'E2E 储罐 T-101 进料泵',
    region: tfa,
    energyTypes: ['electric', 'chemical'],
    points: [{ point: 'T-101 进料阀', isolationType: 'valve', lockNo: 'L-9', tagNo: 'T-9' }],
    implementers: [uid('operator')],
    assessor: uid('supervisor'),
    approver: uid('supervisor'),
    doneBy1: uid('operator'),
    doneBy2: uid('inspector'),
  });
  const assessed = await callApi<{ version: number }>(request, supervisor.token, calls.transition.path, { id: sheet.id, version: sheet.version, action: 'assess', signature: SIG });
  await callApi(request, supervisor.token, calls.transition.path, { id: sheet.id, version: assessed.version, action: 'approve', signature: SIG });

  const operator = await session(browser, 'operator', { phone: true });
  await operator.page.goto('/EnergyIsolation');
  await expect(operator.page.getByTestId('energy-isolation')).toBeVisible({ timeout: 45_000 });
  await operator.page.getByRole('tab', { name: '现场确认' }).click();
  await operator.page.getByTestId('isolation-sheet').click();
  await operator.page.getByText('E2E 储罐 T-101 进料泵', { exact: false }).last().click();
  await draw(operator.page, 'isolation-pad');
  await operator.page.getByTestId('isolation-lock').click();
  await expect(operator.page.getByText('操作成功')).toBeVisible({ timeout: 45_000 });
  expect(await noSideScroll(operator.page)).toBe(true);

  const inspector = await session(browser, 'inspector');
  await inspector.page.goto('/EnergyIsolation');
  await inspector.page.getByRole('tab', { name: '现场确认' }).click();
  await inspector.page.getByTestId('isolation-sheet').click();
  await inspector.page.getByText('E2E 储罐 T-101 进料泵', { exact: false }).last().click();
  await draw(inspector.page, 'isolation-pad');
  await inspector.page.getByTestId('isolation-verify').click();
  await expect(inspector.page.getByText('操作成功')).toBeVisible({ timeout: 45_000 });

  const rec = await callApi<{ record: { status: number; lockSign: { signer: number }; verifySign: { signer: number } } }>(request, supervisor.token, calls.get.path, { id: sheet.id });
  expect(rec.record.status).toBe(4);
  expect(rec.record.lockSign.signer).toBe(uid('operator'));
  expect(rec.record.verifySign.signer).toBe(uid('inspector'));
});
