import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { noiseExposure } from './contracts-more.js';

/*
 * Occupational health calls (seed 3 §7, issue 26 §2) that are more than a
 * ledger's list/add/update/remove: the seed's names where it gives one.
 */

const message = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
const option = z.object({ value: z.string(), label: z.object({ zh: z.string(), en: z.string() }) });

/** `HMPublic/IsOHAdmin`: the seed's inverted flag: `isAdmin` 0 means the caller IS an occupational-health administrator, 1 that they are not. */
export const isOHAdminCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPublic/IsOHAdmin',
  input: z.object({}),
  output: z.object({ isAdmin: z.union([z.literal(0), z.literal(1)]) }),
  permission: 'health:view',
});

export const enumTypes = ['examType', 'examResult', 'hazard', 'limitKind', 'substance', 'notEstimatedReason'] as const;

/** `HMPublic/GetAllEnum`: every enumeration of the area, by type. */
export const getAllEnumCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPublic/GetAllEnum',
  input: z.object({}),
  output: z.record(z.string(), z.array(option)),
  permission: 'health:view',
});

/** `HMPublic/GetEnum`: one enumeration. */
export const getEnumCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPublic/GetEnum',
  input: z.object({ type: z.enum(enumTypes) }),
  output: z.array(option),
  permission: 'health:view',
});

export const limitComparison = z.object({
  limit: z.enum(['MAC', 'PC-TWA', 'PC-STEL']),
  value: z.number(),
  limitValue: z.number(),
  ratio: z.number(),
  exceeded: z.boolean(),
  atActionLevel: z.boolean(),
  reductionFactor: z.number(),
});
export type LimitComparisonItem = z.infer<typeof limitComparison>;

const limits = z.object({ mac: z.number().nullable(), pcTwa: z.number().nullable(), pcStel: z.number().nullable() });

export const measurementResult = z.object({
  id: z.number().int(),
  samplePoint: z.string(),
  regionid: z.number().int().nullable(),
  cas: z.string(),
  name: z.string(),
  nameEn: z.string(),
  date: z.number().nullable(),
  /** Minutes the samples cover. */
  minutes: z.number(),
  /** C_TWA over 8 h, mg/m³ (Σ CᵢTᵢ / 8 h). */
  twa: z.number(),
  /** Highest 15-min TWA, mg/m³. */
  stel: z.number(),
  peak: z.number().nullable(),
  limits,
  comparisons: z.array(limitComparison),
  exceeded: z.boolean(),
  atActionLevel: z.boolean(),
});
export type MeasurementResult = z.infer<typeof measurementResult>;

/** `HMHazardManagement/Query`: workplace measurements with the TWA computed and each result against each limit. */
export const measurementQueryCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMHazardManagement/Query',
  input: z.object({ regionid: z.number().int().positive().optional() }),
  output: z.object({ items: z.array(measurementResult), total: z.number().int(), actionPercent: z.number() }),
  permission: 'health:view',
});

export const dueItem = z.object({
  archiveId: z.number().int(),
  personId: z.number().int(),
  personName: z.string(),
  position: z.string().nullable(),
  hazards: z.array(z.string()),
  status: z.enum(['notRequired', 'unknownCycle', 'neverExamined', 'ok', 'dueSoon', 'overdue']),
  lastExamDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  daysLeft: z.number().nullable(),
  cycleMonths: z.number().nullable(),
  message,
});
export type DueItem = z.infer<typeof dueItem>;

/** `HMPhysicalExaminationPlan/ShowUserList`: who is due a periodic exam (GBZ 188-2014), from the files, their positions' hazards and their exams. */
export const showUserListCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPhysicalExaminationPlan/ShowUserList',
  input: z.object({ onlyDue: z.boolean().default(false) }),
  output: z.object({ items: z.array(dueItem), total: z.number().int() }),
  permission: 'health:view',
});

