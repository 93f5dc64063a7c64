import ExcelJS from 'exceljs';
import { expect, test, type Page } from './fixtures';
import { signIn } from './sign-in';

/*
 * /StatisticsReport's Excel export (issue 10 §7): the button downloads the three
 * tables as sheets, named in the user's language.
 */

async function exportSheets(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByTestId('stats-export').click();
  const file = await download;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path()));
  return { name: file.suggestedFilename(), sheets: wb.worksheets.map((w) => w.name), header: (wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 3) };
}

test('the statistics page exports its three tables to Excel, in Chinese and in English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'supervisor');
  await page.goto('/StatisticsReport');
  await expect(page.getByTestId('stats-hours')).toBeVisible();
  await page.screenshot({ path: 'test-results/statistics-1440-zh.png' });
  expect(await exportSheets(page)).toEqual({ name: '定位统计报表.xlsx', sheets: ['各区域每小时人数', '各区域停留时间', '定位报警次数'], header: ['区域', '类别'] });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/statistics-390-zh.png', fullPage: true });

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('stats-export')).toHaveText(/Export to Excel/);
  await page.screenshot({ path: 'test-results/statistics-390-en.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/statistics-1440-en.png' });
  expect(await exportSheets(page)).toEqual({
    name: 'Positioning statistics.xlsx',
    sheets: ['People per region and hour', 'Time in each region', 'Positioning alarms'],
    header: ['Region', 'Kind'],
  });
});
