import {
  hiddenDangerAssign,
  hiddenDangerCleanupSummary,
  hiddenDangerClose,
  hiddenDangerCriteria,
  hiddenDangerCriterionSave,
  hiddenDangerDeadlineCheck,
  hiddenDangerDeadlineList,
  hiddenDangerMajorReport,
  hiddenDangerRectify,
  hiddenDangerRegister,
  hiddenDangerSendBack,
  hiddenDangerStatistics,
  hiddenDangerVerify,
  hiddenDangerVoid,
} from '../../../shared/hidden-dangers/contracts.js';
import { writeSheet } from '../../common/excel.js';
import { caller, type HttpApp } from '../../http/app.js';
import { badRequest } from '../../http/errors.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { HiddenDangersService } from './hidden-dangers.service.js';
import { majorReportFileName, majorReportHeader } from './major-report.js';

/**
 * `drillClock`: whether DeadlineCheck may be told the time (`at`). Only the
 * demo plant, for drills and tests; on a real plant reminders and escalations
 * follow the server's clock, so nobody escalates a whole plant's dangers early.
 */
export function registerHiddenDangerRoutes(http: HttpApp, store: Store, hd: HiddenDangersService, drillClock: boolean): void {
  http.route(hiddenDangerRegister, (input, ctx) => hd.register(caller(ctx), input));
  http.route(hiddenDangerAssign, (input, ctx) => hd.assign(caller(ctx), input));
  http.route(hiddenDangerRectify, (input, ctx) => hd.rectify(caller(ctx), input));
  http.route(hiddenDangerVerify, (input, ctx) => hd.verify(caller(ctx), input));
  http.route(hiddenDangerClose, (input, ctx) => hd.close(caller(ctx), input));
  http.route(hiddenDangerSendBack, (input, ctx) => hd.sendBack(caller(ctx), input));
  http.route(hiddenDangerVoid, (input, ctx) => hd.void(caller(ctx), input));
  http.route(hiddenDangerCriteria, () => hd.criteria());
  http.route(hiddenDangerCriterionSave, (input, ctx) => hd.saveCriterion(caller(ctx), input));
  http.route(hiddenDangerDeadlineList, (input, ctx) => hd.deadlines(caller(ctx), input));
  http.route(hiddenDangerMajorReport, async (input, ctx) => {
    const rows = await hd.majorReport(caller(ctx), input, ctx.lang);
    return sendXlsx(ctx, majorReportFileName(ctx.lang), (out) =>
      writeSheet(out, ctx.lang === 'en' ? 'Major hidden dangers' : '重大事故隐患', majorReportHeader(ctx.lang), (async function* () {
        yield rows;
      })()),
    );
  });
  http.route(hiddenDangerStatistics, (input, ctx) => hd.statistics(caller(ctx), input));
  http.route(hiddenDangerCleanupSummary, (input, ctx) => hd.cleanupSummary(caller(ctx), input));
  http.route(hiddenDangerDeadlineCheck, async (input, ctx) => {
    const user = caller(ctx);
    if (input.at !== undefined && !drillClock) {
      throw badRequest('hiddenDangers.deadlineCheck.drillOnly', ['at']);
    }
    const result = await hd.checkDeadlines(user, input.at);
    await inTransaction(store.db, (tx) => audit(tx, user, 'hiddenDanger.deadlineCheck', 'hiddenDanger', '', { at: input.at ?? null, ...result }));
    return result;
  });
}
