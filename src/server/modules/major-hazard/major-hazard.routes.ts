import {
  gradeCalculate as gradeCalculateContract,
  identificationList,
  monitorList,
  sourceReport,
  sourceReportExcel,
  sourceReportPdf,
} from '../../../shared/major-hazard/contracts.js';
import { gradeCalculate, validateGradeInput } from '../../../shared/domain/gb18218.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import { printDocument } from '../../../shared/documents/document.js';
import { caller, type HttpApp } from '../../http/app.js';
import { invalidInput } from '../../http/errors.js';
import { sendPdf } from '../../http/send-pdf.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import type { OrgPort } from '../org/port.js';
import type { MajorHazardService } from './major-hazard.service.js';
import { reportDocument, reportFileName, reportSummary, writeReportXlsx, type RegionNames } from './report.js';

export function registerMajorHazardRoutes(
  http: HttpApp,
  service: MajorHazardService,
  deps: { store: Store; documents: Pick<DocumentsPort, 'pdf'>; org: Pick<OrgPort, 'allDeptsAndRegions'> },
): void {
  const regionNames = async (): Promise<RegionNames> => new Map((await deps.org.allDeptsAndRegions()).regions.map((r) => [r.regionid, r]));
  // The catalogue places names Table 1 does not list (their categories); Table 1 itself is in the domain rules.
  http.route(gradeCalculateContract, async (input) => {
    const issues = validateGradeInput(input, seedSubstances);
    if (issues.length > 0) {
      throw invalidInput(issues);
    }
    return gradeCalculate(input, seedSubstances);
  });
  http.route(identificationList, async (_input, ctx) => service.identificationList(caller(ctx)));
  http.route(monitorList, async (_input, ctx) => service.monitorList(caller(ctx)));
  http.route(sourceReport, async (_input, ctx) => {
    const items = await service.report(caller(ctx));
    return { items, summary: reportSummary(items), generatedAt: Date.now() };
  });
  http.route(sourceReportExcel, async (_input, ctx) => {
    const user = caller(ctx);
    const [rows, regions] = await Promise.all([service.report(user), regionNames()]);
    await inTransaction(deps.store.db, (tx) =>
      audit(tx, user, 'majorHazard.report.export', 'majorHazard.report', 0, { format: 'xlsx', rows: rows.length }),
    );
    return sendXlsx(ctx, reportFileName(ctx.lang, 'xlsx'), (out) => writeReportXlsx(out, rows, regions, ctx.lang));
  });
  http.route(sourceReportPdf, async (_input, ctx) => {
    const user = caller(ctx);
    const [rows, regions] = await Promise.all([service.report(user), regionNames()]);
    const pdf = await deps.documents.pdf(printDocument.parse(reportDocument(rows, regions, ctx.lang, Date.now())));
    await inTransaction(deps.store.db, (tx) =>
      audit(tx, user, 'majorHazard.report.export', 'majorHazard.report', 0, { format: 'pdf', rows: rows.length, bytes: pdf.length }),
    );
    return sendPdf(ctx, reportFileName(ctx.lang, 'pdf').replace(/\.pdf$/, ''), pdf);
  });
}
