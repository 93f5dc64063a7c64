import { alarmAcknowledge, alarmAuditDetail, alarmAuditKpi, alarmClear, alarmRaise, alarmHistoryExport, alarmHistoryList, alarmRealTimeList, alarmShelve, alarmUnshelve } from '../../../shared/contracts/alarms.js';
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
} from '../../../shared/contracts/alarm-settings.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import type { AuthUser, RequestContext } from '../../http/app.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { badRequest, invalidInput, unauthorized } from '../../http/errors.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';
import { historyFileName, settingsFileName, writeHistoryXlsx, writeSettingsXlsx } from './alarm-export.js';
import { readSettingsXlsx } from './alarm-settings-import.js';
import { createAlarmSettingsService } from './alarm-settings.service.js';

/** Largest alarm settings spreadsheet accepted (a plant's ledger is a few thousand rows). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The signed-in caller of a route (the contract's permission has let only signed-in users through). */
export function caller(ctx: RequestContext): AuthUser {
  if (!ctx.user) {
    throw unauthorized();
  }
  return ctx.user;
}

const MAJOR_HAZARD = '/No.88/MajorHazard';

/** Pages of the seed's /alarmData group (spec 3), beside the real-time data pages. */
export const alarmMenus: MenuSeed[] = [
  {
    href: '/alarmData/realTimeAlarm',
    name: '实时报警',
    name_en: 'Real-time alarms',
    parent: MAJOR_HAZARD,
    type: 2,
    eightyEightType: 1,
    icon: 'alert',
    sort: 0,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
  {
    href: '/alarmData/mobileAlarm',
    name: '移动端报警',
    name_en: 'Alarms (phone)',
    parent: MAJOR_HAZARD,
    type: 2,
    eightyEightType: 1,
    icon: 'alert',
    sort: 1,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
  {
    href: '/alarmData/historyAlarm',
    name: '历史报警',
    name_en: 'Alarm history',
    parent: MAJOR_HAZARD,
    type: 2,
    eightyEightType: 1,
    icon: 'history',
    sort: 3,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
  {
    // The seed's spelling (alarmAduit) is kept so people who know the old portal find it.
    href: '/alarmAduit/alarmAduit',
    name: '报警审计',
    name_en: 'Alarm audit',
    parent: MAJOR_HAZARD,
    type: 2,
    eightyEightType: 1,
    icon: 'audit',
    sort: 4,
    roles: ['admin', 'supervisor'],
  },
  {
    href: '/alarmAduit/alarmSettings',
    name: '报警设置标准台账',
    name_en: 'Alarm settings',
    parent: MAJOR_HAZARD,
    type: 2,
    eightyEightType: 1,
    icon: 'setting',
    sort: 5,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
];

export const alarmModule: ServerModule = {
  name: 'alarms',
  menus: alarmMenus,
  register({ http, store, services }) {
    const a = services.alarms;
    const settings = createAlarmSettingsService({ db: store.db, realtime: services.realtime, alarms: a });
    http.route(alarmRealTimeList, (input, ctx) => a.realTimeList(caller(ctx), input));
    http.route(alarmHistoryList, (input, ctx) => a.historyList(caller(ctx), input));
    http.route(alarmHistoryExport, (input, ctx) => sendXlsx(ctx, historyFileName(ctx.lang), (out) => writeHistoryXlsx(out, a.historyPages(caller(ctx), input), ctx.lang)));
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
      } catch {
        throw badRequest('records.badSheet', ['upfile']);
      }
      return settings.importRows(caller(ctx), parsed.rows, parsed.errors, { keepGood: query.data.keepGood === '1', reason: query.data.reason });
    });
    http.route(plantModeList, async (_input, ctx) => ({ list: await a.plantModes(caller(ctx)) }));
    http.route(plantModeSet, (input, ctx) => a.setPlantMode(caller(ctx), input));
    http.route(alarmRemoveFromService, (input, ctx) => a.removeFromService(caller(ctx), input));
    http.route(alarmReturnToService, (input, ctx) => a.returnToService(caller(ctx), input));
  },
};
