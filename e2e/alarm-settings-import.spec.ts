import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { prepareTank } from './alarm-helpers';

const TAG = 'E2E.IMP.LT1';

test('alarm settings import: the administrator edits the exported ledger, sees the bad row named, keeps the good rows with a reason; the engine uses the new limit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { send, openId } = await prepareTank(page, request, TAG);
  await page.goto('/alarmAduit/alarmSettings');
  await page.getByTestId('settings-keyword').locator('input').fill(TAG);
  await page.getByTestId('settings-keyword').locator('input').press('Enter');
  const hRow = page.getByTestId(`setting-row-${TAG}-h`);
  await expect(hRow).toContainText('8 m');

  // The ledger as the page exports it, edited as a user would in a spreadsheet.
  const download = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  const ws = wb.worksheets[0];
  const rowOf = (type: string) => {
    for (let i = 2; i <= ws.rowCount; i++) {
      if (ws.getRow(i).getCell(1).value === TAG && ws.getRow(i).getCell(3).value === type) {
        return ws.getRow(i);
      }
    }
    throw new Error(`no ${type} row`);
  };
  rowOf('高报').getCell(4).value = 7;
  rowOf('高报').getCell(7).value = '紧急';
  rowOf('高高报').getCell(4).value = 20; // the range is 0–10
  const hhRow = rowOf('高高报').number;
  fs.mkdirSync('test-results', { recursive: true });
  const file = 'test-results/alarm-settings-import.xlsx';
  await wb.xlsx.writeFile(file);

  await page.getByTestId('settings-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('settings-import-reason').fill('HAZOP 复审后调整高报');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-errors')).toContainText('1 行有错误，未保存任何数据');
  const errorRow = dialog.getByTestId('import-error-table').locator('.ant-table-row').first();
  await expect(errorRow).toContainText(String(hhRow));
  await expect(errorRow).toContainText('限值');
  await expect(errorRow).toContainText('超出量程');
  await page.screenshot({ path: 'test-results/screens/alarm-settings-import-zh-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/alarm-settings-import-zh-390.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  // Nothing saved yet.
  await expect(hRow).toContainText('8 m');

  await dialog.getByTestId('import-keep-good').click();
  await expect(page.locator('.ant-message, .ant-notification')).toContainText('已保存 1 条');
  await page.keyboard.press('Escape');
  await expect(hRow).toContainText('7 m');
  await expect(hRow).toContainText('紧急');
  await expect(page.getByTestId(`setting-row-${TAG}-hh`)).toContainText('9 m');
  await page.getByTestId(`setting-history-${TAG}-h`).click();
  const history = page.getByTestId('setting-history');
  await expect(history).toContainText('HAZOP 复审后调整高报');
  await expect(history).toContainText('限值: 8 → 7');
  await expect(history).toContainText('优先级: 中 → 紧急');
  await page.keyboard.press('Escape');

  // 7.5 is above the imported H and below the old one: the alarm opens at once, no restart.
  await send(7.5);
  await expect.poll(() => openId('h')).toBeGreaterThan(0);
});
