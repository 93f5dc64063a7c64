import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { alarmStates } from '../domain/alarm-state.js';
import { alarmItem, alarmTypes } from './item.js';

// The live item and its vocabulary are in item.ts (the manifest's channel needs them without the calls).
export { alarmItem, alarmPriorities, alarmTypeNames, alarmTypes, type AlarmItem, type AlarmPriority, type AlarmType } from './item.js';

/*
 * Alarm management (ISA-18.2, DOMAIN.md §3; seed 3 §2 /alarmData). The engine
 * opens an occurrence when an alarm condition activates and closes it when the
 * alarm is back to normal (returned and acknowledged). The list call is the
 * truth; topic `alarm` carries every change in order.
 */

/** Types only the engine raises from a tag's samples; other modules raise the rest. */
export const limitTypesOfTags = ['hh', 'h', 'l', 'll', 'discrete'] as const;

/** Longest a shelf may last, minutes (DOMAIN.md §3: 8 h). */
export const MAX_SHELVE_MINUTES = 8 * 60;
/** Most alarms one acknowledge or shelve call may name. */
export const MAX_ALARMS_PER_CALL = 500;


const alarmIds = z.array(z.number().int().positive()).min(1).max(MAX_ALARMS_PER_CALL);

/** Open occurrences (annunciated or shelved) the caller may see: the live list's truth after a reconnect. */
export const alarmRealTimeList = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/RealTimeList',
  input: z.object({
    priority: z.array(z.number().int().min(1).max(4)).optional(),
    regionid: z.number().int().positive().optional(),
    types: z.array(z.enum(alarmTypes)).max(alarmTypes.length).optional(),
    source: z.string().max(128).optional(),
    /** Only alarms in these states (e.g. the shelved, suppressed or out-of-service ones). */
    states: z.array(z.enum(alarmStates)).max(alarmStates.length).optional(),
  }),
  output: z.object({ list: z.array(alarmItem), serverTime: z.number() }),
  permission: 'realtime:read',
});

/** Closed and open occurrences over a time range (by activation), newest first. */
const historyFilter = z.object({
  from: z.number(),
  to: z.number(),
  source: z.string().max(128).optional(),
  priority: z.array(z.number().int().min(1).max(4)).optional(),
  regionid: z.number().int().positive().optional(),
  types: z.array(z.enum(alarmTypes)).max(alarmTypes.length).optional(),
});
const endAfterStart = (v: { from: number; to: number }, ctx: z.RefinementCtx) => {
  if (v.to <= v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
  }
};
export type AlarmHistoryFilter = z.output<typeof historyFilter>;

export const alarmHistoryList = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/HistoryList',
  input: historyFilter
    .extend({
      pageIndex: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(500).default(50),
    })
    .superRefine(endAfterStart),
  output: z.object({ list: z.array(alarmItem), total: z.number().int() }),
  permission: 'realtime:read',
});

/** Answers an .xlsx file of the filtered history (every page), in the caller's language, isolated like the list. */
export const alarmHistoryExport = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/HistoryExport',
  input: historyFilter.superRefine(endAfterStart),
  output: z.null(),
  permission: 'realtime:read',
});

export const alarmAcknowledge = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Acknowledge',
  input: z.object({ ids: alarmIds, comment: z.string().trim().max(500).optional() }),
  output: z.object({ acknowledged: z.array(z.number().int()) }),
  permission: 'alarm:ack',
});

export const alarmShelve = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Shelve',
  input: z.object({
    ids: alarmIds,
    /** Timed shelf length; a one-shot shelf ends when the alarm returns, at the latest after this. */
    minutes: z.number().int().min(1),
    kind: z.enum(['timed', 'oneShot']).default('timed'),
    reason: z.string().trim().max(500),
  }),
  output: z.object({ shelved: z.array(z.number().int()) }),
  permission: 'alarm:shelve',
});

export const alarmUnshelve = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Unshelve',
  input: z.object({ ids: alarmIds }),
  output: z.object({ unshelved: z.array(z.number().int()) }),
  permission: 'alarm:shelve',
});

const keyed = z.object({ alarmKey: z.string(), sourceName: z.string(), sourceNameEn: z.string() });

/** EEMUA 191 / ISA-18.2 performance figures over a window (src/shared/domain/alarm-kpi.ts). */
export const alarmKpi = z.object({
  from: z.number(),
  to: z.number(),
  operatorPositions: z.number().int(),
  /** Activations counted; those while out of service are not (ISA-18.2 §11.9). */
  total: z.number().int(),
  /** Activations while the alarm was out of service, left out of every other figure. */
  outOfService: z.number().int(),
  avgPer10Min: z.number(),
  peakPer10Min: z.number(),
  peakAt: z.number().nullable(),
  intervals: z.array(z.number().int()),
  /** Floods on a sliding 10-minute window: from above 10 to below 5 per operator position (ISA-18.2 §16.5). */
  floodEpisodes: z.array(
    z.object({
      from: z.number(),
      /** The end (the window's end when `ongoing`). */
      to: z.number(),
      alarms: z.number().int(),
      /** Most alarms within 10 minutes during the episode. */
      peak: z.number().int(),
      ongoing: z.boolean(),
    }),
  ),
  floodTimePct: z.number(),
  priority: z.object({
    low: z.number(),
    medium: z.number(),
    high: z.number(),
    lowPct: z.number(),
    mediumPct: z.number(),
    highPct: z.number(),
  }),
  stale: z.array(keyed.extend({ activatedAt: z.number() })),
  chattering: z.array(keyed.extend({ activations: z.number().int() })),
  top10: z.array(keyed.extend({ count: z.number().int(), sharePct: z.number() })),
  top10SharePct: z.number(),
  shelvedNow: z.number().int(),
});

