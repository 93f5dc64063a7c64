import type { Writable } from 'node:stream';
import type { RequestContext } from './app.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** Answers an .xlsx file: the reply is taken over and the workbook streamed into it (every module's export). */
export async function sendXlsx(ctx: RequestContext, name: string, write: (out: Writable) => Promise<unknown>): Promise<null> {
  ctx.reply.hijack();
  ctx.reply.raw.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cache-control': 'no-store',
  });
  try {
    await write(ctx.reply.raw);
  } catch (err) {
    ctx.req.log.error({ err }, 'export failed');
    ctx.reply.raw.destroy(err as Error);
  }
  return null;
}
