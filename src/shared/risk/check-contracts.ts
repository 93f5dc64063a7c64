import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';

export const checkTaskStates = ['waiting', 'open', 'done', 'missed'] as const;
export const checkResults = ['normal', 'abnormal'] as const;

/** One check task of a control measure (DOMAIN.md §8): its window, who checked and what they found. */
export const measureCheckItem = z.object({
  id: z.number().int(),
  measureId: z.number().int(),
  /** The measure's text, its risk event and evaluation unit (names as the caller may see them). */
  measure: z.string(),
  event: z.string(),
  unit: z.string(),
  regionid: z.number().int().nullable(),
  tier: z.string(),
  checkContent: z.string(),
  /** The window [start, end), epoch ms. */
  start: z.number(),
  end: z.number(),
  state: z.enum(checkTaskStates),
  doneAt: z.number().nullable(),
  doneBy: z.string().nullable(),
  result: z.enum(checkResults).nullable(),
  note: z.string(),
});
export type MeasureCheckItem = z.infer<typeof measureCheckItem>;

/**
 * `UAPI/RiskControl/SafeInspectionPlanList`: the check tasks of the control
 * measures in the caller's regions, newest window first.
 */
export const measureCheckList = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/SafeInspectionPlanList',
  input: z.object({
    ...pageInput,
    state: z.enum(checkTaskStates).optional(),
    measureId: z.coerce.number().int().positive().optional(),
  }),
  output: listOf(measureCheckItem),
  permission: 'risk:view',
});

/**
 * `UAPI/RiskControl/SafeInspectionItemAdd`: records the check of an open task
 * (its window holds now). A check clears the measure's missed checks before
 * it, so the zone falls back from the escalation they caused.
 */
export const measureCheckSubmit = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/SafeInspectionItemAdd',
  input: z.object({
    id: z.coerce.number().int().positive(),
    result: z.enum(checkResults),
    note: z.string().trim().max(500).default(''),
  }),
  output: measureCheckItem,
  permission: 'risk:check',
});
