import { hiddenDangerCriteria, hiddenDangerCriterionSave, type MajorCriterionItem } from '../src/shared/hidden-dangers/contracts';
import { expect, screenshots, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

const PATH = '/SecurityRiskManagement/MajorTroubleCriteria';

/** The list as the Criteria call (GET) answers it. */
async function criteria(request: APIRequestContext, token: string): Promise<MajorCriterionItem[]> {
  const res = await request.get(hiddenDangerCriteria.path, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: MajorCriterionItem[] }).data;
}

async function open(browser: Browser, user: string, opts: { width?: number; en?: boolean } = {}): Promise<{ page: Page; token: string }> {
  const width = opts.width ?? 1440;
  const page = await (await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, locale: opts.en ? 'en-US' : 'zh-CN' })).newPage();
  await signIn(page, user);
  if (opts.en) {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
  return { page, token: (await page.evaluate(() => localStorage.getItem('Admin-Token')))! };
}

/*
 * Issue 24 §1: the statutory 重大 list (121 号) is data the plant edits. The
 * administrator switches item 7 off and rewords it on the page; a supervisor
 * reads the list without edit buttons; the page fits a phone in both languages.
 */
test('the 重大 criteria list: the administrator rewords and switches off an item; others read it, on a phone too', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await open(browser, 'admin');
  const original = (await criteria(request, admin.token)).find((c) => c.no === 7)!;
  try {
    await admin.page.goto(PATH);
    await expect(admin.page.getByTestId('hd-criteria').locator('tbody tr.ant-table-row')).toHaveCount(20);
    await admin.page.getByTestId('hd-criterion-edit-7').click();
    await admin.page.getByTestId('hd-criterion-zh').fill('第七条（本厂按新版判定标准执行）');
    await admin.page.getByTestId('hd-criterion-enabled').click();
    await admin.page.getByTestId('hd-criterion-ok').click();
    const row = admin.page.getByTestId('hd-criteria').locator('tbody tr.ant-table-row').nth(6);
    await expect(row).toContainText('第七条（本厂按新版判定标准执行）');
    await expect(row).toContainText('已停用');
    await expect(row).toContainText('admin');
    const saved = (await criteria(request, admin.token)).find((c) => c.no === 7)!;
    expect(saved).toMatchObject({ zh: '第七条（本厂按新版判定标准执行）', enabled: false, updatedBy: 'admin' });

    const supervisor = await open(browser, 'supervisor');
    await supervisor.page.goto(PATH);
    await expect(supervisor.page.getByTestId('hd-criteria').locator('tbody tr.ant-table-row')).toHaveCount(20);
    await expect(supervisor.page.getByTestId('hd-criterion-edit-7')).toHaveCount(0);

    for (const en of [false, true]) {
      const phone = await open(browser, 'inspector', { width: 390, en });
      await phone.page.goto(PATH);
      await expect(phone.page.getByTestId('hd-criteria').locator('tbody tr.ant-table-row')).toHaveCount(20);
      await expect(phone.page.getByTestId('hd-criteria')).toContainText(en ? 'Switched off' : '已停用');
      await expectNoSidewaysOverflow(phone.page);
      await phone.page.context().close();
    }
  } finally {
    await callApi(request, admin.token, hiddenDangerCriterionSave.path, { no: 7, zh: original.zh, en: original.en, enabled: true });
  }
});

// Pictures for people to look at (SCREENSHOTS=1), not a test.
if (screenshots) {
  test('screenshots of the criteria page at 1440 and 390 px, zh and en', async ({ browser }) => {
    test.setTimeout(180_000);
    for (const en of [false, true]) {
      for (const width of [1440, 390]) {
        const { page } = await open(browser, 'admin', { width, en });
        await page.goto(PATH);
        await expect(page.getByTestId('hd-criteria').locator('tbody tr.ant-table-row')).toHaveCount(20);
        await page.screenshot({ path: test.info().outputPath(`criteria-${en ? 'en' : 'zh'}-${width}.png`), fullPage: false });
        await page.context().close();
      }
    }
  });
}
