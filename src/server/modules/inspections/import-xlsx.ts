import type { Writable } from 'node:stream';
import { importSheets, planColumns, pointColumns, type ImportColumn, type ImportSheet, type PlanColumn, type PointColumn } from '../../../shared/inspections/import-columns.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import { writeSheets } from '../../common/excel.js';
import { workbookReader, type SheetGrid } from '../../common/workbook.js';

/*
 * The inspection import workbook: the template (a points sheet, a plans sheet,
 * and how to fill them in) and its reading. A sheet is known by its header
 * (either language, or the column keys), not by its name, so a renamed sheet
 * still reads; what the cells mean is the import service's.
 */

export interface RawRow<K extends string> {
  /** As the spreadsheet numbers it (the header is row 1). */
  row: number;
  cells: Partial<Record<K, unknown>>;
}

export interface ImportWorkbook {
  points: { columns: Set<PointColumn>; rows: RawRow<PointColumn>[] } | null;
  plans: { columns: Set<PlanColumn>; rows: RawRow<PlanColumn>[] } | null;
}

const norm = (s: string) => s.replace(/\s+/g, '').replace(/[*＊]/g, '').toLowerCase();

/** The column headed by this text, in either language or by key. */
function columnOf<K extends string>(columns: readonly ImportColumn<K>[], header: string): K | undefined {
  const h = norm(header);
  return columns.find((c) => norm(c.zh) === h || norm(c.en) === h || norm(c.key) === h)?.key;
}

const header = (c: ImportColumn, lang: Lang) => `${c.required ? '*' : ''}${c[lang]}`;

export const templateFileName = (lang: Lang) => `${renderMessage(lang, 'inspections.import.templateName')}.xlsx`;

/** Streams the template: the two sheets' headers, then a sheet saying what each column takes. */
export async function writeTemplate(out: Writable, lang: Lang): Promise<void> {
  const hint = (sheet: ImportSheet, cols: readonly ImportColumn[]) => cols.map((c) => [importSheets[sheet][lang], header(c, lang), c.hint[lang]]);
  await writeSheets(out, [
    { name: importSheets.points[lang], header: pointColumns.map((c) => header(c, lang)), pages: [] },
    { name: importSheets.plans[lang], header: planColumns.map((c) => header(c, lang)), pages: [] },
    {
      name: renderMessage(lang, 'inspections.import.hintSheet'),
      header: lang === 'zh' ? ['表', '列（*必填）', '填写'] : ['Sheet', 'Column (* required)', 'What to type'],
      pages: [[...hint('points', pointColumns), ...hint('plans', planColumns)]],
    },
  ]);
}

function readSheet<K extends string>(sheet: SheetGrid, byCol: Map<number, K>): RawRow<K>[] {
  const rows: RawRow<K>[] = [];
  for (const r of sheet.rows) {
    if (r.n === 1) {
      continue;
    }
    const cells: Partial<Record<K, unknown>> = {};
    let any = false;
    for (const [col, key] of byCol) {
      let v = r.cells[col] ?? null;
      if (typeof v === 'string') {
        v = v.trim() === '' ? null : v.trim();
      }
      if (v !== null && v !== undefined) {
        any = true;
        cells[key] = v;
      }
    }
    if (any) {
      rows.push({ row: r.n, cells });
    }
  }
  return rows;
}

/** Reads the points and plans sheets (in the workbook thread); throws when the file is not a workbook or is too large. */
export async function readImportWorkbook(buffer: Buffer): Promise<ImportWorkbook> {
  const sheets = await workbookReader.readSheets(buffer, { all: true });
  const out: ImportWorkbook = { points: null, plans: null };
  for (const ws of sheets) {
    const heads = new Map<number, string>();
    const first = ws.rows[0]?.n === 1 ? ws.rows[0].cells : [];
    first.forEach((v, col) => {
      heads.set(col, typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    });
    const planCols = new Map<number, PlanColumn>();
    const pointCols = new Map<number, PointColumn>();
    for (const [col, h] of heads) {
      const pc = columnOf(planColumns, h);
      if (pc) {
        planCols.set(col, pc);
      }
      const pt = columnOf(pointColumns, h);
      if (pt) {
        pointCols.set(col, pt);
      }
    }
    const planKeys = new Set(planCols.values());
    const pointKeys = new Set(pointCols.values());
    // A plans sheet has the plan's own columns (cycle, points); a points sheet has the position.
    if (!out.plans && planKeys.has('cycle') && planKeys.has('points')) {
      out.plans = { columns: planKeys, rows: readSheet(ws, planCols) };
    } else if (!out.points && pointKeys.has('lon') && pointKeys.has('lat')) {
      out.points = { columns: pointKeys, rows: readSheet(ws, pointCols) };
    }
  }
  return out;
}
