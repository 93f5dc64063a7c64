import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { evaluationCalculateInput, riskBandSchema, riskBandTableSchema, riskLevelSchema } from '../domain/risk-evaluation.js';

/** One method's band table as the plant has it now. */
export const bandTableItem = z.object({
  method: z.enum(['LEC', 'LS', 'MES']),
  bands: z.array(riskBandSchema),
  /** The stored version (null: the built-in default, never edited). */
  id: z.number().int().nullable(),
  updated: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type BandTableItem = z.infer<typeof bandTableItem>;

/**
 * `UAPI/LSRisk/LECPage` (seed §7.3): the plant's current band tables of LEC,
 * LS and MES (the /LsRisk page), or of one method.
 */
export const lecPage = defineContract({
  method: 'POST',
  path: '/UAPI/LSRisk/LECPage',
  input: z.object({ method: z.enum(['LEC', 'LS', 'MES']).optional() }),
  output: z.object({ items: z.array(bandTableItem) }),
  permission: 'risk:view',
});

/**
 * Saves a method's band table (a new version; evaluations already made keep
 * theirs). Refused naming the band and bound when bands overlap, leave a gap,
 * or leave out a score the factors can make.
 */
export const bandTableSave = defineContract({
  method: 'POST',
  path: '/UAPI/LSRisk/BandTableSave',
  input: riskBandTableSchema,
  output: bandTableItem,
  permission: 'risk:manage',
});

export const evaluationRecordItem = z.object({
  id: z.number().int(),
  entity: z.string(),
  targetId: z.number().int(),
  method: z.string(),
  factors: z.record(z.string(), z.number().nullable()),
  score: z.number().nullable(),
  level: riskLevelSchema,
  bandTableId: z.number().int().nullable(),
  /** The bands the evaluation was made with (null for direct grading). */
  bands: z.array(riskBandSchema).nullable(),
  at: z.number(),
  by: z.string(),
});
export type EvaluationRecordItem = z.infer<typeof evaluationRecordItem>;

/** The ledgers whose records can be evaluated. */
export const evaluatedEntities = ['Analysis', 'RiskPoint'] as const;

/** `UAPI/RiskControl/EvaluationRecordAdd`: evaluates a risk event (or risk point) with the current bands and keeps the result with those bands. */
export const evaluationRecordAdd = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EvaluationRecordAdd',
  input: evaluationCalculateInput.extend({ entity: z.enum(evaluatedEntities).default('Analysis'), targetId: z.number().int().positive() }),
  output: evaluationRecordItem,
  permission: 'risk:manage',
});

/** `UAPI/RiskControl/EvaluationRecordSearch`: the evaluations of one record (newest first), or all of a ledger. */
export const evaluationRecordSearch = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EvaluationRecordSearch',
  input: z.object({
    entity: z.enum(evaluatedEntities).default('Analysis'),
    targetId: z.number().int().positive().optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ items: z.array(evaluationRecordItem), total: z.number().int() }),
  permission: 'risk:view',
});
