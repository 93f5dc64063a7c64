import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/*
 * Excel writing and reading helpers every module uses (exceljs: a maintained
 * .xlsx reader and writer with a streaming workbook writer, so an export of
 * 100,000 rows is written row by row to the response and never held whole).
 */

export type Cell = string | number | null;

/** One sheet of a workbook: its name, header and rows page by page. */
export interface SheetSource {
  name: string;
  header: string[];
  /** A hidden row above the header naming each column's key (a ledger's field keys), so an import matches columns by key whatever the header's language. */
  keys?: string[];
  pages: AsyncIterable<Cell[][]> | Iterable<Cell[][]>;
}

/** Streams a workbook of several sheets to `out`, one after the other. Answers the row count of each sheet. */
export async function writeSheets(out: Writable, sheets: readonly SheetSource[]): Promise<number[]> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const counts: number[] = [];
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name);
    if (sheet.keys) {
      const keys = ws.addRow(sheet.keys);
      keys.hidden = true;
      keys.commit();
    }
    ws.addRow(sheet.header).commit();
    let n = 0;
    for await (const page of sheet.pages) {
      for (const row of page) {
        ws.addRow(row).commit();
        n++;
      }
    }
    ws.commit();
    counts.push(n);
  }
  await wb.commit();
  return counts;
}

/** Streams one sheet to `out`: the header, then the rows page by page (any list, not only a ledger's). Answers the row count. */
export async function writeSheet(out: Writable, sheetName: string, header: string[], pages: AsyncIterable<Cell[][]>, keys?: string[]): Promise<number> {
  const [n] = await writeSheets(out, [{ name: sheetName, header, pages, ...(keys ? { keys } : {}) }]);
  return n;
}

/** A cell's value without its formula, rich text or hyperlink wrapper. */
export function plain(v: ExcelJS.CellValue): unknown {
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    if ('result' in v) {
      return v.result;
    }
    if ('richText' in v) {
      return v.richText.map((t) => t.text).join('');
    }
    if ('text' in v) {
      return v.text;
    }
  }
  return v;
}
