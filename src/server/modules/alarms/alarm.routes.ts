import { alarmAcknowledge, alarmAuditDetail, alarmAuditKpi, alarmClear, alarmRaise, alarmHistoryExport, alarmHistoryList, alarmRealTimeList, alarmShelve, alarmUnshelve } from '../../../shared/alarms/contracts.js';
import {
  alarmRemoveFromService,
  alarmReturnToService,
  alarmSettingExport,
  alarmSettingHistory,
  alarmSettingImport,
  alarmSettingImportQuery,
  alarmSettingList,
  alarmSettingSave,
  plantModeList,
  plantModeSet,
} from '../../../shared/alarms/settings-contracts.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { caller, type HttpApp } from '../../http/app.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { AppError, badRequest, invalidInput } from '../../http/errors.js';
import type { Db } from '../../store/db.js';
import type { RealtimePort } from '../realtime/port.js';
import { historyFileName, settingsFileName, writeHistoryXlsx, writeSettingsXlsx } from './alarm-export.js';
import { readSettingsXlsx } from './alarm-settings-import.js';
import { createAlarmSettingsService } from './alarm-settings.service.js';
import type { AlarmService } from './alarm.service.js';

/** Largest alarm settings spreadsheet accepted (a plant's ledger is a few thousand rows). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Binds the alarm lists, operator actions, settings and plant modes to their services. */
export function registerAlarmRoutes(http: HttpApp, db: Db, a: AlarmService, realtime: RealtimePort): void {
  const settings = createAlarmSettingsService({ db, realtime, alarms: a });
  http.route(alarmRealTimeList, (input, ctx) => a.realTimeList(caller(ctx), input));
  http.route(alarmHistoryList, (input, ctx) => a.historyList(caller(ctx), input));
  http.route(alarmHistoryExport, (input, ctx) =>
    sendXlsx(ctx, historyFileName(ctx.lang), (out) => writeHistoryXlsx(out, a.historyPages(caller(ctx), input), ctx.lang)),
  );
  http.route(alarmSettingExport, async (input, ctx) => {
    const rows = await settings.all(caller(ctx), input);
    return sendXlsx(ctx, settingsFileName(ctx.lang), (out) => writeSettingsXlsx(out, rows, ctx.lang));
  });
  http.route(alarmAcknowledge, (input, ctx) => a.acknowledge(caller(ctx), input));
  http.route(alarmShelve, (input, ctx) => a.shelve(caller(ctx), input));
  http.route(alarmUnshelve, (input, ctx) => a.unshelve(caller(ctx), input));
  http.route(alarmAuditKpi, (input, ctx) => a.auditKpi(caller(ctx), input));
  http.route(alarmAuditDetail, (input, ctx) => a.auditDetail(caller(ctx), input));
  http.route(alarmRaise, async (input, ctx) => {
    await a.raise(input, caller(ctx));
    return { key: input.key };
  });
  http.route(alarmClear, async (input, ctx) => {
    await a.clear(input.key, input.t, caller(ctx));
    return { key: input.key };
  });
  http.route(alarmSettingList, (input, ctx) => settings.list(caller(ctx), input));
  http.route(alarmSettingSave, (input, ctx) => settings.save(caller(ctx), input));
  http.route(alarmSettingHistory, (input, ctx) => settings.history(caller(ctx), input));
  http.route(alarmSettingImport, async (_input, ctx) => {
    const query = alarmSettingImportQuery.safeParse(ctx.req.query ?? {}, { reportInput: true });
    if (!query.success) {
      throw invalidInput(fieldIssues(query.error.issues));
    }
    const part = await ctx.req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'upfile') {
      part?.file.resume();
      throw badRequest('records.noFile', ['upfile']);
    }
    const buffer = await part.toBuffer();
    let parsed: Awaited<ReturnType<typeof readSettingsXlsx>>;
    try {
      parsed = await readSettingsXlsx(buffer);
    } catch (err) {
      // Too large or too many cells: the reader's own refusal (413 naming the limit); anything else is not a workbook.
      if (err instanceof AppError) {
        throw err;
      }
      throw badRequest('records.badSheet', ['upfile']);
    }
    return settings.importRows(caller(ctx), parsed.rows, parsed.errors, {
      keepGood: query.data.keepGood === '1',
      reason: query.data.reason,
    });
  });
  http.route(plantModeList, async (_input, ctx) => ({ list: await a.plantModes(caller(ctx)) }));
  http.route(plantModeSet, (input, ctx) => a.setPlantMode(caller(ctx), input));
  http.route(alarmRemoveFromService, (input, ctx) => a.removeFromService(caller(ctx), input));
  http.route(alarmReturnToService, (input, ctx) => a.returnToService(caller(ctx), input));
}
