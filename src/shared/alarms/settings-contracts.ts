import { z } from 'zod';
import { consequenceClasses, responseTimeClasses } from '../domain/alarm-rationalisation.js';
import { limitTypesOfTags, MAX_ALARMS_PER_CALL } from './contracts.js';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { importResult } from '../records/contracts.js';

/*
 * The alarm setting standard ledger (/alarmAduit/alarmSettings, seed 3 §2):
 * one row per tag and alarm type (HH/H/L/LL, or discrete). The limits stay on
 * the tag (edited on the tag page) and are shown here; priority, delays,
 * enabled and the ISA-18.2 rationalisation (cause, consequence, corrective
 * action, time to respond) are kept per alarm. Every change names a reason
 * and is audited (entity `alarmSetting`, id `<tagId>:<type>`).
 */

export const settingAlarmType = z.enum(limitTypesOfTags);
export type SettingAlarmType = z.infer<typeof settingAlarmType>;

/** Longest on-delay or off-delay, seconds. */
export const MAX_ALARM_DELAY_S = 3600;

/** What an operator sets per alarm. */
export const alarmSettingFields = z.object({
  priority: z.number().int().min(1).max(4),
  onDelayS: z.number().int().min(0).max(MAX_ALARM_DELAY_S),
  offDelayS: z.number().int().min(0).max(MAX_ALARM_DELAY_S),
  enabled: z.boolean(),
  cause: z.string().trim().max(500),
  consequence: z.enum(consequenceClasses).nullable(),
  correctiveAction: z.string().trim().max(500),
  responseTime: z.enum(responseTimeClasses).nullable(),
});
export type AlarmSettingFields = z.infer<typeof alarmSettingFields>;

export const alarmSettingItem = alarmSettingFields.extend({
  tagId: z.string(),
  type: settingAlarmType,
  tagName: z.string(),
  tagNameEn: z.string(),
  unit: z.string(),
  regionid: z.number().int().nullable(),
  /** The tag's limit for this type (the in-alarm value of a discrete tag); edited on the tag page. */
  limit: z.number().nullable(),
  deadband: z.number(),
  /** The priority the rationalisation proposes (consequence × time to respond), null until both are recorded. */
  proposedPriority: z.number().int().min(1).max(4).nullable(),
  /** False while the alarm runs on the defaults (nothing saved yet). */
  configured: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
  /** Set while the alarm is out of service (ISA-18.2 §11.9): new activations are recorded, not annunciated. */
  outOfService: z.object({ since: z.number(), by: z.string(), reason: z.string() }).nullable(),
});
export type AlarmSettingItem = z.infer<typeof alarmSettingItem>;

export const alarmSettingQuery = z.object({
  /** Matches the tag's id and names. */
  keyword: z.string().trim().max(100).optional(),
  /** The region and its descendants. */
  regionid: z.coerce.number().int().positive().optional(),
  type: settingAlarmType.optional(),
});

export const alarmSettingList = defineContract({
  method: 'POST',
  path: '/UAPI/AlarmSettings/AlarmSettingList',
  input: alarmSettingQuery.extend(pageInput),
  output: listOf(alarmSettingItem),
  permission: 'realtime:read',
});

/** Answers an .xlsx file of the filtered ledger, limits included, in the caller's language. */
export const alarmSettingExport = defineContract({
  method: 'POST',
  path: '/UAPI/AlarmSettings/AlarmSettingExport',
  input: alarmSettingQuery,
  output: z.null(),
  permission: 'realtime:read',
});

export const alarmSettingSave = defineContract({
  method: 'POST',
  path: '/UAPI/AlarmSettings/AlarmSettingSave',
  input: alarmSettingFields.extend({
    tagId: z.string().trim().min(1).max(128),
    type: settingAlarmType,
    /** Why it changes (ISA-18.2 management of change): required. */
    reason: z.string().trim().min(1, 'alarm.reasonRequired').max(500),
  }),
  output: alarmSettingItem,
  permission: 'alarm:admin',
});

/**
 * Imports the ledger from an .xlsx file in the export's columns (multipart,
 * field `upfile`). Each row names its tag and alarm type; the limit goes to
 * the tag, the rest to the alarm. Every row is checked first; a file with
 * errors saves nothing unless `keepGood=1`, which saves the good rows. Each
 * changed alarm is in its history with the typed reason or, without one,
 * the code `alarm.reasonExcelImport`.
 */
