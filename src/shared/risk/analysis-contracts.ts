import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { riskLevelSchema } from '../domain/risk-evaluation.js';

const level = riskLevelSchema.nullable();

export const detailMeasure = z.object({
  id: z.number().int(),
  content: z.string(),
  measureType: z.string(),
  tier: z.string(),
  checkContent: z.string(),
  cycle: z.number().nullable(),
  cycleUnit: z.string(),
});

export const detailEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  hazard: z.string(),
  accidentType: z.string(),
  cause: z.string(),
  consequence: z.string(),
  /** From the newest evaluation (null: not evaluated yet). */
  level: level,
  score: z.number().nullable(),
  method: z.string().nullable(),
  measures: z.array(detailMeasure),
});

export const detailUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  regionid: z.number().int().nullable(),
  object: z.string(),
  /** The most severe level of its events. */
  level: level,
  /** Set on /InherentRisk (null: not set). */
  inherent: level,
  residual: level,
  events: z.array(detailEvent),
});
export type DetailUnit = z.infer<typeof detailUnit>;

/**
 * The three layers (unit → risk events → control measures) of the units the
 * caller may see (by their region), or of one unit: /RiskDetails, the map of
 * /RiskControll/AnalysisListNewMap.
 */
export const riskDetail = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/PerformanceWebGetDetail',
  input: z.object({ unitId: z.number().int().positive().optional(), name: z.string().max(80).optional() }),
  output: z.object({ units: z.array(detailUnit) }),
  permission: 'risk:view',
});

/** Risk events counted by level and by unit (/RiskManagement/AnalysisCount). */
export const analysisCount = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/AnalysisCount',
  input: z.object({}),
  output: z.object({
    /** Events per level; key `0` counts events not evaluated yet. */
    byLevel: z.record(z.string(), z.number().int()),
    byUnit: z.array(z.object({ unitId: z.number().int(), name: z.string(), total: z.number().int(), byLevel: z.record(z.string(), z.number().int()) })),
    total: z.number().int(),
  }),
  permission: 'risk:view',
});

export const unitLevelItem = z.object({
  unitId: z.number().int(),
  name: z.string(),
  regionid: z.number().int().nullable(),
  inherent: level,
  residual: level,
  /** The most severe level of the unit's evaluated events: what the residual level is usually set to. */
  evaluated: level,
  note: z.string(),
  updated: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type UnitLevelItem = z.infer<typeof unitLevelItem>;

/** `/InherentRisk/InherentRiskSearch`: every unit the caller may see with its inherent and residual level. */
export const inherentRiskSearch = defineContract({
  method: 'POST',
  path: '/UAPI/InherentRisk/InherentRiskSearch',
  input: z.object({}),
  output: z.object({ items: z.array(unitLevelItem) }),
  permission: 'risk:view',
});

/** Sets a unit's inherent (before measures) and residual (after) level; a residual above the inherent level is refused on `residual` (DOMAIN.md §2). */
export const inherentRiskSave = defineContract({
  method: 'POST',
  path: '/UAPI/InherentRisk/InherentRiskSave',
  input: z.object({ unitId: z.number().int().positive(), inherent: riskLevelSchema, residual: riskLevelSchema.nullable().default(null), note: z.string().trim().max(500).default('') }),
  output: unitLevelItem,
  permission: 'risk:manage',
});
