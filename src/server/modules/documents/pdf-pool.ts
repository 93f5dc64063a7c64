import { Worker } from 'node:worker_threads';
import type { PrintDocument } from '../../../shared/documents/document.js';
import { renderPdf, type RenderOptions } from './pdf-render.js';
import type { FromPdfThread, ToPdfThread } from './pdf-thread.js';

export interface PdfRenderer {
  render(doc: PrintDocument, opts: RenderOptions): Promise<Buffer>;
  /** Renders done here and in the thread, and failures, for benches and diagnostics. */
  stats(): Record<string, number>;
  close(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Renders in the documents thread (started on the first request); should the
 * thread die, on the main thread from then on (slower for the server, but a
 * print never fails for it). `thread: false` renders in place (benchmarks).
 */
export function createPdfRenderer(opts: { thread?: boolean; log: Log }): PdfRenderer {
  let worker: Worker | null = null;
  let dead = opts.thread === false;
  let seq = 0;
  const waiting = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  const counts = { threadRenders: 0, mainRenders: 0, failures: 0 };

  const start = (): Worker => {
    const w = new Worker(new URL('./pdf-thread-boot.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: FromPdfThread) => {
      const p = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.ok) {
        counts.threadRenders++;
        p?.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      } else {
        counts.failures++;
        p?.reject(new Error(m.message));
      }
    });
    const died = (err: unknown) => {
      if (dead) {
        return;
      }
      dead = true;
      worker = null;
      opts.log.error({ err }, 'documents thread stopped; rendering PDFs on the main thread from now on');
      for (const p of waiting.values()) {
        p.reject(new Error('documents thread stopped'));
      }
      waiting.clear();
    };
    w.on('error', died);
    w.on('exit', (code) => (code === 0 ? undefined : died(new Error(`exit ${code}`))));
    return w;
  };

  return {
    async render(doc, renderOpts) {
      if (dead) {
        counts.mainRenders++;
        return renderPdf(doc, renderOpts);
      }
      worker ??= start();
      const id = ++seq;
      const w = worker;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, doc, opts: renderOpts } satisfies ToPdfThread);
      });
    },
    stats: () => ({ ...counts, pdfQueue: waiting.size }),
    async close() {
      dead = true;
      const w = worker;
      worker = null;
      for (const p of waiting.values()) {
        p.reject(new Error('documents closed'));
      }
      waiting.clear();
      await w?.terminate();
    },
  };
}
