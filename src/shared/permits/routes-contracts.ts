import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { hotGradeCodes, permitTypeCodes } from '../domain/gb30871-input.js';
import { permitItem, permitStatuses } from './items.js';

/*
 * Calls of the permit routes that are more than a ledger (issue 25; spec 2
 * §2.3 /JSA, /Examine): the JSA analysis and map, and the gas analyses of the
 * permits with the verdict of the GB 30871 rules.
 */

export const jsaAnalysis = defineContract({
  method: 'POST',
  path: '/UAPI/JSA/JSAAnalysis',
  input: z.object({ from: z.number().int().min(0).optional(), to: z.number().int().min(0).optional() }),
  output: z.object({
    total: z.number().int(),
    /** JSAs by the permit type they analyse: how many, and how many completed. */
    byType: z.array(z.object({ permitType: z.enum(permitTypeCodes), total: z.number().int(), completed: z.number().int() })),
    /** Task steps by hazard kind, over the JSAs counted. */
    byHazard: z.array(z.object({ hazardType: z.string(), count: z.number().int() })),
  }),
  permission: 'permit:view',
});

export const jsaRef = z.object({ id: z.number().int(), number: z.string(), title: z.string(), status: z.number().int() });

/** Permits in effect or suspended (the caller's regions) with the JSAs that name them. */
export const jsaMap = defineContract({
  method: 'POST',
  path: '/UAPI/JSA/JSAMap',
  input: z.object({}),
  output: z.object({ items: z.array(permitItem.extend({ jsas: z.array(jsaRef) })) }),
  permission: 'permit:view',
});

/** Where a permit's gas analysis stands: no reading yet, readings waiting for the analyst's signature, signed. */
export const gasAnalysisStatuses = ['toSubmit', 'toApprove', 'completed'] as const;
/** What the rules say of the newest reading: no reading, it passes, it fails. */
export const gasAnalysisResults = ['toAnalyse', 'qualified', 'unqualified'] as const;

export const gasAnalysisRow = z.object({
  permitId: z.number().int(),
  number: z.string(),
  type: z.enum(permitTypeCodes),
  grade: z.enum(hotGradeCodes).nullable(),
  effectiveGrade: z.enum(hotGradeCodes).nullable(),
  location: z.string(),
  permitStatus: z.enum(permitStatuses),
  status: z.enum(gasAnalysisStatuses),
  result: z.enum(gasAnalysisResults),
  /** The rules' findings on the gas (codes rendered in the caller's language). */
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
  samples: z.array(
    z.object({
      t: z.number(),
      lel: z.number().nullable(),
      reading: z.number().nullable(),
      unit: z.string().nullable(),
      o2: z.number().nullable(),
      analyst: z.string(),
      /** The pass limit of the reading in % vol from the gas's LEL (GB 30871: 0.5 % or 0.2 %). */
      limitPct: z.number().nullable(),
      pass: z.boolean().nullable(),
    }),
  ),
});
export type GasAnalysisRow = z.infer<typeof gasAnalysisRow>;

/** The gas analyses of hot-work and confined-space permits the caller may see. */
export const gasAnalysisSearch = defineContract({
  method: 'POST',
  path: '/UAPI/Examine/GasAnalysisSearch',
  input: z.object({
    ...pageInput,
    status: z.enum(gasAnalysisStatuses).optional(),
    result: z.enum(gasAnalysisResults).optional(),
    number: z.string().trim().max(60).optional(),
  }),
  output: listOf(gasAnalysisRow),
  permission: 'permit:view',
});

/** A stay of a tag in a permit's work zone while the work was open (issue 25 §7). */
export const zoneStay = z.object({
  tagId: z.string(),
  /** The person or vehicle the roster gives the tag (positioning objects); null when the tag is not on it. */
  name: z.string().nullable(),
  /** 0 person, 1 vehicle. */
  kind: z.number().int(),
  enter: z.number(),
  leave: z.number(),
  fixes: z.number().int(),
  /** The permit's guardian's tag. */
  guardian: z.boolean(),
});
export type ZoneStay = z.infer<typeof zoneStay>;

/** Who was in a permit's work zone and when, from positioning: from the start of the work to its completion (or now, or its planned end). */
export const permitPersonnelRecord = defineContract({
  method: 'POST',
  path: '/UAPI/SafetyWorkPermitNew/PersonnelLocationRecord',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({
    id: z.number().int(),
    number: z.string(),
    /** The window read; null `from` when the work never started (nothing to read). */
    from: z.number().nullable(),
    to: z.number(),
    radiusM: z.number(),
    items: z.array(zoneStay),
  }),
  permission: 'permit:view',
});
