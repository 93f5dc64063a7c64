import { parentPort } from 'node:worker_threads';
import type { PrintDocument } from '../../../shared/documents/document.js';
import { renderPdf, type RenderOptions } from './pdf-render.js';

/** A render request from the main thread, and its answer. */
export type ToPdfThread = { id: number; doc: PrintDocument; opts: RenderOptions };
export type FromPdfThread = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

/*
 * The documents thread: renders PDFs one after another, so parsing the font
 * and laying out long tables never holds up the server's event loop.
 */
const port = parentPort;
if (port) {
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: ToPdfThread) => {
    queue = queue.then(async () => {
      try {
        const pdf = await renderPdf(m.doc, m.opts);
        const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        port.postMessage({ id: m.id, ok: true, pdf: bytes } satisfies FromPdfThread);
      } catch (err) {
        port.postMessage({ id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies FromPdfThread);
      }
    });
  });
}
