import { z } from 'zod';
import { hotGradeCodes, permitTypeCodes } from '../domain/gb30871-input.js';
import { permitStatuses, specialRoles } from '../domain/permit-lifecycle.js';

/* The permit as lists, the map and the live topic carry it (small: the manifest imports it). */

export { permitStatuses, type PermitStatus } from '../domain/permit-lifecycle.js';

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
  /** Workers named for a special job (welder, electrician…): each held a valid certificate when named. */
  specialWorkers: z.array(z.object({ name: z.string(), role: z.enum(specialRoles) })),
  applicantId: z.number().int(),
  /** Why it was rejected or voided (the approver's or voider's words). */
  statusReason: z.string().nullable(),
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
