import { expect, screenshots, test, type Page } from './fixtures';
import { choose, fieldError } from './form-helpers';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { signIn } from './sign-in';

/*
 * Issue 25: the permit routes that answered /404 (JSA, gas analysis, blind
 * plates, the permit report, /SafetyWorkPermit itself). The administrator
 * opens each one and sees its page; a JSA is created on /JSA/JSACreate, first
 * refused on the field left empty, then saved and opened; no page scrolls
 * sideways at 390 px. With SCREENSHOTS=1, the module's own pages are pictured
 * at 1,440, 390 and 3,840 px in both languages.
 */

const routes: [path: string, ready: string][] = [
  ['/SafetyWorkPermit', 'permit-stats-type'],
  ['/JSA/JSASearch', 'record-table'],
  ['/JSA/JSACreate', 'record-form'],
  ['/JSA/JSAAnalysis', 'jsa-by-type'],
  ['/JSA/JSAMap', 'work-map'],
  ['/JSA/DataCenter', 'record-table'],
  ['/JSA/WorkType', 'record-table'],
  ['/JSA/ApplyConfig', 'record-table'],
  ['/JSA/EvaluateConfig', 'record-table'],
  ['/Examine/GasAnalysisSearch', 'gas-a-table'],
  ['/Examine/GasAnalysisConfig', 'record-table'],
  ['/Examine/AnalysisItemConfig', 'record-table'],
  ['/BlindPlate/Config', 'record-table'],
  ['/BlindPlate/BlindSearch', 'record-table'],
  ['/BlindPlate/TemporarySearch', 'record-table'],
  ['/BlindPlate/DesignSearch', 'record-table'],
  ['/autoWorkingBillReport/confirmSetting', 'record-table'],
  ['/autoWorkingBillReport/reportSearch', 'record-table'],
  ['/autoWorkingBillReport/myReport', 'record-table'],
  ['/autoWorkingBillReport/SendReport', 'report-summary'],
  ['/SafetyWorkPermitNew/PersonnelLocationRecord', 'permit-zone-record'],
];

/** The pages drawn by this module's own code (the others are the record engine's ledger page, pictured elsewhere). */
const pictured = ['/SafetyWorkPermit', '/JSA/JSACreate', '/JSA/JSAAnalysis', '/JSA/JSAMap', '/Examine/GasAnalysisSearch', '/BlindPlate/TemporarySearch', '/autoWorkingBillReport/SendReport'];

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
}

test('the permit routes answer pages; a JSA is refused on its empty field, then saved; nothing scrolls sideways on a phone', async ({ page }) => {
  test.setTimeout(screenshots ? 600_000 : 150_000);
  await signIn(page, 'admin');

  // Each route answers its page, and on a phone fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, ready] of routes) {
    await open(page, path, ready);
    await expectNoSidewaysOverflow(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The searches of the register show their own kind only.
  await open(page, '/BlindPlate/TemporarySearch', 'record-table');
  await expect(page.getByTestId('record-table')).toContainText('LS-P301-01');
  await expect(page.getByTestId('record-table')).not.toContainText('MB-E201-01');
  // The gas analysis of the demo's confined-space permit, judged by the rules.
  await open(page, '/Examine/GasAnalysisSearch', 'gas-a-table');
  await expect(page.getByTestId('gas-a-table')).toContainText('SX');

  // A JSA on its page: the work's name left empty is refused on that field; filled, it saves and opens.
  await open(page, '/JSA/JSACreate', 'record-form');
  const form = page.getByTestId('record-form');
  await choose(page, form.getByTestId('field-permitType'), /^动火作业$/);
  await choose(page, form.getByTestId('field-region'), /./);
  await form.getByTestId('row-add-steps').click();
  await form.getByTestId('cell-steps-0-step').fill('切割旧管段');
  await choose(page, form.getByTestId('cell-steps-0-hazardType'), /^火灾爆炸$/);
  await form.getByTestId('cell-steps-0-hazards').fill('管内残留油气');
  await form.getByTestId('cell-steps-0-controls').fill('蒸汽吹扫，气体分析合格后作业');
  await choose(page, form.getByTestId('field-analyst'), /./);
  await form.getByTestId('field-analysedAt').click();
  // 此刻 (Now) sets the time and closes the picker.
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-now-btn').click();
  await page.getByTestId('record-save').click();
  await expect(fieldError(form, 'title')).toBeVisible();
  await expect(page).toHaveURL(/\/JSA\/JSACreate/);
  await form.locator('input[data-testid="field-title"]').fill('E2E 管线切割JSA');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/JSA\/JSADetail\?id=\d+/);
  await expect(page.getByTestId('record-detail')).toContainText('E2E 管线切割JSA');
  await expect(page.getByTestId('record-detail')).toContainText('切割旧管段');


  if (screenshots) {
    for (const lang of ['zh', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const width of [1440, 390, 3840]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : width === 3840 ? 2160 : 900 });
        for (const [path, ready] of routes.filter(([p]) => pictured.includes(p))) {
          await open(page, path, ready);
          await page.waitForTimeout(300); // fonts and tables settle for the picture (not an assertion)
          await page.screenshot({ path: `test-results/screens/permit-routes${path.replace(/\//g, '-')}-${lang}-${width}.png`, fullPage: width !== 3840 });
        }
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
  }
});
