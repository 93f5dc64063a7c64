import {
  publicLinkCreate,
  publicLinkList,
  publicLinkOpen,
  publicLinkPdf,
  publicLinkRevoke,
  recordPdf,
} from '../../../shared/documents/contracts.js';
import { caller, type HttpApp, type RequestContext } from '../../http/app.js';
import { sendPdf } from '../../http/send-pdf.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { DocumentsService } from './documents.service.js';

/** The origin the request reached this server by (behind a proxy, what it forwarded): absolute links and QR codes use it. */
export const originOf = (ctx: RequestContext) => `${ctx.req.protocol}://${ctx.req.host}`;


const fileName = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'document';

export function registerDocumentRoutes(http: HttpApp, store: Store, docs: DocumentsService): void {
  http.route(publicLinkCreate, async (input, ctx) => docs.createLink(caller(ctx), input, originOf(ctx)));
  http.route(publicLinkList, async (input, ctx) => docs.listLinks(caller(ctx), input, originOf(ctx)));
  http.route(publicLinkRevoke, async (input, ctx) => {
    await docs.revokeLink(caller(ctx), input.id);
    return { id: input.id };
  });
  http.route(publicLinkOpen, async (input, ctx) => docs.resolveLink(input.token, { ip: ctx.ip, lang: ctx.lang }));
  http.route(publicLinkPdf, async (input, ctx) => {
    const opened = await docs.resolveLink(input.token, { ip: ctx.ip, lang: ctx.lang });
    return sendPdf(ctx, fileName(opened.title), await docs.pdf(opened.document), 'no-store');
  });
  http.route(recordPdf, async (input, ctx) => {
    const user = caller(ctx);
    const doc = await docs.recordDocument(user, input.entity, input.id, ctx.lang);
    const pdf = await docs.pdf(doc);
    await inTransaction(store.db, (tx) => audit(tx, user, 'document.pdf', `record.${input.entity}`, input.id, { bytes: pdf.length }));
    return sendPdf(ctx, fileName(`${doc.title}-${doc.number}`), pdf, 'no-store');
  });
}
