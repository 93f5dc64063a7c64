import { z } from 'zod';
import { hotGradeCodes, permitTypeCodes } from '../domain/gb30871-input.js';

/* The permit as lists, the map and the live topic carry it (small: the manifest imports it). */

/** Statuses (seed 2 §4): signing holds the statutory steps before work; completed waits for acceptance. */
export const permitStatuses = ['signing', 'approved', 'active', 'suspended', 'completed', 'closed', 'cancelled'] as const;
export type PermitStatus = (typeof permitStatuses)[number];

/**
 * The statutory steps of GB 30871-2022 Annex A in order. `applicant` is signed
 * with the application; `acceptance` after completion; the rest before work.
 * Hot work has the safety department and the shift leader's check; the other
 * types skip those two (and `gas` where the type has no gas analysis).
 */
export const permitStepCodes = ['applicant', 'jsa', 'gas', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'safetyDept', 'approver', 'shiftCheck', 'acceptance'] as const;
export type PermitStepCode = (typeof permitStepCodes)[number];

export const permitItem = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(permitTypeCodes),
  grade: z.enum(hotGradeCodes).nullable(),
  effectiveGrade: z.enum(hotGradeCodes).nullable(),
  content: z.string(),
  location: z.string(),
  regionId: z.number().nullable(),
  lng: z.number(),
  lat: z.number(),
  radiusM: z.number(),
  start: z.number(),
  end: z.number(),
  status: z.enum(permitStatuses),
  /** The step waiting for a signature, if any. */
  currentStep: z.enum(permitStepCodes).nullable(),
  currentSignerId: z.number().nullable(),
  currentSignerName: z.string().nullable(),
  applicantName: z.string(),
  guardianName: z.string(),
  guardianTag: z.string().nullable(),
  workers: z.array(z.string()),
  /** Reason code of the last suspension (`guardianLeft`, `manual`). */
  suspendReason: z.string().nullable(),
  suspendedAt: z.number().nullable(),
  startedAt: z.number().nullable(),
  finishResult: z.string().nullable(),
  createdAt: z.number(),
});
export type PermitItem = z.infer<typeof permitItem>;

/** A permit on the live topic `permits.live`: its state at `t`. */
export const permitLiveItem = permitItem.extend({ t: z.number() });
export type PermitLiveItem = z.infer<typeof permitLiveItem>;
