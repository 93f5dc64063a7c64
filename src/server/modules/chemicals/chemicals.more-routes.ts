import {
  basicDatabaseDetailCall,
  basicDatabaseListCall,
  chemicalsPermissionCall,
  dataSummaryCall,
  fileExpiryCheckCall,
  getTabooRulesCall,
  importStockCall,
  importStockFileCall,
  importTemplateCall,
  inventorySearchCall,
  inventoryStatisticsCall,
  isChemicalsAdminCall,
  submitInventoryCall,
  submitTabooRulesCall,
  warehouseSearchCall,
} from '../../../shared/chemicals/calls.js';
import { chemicalInfoLedger } from '../../../shared/chemicals/ledgers.js';
import { fieldTypes } from '../../../shared/records/definition.js';
import { writeSheet } from '../../common/excel.js';
import { workbookReader } from '../../common/workbook.js';
import { caller, type HttpApp, type RequestContext } from '../../http/app.js';
import { AppError, badRequest } from '../../http/errors.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import type { ChemicalsService } from './chemicals.service.js';
import type { ChemicalViews } from './chemicals.views.js';

/** Largest stock-in workbook accepted (the template holds a few hundred rows). */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Seed 3's `UAPI/ChemicalsInfor/*` calls besides stock movements (issue 26 §1). */
export function registerChemicalViewRoutes(http: HttpApp, views: ChemicalViews, chem: ChemicalsService): void {
  http.route(isChemicalsAdminCall, async (_input, ctx) => views.isAdmin(caller(ctx)));
  http.route(chemicalsPermissionCall, async (_input, ctx) => views.permissionNumbers(caller(ctx)));
  http.route(basicDatabaseListCall, (input, ctx) => views.basicList(caller(ctx), input));
  http.route(basicDatabaseDetailCall, (input, ctx) => views.basicDetail(caller(ctx), input, ctx.lang));
  http.route(inventoryStatisticsCall, (input, ctx) => views.statistics(caller(ctx), input));
  http.route(warehouseSearchCall, (input, ctx) => views.movements(caller(ctx), input));
  http.route(submitInventoryCall, (input, ctx) => views.submitCount(caller(ctx), input));
  http.route(inventorySearchCall, (input, ctx) => views.counts(caller(ctx), input));
  http.route(getTabooRulesCall, (_input, ctx) => views.tabooRules(caller(ctx), ctx.lang));
  http.route(submitTabooRulesCall, (input, ctx) => views.submitTabooRules(caller(ctx), input, ctx.lang));
  http.route(fileExpiryCheckCall, (input, ctx) => views.fileExpiry(caller(ctx), input));
  http.route(dataSummaryCall, (_input, ctx) => views.summary(caller(ctx), ctx.lang));
  /** Stock-in rows by store code: every row checked as a single stock-in, none booked when one fails. */
  const importRows = async (ctx: RequestContext, rows: { store: string; cas: string; quantity: number; batch?: string }[]) => {
    const ids = await views.storeIdsByCode(caller(ctx));
    const byId = rows.map((r, i) => {
      const storeId = ids.get(r.store);
      if (storeId === undefined) {
        throw badRequest('chemicals.unknownStore', [`rows.${i}.store`], { code: r.store });
      }
      return { storeId, cas: r.cas, quantity: r.quantity, batch: r.batch };
    });
    return chem.importStock(caller(ctx), byId, ctx.lang);
  };
  http.route(importStockCall, (input, ctx) => importRows(ctx, input.rows));
  http.route(importStockFileCall, async (_input, ctx) => {
    const part = await ctx.req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'upfile') {
      part?.file.resume();
      throw badRequest('records.noFile', ['upfile']);
    }
    const buffer = await part.toBuffer();
    let sheet: Awaited<ReturnType<typeof workbookReader.readFirstSheet>>;
    try {
      sheet = await workbookReader.readFirstSheet(buffer);
    } catch (err) {
      // Too large or too many cells: the reader's own refusal; anything else is not a workbook.
      if (err instanceof AppError) {
        throw err;
      }
      throw badRequest('records.badSheet', ['upfile']);
    }
    // The template's columns: store code, CAS, quantity (t), batch; the first row is the header.
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
    const filled = (sheet?.rows ?? []).slice(1).filter((r) => r.cells.some((c) => text(c) !== ''));
    const rows = importStockCall.input.shape.rows.safeParse(
      filled.map((r) => ({
        store: text(r.cells[0]),
        cas: text(r.cells[1]),
        quantity: Number(text(r.cells[2]) || Number.NaN),
        ...(text(r.cells[3]) ? { batch: text(r.cells[3]) } : {}),
      })),
    );
    if (!rows.success) {
      const issue = rows.error.issues[0];
      throw badRequest('chemicals.badImportRow', [issue.path.length > 0 ? `rows.${issue.path.join('.')}` : 'upfile']);
    }
    return importRows(ctx, rows.data);
  });
  http.route(importTemplateCall, (input, ctx) => {
    const en = ctx.lang === 'en';
    if (input.kind === 'stock') {
      const header = en ? ['Store code', 'CAS No.', 'Quantity (t)', 'Batch'] : ['储存设施编号', 'CAS号', '数量（t）', '批号'];
      return sendXlsx(ctx, en ? 'stock-import-template.xlsx' : '危化品入库导入模板.xlsx', (out) =>
        writeSheet(out, en ? 'Stock' : '入库', header, (async function* () {
          yield [['CK-01', '67-56-1', 1.5, 'M-20261201']];
        })()),
      );
    }
    // The chemical list's importable fields (files are attached on the page), read back by the record engine's import.
    const fields = chemicalInfoLedger.fields.filter((f) => f.type !== fieldTypes.reminder);
    return sendXlsx(ctx, en ? 'chemical-list-template.xlsx' : '化学品清单导入模板.xlsx', (out) =>
      writeSheet(out, en ? 'Chemicals' : '化学品清单', fields.map((f) => (en && f.label.en ? f.label.en : f.label.zh)), (async function* () {
        yield [fields.map((f) => (f.key === 'substance' ? (en ? 'Methanol' : '甲醇') : f.key === 'use' ? (en ? 'Solvent' : '溶剂') : null))];
      })()),
    );
  });
}
