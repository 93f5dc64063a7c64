import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { riskLevelSchema } from '../domain/risk-evaluation.js';

/**
 * The seed's performance boards (`/UAPI/PerformanceMetricsBoard/*`, seed 2 §7.5):
 * the dual-prevention figures of the caller's regions, counted by
 * `shared/domain/dual-prevention-performance.ts`. Calls the seed sends
 * without a body take an empty object.
 */
const rate = z.number().nullable();
export const dangerFiguresItem = z.object({
  found: z.number().int(),
  voided: z.number().int(),
  closed: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  closedOnTime: z.number().int(),
  /** 隐患整改率, % with one decimal; null when nothing counts. */
  rectifyRate: rate,
  /** 按期整改率, %. */
  onTimeRate: rate,
});
export type DangerFiguresItem = z.infer<typeof dangerFiguresItem>;

const range = z.object({ from: z.number().int().optional(), to: z.number().int().optional() });
const noBody = z.object({}).passthrough();

export const dangerStatisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/DangerStatistics',
  input: noBody,
  output: z.object({
    figures: dangerFiguresItem,
    major: z.number().int(),
    general: z.number().int(),
    /** The last 12 calendar months (server time), oldest first: found and closed in each. */
    byMonth: z.array(z.object({ month: z.string(), found: z.number().int(), closed: z.number().int() })),
    serverTime: z.number(),
  }),
  permission: 'performance:view',
});

export const dangerDeptStatisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/DangerDeptStatistics',
  input: range,
  output: z.object({
    items: z.array(dangerFiguresItem.extend({ deptid: z.number().int().nullable(), deptname: z.string(), deptname_en: z.string() })),
  }),
  permission: 'performance:view',
});

const zoneRow = z.object({
  regionid: z.number().int(),
  regionname: z.string(),
  regionname_en: z.string(),
  inherent: riskLevelSchema.nullable(),
  residual: riskLevelSchema.nullable(),
  live: riskLevelSchema,
  points: z.number().int(),
  causes: z.number().int(),
});
export const riskControlListCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/RiskControlList',
  input: noBody,
  output: z.object({ items: z.array(zoneRow) }),
  permission: 'performance:view',
});

const levelCount = z.object({ level: riskLevelSchema.nullable(), count: z.number().int() });
export const riskClassificationCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/RiskClassification',
  input: noBody,
  output: z.object({
    /** Risk points by residual level (1 重大 … 4 低; null: not evaluated). */
    points: z.array(levelCount),
    /** Zones by their live level. */
    zones: z.array(levelCount),
  }),
  permission: 'performance:view',
});

export const runningEffectCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/RunningEffect',
  input: noBody,
  output: z.object({
    riskPoints: z.number().int(),
    /** Risk points whose evaluation does not count (a factor missing). */
    riskPointsUnevaluated: z.number().int(),
    zones: z.number().int(),
    /** Zones red or orange now (live level 1 or 2). */
    zonesRaised: z.number().int(),
    /** This calendar month (server time). */
    month: dangerFiguresItem,
    /** Everything in the caller's regions. */
    all: dangerFiguresItem,
    serverTime: z.number(),
  }),
  permission: 'performance:view',
});

/** Inspection figures (DOMAIN.md §9: missed-check rate = (due − done in window) ÷ due); rounds still open are not counted. */
const inspectionFigures = z.object({ due: z.number().int(), done: z.number().int(), missed: z.number().int(), rate: z.number().nullable() });
const inspectionRows = z.array(inspectionFigures.extend({ key: z.number().int().nullable(), name: z.string() }));
/** A period: this calendar month (server time) when absent. */
const period = z.object({ from: z.number().int().optional(), to: z.number().int().optional() });

export const dangerInspectionStatisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/DangerInspectionStatistics',
  input: period,
  output: z.object({ from: z.number(), to: z.number(), overall: inspectionFigures, byPlan: inspectionRows }),
  permission: 'performance:view',
});

export const dangerInspectionDeptStatisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/DangerInspectionDeptStatistics',
  input: period,
  output: z.object({ from: z.number(), to: z.number(), items: inspectionRows }),
  permission: 'performance:view',
});

export const personInspectionTaskCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/PersonInspectionTask',
  input: period,
  output: z.object({ from: z.number(), to: z.number(), items: inspectionRows }),
  permission: 'performance:view',
});

/** The caller's own rounds this month. */
export const personInspectionInfoCall = defineContract({
  method: 'POST',
  path: '/UAPI/PerformanceMetricsBoard/PersonInspectionInfo',
  input: noBody,
  output: z.object({ from: z.number(), to: z.number(), mine: inspectionFigures }),
  permission: 'authenticated',
});