export const alarmSettingImport = defineContract({
  method: 'POST',
  path: '/UAPI/AlarmSettings/AlarmSettingImport',
  input: z.object({}),
  output: z.object({
    /** Alarms changed. */
    saved: z.number().int(),
    /** Good rows that changed nothing. */
    unchanged: z.number().int(),
    /** Problems by spreadsheet row (the header is row 1) and field. */
    errors: importResult.shape.errors,
  }),
  permission: 'alarm:admin',
});

/** The query string of an import: keep the good rows of a file with errors, and the reason of the change. */
export const alarmSettingImportQuery = z.object({
  keepGood: z.enum(['0', '1']).default('0'),
  reason: z.string().trim().max(500).default(''),
});

/** One change of an alarm's settings, from its audit row. */
export const alarmSettingChange = z.object({
  at: z.number(),
  loginname: z.string(),
  reason: z.string(),
  /** A message code standing for the reason when none was typed (an Excel import). */
  reasonCode: z.string().optional(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type AlarmSettingChange = z.infer<typeof alarmSettingChange>;

export const alarmSettingHistory = defineContract({
  method: 'POST',
  path: '/UAPI/AlarmSettings/AlarmSettingHistory',
  input: z.object({ tagId: z.string().trim().min(1).max(128), type: settingAlarmType }),
  output: z.object({ list: z.array(alarmSettingChange) }),
  permission: 'realtime:read',
});

/*
 * Suppression by design and out of service (ISA-18.2 §11.8–11.9, issue 9 part 2).
 * A region's plant mode: while it is out of operation (停车) the alarms of its
 * tags are suppressed; back in operation they show as their condition implies.
 */
export const plantModes = ['run', 'stop'] as const;
export type PlantMode = (typeof plantModes)[number];

export const plantModeItem = z.object({
  regionid: z.number().int(),
  mode: z.enum(plantModes),
  reason: z.string(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type PlantModeItem = z.infer<typeof plantModeItem>;

/** Regions out of operation the caller may see (a region without a row is in operation). */
export const plantModeList = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/PlantModeList',
  input: z.object({}),
  output: z.object({ list: z.array(plantModeItem) }),
  permission: 'realtime:read',
});

export const plantModeSet = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/PlantModeSet',
  input: z.object({
    regionid: z.number().int().positive(),
    mode: z.enum(plantModes),
    reason: z.string().trim().min(1, 'alarm.reasonRequired').max(500),
  }),
  output: z.object({ item: plantModeItem, alarms: z.array(z.number().int()) }),
  permission: 'alarm:admin',
});

const alarmIdList = z.array(z.number().int().positive()).min(1).max(MAX_ALARMS_PER_CALL);

/** An alarm of a tag: a row of the alarm setting ledger. */
export const alarmRef = z.object({ tagId: z.string().trim().min(1).max(128), type: settingAlarmType });
export type AlarmRef = z.infer<typeof alarmRef>;
const alarmRefList = z.array(alarmRef).min(1).max(MAX_ALARMS_PER_CALL);

/*
 * Out of service is kept on the alarm (a tag's alarm: its setting row), not on
 * one occurrence: until it returns to service, each new activation is
 * recorded out of service instead of annunciated. Name open occurrences
 * (`ids`, from the live list) or alarms (`alarms`, from the setting ledger,
 * also while nothing is active); at least one of the two.
 */
export const alarmRemoveFromService = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/RemoveFromService',
  input: z.object({ ids: alarmIdList.optional(), alarms: alarmRefList.optional(), reason: z.string().trim().max(500) }),
  /** removed: the occurrences now out of service; alarms: the alarms now marked out of service. */
  output: z.object({ removed: z.array(z.number().int()), alarms: z.array(alarmRef) }),
  permission: 'alarm:admin',
});

export const alarmReturnToService = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/ReturnToService',
  input: z.object({ ids: alarmIdList.optional(), alarms: alarmRefList.optional() }),
  output: z.object({ returned: z.array(z.number().int()), alarms: z.array(alarmRef) }),
  permission: 'alarm:admin',
});
