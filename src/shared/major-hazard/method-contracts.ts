import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { categoryCodes, table3, table5 } from '../domain/gb18218-tables.js';

const bilingual = z.object({ zh: z.string(), en: z.string() });

/** Largest β and α a plant may set (Table 3's largest β is 20, Table 5's largest α is 2). */
export const METHOD_BETA_MAX = 100;
export const METHOD_ALPHA_MAX = 10;

/**
 * The grading method of the plant (/majorHazard88/configPage): each β of
 * Tables 3 and 4 and each α of Table 5 with the standard's value beside it.
 */
export const gradingMethodView = z.object({
  table3: z.array(z.object({ seq: z.number().int(), name: bilingual, standard: z.number(), beta: z.number() })),
  table4: z.array(z.object({ code: z.enum(categoryCodes), hazard: bilingual, description: bilingual, standard: z.number(), beta: z.number() })),
  table5: z.array(z.object({ index: z.number().int(), label: bilingual, standard: z.number(), alpha: z.number() })),
  /** How many values differ from the standard. */
  adjusted: z.number().int(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string(),
});
export type GradingMethodView = z.infer<typeof gradingMethodView>;

export const gradingMethod = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/GradingMethod',
  input: z.object({}),
  output: gradingMethodView,
  permission: 'majorHazard:view',
});

const table3Seqs = new Set(table3.map((r) => r.seq));
const factor = (max: number, code: string) => z.number({ error: code }).gt(0, code).max(max, code);

/** The whole method as the page edits it; values equal to the standard's are kept as the standard's. */
export const gradingMethodSaveInput = z
  .object({
    table3: z.array(z.object({ seq: z.number().int(), beta: factor(METHOD_BETA_MAX, 'majorHazard.method.badBeta') })).max(table3.length),
    table4: z
      .array(z.object({ code: z.enum(categoryCodes, { error: 'majorHazard.method.unknownCategory' }), beta: factor(METHOD_BETA_MAX, 'majorHazard.method.badBeta') }))
      .max(categoryCodes.length),
    table5: z
      .array(z.object({ index: z.number().int().min(0).max(table5.length - 1), alpha: factor(METHOD_ALPHA_MAX, 'majorHazard.method.badAlpha') }))
      .max(table5.length),
  })
  .superRefine((v, ctx) => {
    v.table3.forEach((r, i) => {
      if (!table3Seqs.has(r.seq)) {
        ctx.addIssue({ code: 'custom', path: ['table3', i, 'seq'], message: 'majorHazard.method.unknownGas', params: { seq: r.seq } });
      }
    });
  });

export const gradingMethodSave = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/GradingMethodSave',
  input: gradingMethodSaveInput,
  output: gradingMethodView,
  permission: 'majorHazard:manage',
});

