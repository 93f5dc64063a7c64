import {
  checkIn,
  invalidApply,
  invalidApprove,
  missedRate,
  nfcBind,
  planCycleChange,
  planDelete,
  planEnable,
  planList,
  planSave,
  pointDelete,
  pointList,
  pointSave,
  taskDetail,
  taskGenerate,
  taskList,
} from '../../../shared/inspections/contracts.js';
import { inspectionImport, inspectionImportTemplate } from '../../../shared/inspections/import-contracts.js';
import { inspectionReport, inspectionReportExport, safeInspectionAnalysis, type ReportRowItem } from '../../../shared/inspections/report-contracts.js';
import {
  inspectionDeviceBind,
  inspectionOperationLog,
  inspectionPauseSave,
  inspectionStopQuery,
  inspectionSystemConfig,
  inspectionSystemConfigSave,
} from '../../../shared/inspections/ops-contracts.js';
import { writeSheet } from '../../common/excel.js';
import { caller, type HttpApp } from '../../http/app.js';
import { AppError, badRequest } from '../../http/errors.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { readImportWorkbook, templateFileName, writeTemplate, type ImportWorkbook } from './import-xlsx.js';
import type { InspectionsService } from './inspections.service.js';

/** Largest import file accepted (a plant's points and plans are a few thousand rows). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export function registerInspectionRoutes(http: HttpApp, svc: InspectionsService): void {
  http.route(pointList, (input, ctx) => svc.points(caller(ctx), input));
  http.route(pointSave, (input, ctx) => svc.savePoint(caller(ctx), input));
  http.route(pointDelete, (input, ctx) => svc.deletePoint(caller(ctx), input.id));
  http.route(nfcBind, (input, ctx) => svc.bindNfc(caller(ctx), input));
  http.route(planList, (input, ctx) => svc.plans(caller(ctx), input));
  http.route(planSave, (input, ctx) => svc.savePlan(caller(ctx), input));
  http.route(planEnable, (input, ctx) => svc.enablePlan(caller(ctx), input.id, input.enabled));
  http.route(planDelete, (input, ctx) => svc.deletePlan(caller(ctx), input.id, input.confirm));
  http.route(planCycleChange, (input, ctx) => svc.changeCycle(caller(ctx), input));
  http.route(taskGenerate, (input, ctx) => svc.generate(caller(ctx), input.at));
  http.route(taskList, (input, ctx) => svc.tasks(caller(ctx), input));
  http.route(taskDetail, (input, ctx) => svc.task(caller(ctx), input.id));
  http.route(checkIn, (input, ctx) => svc.checkIn(caller(ctx), input));
  http.route(invalidApply, (input, ctx) => svc.applyInvalid(caller(ctx), input));
  http.route(invalidApprove, (input, ctx) => svc.decideInvalid(caller(ctx), input));
  http.route(missedRate, (input, ctx) => svc.missedRate(caller(ctx), input));
  http.route(inspectionOperationLog, (input, ctx) => svc.ops.operationLog(caller(ctx), input));
  http.route(inspectionDeviceBind, (input, ctx) => svc.ops.bindDevice(caller(ctx), input));
  http.route(inspectionStopQuery, (input, ctx) => svc.ops.stops(caller(ctx), input));
  http.route(inspectionPauseSave, (input, ctx) => svc.ops.savePauses(caller(ctx), input));
  http.route(inspectionSystemConfig, () => svc.ops.systemConfig());
  http.route(inspectionSystemConfigSave, (input, ctx) => svc.ops.saveSystemConfig(caller(ctx), input));
  http.route(inspectionReport, (input, ctx) => svc.statistics.report(caller(ctx), input));
  http.route(inspectionReportExport, async (input, ctx) => {
    const r = await svc.statistics.report(caller(ctx), input);
    const en = ctx.lang === 'en';
    const header = en
      ? ['Name', 'Rounds', 'Completed', 'Incomplete', 'Excluded (invalid)', 'Points due', 'Checked', 'Missed', 'Missed-check rate %', 'Position doubtful', 'Hidden dangers']
      : ['名称', '巡检任务数', '已完成', '未完成', '无效（不计入）', '应检点数', '已检', '漏检', '漏检率%', '定位存疑', '隐患数'];
    const line = (x: ReportRowItem, name: string) => [name, x.rounds, x.completed, x.incomplete, x.excluded, x.due, x.done, x.missed, x.rate === null ? null : Math.round(x.rate * 1000) / 10, x.flagged, x.hiddenDangers];
    const rows = [...r.rows.map((x) => line(x, x.name)), line(r.overall, en ? 'Total' : '合计')];
    return sendXlsx(ctx, en ? 'Inspection report.xlsx' : '巡检报表.xlsx', (out) =>
      writeSheet(out, en ? 'Report' : '巡检报表', header, (async function* () {
        yield rows;
      })()),
    );
  });
  http.route(safeInspectionAnalysis, (input, ctx) => svc.statistics.safeAnalysis(caller(ctx), input));
  http.route(inspectionImportTemplate, (_input, ctx) => sendXlsx(ctx, templateFileName(ctx.lang), (out) => writeTemplate(out, ctx.lang)));
  http.route(inspectionImport, async (_input, ctx) => {
    const part = await ctx.req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'upfile') {
      part?.file.resume();
      throw badRequest('records.noFile', ['upfile']);
    }
    const buffer = await part.toBuffer();
    let wb: ImportWorkbook;
    try {
      wb = await readImportWorkbook(buffer);
    } catch (err) {
      // Too large or too many cells: the reader's own refusal (413 naming the limit); anything else is not a workbook.
      if (err instanceof AppError) {
        throw err;
      }
      throw badRequest('records.badSheet', ['upfile']);
    }
    return svc.importer.importWorkbook(caller(ctx), wb);
  });
}
