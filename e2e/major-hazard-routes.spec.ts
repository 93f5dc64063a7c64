import { expectNoSidewaysOverflow } from './layout-helpers';
import { expect, screenshots, test } from './fixtures';
import { signIn } from './sign-in';

/** Every page issue 20 names, for the administrator. */
const routes = [
  '/No.88/MajorHazard',
  '/MajorHazard',
  '/majorHazard88/baseInfo',
  '/majorHazard88/configPage',
  '/majorHazard88/dangerSourceDeviceInfo',
  '/majorHazard88/instructions',
  '/dangerSourceManagement/dangerSourceConfirm',
  '/dangerSourceManagement/dangerSource',
  '/dangerSourceManagement/dangerListConfig',
  '/dangerSourceManagement/chemicalProcessRecord',
  '/dangerSourceManagement/evaluationReport',
  '/dangerSourceManagement/responsibleAllocation',
  '/dangerSourceManagement/statistics',
  '/dangerSourceManagement/dangerCardConfig',
  '/dangerSourceManagement/dangerCardConfigNew',
  '/DangerThreeCards/index',
  '/realTimeDataCollection/DataItem',
  '/realTimeDataCollection/DataItemSearch',
  '/realTimeDataCollection/RegulatorPush',
  '/dataAnalysis/DataItemSearch',
  '/dataAnalysis/reportSetting',
  '/majorHazardReport/sourceReport',
];

/*
 * Issue 20, "Done when": every route is a working page for the administrator at
 * desktop and phone width in both languages: it opens (no /404 or /401), loads,
 * fits the width, and shows no message code in place of its text.
 * With SCREENSHOTS=1 each is pictured into test-results/screens/major-hazard-routes/.
 */
for (const locale of ['zh-CN', 'en-US']) {
  for (const width of [1440, 390]) {
    test(`every major hazard page opens and fits at ${width} px in ${locale}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const lang = locale.slice(0, 2);
      const ctx = await browser.newContext({ locale, viewport: { width, height: width > 500 ? 900 : 844 }, ...(width < 500 ? { hasTouch: true, isMobile: true } : {}) });
      const page = await ctx.newPage();
      await signIn(page, 'admin');
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const path of routes) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('.pw-content').first()).toBeVisible({ timeout: 30_000 });
          await expect(page.locator('.pw-content .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
          expect(new URL(page.url()).pathname, path).toBe(path);
          const codes = (await page.locator('.pw-content').innerText()).match(/\b(majorHazard|records|common|validation)\.[A-Za-z]+(\.[A-Za-z]+)*\b/g) ?? [];
          expect(codes, path).toEqual([]);
          if (screenshots) {
            await page.screenshot({ path: `test-results/screens/major-hazard-routes/${path.replaceAll('/', '_')}-${width}-${lang}.png` });
          }
          await expectNoSidewaysOverflow(page);
        });
      }
      await ctx.close();
    });
  }
}
