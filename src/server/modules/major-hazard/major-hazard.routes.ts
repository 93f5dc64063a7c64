import {
  gradeCalculate as gradeCalculateContract,
  identificationList,
  monitorList,
  msdsDetail,
  msdsList,
  msdsPdf,
  responsibleCheckIn,
  responsibleCheckList,
  sourceReport,
  sourceReportExcel,
  sourceReportPdf,
} from '../../../shared/major-hazard/contracts.js';
import { gradeCalculate, validateGradeInput } from '../../../shared/domain/gb18218.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import { printDocument } from '../../../shared/documents/document.js';
import { caller, type HttpApp } from '../../http/app.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import { badRequest, invalidInput } from '../../http/errors.js';
import { msdsSheet } from '../../../shared/major-hazard/msds.js';
import type { Substance } from '../../../shared/domain/substances.js';
import type { Lang } from '../../../shared/time.js';
import { sendPdf } from '../../http/send-pdf.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import type { OrgPort } from '../org/port.js';
import type { MajorHazardService } from './major-hazard.service.js';
import type { GradingMethods } from './grading-method.js';
import type { Responsibility } from './responsibility.js';
import { reportDocument, reportFileName, reportSummary, writeReportXlsx, type RegionNames } from './report.js';

export function registerMajorHazardRoutes(
  http: HttpApp,
  service: MajorHazardService,
  deps: {
    store: Store;
    documents: Pick<DocumentsPort, 'pdf'>;
    org: Pick<OrgPort, 'allDeptsAndRegions'>;
    responsibility: Responsibility;
    methods: Pick<GradingMethods, 'current'>;
  },
): void {
  const regionNames = async (): Promise<RegionNames> => new Map((await deps.org.allDeptsAndRegions()).regions.map((r) => [r.regionid, r]));
  // The catalogue places names Table 1 does not list (their categories); Table 1 itself is in the domain rules.
  http.route(gradeCalculateContract, async (input) => {
    const issues = validateGradeInput(input, seedSubstances);
    if (issues.length > 0) {
      throw invalidInput(issues);
    }
    return gradeCalculate(input, seedSubstances, await deps.methods.current());
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

  // The MSDS of the catalogue's substances (GB/T 16483-2008), in the caller's language.
  const listItem = (x: Substance) => ({
    code: x.code,
    name: x.name,
    cas: x.cas,
    un: x.un,
    categories: [...x.categories],
    hasSheet: x.msds !== null,
  });
  const substance = (code: string): Substance => {
    const x = seedSubstances.find((s) => s.code === code);
    if (!x) {
      throw badRequest('majorHazard.msds.unknown', ['code'], { code });
    }
    return x;
  };
  const detail = (code: string, lang: Lang) => {
    const x = substance(code);
    return { ...listItem(x), sections: msdsSheet(x, lang, seedSubstances) };
  };
  http.route(msdsList, async () => {
    const items = seedSubstances.map(listItem);
    return { items, total: items.length };
  });
  http.route(msdsDetail, async (input, ctx) => detail(input.code, ctx.lang));
  http.route(msdsPdf, async (input, ctx) => {
    const d = detail(input.code, ctx.lang);
    const name = d.name[ctx.lang] || d.name.zh;
    const pdf = await deps.documents.pdf(
      printDocument.parse({
        title: `${renderMessage(ctx.lang, 'majorHazard.msds.title')} · ${name}`,
        subtitle: [d.cas ? `CAS ${d.cas}` : '', d.un ? `UN ${d.un}` : ''].filter(Boolean).join(' · '),
        number: d.code,
        lang: ctx.lang,
        footer: renderMessage(ctx.lang, 'majorHazard.msds.footer'),
        blocks: d.sections.flatMap((s) => [
          { kind: 'heading', text: s.title },
          ...(s.text ? [{ kind: 'paragraph', text: s.text }] : []),
          ...(s.fields.length > 0 ? [{ kind: 'fields', items: s.fields }] : []),
        ]),
      }),
    );
    return sendPdf(ctx, `MSDS-${d.code}`, pdf);
  });
  http.route(responsibleCheckList, async (_input, ctx) => deps.responsibility.list(caller(ctx)));
  http.route(responsibleCheckIn, async (input, ctx) => deps.responsibility.checkIn(caller(ctx), input));
}
