import { printDocument } from '../../../shared/documents/document.js';
import {
  reportDeliveryRetry,
  reportExcel,
  reportGenerate,
  reportList,
  reportPdf,
  reportSettingDelete,
  reportSettingList,
  reportSettingSave,
} from '../../../shared/major-hazard/report-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import { sendPdf } from '../../http/send-pdf.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import { tagReportDocument, tagReportFileName, writeTagReportXlsx } from './tag-report-files.js';
import type { TagReports } from './tag-reports.service.js';

/** The calls of the scheduled tag reports (issue 20 §7, /dataAnalysis/reportSetting). */
export function registerTagReportRoutes(http: HttpApp, deps: { db: Db; reports: TagReports; documents: Pick<DocumentsPort, 'pdf'> }): void {
  const { reports } = deps;
  http.route(reportSettingList, async (_input, ctx) => {
    const items = await reports.list(caller(ctx));
    return { items, total: items.length };
  });
  http.route(reportSettingSave, async (input, ctx) => reports.save(caller(ctx), input));
  http.route(reportSettingDelete, async (input, ctx) => {
    await reports.remove(caller(ctx), input.id);
    return { id: input.id };
  });
  http.route(reportGenerate, async (input, ctx) => reports.generateNow(caller(ctx), input.settingId, input.at));
  http.route(reportList, async (input, ctx) => reports.reports(caller(ctx), input));
  http.route(reportDeliveryRetry, async (input, ctx) => ({ item: await reports.retry(caller(ctx), input.id) }));
  http.route(reportExcel, async (input, ctx) => {
    const user = caller(ctx);
    const item = await reports.report(user, input.id);
    await inTransaction(deps.db, (tx) => audit(tx, user, 'majorHazard.report.export', 'majorHazard.tagReport', item.id, { format: 'xlsx', rows: item.rows.length }));
    return sendXlsx(ctx, tagReportFileName(item, 'xlsx'), (out) => writeTagReportXlsx(out, item, ctx.lang));
  });
  http.route(reportPdf, async (input, ctx) => {
    const user = caller(ctx);
    const item = await reports.report(user, input.id);
    const pdf = await deps.documents.pdf(printDocument.parse(tagReportDocument(item, ctx.lang)));
    await inTransaction(deps.db, (tx) =>
      audit(tx, user, 'majorHazard.report.export', 'majorHazard.tagReport', item.id, { format: 'pdf', rows: item.rows.length, bytes: pdf.length }),
    );
    return sendPdf(ctx, tagReportFileName(item, 'pdf').replace(/\.pdf$/, ''), pdf);
  });
}
