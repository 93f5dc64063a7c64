import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { permitTypeCodes } from '../domain/gb30871-input.js';
import { permitStepCodes } from './items.js';

/*
 * Permit statistics (issue 25 §7; spec 2 §2.1 /SafetyWorkPermitNew:
 * AnalyseRegionForSafe, AnalyseDepartmentForSafe, AnalyseApprovedForSafe):
 * counts by type, grade and status per region and per applicant's department,
 * and how long approvals take. Each counts only the permits the caller may see.
 */

/** Permits applied for in [from, to) (epoch ms), of one type or all. */
export const permitStatsInput = z
  .object({
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    type: z.enum(permitTypeCodes).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.from !== undefined && b.to !== undefined && b.to <= b.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'permits.endNotAfterStart' });
    }
  });

const counts = z.record(z.string(), z.number().int());

/** One region or department: its permits counted by type, by grade (the managed one, after the raise) and by status. */
export const permitStatsRow = z.object({
  /** Region or department id; 0: none (a permit placed outside every region, an applicant without a department). */
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  total: z.number().int(),
  byType: counts,
  byGrade: counts,
  byStatus: counts,
});
export type PermitStatsRow = z.infer<typeof permitStatsRow>;

const rowsOutput = z.object({ items: z.array(permitStatsRow), total: z.number().int() });

export const permitAnalyseRegion = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/AnalyseRegion',
  input: permitStatsInput,
  output: rowsOutput,
  permission: 'permit:view',
});

export const permitAnalyseDepartment = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/AnalyseDepartment',
  input: permitStatsInput,
  output: rowsOutput,
  permission: 'permit:view',
});

/** Durations in minutes: how many, mean, median and longest. */
const durations = { count: z.number().int(), avgMin: z.number(), p50Min: z.number(), maxMin: z.number() };

export const permitApprovedStats = z.object({
  /** Per type: from the application to the last signature before work (the permit approved). */
  byType: z.array(z.object({ type: z.enum(permitTypeCodes), ...durations })),
  /** Per statutory step: the wait from the previous signature to this one. */
  bySteps: z.array(z.object({ code: z.enum(permitStepCodes), ...durations })),
  /** Per signer: the waits for their signatures (who keeps permits waiting). */
  bySigner: z.array(z.object({ userid: z.number().int(), name: z.string(), ...durations })),
  /** Permits still waiting for a signature, and the longest wait so far (minutes). */
  waiting: z.object({ count: z.number().int(), maxMin: z.number() }),
});
export type PermitApprovedStats = z.infer<typeof permitApprovedStats>;

export const permitAnalyseApproved = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/AnalyseApproved',
  input: permitStatsInput,
  output: permitApprovedStats,
  permission: 'permit:view',
});
