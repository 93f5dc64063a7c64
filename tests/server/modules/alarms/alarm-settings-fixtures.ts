import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { alarmSettingExport } from '../../../../src/shared/alarms/settings-contracts.js';

export type Cell = string | number | null | undefined;

/** The alarm setting ledger as the export writes it for `token` in `lang`: rows of cells, the header first. */
export async function exportedSettings(url: string, token: string, lang: string, keyword: string): Promise<Cell[][]> {
  const res = await fetch(url + alarmSettingExport.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify({ keyword }),
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0];
  return Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as Cell[]).slice(1));
}
