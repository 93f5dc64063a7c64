import { Worker } from 'node:worker_threads';
import { AppError } from '../http/errors.js';
import type { FromWorkbookThread, ToWorkbookThread } from './workbook-thread.js';
import type { SheetGrid, WorkbookLimits } from './workbook-limits.js';

export type { SheetGrid, WorkbookLimits } from './workbook-limits.js';

/** Defaults (the server sets its own from IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_CELLS, IMPORT_THREAD_HEAP_MB). */
let limits: WorkbookLimits = { maxUnpackedBytes: 64 * 1024 * 1024, maxCells: 1_000_000 };
let heapMb = 1024;
/** A workbook that takes longer than this in the thread is abandoned (the thread is stopped and started again). */
const TIMEOUT_MS = 120_000;

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<
  number,
  { resolve: (s: SheetGrid[]) => void; reject: (e: Error) => void; timer: NodeJS.Timeout; rows: SheetGrid['rows'][] }
>();

/** The upload the caller sent in `field` is refused: 413 naming the limit, or 400 when it is not a workbook. */
function refusal(reason: 'notWorkbook' | 'tooLarge' | 'tooManyCells', field: string, limit?: number): AppError {
  if (reason === 'tooLarge') {
    return new AppError(413, 'import.tooLarge', [field], { limit: Math.round((limit ?? limits.maxUnpackedBytes) / (1024 * 1024)) });
  }
  if (reason === 'tooManyCells') {
    return new AppError(413, 'import.tooManyCells', [field], { limit: limit ?? limits.maxCells });
  }
  return new AppError(400, 'records.badSheet', [field]);
}

function start(): Worker {
  const w = new Worker(new URL('./workbook-thread-boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  w.unref();
  w.on('message', (m: FromWorkbookThread) => {
    const p = waiting.get(m.id);
    if (!p) {
      return;
    }
    if ('part' in m) {
      const rows = (p.rows[m.sheet] ??= []);
      for (const row of m.part) {
        rows.push(row);
      }
      return;
    }
    waiting.delete(m.id);
    clearTimeout(p.timer);
    if (m.ok) {
      p.resolve(m.sheets.map((sh, i) => ({ name: sh.name, rows: p.rows[i] ?? [] })));
    } else {
      p.reject(refusal(m.reason, 'upfile', m.limit));
    }
  });
  const died = () => {
    if (worker !== w) {
      return;
    }
    worker = null;
    // Out of its heap (a workbook bigger than it declared) or killed on a timeout: every read in flight is refused.
    for (const p of waiting.values()) {
      clearTimeout(p.timer);
      p.reject(refusal('tooLarge', 'upfile'));
    }
    waiting.clear();
  };
  w.on('error', died);
  w.on('exit', died);
  return w;
}

export const workbookReader = {
  configure(next: Partial<WorkbookLimits> & { heapMb?: number }) {
    limits = { maxUnpackedBytes: next.maxUnpackedBytes ?? limits.maxUnpackedBytes, maxCells: next.maxCells ?? limits.maxCells };
    heapMb = next.heapMb ?? heapMb;
  },
  /**
   * The sheets of an uploaded .xlsx (`all`), or its first sheet only, read in the workbook thread (never on the event
   * loop). Refuses with an AppError naming `field`: 400 when it is not a workbook, 413 when it unpacks to more than the
   * limit or holds more cells. An empty list when the workbook has no sheet.
   */
  readSheets(buffer: Buffer, opts: { all: boolean; field?: string }): Promise<SheetGrid[]> {
    const field = opts.field ?? 'upfile';
    worker ??= start();
    const w = worker;
    const id = ++seq;
    return new Promise<SheetGrid[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(refusal('tooLarge', field));
        void w.terminate();
      }, TIMEOUT_MS);
      timer.unref();
      waiting.set(id, {
        resolve,
        reject: (e) => reject(e instanceof AppError ? new AppError(e.statusCode, e.code, [field], e.params) : e),
        timer,
        rows: [],
      });
      // A copy goes to the thread (the caller keeps its buffer); an upload is at most tens of MB.
      w.postMessage({ id, bytes: new Uint8Array(buffer), limits, all: opts.all } satisfies ToWorkbookThread);
    });
  },
  /** The first sheet (see readSheets); null when the workbook has none. */
  async readFirstSheet(buffer: Buffer, field = 'upfile'): Promise<SheetGrid | null> {
    return (await workbookReader.readSheets(buffer, { all: false, field }))[0] ?? null;
  },
  async close() {
    const w = worker;
    worker = null;
    for (const p of waiting.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('workbook reader closed'));
    }
    waiting.clear();
    await w?.terminate();
  },
};

/** Yields to the event loop every `every` items, so checking a large sheet's rows never holds other requests up. */
export async function* inSlices<T>(items: readonly T[], every = 500): AsyncGenerator<T> {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % every === 0) {
      await new Promise<void>((r) => setImmediate(r));
    }
    yield items[i];
  }
}
