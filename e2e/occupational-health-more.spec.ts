import { declarationLedger, fundsLedger, threeSimultaneousLedger } from '../src/shared/occupational-health/ledger';
import { hazardIdentificationLedger } from '../src/shared/occupational-health/ledger-more';
import type { RecordDefinition } from '../src/shared/records/definition';
import { recordContracts } from '../src/shared/records/contracts';
import { expect, screenshots, test, type APIRequestContext } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

const OHM = '/occupationalHealthManagement';

/** The id of the demo record of a ledger whose title is `title`. */
async function demoId(request: APIRequestContext, token: string, def: RecordDefinition, title: string): Promise<number> {
  for (let i = 0; i < 40; i++) {
    const list = await callApi<{ items: { id: number; title: string }[] }>(request, token, recordContracts(def).list.path, {
      page: 1,
      pageSize: 100,
    });
    const hit = list.items.find((r) => r.title === title);
    if (hit) {
      return hit.id;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no demo ${def.entity} "${title}"`);
}

/*
 * Issue 26 §2, the remaining children of seed 3's /occupationalHealthManagement:
 * every one opens for the administrator on a phone (390 px) and shows the demo
 * data from its own call; the add pages open a demo record for editing.
 */
test('the remaining occupational health pages open at 390 px and show their data', async ({ browser, request }) => {
  test.setTimeout(screenshots ? 600_000 : 360_000);
  for (const locale of screenshots ? ['zh-CN', 'en-US'] : ['zh-CN']) {
    const lang = locale.slice(0, 2);
    for (const width of screenshots ? [1440, 390] : [390]) {
      const ctx = await browser.newContext({
        locale,
        viewport: { width, height: width > 500 ? 900 : 844 },
        ...(width < 500 ? { hasTouch: true, isMobile: true } : {}),
      });
      const p = await ctx.newPage();
      await signIn(p, 'admin');
      await p.evaluate((l) => localStorage.setItem('language', l), lang);
      const token = (await p.evaluate(() => localStorage.getItem('Admin-Token')))!;
      const ids = {
        identification: await demoId(request, token, hazardIdentificationLedger, '外操巡检接触苯'),
        archive: await demoId(request, token, threeSimultaneousLedger, '芳烃抽提扩能改造'),
        declaration: await demoId(request, token, declarationLedger, '2026 年度职业病危害项目申报'),
        fund: await demoId(request, token, fundsLedger, '年度职业健康体检'),
      };
      const pages: { child: string; testId: string; text: string | RegExp }[] = [
        { child: 'hazardFactorManagement', testId: 'ledger-HazardIdentification', text: '外操巡检接触苯' },
        { child: `riskFactorsAddEditpage?id=${ids.identification}`, testId: 'oh-form-riskFactorsAddEditpage', text: '' },
        { child: 'occupationalHazard', testId: 'oh-touch', text: '芳烃抽提塔进料泵' },
        { child: 'damageFactors', testId: 'ledger-HazardSource', text: '液氨装卸作业' },
        { child: 'hazardFactorAssessment', testId: 'ledger-HazardAssessment', text: '2026 年度定期检测（苯）' },
        { child: 'medicalPlan', testId: 'oh-due', text: /芳烃装置外操|液氨罐区巡检/ },
        { child: 'medicalSummary', testId: 'oh-summary', text: lang === 'en' ? 'Total' : '合计' },
        { child: 'physicalAbnormalitiesConfig', testId: 'ledger-ExamAbnormalityRule', text: lang === 'en' ? 'Re-check' : '安排复查' },
        { child: `recordAdd?id=${ids.archive}`, testId: 'oh-form-recordAdd', text: '' },
        { child: `declarationAdd?id=${ids.declaration}`, testId: 'oh-form-declarationAdd', text: '' },
        { child: `fundsAdd?id=${ids.fund}`, testId: 'oh-form-fundsAdd', text: '' },
        { child: 'exposureFactors', testId: 'oh-exposure-factors', text: '71-43-2' },
        { child: 'profileCardConfigurationPage', testId: 'ledger-ProfileCardSection', text: lang === 'en' ? 'Exams' : '体检记录' },
        { child: 'occupationalHealthDatabaseConfiguration', testId: 'ledger-HealthSetting', text: '体检到期提醒' },
      ];
      const formValues: Record<string, string> = {
        riskFactorsAddEditpage: '外操巡检接触苯',
        recordAdd: '芳烃抽提扩能改造',
        declarationAdd: '2026 年度职业病危害项目申报',
        fundsAdd: '年度职业健康体检',
      };
      for (const { child, testId, text } of pages) {
        await p.goto(`${OHM}/${child}`);
        const root = p.getByTestId(testId).first();
        await expect(root).toBeVisible({ timeout: 20_000 });
        await expect(p.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
        const name = child.split('?')[0];
        if (formValues[name]) {
          // The add page, opened on a demo record: its values are in the form.
          await expect(root.locator(`input[value="${formValues[name]}"]`)).toHaveCount(1);
        } else {
          await expect(root.getByText(text).first()).toBeVisible();
        }
        if (screenshots) {
          await p.screenshot({ path: `test-results/screens/occupational-health/${name}-${width}-${lang}.png`, fullPage: true });
        }
        await expectNoSidewaysOverflow(p);
      }
      // A demo person's file shows the noise section (L_EX,8h, or that no meter was where they were) among its configured sections.
      await p.goto(`${OHM}/personalFileSearch`);
      await p.getByTestId('oh-due').locator('a').first().click();
      await expect(p.getByTestId('oh-noise')).toBeVisible({ timeout: 20_000 });
      await expectNoSidewaysOverflow(p);
      await ctx.close();
    }
  }
});
