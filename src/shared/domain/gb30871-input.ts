import { z } from 'zod';

/*
 * The body of `POST UAPI/WorkingBill/Check` (GB 30871-2022 safe-work permits,
 * DOMAIN.md §7): what the rules in `gb30871.ts` judge. Times are epoch
 * milliseconds; gas readings are in % by volume unless a sample says `%LEL`.
 */

/** The eight special operations of GB 30871-2022, each its own permit. */
export const permitTypeCodes = ['hot', 'confined', 'blind', 'lifting', 'height', 'power', 'excavation', 'road'] as const;
export type PermitType = (typeof permitTypeCodes)[number];

/** Hot-work grades, GB 30871-2022 §5.1: 特级, 一级, 二级. */
export const hotGradeCodes = ['special', '1', '2'] as const;
export type HotGrade = (typeof hotGradeCodes)[number];

/** How a detector reports: % by volume, or % of the gas's lower explosive limit (fixed detectors). */
export const gasUnitCodes = ['%vol', '%LEL'] as const;
export type GasUnit = (typeof gasUnitCodes)[number];

const epochMs = z.number().int().min(0);

export const gasSample = z
  .object({
    /** When the sample was taken. */
    t: epochMs,
    /** Lower explosive limit of the gas measured, % by volume (methane 5, hydrogen 4, propane 2.1). */
    lel: z.number().gt(0).max(100).optional(),
    /** Combustible gas reading, in `unit`. */
    reading: z.number().min(0).optional(),
    /** Unit of `reading`; absent means % by volume. */
    unit: z.enum(gasUnitCodes).optional(),
    /** Oxygen, % by volume. */
    o2: z.number().min(0).max(100).optional(),
  })
  .refine((s) => s.reading !== undefined || s.o2 !== undefined, { message: 'permits.gasSampleEmpty', path: ['reading'] });
export type GasSample = z.output<typeof gasSample>;

export const blindAction = z.object({
  id: z.string().trim().min(1).max(64),
  action: z.enum(['insert', 'remove']),
});

export const workingBillCheckInput = z
  .object({
    type: z.enum(permitTypeCodes),
    /** Hot work: the base grade from the place of work; the check returns the grade after the raise. */
    grade: z.enum(hotGradeCodes).optional(),
    /** Planned start and end. */
    start: epochMs,
    end: epochMs,
    /** The moment judged; the caller fills in now when absent. */
    at: epochMs.optional(),
    /** Work stopped this long (minutes) before `at` and resumes at `at`; see `gasMode`. */
    breakMinutes: z.number().min(0).optional(),
    /** Confined space in oxygen-enriched air: O₂ up to 23.5 %. */
    o2Enriched: z.boolean().optional(),
    /** Wind force (Beaufort) at `at`. */
    windForce: z.number().int().min(0).max(17).optional(),
    /** Temporary power: end of the hot-work or confined-space permit it serves. */
    servesEnd: epochMs.optional(),
    /** Temporary power under the special regime: ≤ 30 days instead of 15. */
    powerSpecial: z.boolean().optional(),
    gas: z.array(gasSample).max(500).optional(),
    /** Lifting: load in tonnes. */
    loadT: z.number().min(0).optional(),
    /** Work at height: height of the work above the fall reference level, metres. */
    heightM: z.number().min(0).optional(),
    blinds: z.array(blindAction).max(50).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'hot' && b.grade === undefined) {
      ctx.addIssue({ code: 'custom', path: ['grade'], message: 'validation.required' });
    }
  });
export type WorkingBillCheckInput = z.output<typeof workingBillCheckInput>;
