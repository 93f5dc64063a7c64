import type { RequestContext } from './app.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** Answers a PDF: the reply is taken over and the bytes sent as they are (documents, permits, any module's print). */
export function sendPdf(ctx: RequestContext, name: string, pdf: Buffer, cache = 'no-store'): null {
  ctx.reply.hijack();
  ctx.reply.raw.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'application/pdf',
    'content-length': pdf.length,
    'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
    'cache-control': cache,
  });
  ctx.reply.raw.end(pdf);
  return null;
}
