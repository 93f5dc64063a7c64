import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { categoryCodes, hazardGrades } from '../domain/gb18218-tables.js';
import { gradeCalculateInput } from '../domain/gb18218.js';

/** One step of a calculation: a message code of `majorHazardMessages` and its parameters, rendered in the reader's language. */
export const reasonStep = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

/** A substance of a graded unit: what was given, with the Q and β used and why. */
export const gradedSubstance = z.object({
  name: z.string().optional(),
  cas: z.string().optional(),
  seq: z.number().int().optional(),
  categories: z.array(z.string()).optional(),
  q: z.number(),
  /** Critical quantity used, t (Table 1 when named, else the smallest of its Table 2 categories). */
  Q: z.number(),
  /** Correction factor β that goes with that Q (Table 3, else Table 4). */
  beta: z.number(),
  /** q/Q. */
  ratio: z.number(),
  source: z.enum(['table1', 'category']),
  category: z.enum(categoryCodes).optional(),
  reasons: z.array(reasonStep),
});

/** The identification and grading of one unit (GB 18218-2018 §4.2, §4.3). */
export const gradeResult = z.object({
  /** S = Σ q/Q. */
  S: z.number(),
  /** S ≥ 1. */
  isMajor: z.boolean(),
  /** R = α · Σ β·q/Q; null when not major. */
  R: z.number().nullable(),
  alpha: z.number().nullable(),
  /** 1 (一级) … 4 (四级); null when not major. */
  grade: z.union(hazardGrades.map((g) => z.literal(g)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]).nullable(),
  substances: z.array(gradedSubstance),
  reasons: z.array(reasonStep),
});
export type GradeResultItem = z.infer<typeof gradeResult>;

/** The calculation alone, used by the identification page before a unit is saved. */
export const gradeCalculate = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/GradeCalculate',
  input: gradeCalculateInput,
  output: gradeResult,
  permission: 'majorHazard:view',
});
