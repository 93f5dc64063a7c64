import ExcelJS from 'exceljs';
import { regionGetList } from '../src/shared/org/contracts';
import { expect, test, type Page } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

/*
 * Issue 24 (remaining inspection pages): the Excel import of points and plans
 * through /systemConfig/InspectionImport (a good file imports, a bad one lists
 * its problems by sheet, row and column and imports nothing), the report, the
 * analysis, the safety inspection ledger and its analysis, and the special
 * inspection pages — at desktop and phone width, in both languages.
 */

async function workbook(points: (string | number | null)[][], plans: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ps = wb.addWorksheet('巡检点');
  ps.addRow(['*名称', '*区域', '类型', '*经度', '*纬度', '检查项']);
  points.forEach((r) => ps.addRow(r));
  const pl = wb.addWorksheet('巡检计划');
  pl.addRow(['*计划名称', '*负责人', '巡检人员', '*区域', '*巡检周期', '巡检时间', '*生效时间', '*巡检点']);
  plans.forEach((r) => pl.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.locator('[data-testid="insp-import"] input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

test('inspection import: template, a good file, a bad file with its problems by row and column', async ({ page, request }) => {
  await signIn(page, 'admin');
  const admin = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const regions = await callApi<{ regionid: number; regionname: string; regioncode: string }[]>(request, admin, regionGetList.path, { isallregionid: 1 });
  const tf = regions.find((r) => r.regioncode === 'TF')!.regionname;
  const stamp = Date.now() % 1_000_000;

  await page.goto('/systemConfig/InspectionImport');
  await expect(page.getByTestId('insp-import')).toContainText('巡检点与计划导入');
  const download = page.waitForEvent('download');
  await page.getByTestId('insp-import-template').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  await upload(page, 'good.xlsx', await workbook([[`E2E点${stamp}`, tf, '设备', 118.8036, 32.2523, '外观|enum|正常,异常|异常']], [[`E2E导入计划${stamp}`, 'supervisor', 'inspector', tf, '日', '08:00', '2026-01-01', `E2E点${stamp}`]]));
  await expect(page.getByTestId('insp-import-result')).toContainText('新增巡检点 1 个');
  await expect(page.getByTestId('insp-import-result')).toContainText('新增巡检计划 1 个');

  await upload(page, 'bad.xlsx', await workbook([[`E2E坏点${stamp}`, tf, '设备', 'abc', 32.25, null]], [[`E2E导入计划${stamp}`, 'nobody', null, tf, '日', '08:00', '2026-01-01', `E2E坏点${stamp}`]]));
  await expect(page.getByTestId('insp-import-error')).toContainText('第2行');
  const problems = page.getByTestId('insp-import-problems');
  await expect(problems).toContainText('经度');
  await expect(problems).toContainText('计划已存在');
  await expect(problems).toContainText('人员不存在：nobody');

  // English, and the phone.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/systemConfig/InspectionImport');
  await expect(page.getByTestId('insp-import')).toContainText('Import inspection points and plans');
  await upload(page, 'bad.xlsx', await workbook([[`E2E坏点${stamp}`, tf, '设备', 'abc', 32.25, null]], []));
  await expect(page.getByTestId('insp-import-problems')).toContainText('Longitude');
  await expectNoSidewaysOverflow(page);
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
});

test('report, analysis, safety inspections and special inspections at desktop and phone width in both languages', async ({ page }) => {
  // Sixteen page loads (four pages, two widths, two languages) and the ledgers.
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  const pages: { path: string; ready: string; zh: string; en: string }[] = [
    { path: '/IntelligentInspection/InspectionReport', ready: 'insp-report-overall', zh: '漏检率', en: 'Missed-check rate' },
    { path: '/IntelligentInspection/InspectionAnalyse', ready: 'insp-analyse', zh: '巡检分析', en: 'Inspection analysis' },
    { path: '/SecurityCheck/AnalysisList', ready: 'safe-analysis', zh: '安全检查分析', en: 'Safety inspection analysis' },
    { path: '/SpecialInspection/hiddenDanger', ready: 'special-hidden-dangers', zh: '专项检查隐患', en: 'Hidden dangers from special inspections' },
  ];
  for (const lang of ['zh', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const p of pages) {
        await page.goto(p.path);
        await expect(page.getByTestId(p.ready)).toContainText(p[lang]);
        await expectNoSidewaysOverflow(page);
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 1440, height: 900 });
  // The report answers real figures: the demo plan's hourly rounds of the last days.
  await page.goto('/IntelligentInspection/InspectionReport');
  await expect(page.getByTestId('insp-report-overall')).not.toContainText(/巡检任务\s*0\b/);
  const download = page.waitForEvent('download');
  await page.getByTestId('insp-report-export').click();
  expect((await download).suggestedFilename()).toBe('巡检报表.xlsx');
  // The ledgers open on the record engine's list.
  for (const [path, title] of [
    ['/SecurityCheck/SafeInspection', '安全检查'],
    ['/SpecialInspection/plan', '专项检查计划'],
    ['/SpecialInspection/task', '专项检查任务'],
    ['/SpecialInspection/records', '专项检查记录'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.locator('.ant-table')).toBeVisible();
  }
});
