import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/*
 * The computed pages of the remaining occupational health routes (issue 26 §2,
 * seed 3): who touches which hazard at which position, the exam summary and
 * the exposure limits of the catalogue.
 */

export const touchItem = z.object({
  positionId: z.number().int(),
  position: z.string(),
  dept: z.number().int().nullable(),
  regionid: z.number().int().nullable(),
  /** Hazards the position declares (GBZ 188 cycle classes). */
  hazards: z.array(z.string()),
  /** Factors identified at the position (hazardFactorManagement), each with its source and route. */
  factors: z.array(
    z.object({
      id: z.number().int(),
      factor: z.string(),
      source: z.string().nullable(),
      route: z.string(),
      hours: z.number().nullable(),
      date: z.number().nullable(),
      retestDate: z.number().nullable(),
    }),
  ),
  /** People whose personal file names the position. */
  people: z.array(z.object({ archiveId: z.number().int(), name: z.string() })),
  /** Grade of the latest assessment per hazard (hazardFactorAssessment). */
  grades: z.array(z.object({ hazard: z.string(), grade: z.string(), date: z.number().nullable() })),
});
export type TouchItem = z.infer<typeof touchItem>;

/** `HMOccupationalHazard/SearchTouchList`: each hazardous position with the factors identified there and the people who touch them. */
export const touchListCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMOccupationalHazard/SearchTouchList',
  input: z.object({ name: z.string().max(60).optional() }),
  output: z.object({ items: z.array(touchItem), total: z.number().int() }),
  permission: 'health:view',
});

export const summaryRow = z.object({
  examType: z.string(),
  /** People examined (the seed's "actual" users). */
  actual: z.number().int(),
  normal: z.number().int(),
  recheck: z.number().int(),
  suspected: z.number().int(),
  contraindication: z.number().int(),
  other: z.number().int(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

/** `HMPhysicalExaminationResult/ShowSummary`: one year's exams by type and conclusion, and who is due now. */
export const examSummaryCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPhysicalExaminationResult/ShowSummary',
  input: z.object({ year: z.number().int().min(2000, 'health.badYear').max(2100, 'health.badYear').optional() }),
  output: z.object({
    year: z.number().int(),
    rows: z.array(summaryRow),
    total: summaryRow,
    due: z.object({ overdue: z.number().int(), dueSoon: z.number().int(), neverExamined: z.number().int(), ok: z.number().int() }),
    reminderDays: z.number().int(),
  }),
  permission: 'health:view',
});

export const exposureFactor = z.object({
  cas: z.string(),
  name: z.string(),
  nameEn: z.string(),
  molarMass: z.number().nullable(),
  mac: z.number().nullable(),
  pcTwa: z.number().nullable(),
  pcStel: z.number().nullable(),
  /** mg/m³ per ppm at 25 °C, 101.3 kPa (M / 24.45). */
  mgPerPpm: z.number().nullable(),
  /** The hazard factor library's entry for the substance, if any. */
  factor: z.string().nullable(),
  /** Periodic exam cycle of the substance's hazard class, months (GBZ 188), if any. */
  cycleMonths: z.number().nullable(),
});
export type ExposureFactor = z.infer<typeof exposureFactor>;

/** `HMHarmfulFactor/ExposureFactors`: the catalogue's substances with GBZ 2.1 limits, and the noise limit (GBZ 2.2). */
export const exposureFactorsCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMHarmfulFactor/ExposureFactors',
  input: z.object({}),
  output: z.object({
    items: z.array(exposureFactor),
    total: z.number().int(),
    noise: z.object({ lex8h: z.number(), peak: z.number() }),
  }),
  permission: 'health:view',
});

/** A person's noise exposure for the shift (GBZ 2.2-2007 ch. 11) from positions and the zones' sound level meters (tags in dB(A)). */
export const noiseExposure = z.object({
  /** L_EX,8h, dB(A); null when no minute could be estimated. */
  lex8h: z.number().nullable(),
  limit: z.number(),
  exceeded: z.boolean(),
  atActionLevel: z.boolean(),
  /** GBZ/T 229.4-2012 grade ('0', 'I' … 'IV'). */
  grade: z.string().nullable(),
  minutesTotal: z.number(),
  minutesEstimated: z.number(),
  notEstimated: z.object({ noMeter: z.number(), noReading: z.number(), notLocated: z.number() }),
  byZone: z.array(z.object({ zone: z.string(), minutes: z.number(), minutesEstimated: z.number(), laeq: z.number().nullable() })),
});
export type NoiseExposure = z.infer<typeof noiseExposure>;
