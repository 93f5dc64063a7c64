import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { checkItemSchema, checkItemTypes } from '../domain/inspection-tasks.js';
import { inspectionStatuses } from '../domain/inspection-rules.js';
import { cycleChangeModes, scheduleCycleSchema } from '../domain/schedule.js';

/*
 * Inspection calls (issue 24 §2–§3, seed 2 §3–§5), under `/UAPI/Inspection/`
 * (the seed names the pages, not these calls). Plans, points, tasks, check-ins,
 * invalid-inspection applications, the missed-check rate.
 */

const id = z.number().int().positive();
const P = '/UAPI/Inspection';

// ---------------------------------------------------------------------------
// Points

export const pointKinds = ['device', 'place'] as const;
export const pointInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(100),
  /** A device or a place (seed: point–device binding). */
  kind: z.enum(pointKinds).default('place'),
  device: z.string().max(100).default(''),
  regionid: id,
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  /** Metres; null: the plant's default radius. */
  radiusM: z.number().min(1).max(1000).nullable().default(null),
  /** Text of the QR label; generated from the id when left empty. */
  qrCode: z.string().trim().max(100).default(''),
  nfcId: z.string().trim().max(100).default(''),
  items: z.array(checkItemSchema).max(50).default([]),
});
export const pointItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(pointKinds),
  device: z.string(),
  regionid: z.number().int(),
  lon: z.number(),
  lat: z.number(),
  radiusM: z.number().nullable(),
  qrCode: z.string(),
  nfcId: z.string(),
  items: z.array(checkItemSchema),
});
export type PointItem = z.infer<typeof pointItem>;

export const pointList = defineContract({
  method: 'POST',
  path: `${P}/PointList`,
  input: z.object({ regionid: id.optional(), name: z.string().max(100).optional() }),
  output: z.array(pointItem),
  permission: 'authenticated',
});
export const pointSave = defineContract({ method: 'POST', path: `${P}/PointSave`, input: pointInput, output: pointItem, permission: 'inspection:manage' });
export const pointDelete = defineContract({ method: 'POST', path: `${P}/PointDelete`, input: z.object({ id }), output: z.object({ id: z.number().int() }), permission: 'inspection:manage' });
/** /systemConfig/NFCBind: binds (or, with an empty id, unbinds) the NFC card fixed at a point. */
export const nfcBind = defineContract({
  method: 'POST',
  path: `${P}/NFCBind`,
  input: z.object({ pointId: id, nfcId: z.string().trim().max(100) }),
  output: pointItem,
  permission: 'inspection:manage',
});

// ---------------------------------------------------------------------------
// Plans (seed 2 §3)

const pause = z.object({ start: z.number(), end: z.number(), note: z.string().max(200).default('') });
export const planInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(100),
  responsibleId: id,
  /** Who walks the rounds; empty: anyone holding inspection:check who sees the region. */
  inspectorIds: z.array(id).max(50).default([]),
  regionid: id,
  deptid: id.nullable().default(null),
  cycle: scheduleCycleSchema,
  effectiveFrom: z.number().int(),
  effectiveTo: z.number().int().nullable().default(null),
  windowMinutes: z.number().int().min(1).nullable().default(null),
  reminderHours: z.number().int().min(0).nullable().default(null),
  pauses: z.array(pause).max(200).default([]),
  headcount: z.number().int().min(1).default(1),
  minDurationMin: z.number().int().min(0).nullable().default(null),
  maxDurationMin: z.number().int().min(0).nullable().default(null),
  minGapMin: z.number().int().min(0).nullable().default(null),
  ordered: z.boolean().default(false),
  allPoints: z.boolean().default(true),
  recordMisses: z.boolean().default(true),
  signAtPoints: z.boolean().default(false),
  /** The linked troubleshooting (隐患排查) plan, by name. */
  troublePlan: z.string().max(100).default(''),
  /** Seed 2 §5: 0 or a whole number of minutes. */
  toleranceMinutes: z.number().int('inspections.zeroOrPositiveInteger').min(0, 'inspections.zeroOrPositiveInteger').default(0),
  enabled: z.boolean().default(true),
  /** The route, in order. */
  pointIds: z.array(id).max(200),
});
export type PlanInput = z.input<typeof planInput>;

