import { regionIdOf } from './alarm-helpers';
import { expect, screenshots, test } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

/** The /RiskControll pages added for issue 21 §1 (the spec's list, spec 2 §2.3). */
const routes = [
  '/RiskControll/MeasureCheckTask',
  '/RiskControll/QrCode',
  '/RiskControll/RiskFactor',
  '/RiskControll/TableHeaderConfig',
  '/RiskControll/AssessmentConfig',
  '/RiskControll/SafeSelfEvaluation',
  '/RiskControll/SafeSelfEvaluationLog',
  '/RiskControll/SafeSelfEvaluationSheet',
  '/RiskControll/WarningSign',
  '/RiskControll/ThreeLayerDetail',
];

/*
 * Every page opens for the administrator at desktop and phone width in both
 * languages: no /404, loaded, fits the width, no message code in place of text.
 * With SCREENSHOTS=1 each is pictured into test-results/screens/risk-control/.
 */
for (const locale of ['zh-CN', 'en-US']) {
  for (const width of [1440, 390]) {
    test(`every added /RiskControll page opens and fits at ${width} px in ${locale}`, async ({ browser }) => {
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
          await expect(page.locator('.pw-content .ant-result-404')).toHaveCount(0);
          const codes = (await page.locator('.pw-content').innerText()).match(/\b(risk|records|common|validation)\.[A-Za-z]+(\.[A-Za-z]+)*\b/g) ?? [];
          expect(codes, path).toEqual([]);
          if (screenshots) {
            await page.screenshot({ path: `test-results/screens/risk-control/${path.replaceAll('/', '_')}-${width}-${lang}.png` });
          }
          await expectNoSidewaysOverflow(page);
        });
      }
      await ctx.close();
    });
  }
}

/* A control measure with an hourly check gets its check tasks at once, listed with their windows (DOMAIN.md §8). */
test('a new hourly measure lists its check tasks on /RiskControll/MeasureCheckTask', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const ut = await regionIdOf(request, token, 'UT');
  const unit = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/EvaluateUnitAdd', { name: 'E2E排查单元', region: ut });
  const event = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/AnalysisAdd', { name: 'E2E排查事件', unit: unit.id, hazard: '压缩空气' });
  const type = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/MeasureTypeAdd', { name: 'E2E排查类型', sort: 1 });
  const measure = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/AnalysisMeasureAdd', {
    analysis: event.id,
    measureType: type.id,
    content: 'E2E安全阀完好',
    tier: 'post',
    checkContent: '安全阀铅封完好',
    cycle: 1,
    cycleUnit: 'hour',
  });
  await expect
    .poll(async () => (await callApi<{ total: number }>(request, token, '/UAPI/RiskControl/SafeInspectionPlanList', { measureId: measure.id, page: 1, pageSize: 5 })).total, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.goto(`/RiskControll/MeasureCheckTask?measureId=${measure.id}`);
  const table = page.getByTestId('risk-measure-check-page');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('E2E安全阀完好');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('E2E排查单元 / E2E排查事件');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('未开始');
});

/* A risk point's QR code opens its card without signing in (the record engine's public read-only link). */
test('a QR code published on /RiskControll/QrCode opens the risk point on a phone without signing in', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const { items } = await callApi<{ items: { id: number; name: string }[] }>(request, token, '/UAPI/RiskControl/RiskPointQuery', { page: 1, pageSize: 1 });
  const point = items[0];
  await page.goto('/RiskControll/QrCode');
  await page.getByTestId(`risk-qr-publish-${point.id}`).click();
  const card = page.getByTestId(`risk-qr-${point.id}`);
  await expect(page.getByTestId(`risk-qr-image-${point.id}`)).toBeVisible();
  const href = await card.locator('a').first().getAttribute('href');
  expect(href).toMatch(/^\/p\//);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const anon = await phone.newPage();
  await anon.goto(href!);
  await expect(anon.locator('body')).toContainText(point.name, { timeout: 30_000 });
  await phone.close();
});
