import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { pointItem } from './contracts.js';

/*
 * The `/inspection/*` operations pages of issue 24 §2 (operation log,
 * point–device binding, stop-inspection query, time-stop config and history,
 * system config), over data the inspections module already keeps.
 */

const id = z.number().int().positive();
const P = '/UAPI/Inspection';

export const operationLogItem = z.object({
  id: z.number().int(),
  at: z.number(),
  loginname: z.string(),
  /** An `inspection.*` audit action. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The plan, point or round's plan the row is about ('' when it is gone or the row is plant-wide). */
  subject: z.string(),
  detail: z.string(),
});
export type OperationLogItem = z.infer<typeof operationLogItem>;

/**
 * /inspection/OperationLog and /inspection/TimeStopHistory: the inspection
 * audit rows the caller may see (rows about a plan, point or round of the
 * caller's regions; plant-wide rows such as imports to whole-plant callers),
 * newest first.
 */
export const inspectionOperationLog = defineContract({
  method: 'POST',
  path: `${P}/OperationLog`,
  input: z.object({
    ...pageInput,
    actions: z.array(z.string().regex(/^inspection\.[A-Za-z]+$/, 'validation.badFormat')).max(20).default([]),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
  }),
  output: listOf(operationLogItem),
  permission: 'inspection:manage',
});

/** /inspection/PointDeviceBinding: binds a point to a device (its code or name; empty unbinds: the point becomes a place). */
export const inspectionDeviceBind = defineContract({
  method: 'POST',
  path: `${P}/DeviceBind`,
  input: z.object({ pointId: id, device: z.string().trim().max(100) }),
  output: pointItem,
  permission: 'inspection:manage',
});

export const stopStates = ['past', 'current', 'upcoming'] as const;
export const stopItem = z.object({
  planId: z.number().int(),
  planName: z.string(),
  regionid: z.number().int(),
  /** 'pause': a time-stop period of the plan; 'disabled': the plan is deactivated (since `start`). */
  kind: z.enum(['pause', 'disabled']),
  start: z.number(),
  end: z.number().nullable(),
  note: z.string(),
  state: z.enum(stopStates),
});
export type StopItem = z.infer<typeof stopItem>;

/** /inspection/StopInspectionQuery: when inspections stop: the plans' time-stop periods and the deactivated plans, of the caller's regions. */
export const inspectionStopQuery = defineContract({
  method: 'POST',
  path: `${P}/StopQuery`,
  input: z.object({ ...pageInput, state: z.enum(stopStates).optional(), planId: id.optional() }),
  output: listOf(stopItem),
  permission: 'authenticated',
});

const pause = z.object({ start: z.number().int(), end: z.number().int(), note: z.string().trim().max(200).default('') });
/**
 * /inspection/TimeStopConfig: replaces a plan's time-stop periods; rounds not
 * begun are made again from now without the stopped periods. Audited with the
 * periods before and after (TimeStopHistory reads them).
 */
export const inspectionPauseSave = defineContract({
  method: 'POST',
  path: `${P}/PauseSave`,
  input: z.object({ planId: id, pauses: z.array(pause).max(200) }),
  output: z.object({ planId: z.number().int(), pauses: z.array(pause) }),
  permission: 'inspection:manage',
});

/** The check-in rules a plant sets (DOMAIN.md §9; thresholds a plant may change are data). */
export const inspectionRulesInput = z.object({
  pointRadiusM: z.coerce.number().int().min(1).max(500),
  fixWindowSec: z.coerce.number().int().min(5).max(3600),
  invalidApplicants: z.enum(['recorder', 'recorderOrResponsible']),
});

/** /inspection/SystemConfig: the rules a check-in is judged by on this plant. */
export const inspectionSystemConfig = defineContract({
  method: 'GET',
  path: `${P}/SystemConfig`,
  input: z.object({}),
  output: z.object({
    pointRadiusM: z.number(),
    fixWindowSec: z.number(),
    invalidApplicants: z.enum(['recorder', 'recorderOrResponsible']),
    clockSkewSec: z.number(),
    generateEverySec: z.number(),
    points: z.number().int(),
    plans: z.number().int(),
    enabledPlans: z.number().int(),
  }),
  permission: 'authenticated',
});

/** Sets the plant's check-in rules (audited); check-ins from then on are judged by them, on every server. */
export const inspectionSystemConfigSave = defineContract({
  method: 'POST',
  path: `${P}/SystemConfigSave`,
  input: inspectionRulesInput,
  output: inspectionSystemConfig.output,
  permission: 'inspection:manage',
});