export const planItem = planInput.extend({
  id: z.number().int(),
  /** The cycle in effect now (a pending change shows from its time on). */
  segments: z.array(z.object({ from: z.number(), cycle: scheduleCycleSchema, windowMinutes: z.number().nullable() })),
  /** Tasks with check-ins, and tasks not over: deleting asks first (seed 2 §4). */
  records: z.number().int(),
});
export type PlanItem = z.infer<typeof planItem>;

export const planList = defineContract({
  method: 'POST',
  path: `${P}/PlanList`,
  input: z.object({ ...pageInput, name: z.string().max(100).optional(), enabled: z.boolean().optional() }),
  output: listOf(planItem),
  permission: 'authenticated',
});
export const planSave = defineContract({ method: 'POST', path: `${P}/PlanSave`, input: planInput, output: planItem, permission: 'inspection:manage' });
/** Deactivate or re-enable (seed 2 §4). A deactivated plan generates no tasks; its open ones are canceled. */
export const planEnable = defineContract({
  method: 'POST',
  path: `${P}/PlanEnable`,
  input: z.object({ id, enabled: z.boolean() }),
  output: planItem,
  permission: 'inspection:manage',
});
/** Delete; a plan with records or unfinished tasks needs `confirm` (seed 2 §4 asks first). */
export const planDelete = defineContract({
  method: 'POST',
  path: `${P}/PlanDelete`,
  input: z.object({ id, confirm: z.boolean().default(false) }),
  output: z.object({ id: z.number().int() }),
  permission: 'inspection:manage',
});
/** Seed 2 §4: a cycle change at the next cycle, at once (resets the task list) or at a set time. */
export const planCycleChange = defineContract({
  method: 'POST',
  path: `${P}/PlanCycleChange`,
  input: z.object({
    id,
    cycle: scheduleCycleSchema,
    windowMinutes: z.number().int().min(1).nullable().default(null),
    mode: z.enum(cycleChangeModes),
    /** The set time of `atTime`. */
    at: z.number().int().optional(),
  }),
  output: z.object({ switchAt: z.number(), dropped: z.number().int(), added: z.number().int() }),
  permission: 'inspection:manage',
});
/** Generates every enabled plan's tasks up to `at` + the look-ahead (the server does it every minute; for drills and tests). */
export const taskGenerate = defineContract({
  method: 'POST',
  path: `${P}/TaskGenerate`,
  input: z.object({ at: z.number().int().optional() }),
  output: z.object({ created: z.number().int() }),
  permission: 'inspection:manage',
});

// ---------------------------------------------------------------------------
// Tasks and check-ins

export const checkInStatuses = ['valid', 'flagged'] as const;
export const readingValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.number().int()).max(9), z.null()]);
export const checkInItem = z.object({
  id: z.number().int(),
  pointId: z.number().int(),
  userid: z.number().int(),
  username: z.string(),
  method: z.enum(['qr', 'nfc']),
  checkedAt: z.number(),
  receivedAt: z.number(),
  status: z.enum(checkInStatuses),
  /** Why flagged: message codes with their parameters. */
  reasons: z.array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
  distanceM: z.number().nullable(),
  card: z.string().nullable(),
  readings: z.record(z.string(), readingValue),
  findings: z.array(z.object({ key: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })),
  hiddenDangerIds: z.array(z.number().int()),
});
export type CheckInItem = z.infer<typeof checkInItem>;

