import { expect, screenshots, test, type Page } from './fixtures';
import { dataIsolationDept, regionGetList } from '../src/shared/org/contracts';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

/** Fails when a button of the page ends outside the window (cut off), except inside a table that scrolls sideways. */
async function expectButtonsInside(page: Page) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.pw-content button, .ant-drawer-open button')]
      .filter((b) => b.offsetParent !== null && !b.closest('.ant-table-content, .ant-table-body'))
      .filter((b) => b.getBoundingClientRect().right > window.innerWidth + 1)
      .map((b) => b.innerText || b.getAttribute('aria-label') || b.className),
  );
  expect(cut).toEqual([]);
}

const shot = async (p: Page, name: string) => {
  if (screenshots) {
    await p.screenshot({ path: `test-results/screens/ledgers/${name}.png` });
  }
};

/**
 * Every page of the record engine on a phone (390 × 844): nothing sticks out
 * sideways and no button is cut. With SCREENSHOTS=1 also at 1440 × 900 and in
 * English, with a picture of each (test-results/screens/ledgers/) to look at.
 */
test('ledger lists, forms and details fit a 390 px phone', async ({ browser, page, request }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const regions = await callApi<{ regionid: number }[]>(request, token, regionGetList.path, { isallregionid: 1 });
  const depts = await callApi<{ deptid: number }[]>(request, token, dataIsolationDept.path, {});
  const now = Date.now();
  const announcement = await callApi<{ id: number }>(request, token, '/UAPI/System/AnnouncementSave', {
    title: '关于开展储罐区年度安全检查的通知（含承包商作业要求与应急联络方式）',
    level: 'important',
    publishAt: now,
    content: '各部门：\n储罐区将于下周开展年度安全检查，请提前做好准备。',
  });
  await callApi(request, token, '/UAPI/Notice/NoticeSave', { title: '消防演练通知', dept: depts[0].deptid, content: '周五下午三点，全厂消防演练。' });
  await callApi(request, token, '/UAPI/SystemConfig/WorkTypeSave', { name: '动火作业', code: 'HOT-WORK', certificate: 'yes', remark: '需持动火作业证' });
  const signType = await callApi<{ id: number }>(request, token, '/UAPI/SafeSign/AddSafeSignType', { name: '禁止烟火', category: 'prohibition' });
  const sign = await callApi<{ id: number }>(request, token, '/UAPI/SafeSign/AddSafeSign', {
    name: '当心中毒',
    code: 'SS-001',
    signType: signType.id,
    region: regions[0].regionid,
    location: '储罐区东门入口左侧立柱',
    checkedAt: now,
  });

  const pages: [string, string, string][] = [
    ['work-types', '/systemConfig/WorkTypeConfig', 'ledger-WorkType'],
    ['announcements', '/system/announcement', 'ledger-Announcement'],
    ['announcement-add', '/system/addAnnouncement', 'record-form'],
    ['announcement-edit', `/system/addAnnouncement?id=${announcement.id}`, 'record-form'],
    ['announcement-detail', `/system/announcementDetail?id=${announcement.id}`, 'record-detail'],
    ['notices', '/Notice/NoticeList', 'ledger-Notice'],
    ['safe-signs', '/SafeSign/SafeSignList', 'ledger-SafeSign'],
    ['safe-sign-detail', `/low-code-platform/list-view-record?entity=SafeSign&id=${sign.id}`, 'record-detail'],
    ['safe-sign-form', `/low-code-platform/form-detail?entity=SafeSign&id=${sign.id}`, 'record-form'],
    ['safe-sign-types', '/SafeSign/SafeSignTypeList', 'ledger-SafeSignType'],
    ['positioning-objects', '/SystesmManeges', 'ledger-PositioningObject'],
    ['tags', '/realTimeData/manage', 'ledger-Tag'],
    ['ledger-definitions', '/low-code-platform/list-view', 'ledger-new'],
    ['data-dictionary', '/low-code-platform/data-dictionary', ''],
    ['process-logs', '/low-code-platform/processLogs', ''],
  ];
  for (const locale of screenshots ? ['zh-CN', 'en-US'] : ['zh-CN']) {
    const lang = locale.slice(0, 2);
    for (const width of screenshots ? [1440, 390] : [390]) {
      const ctx = await browser.newContext({ locale, viewport: { width, height: width > 500 ? 900 : 844 }, ...(width < 500 ? { hasTouch: true, isMobile: true } : {}) });
      const p = await ctx.newPage();
      await signIn(p, 'admin');
      await p.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const [name, path, testId] of pages) {
        await test.step(`${name} ${width} ${lang}`, async () => {
          await p.goto(path);
          await expect(testId ? p.getByTestId(testId).first() : p.locator('.pw-content .ant-card').first()).toBeVisible();
          await p.waitForTimeout(400);
          await shot(p, `${name}-${width}-${lang}`);
          await expectNoSidewaysOverflow(p);
          await expectButtonsInside(p);
        });
      }
      // The add form of a list opens in a drawer; on phones the filters besides the keyword fold behind one button.
      await p.goto('/SafeSign/SafeSignList');
      const nameFilter = p.getByTestId('record-filters').getByTestId('field-name');
      if (width < 500) {
        await expect(nameFilter).toBeHidden();
        await p.getByTestId('record-filters-toggle').click();
        await expect(nameFilter).toBeVisible();
        await shot(p, `safe-signs-filters-open-${width}-${lang}`);
        await expectNoSidewaysOverflow(p);
      } else {
        await expect(nameFilter).toBeVisible();
      }
      await p.getByTestId('record-add').click();
      await expect(p.getByTestId('record-form')).toBeVisible();
      await p.waitForTimeout(400);
      await shot(p, `safe-sign-add-drawer-${width}-${lang}`);
      await expectButtonsInside(p);
      await ctx.close();
    }
  }
});

test('the seed’s old addresses of the low-code pages lead to the same pages, with their query', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/FormGenerator/ListView');
  await expect(page).toHaveURL(/\/low-code-platform\/list-view$/);
  await expect(page.getByTestId('ledger-new').first()).toBeVisible();
  await page.goto('/low-code-platform/v2/list-view-record?entity=SafeSignType&id=999999');
  await expect(page).toHaveURL(/\/low-code-platform\/list-view-record\?entity=SafeSignType&id=999999$/);
  await page.goto('/low-code-platform/v2/data-dictionary');
  await expect(page).toHaveURL(/\/low-code-platform\/data-dictionary$/);
  await expect(page.locator('.pw-content .ant-card').first()).toBeVisible();
});