/** Opens a to-do for each overdue periodic exam, and a reminder for each due soon, now (the server also checks on a timer and after each change). */
export const checkOverdueCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPhysicalExaminationPlan/CheckOverdue',
  input: z.object({}),
  output: z.object({ overdue: z.number().int(), dueSoon: z.number().int(), opened: z.number().int() }),
  permission: 'health:manage',
});

export const abnormalItem = z.object({
  id: z.number().int(),
  personId: z.number().int().nullable(),
  personName: z.string(),
  examType: z.string(),
  date: z.number().nullable(),
  result: z.string(),
  hazards: z.array(z.string()),
  institution: z.string(),
  remark: z.string(),
});
export type AbnormalItem = z.infer<typeof abnormalItem>;

/** `HMPhysicalExaminationResult/SearchList`: exam results other than normal (re-check, suspected, contraindication, other disease). */
export const resultSearchCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMPhysicalExaminationResult/SearchList',
  input: z.object({ result: z.enum(['recheck', 'suspected', 'contraindication', 'other']).optional() }),
  output: z.object({ items: z.array(abnormalItem), total: z.number().int() }),
  permission: 'health:view',
});

const zoneExposure = z.object({
  zone: z.string(),
  regionid: z.number().int().nullable(),
  minutes: z.number(),
  minutesEstimated: z.number(),
  dose: z.number(),
  peak: z.number().nullable(),
});

export const substanceExposure = z.object({
  cas: z.string(),
  name: z.string(),
  nameEn: z.string(),
  twa: z.number(),
  pcTwa: z.number().nullable(),
  minutesTotal: z.number(),
  minutesEstimated: z.number(),
  shareEstimated: z.number(),
  byZone: z.array(zoneExposure),
  comparison: limitComparison.nullable(),
  flagged: z.boolean(),
  method: z.array(message),
  notes: z.array(message),
});
export type SubstanceExposure = z.infer<typeof substanceExposure>;

/** `PersonalArchives/PersonalData`: one person's file: position, hazards, exams, when the next is due, and the estimated shift exposure. */
export const personalDataCall = defineContract({
  method: 'POST',
  path: '/UAPI/PersonalArchives/PersonalData',
  input: z
    .object({
      /** The file (PersonalArchive record). */
      id: z.number().int().positive(),
      /** The shift, epoch ms; default: the last 8 h. */
      from: z.number().int().positive().optional(),
      to: z.number().int().positive().optional(),
    })
    .refine((v) => v.from === undefined || v.to === undefined || (v.to > v.from && v.to - v.from <= 24 * 3_600_000), {
      path: ['to'],
      message: 'health.badShift',
    }),
  output: z.object({
    id: z.number().int(),
    personId: z.number().int(),
    personName: z.string(),
    card: z.string().nullable(),
    position: z.string().nullable(),
    hazards: z.array(z.string()),
    due: dueItem.nullable(),
    exams: z.array(
      z.object({
        id: z.number().int(),
        date: z.number().nullable(),
        examType: z.string(),
        result: z.string(),
        hazards: z.array(z.string()),
      }),
    ),
    shift: z.object({ from: z.number(), to: z.number() }),
    exposures: z.array(substanceExposure),
    /** Minutes located in zones that have no gas detector at all (no substance can be estimated there). */
    zonesWithoutDetector: z.array(z.string()),
    /** L_EX,8h from the zones' sound level meters; null when no zone the person was in has one. */
    noise: noiseExposure.nullable(),
    actionPercent: z.number(),
  }),
  permission: 'health:view',
});

/** `HMStatistics/Query`: the home page's counts. */
export const statisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/HMStatistics/Query',
  input: z.object({}),
  output: z.object({
    files: z.number().int(),
    positions: z.number().int(),
    overdue: z.number().int(),
    dueSoon: z.number().int(),
    abnormal: z.number().int(),
    measurements: z.number().int(),
    measurementsExceeded: z.number().int(),
  }),
  permission: 'health:view',
});
