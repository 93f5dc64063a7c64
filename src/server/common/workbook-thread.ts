import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { plain } from './excel.js';
import { zipUnpackedSize, type SheetGrid, type WorkbookLimits } from './workbook-limits.js';

/** A read request from the main thread (`all`: every sheet, else the first), and its answer. */
export type ToWorkbookThread = { id: number; bytes: Uint8Array; limits: WorkbookLimits; all: boolean };
export type WorkbookAnswer =
  | { ok: true; sheets: SheetGrid[] }
  | { ok: false; reason: 'notWorkbook' | 'tooLarge' | 'tooManyCells'; limit?: number };
/**
 * Answers go back in parts of at most about 1 MB of cell text (`part`, rows of sheet `sheet`), then the answer with
 * the sheets' names and no rows: the main thread takes each part in its own turn of the event loop, so a sheet of
 * long texts is never one long copy there.
 */
export type FromWorkbookThread = (WorkbookAnswer & { id: number }) | { id: number; sheet: number; part: SheetGrid['rows'] };

const PART_CHARS = 1 << 20;
const PART_ROWS = 2000;

/**
 * The workbook thread: unpacks and parses uploaded .xlsx files one after another, so a large or hostile
 * workbook never holds up the server's event loop. Before unpacking, the sizes the zip declares are summed
 * against the limit; the thread's own heap limit (set by the main thread) stops a file that lies about them.
 * Answers the sheets as plain rows (formula results, rich text as text, dates as Date); the cell limit counts
 * the filled cells of every sheet read.
 */
export async function readSheets(bytes: Uint8Array, limits: WorkbookLimits, all: boolean): Promise<WorkbookAnswer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unpacked = zipUnpackedSize(buffer);
  if (unpacked === null) {
    return { ok: false, reason: 'notWorkbook' };
  }
  if (unpacked > limits.maxUnpackedBytes) {
    return { ok: false, reason: 'tooLarge', limit: limits.maxUnpackedBytes };
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return { ok: false, reason: 'notWorkbook' };
  }
  const sheets: SheetGrid[] = [];
  let cells = 0;
  for (const ws of all ? wb.worksheets : wb.worksheets.slice(0, 1)) {
    const rows: SheetGrid['rows'] = [];
    let over = false;
    ws.eachRow((row, n) => {
      if (over) {
        return;
      }
      const values: unknown[] = [];
      row.eachCell((cell, col) => {
        values[col - 1] = plain(cell.value);
        cells++;
      });
      if (cells > limits.maxCells) {
        over = true;
        return;
      }
      // Dense rows (structured clone keeps no holes cheaply): empty cells are null.
      for (let i = 0; i < values.length; i++) {
        values[i] ??= null;
      }
      rows.push({ n, cells: values });
    });
    if (over) {
      return { ok: false, reason: 'tooManyCells', limit: limits.maxCells };
    }
    sheets.push({ name: ws.name, rows });
  }
  return { ok: true, sheets };
}

const port = parentPort;
if (port) {
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: ToWorkbookThread) => {
    queue = queue.then(async () => {
      const answer = await readSheets(m.bytes, m.limits, m.all).catch((): WorkbookAnswer => ({ ok: false, reason: 'notWorkbook' }));
      if (answer.ok) {
        answer.sheets.forEach((s, sheet) => {
          let part: SheetGrid['rows'] = [];
          let chars = 0;
          for (const row of s.rows) {
            part.push(row);
            for (const c of row.cells) {
              chars += typeof c === 'string' ? c.length : 8;
            }
            if (chars >= PART_CHARS || part.length >= PART_ROWS) {
              port.postMessage({ id: m.id, sheet, part } satisfies FromWorkbookThread);
              part = [];
              chars = 0;
            }
          }
          port.postMessage({ id: m.id, sheet, part } satisfies FromWorkbookThread);
          s.rows = [];
        });
      }
      port.postMessage({ id: m.id, ...answer } satisfies FromWorkbookThread);
    });
  });
}
