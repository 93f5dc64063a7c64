import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { evaluationCalculateInput, evaluationCalculateOutput, riskLevelSchema } from '../domain/risk-evaluation.js';
import { riskZoneItem } from './items.js';

/**
 * `POST UAPI/RiskControl/EvaluationCalculate` (issue 21 §2): score, level,
 * colour and band of an evaluation with the plant's current bands; a value
 * outside the method's factor table is refused naming its field.
 */
export const evaluationCalculate = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EvaluationCalculate',
  input: evaluationCalculateInput,
  output: evaluationCalculateOutput,
  permission: 'risk:view',
});

/** One risk point as the map's "why" shows it: its evaluated levels and its measures. */
export const riskPointLevelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  regionid: z.number().int(),
  method: z.string(),
  score: z.number().nullable(),
  /** After measures (the evaluation); null when the evaluation is incomplete or invalid. */
  residual: riskLevelSchema.nullable(),
  inherent: riskLevelSchema.nullable(),
  measures: z.string(),
  /** Why the evaluation does not count (a factor missing, residual above inherent), in both languages; null when it counts. */
  problem: z.string().nullable(),
  problemEn: z.string().nullable(),
});
export type RiskPointLevelItem = z.infer<typeof riskPointLevelItem>;

/** Every zone the caller may see, with its levels and live causes (the truth behind topic `risk`). */
export const zoneRiskList = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/ZoneRiskList',
  input: z.object({}),
  output: z.object({ items: z.array(riskZoneItem), total: z.number().int(), serverTime: z.number() }),
  permission: 'risk:view',
});

/** One zone's risk points and levels (the map's "why"). */
export const zoneRiskDetail = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/ZoneRiskDetail',
  input: z.object({ regionid: z.number().int().positive() }),
  output: z.object({ zone: riskZoneItem, points: z.array(riskPointLevelItem) }),
  permission: 'risk:view',
});

export const zoneHistoryItem = z.object({
  id: z.number().int(),
  regionid: z.number().int(),
  t: z.number(),
  from: z.number().int().nullable(),
  to: z.number().int(),
  residual: z.number().int().nullable(),
  causes: z.array(z.string()),
});

/**
 * The zones' history (issue 21 §5, the timeline page): a row per change of a
 * zone's live level, newest first; one zone (`regionid`) or every zone of the
 * caller's regions, optionally from `from` (included) to `to` (excluded), epoch ms.
 */
export const zoneRiskHistory = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/ZoneRiskHistory',
  input: z.object({
    regionid: z.number().int().positive().optional(),
    from: z.number().int().nonnegative().optional(),
    to: z.number().int().positive().optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ items: z.array(zoneHistoryItem), total: z.number().int() }),
  permission: 'risk:view',
});
