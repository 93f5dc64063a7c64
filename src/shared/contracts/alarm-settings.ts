import { z } from 'zod';
import { consequenceClasses, responseTimeClasses } from '../domain/alarm-rationalisation.js';
import { limitTypesOfTags } from './alarms.js';
import { defineContract } from './contract.js';
import { listOf, pageInput } from './envelope.js';

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

/** One change of an alarm's settings, from its audit row. */
export const alarmSettingChange = z.object({
  at: z.number(),
  loginname: z.string(),
  reason: z.string(),
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