/** Longest window the audit figures are computed over. */
export const MAX_KPI_DAYS = 31;

/** An audit window: forwards, at most MAX_KPI_DAYS long (the refusal names `to`). */
const auditWindow = (v: { from: number; to: number }, ctx: z.RefinementCtx) => {
  if (v.to <= v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
  } else if (v.to - v.from > MAX_KPI_DAYS * 24 * 3600_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostDays', params: { days: MAX_KPI_DAYS } });
  }
};

export const alarmAuditKpi = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/AuditKpi',
  input: z
    .object({
      from: z.number(),
      to: z.number(),
      operatorPositions: z.number().int().min(1).max(50).default(1),
      regionid: z.number().int().positive().optional(),
    })
    .superRefine(auditWindow),
  output: alarmKpi,
  permission: 'realtime:read',
});

/** An operator's action on an alarm, from the audit log. */
export const alarmAuditAction = z.object({
  id: z.number().int(),
  at: z.number(),
  /** Audit action code (shared/audit-actions.ts): alarm.ack, alarm.shelve, alarm.unshelve, alarm.removeFromService, … */
  action: z.string(),
  loginname: z.string(),
  /** The occurrence acted on; null for an action on the alarm itself (out of service from the setting ledger). */
  occurrenceId: z.number().int().nullable(),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  /** A shelf's length and kind. */
  minutes: z.number().nullable(),
  kind: z.string().nullable(),
});
export type AlarmAuditAction = z.infer<typeof alarmAuditAction>;

/**
 * One alarm (tag + condition, or a raised alarm's key) over a window, for
 * `/alarmAduit/alarmAduitDetail`: its occurrences that overlap the window
 * (oldest first), the operators' actions on them, and how long it was active
 * and waited for acknowledgement (src/shared/domain/alarm-kpi.ts).
 */
export const alarmAuditDetail = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/AuditDetail',
  input: z.object({ alarmKey: z.string().trim().min(1).max(200), from: z.number(), to: z.number() }).superRefine(auditWindow),
  output: z.object({
    occurrences: z.array(
      alarmItem.extend({
        /** The state it opened in: `outOfService` when it activated while the alarm was out of service (never shown). */
        openedIn: z.enum(alarmStates).nullable(),
      }),
    ),
    actions: z.array(alarmAuditAction),
    summary: z.object({
      activations: z.number().int(),
      outOfService: z.number().int(),
      activeMs: z.number(),
      activePct: z.number(),
      longestActiveMs: z.number(),
      acknowledged: z.number().int(),
      meanAckMs: z.number().nullable(),
      longestAckMs: z.number().nullable(),
    }),
    serverTime: z.number(),
  }),
  permission: 'realtime:read',
});

/**
 * An alarm raised by another module or system (positioning, gas analysis, a
 * control system): the same life cycle as a tag's alarm. `key` names the
 * condition; one occurrence is open per key. Raising an active key again
 * updates nothing; `UAPI/Alarm/Clear` returns it to normal.
 */
export const raisedAlarm = z.object({
  key: z.string().trim().min(1).max(200),
  type: z.enum(alarmTypes).refine((t) => !(limitTypesOfTags as readonly string[]).includes(t), { message: 'alarm.typeOfTags' }),
  source: z.string().trim().min(1).max(128),
  sourceName: z.string().trim().min(1).max(200),
  sourceNameEn: z.string().trim().max(200).default(''),
  priority: z.number().int().min(1).max(4),
  regionid: z.number().int().positive().nullable().default(null),
  /** Time of the condition change, epoch ms (default: now). */
  t: z.number().int().min(0).optional(),
  value: z.number().finite().nullable().optional(),
  limit: z.number().finite().nullable().optional(),
  unit: z.string().max(20).optional(),
  detail: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type RaisedAlarmInput = z.input<typeof raisedAlarm>;

export const alarmRaise = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Raise',
  input: raisedAlarm,
  output: z.object({ key: z.string() }),
  permission: 'alarm:admin',
});

export const alarmClear = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Clear',
  input: z.object({ key: z.string().trim().min(1).max(200), t: z.number().int().min(0).optional() }),
  output: z.object({ key: z.string() }),
  permission: 'alarm:admin',
});
