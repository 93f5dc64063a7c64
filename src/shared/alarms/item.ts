import { z } from 'zod';
import { alarmStates } from '../domain/alarm-state.js';

/*
 * One alarm occurrence as lists, the `alarm` topic and exports show it, and
 * its vocabulary (ISA-18.2, DOMAIN.md §3). Kept apart from the calls
 * (contracts.ts) so the manifest's channel declaration stays small.
 */

/** Seed priorities: 1 紧急 urgent, 2 高 high, 3 中 medium, 4 低 low. */
export const alarmPriorities = [1, 2, 3, 4] as const;
export type AlarmPriority = (typeof alarmPriorities)[number];

/**
 * What raised the alarm: a tag's limit, a discrete tag, a source gone silent,
 * positioning (超员 缺员 越界 超时停留 静止 SOS 聚集, DOMAIN.md §4), the system itself
 * (a full disk), or another system through `UAPI/Alarm/Raise`.
 */
export const alarmTypes = [
  'hh',
  'h',
  'l',
  'll',
  'discrete',
  'comm',
  'external',
  'overcrowd',
  'understaff',
  'intrusion',
  'overstay',
  'static',
  'sos',
  'gathering',
  'system',
] as const;
export type AlarmType = (typeof alarmTypes)[number];

/** The name of each alarm type in both languages (exports, lists, statistics). */
export const alarmTypeNames: Record<AlarmType, { zh: string; en: string }> = {
  hh: { zh: '高高报', en: 'High-high' },
  h: { zh: '高报', en: 'High' },
  l: { zh: '低报', en: 'Low' },
  ll: { zh: '低低报', en: 'Low-low' },
  discrete: { zh: '开关量报警', en: 'Discrete' },
  comm: { zh: '通讯中断', en: 'Communication lost' },
  external: { zh: '外部报警', en: 'External' },
  overcrowd: { zh: '超员', en: 'Overcrowding' },
  understaff: { zh: '缺员', en: 'Understaffing' },
  intrusion: { zh: '越界', en: 'Illegal entry' },
  overstay: { zh: '超时停留', en: 'Overstay' },
  static: { zh: '静止', en: 'Man down' },
  sos: { zh: 'SOS', en: 'SOS' },
  gathering: { zh: '聚集', en: 'Gathering' },
  system: { zh: '系统报警', en: 'System' },
};

/** One alarm occurrence as lists, the topic and exports show it. */
export const alarmItem = z.object({
  id: z.number().int(),
  /** The alarm this occurrence belongs to: `tag:<tagId>:<type>`. */
  alarmKey: z.string(),
  /** Tag (or other source) id. */
  source: z.string(),
  sourceName: z.string(),
  /** English name of the source ('' when it has none: show sourceName). */
  sourceNameEn: z.string(),
  type: z.enum(alarmTypes),
  priority: z.number().int().min(1).max(4),
  state: z.enum(alarmStates),
  /** Whether the condition is active now. */
  active: z.boolean(),
  acked: z.boolean(),
  /** Limit crossed (null for discrete and communication alarms). */
  limit: z.number().nullable(),
  unit: z.string(),
  /** Value at activation. */
  value: z.number().nullable(),
  /** Furthest value beyond the limit while active. */
  peak: z.number().nullable(),
  activatedAt: z.number(),
  ackedAt: z.number().nullable(),
  ackedBy: z.string().nullable(),
  ackComment: z.string().nullable(),
  returnedAt: z.number().nullable(),
  /** Back to normal: the occurrence is closed. */
  closedAt: z.number().nullable(),
  shelvedUntil: z.number().nullable(),
  shelvedBy: z.string().nullable(),
  shelveReason: z.string().nullable(),
  regionid: z.number().int().nullable(),
  updatedAt: z.number(),
  /** What the raising module adds (the person and rule of a positioning alarm); null for tag alarms. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AlarmItem = z.infer<typeof alarmItem>;
