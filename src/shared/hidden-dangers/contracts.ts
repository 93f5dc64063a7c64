import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { hiddenDangerGrades } from '../domain/hidden-danger.js';
import { recordItem } from '../records/contracts.js';

const target = { id: z.number().int().positive(), version: z.number().int().optional() };
/** Optional here so the loop's own rule (domain/hidden-danger.ts) names what is missing. */
const text = z.string().max(2000).nullable().optional();

export const hiddenDangerRegisterInput = z.object({
  ...target,
  grade: z.enum(hiddenDangerGrades).nullable().optional(),
  /** Numbers of the 121 号 items that apply (any one makes it 重大). */
  criteria: z.array(z.number().int()).max(20).default([]),
});
export const majorPlanInput = z.object({
  goal: z.string().max(2000).optional(),
  method: z.string().max(2000).optional(),
  money: z.number().nullable().optional(),
  people: z.string().max(2000).optional(),
  deadline: z.number().nullable().optional(),
  safetyMeasures: z.string().max(2000).optional(),
});
export const hiddenDangerAssignInput = z.object({
  ...target,
  responsibleId: z.number().int().positive().nullable().optional(),
  /** Epoch ms. */
  deadline: z.number().nullable().optional(),
  measures: text,
  /** Yuan. */
  money: z.number().nullable().optional(),
  majorPlan: majorPlanInput.nullable().optional(),
});
export const hiddenDangerRectifyInput = z.object({
  ...target,
  note: text,
  /** Uploaded files (records' upload call) showing the place after rectification. */
  afterPhotos: z.array(z.number().int().positive()).max(9).default([]),
});
export const hiddenDangerPlainInput = z.object(target);
export const hiddenDangerReasonInput = z.object({ ...target, reason: text });

const step = <I extends z.ZodType>(name: string, input: I, permission: 'authenticated' | 'hiddenDanger:manage' | 'hiddenDanger:verify') =>
  defineContract({ method: 'POST', path: `/UAPI/HiddenDanger/${name}`, input, output: recordItem, permission });

/** The loop's steps (issue 24 §1); each checks its own rule and who may take it. */
export const hiddenDangerRegister = step('Register', hiddenDangerRegisterInput, 'hiddenDanger:manage');
export const hiddenDangerAssign = step('Assign', hiddenDangerAssignInput, 'hiddenDanger:manage');
/** Only the responsible person (checked by the loop's rule). */
export const hiddenDangerRectify = step('Rectify', hiddenDangerRectifyInput, 'authenticated');
export const hiddenDangerVerify = step('Verify', hiddenDangerPlainInput, 'hiddenDanger:verify');
export const hiddenDangerClose = step('Close', hiddenDangerPlainInput, 'hiddenDanger:manage');
/** The person whose turn it is sends it back one step (the responsible one refuses an assignment; the acceptor refuses a rectification). */
export const hiddenDangerSendBack = step('SendBack', hiddenDangerReasonInput, 'authenticated');
export const hiddenDangerVoid = step('Void', hiddenDangerReasonInput, 'hiddenDanger:manage');

export const majorCriterionItem = z.object({
  no: z.number().int(),
  zh: z.string(),
  en: z.string(),
  /** Offered to graders; an item switched off is refused at grading (dangers already citing it keep it). */
  enabled: z.boolean(),
  updated: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type MajorCriterionItem = z.infer<typeof majorCriterionItem>;
/** The plant's list of 重大 criteria, seeded from the 20 items of 安监总管三〔2017〕121 号, in item order. */
export const hiddenDangerCriteria = defineContract({
  method: 'GET',
  path: '/UAPI/HiddenDanger/Criteria',
  input: z.object({}),
  output: z.array(majorCriterionItem),
  permission: 'authenticated',
});

/** Changes one item's wording (Chinese required, English may follow) or switches it off or on; audited. */
export const hiddenDangerCriterionSave = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/CriterionSave',
  input: z.object({
    no: z.number().int().positive(),
    zh: z.string().trim().min(1, 'validation.required').max(1000),
    en: z.string().trim().max(1000).default(''),
    enabled: z.boolean(),
  }),
  output: majorCriterionItem,
  permission: 'hiddenDanger:criteria',
});