export const invalidStates = ['none', 'pending', 'approved', 'rejected'] as const;
export const taskItem = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  start: z.number(),
  end: z.number(),
  toleranceMinutes: z.number().int(),
  status: z.enum(inspectionStatuses),
  route: z.array(z.number().int()),
  done: z.number().int(),
  missed: z.array(z.number().int()),
  flagged: z.number().int(),
  recorderId: z.number().int().nullable(),
  recorder: z.string().nullable(),
  regionid: z.number().int(),
  deptid: z.number().int().nullable(),
  hiddenDangers: z.number().int(),
  invalid: z.enum(invalidStates),
  invalidReason: z.string(),
  invalidApproverId: z.number().int().nullable(),
  invalidApplicantId: z.number().int().nullable(),
  /** Unqualified reasons of a round that is over (message codes). */
  issues: z.array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
});
export type TaskItem = z.infer<typeof taskItem>;

export const taskList = defineContract({
  method: 'POST',
  path: `${P}/TaskList`,
  input: z.object({
    ...pageInput,
    planId: id.optional(),
    status: z.enum(inspectionStatuses).optional(),
    /** Windows overlapping [from, to). */
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    /** Only rounds the caller may walk (the inspector's "today"). */
    mine: z.boolean().default(false),
    /** Only rounds with missed points, over (MissQuery). */
    missed: z.boolean().default(false),
    invalid: z.enum(invalidStates).optional(),
  }),
  output: listOf(taskItem),
  permission: 'authenticated',
});
export const taskDetail = defineContract({
  method: 'POST',
  path: `${P}/TaskDetail`,
  input: z.object({ id }),
  output: z.object({ task: taskItem, plan: planItem, points: z.array(pointItem), checkIns: z.array(checkInItem) }),
  permission: 'authenticated',
});

export const checkInInput = z.object({
  taskId: id,
  pointId: id,
  method: z.enum(['qr', 'nfc']).default('qr'),
  /** What the scanner read: the QR text or the NFC card id. */
  value: z.string().trim().min(1).max(200),
  /** When the scan was made on the phone (epoch ms); an offline check-in sent later keeps it. Default: now. */
  checkedAt: z.number().int().optional(),
  readings: z.record(z.string().max(40), readingValue).default({}),
  signature: z.string().max(200_000).default(''),
});
export const checkIn = defineContract({
  method: 'POST',
  path: `${P}/CheckIn`,
  input: checkInInput,
  output: z.object({ checkIn: checkInItem, task: taskItem, duplicate: z.boolean() }),
  permission: 'inspection:check',
});

/** Seed 2 §4, §5: the recorder or a related responsible person applies, with reason and approver. */
export const invalidApply = defineContract({
  method: 'POST',
  path: `${P}/InvalidApply`,
  input: z.object({ taskId: id, reason: z.string().max(500).nullable().optional(), approverId: id.nullable().optional() }),
  output: taskItem,
  permission: 'authenticated',
});
export const invalidApprove = defineContract({
  method: 'POST',
  path: `${P}/InvalidApprove`,
  input: z.object({ taskId: id, approve: z.boolean() }),
  output: taskItem,
  permission: 'authenticated',
});

export const rateDimensions = ['plan', 'person', 'department', 'region'] as const;
/** Missed-check rate = (due − done in window) ÷ due (DOMAIN.md §9), over rounds whose window ended in [start, end). */
export const missedRate = defineContract({
  method: 'POST',
  path: `${P}/MissedRate`,
  input: z.object({ item: z.enum(rateDimensions).nullable().optional(), start: z.number().int().nullable().optional(), end: z.number().int().nullable().optional() }),
  output: z.object({
    overall: z.object({ due: z.number().int(), done: z.number().int(), missed: z.number().int(), rate: z.number().nullable() }),
    rows: z.array(z.object({ key: z.number().int().nullable(), name: z.string(), due: z.number().int(), done: z.number().int(), missed: z.number().int(), rate: z.number().nullable() })),
  }),
  permission: 'authenticated',
});

export { checkItemTypes };