export const deadlineStates = ['onTime', 'dueSoon', 'overdue'] as const;
export const deadlineItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  grade: z.string().nullable(),
  regionid: z.number().int().nullable(),
  responsible: z.number().int().nullable(),
  deadline: z.number(),
  state: z.enum(deadlineStates),
  /** Escalation levels reached (0 none; 1 the region's responsible person; 2 the department head). */
  level: z.number().int(),
  escalatedTo: z.array(z.string()),
});
export type DeadlineItem = z.infer<typeof deadlineItem>;

/** Open dangers with a deadline the caller may see, with their deadline state (ApproachingTrouble, troubleTracking). */
export const hiddenDangerDeadlineList = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/DeadlineList',
  input: z.object({ ...pageInput, state: z.enum(deadlineStates).optional() }),
  output: listOf(deadlineItem),
  permission: 'authenticated',
});

/**
 * Runs the deadline check now, or as of `at` (a controlled clock for drills
 * and tests; the server also runs it every few minutes on its own clock).
 */
export const hiddenDangerDeadlineCheck = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/DeadlineCheck',
  input: z.object({ at: z.number().int().positive().optional() }),
  output: z.object({ reminded: z.number().int(), escalated: z.number().int() }),
  permission: 'hiddenDanger:manage',
});

const countBy = z.array(z.object({ key: z.string(), count: z.number().int() }));
/** TroubleAnalysis: counts by category, grade, status, region, department, source, and the mean days to close. */
export const hiddenDangerStatistics = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/Statistics',
  input: z.object({ from: z.number().int().optional(), to: z.number().int().optional() }),
  output: z.object({
    total: z.number().int(),
    closed: z.number().int(),
    overdue: z.number().int(),
    meanDaysToClose: z.number().nullable(),
    byCategory: countBy,
    byGrade: countBy,
    byStatus: countBy,
    byRegion: countBy,
    byDept: countBy,
    bySource: countBy,
  }),
  permission: 'authenticated',
});

/**
 * `UAPI/HiddenDanger/MajorReportExcel`: the 重大 hidden dangers of the
 * caller's regions found in [from, to) (voided ones left out), one row each in
 * the layout of a regulator's 重大事故隐患 report: the danger, the 121 号 items
 * it meets, who and by when, the six parts of its 治理方案, money and progress.
 */
export const hiddenDangerMajorReport = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/MajorReportExcel',
  input: z.object({ from: z.number().int().optional(), to: z.number().int().optional() }),
  output: z.null(),
  permission: 'hiddenDanger:manage',
});

const summaryFigures = {
  found: z.number().int(),
  closed: z.number().int(),
  overdue: z.number().int(),
  major: z.number().int(),
  /** Yuan. */
  money: z.number(),
};
const summaryGroup = z.object({ key: z.string(), ...summaryFigures });
export const cleanupSummaryPeriod = z.object({
  /** 'Q1'…'Q4' or 'year'. */
  period: z.string(),
  from: z.number(),
  to: z.number(),
  ...summaryFigures,
  byDept: z.array(summaryGroup),
  byRegion: z.array(summaryGroup),
});
export type CleanupSummaryPeriod = z.infer<typeof cleanupSummaryPeriod>;

/**
 * TroubleCleanupSummary (issue 24 §1): one year's hidden-danger summary of the
 * caller's regions, per plant-local quarter and for the year: found, closed,
 * overdue, 重大 and money, each also by department and region
 * (shared/domain/hidden-danger-summary.ts defines the figures).
 */
export const hiddenDangerCleanupSummary = defineContract({
  method: 'POST',
  path: '/UAPI/HiddenDanger/CleanupSummary',
  input: z.object({ year: z.number().int().min(2000).max(2100) }),
  output: z.object({ year: z.number().int(), periods: z.array(cleanupSummaryPeriod) }),
  permission: 'authenticated',
});
