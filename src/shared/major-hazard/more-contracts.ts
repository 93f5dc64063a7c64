import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { printDocument } from '../documents/document.js';

/** One card drawn from its template, the register and the catalogue, in the reader's language (/DangerThreeCards/index). */
export const dangerCardView = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DangerCardView',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int(), cardType: z.string(), sourceId: z.number().int(), document: printDocument }),
  permission: 'majorHazard:view',
});

/** The same card as an A4 PDF (the documents module's PDF pool). */
export const dangerCardPdf = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DangerCardPdf',
  input: z.object({ id: z.number().int().positive() }),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** The public link kind of a card: `{ id }` of a DangerCard record (documents' PublicLinkCreate). */
export const CARD_LINK_KIND = 'hazardCard';

export const taskCounts = z.object({
  due: z.number().int(),
  done: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int(),
  /** Done on time ÷ (done + late + missed); null when none was due. */
  onTimeRate: z.number().nullable(),
});

/** Responsibility check tasks due, done, late per person and per source over a period (/dangerSourceManagement/statistics). */
export const responsibleStatistics = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ResponsibleStatistics',
  input: z
    .object({
      from: z.number().int().min(0).optional(),
      to: z.number().int().min(0).optional(),
    })
    .refine((v) => v.from === undefined || v.to === undefined || v.from < v.to, { path: ['to'], message: 'validation.endAfterStart' }),
  output: z.object({
    from: z.number(),
    to: z.number(),
    total: taskCounts,
    byPerson: z.array(taskCounts.extend({ userid: z.number().int(), name: z.string() })),
    bySource: z.array(taskCounts.extend({ sourceId: z.number().int(), sourceName: z.string() })),
    byRole: z.array(taskCounts.extend({ role: z.string() })),
  }),
  permission: 'majorHazard:view',
});

export const dataItemStates = ['ok', 'stale', 'bad', 'never', 'unknown'] as const;

/** One tag a source reports, with its collection status. */
export const dataItem = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  /** level, temperature, pressure, gas. */
  role: z.string(),
  tag: z.string(),
  /** false: the tag is not in the tag list (bound by mistake, or deleted). */
  known: z.boolean(),
  name: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  /** Time of the last sample, epoch ms; null when none. */
  lastAt: z.number().nullable(),
  /** Age of the last sample at `serverTime`, ms. */
  ageMs: z.number().nullable(),
  /** Quality of the last sample: 0 good, 1 uncertain, 2 bad. */
  quality: z.number().nullable(),
  /** Samples stored over the last hour. */
  samplesLastHour: z.number().int().nullable(),
  /** The longest silence allowed (the device's expected period, else the default), ms. */
  periodMs: z.number(),
  state: z.enum(dataItemStates),
});
export type DataItem = z.infer<typeof dataItem>;

/** Which tags each source reports, with last value, age, quality and samples in the last hour (/realTimeDataCollection/DataItem). */
export const dataItemList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DataItemList',
  input: z.object({
    sourceId: z.number().int().positive().optional(),
    keyword: z.string().trim().max(100).default(''),
    state: z.enum(dataItemStates).optional(),
  }),
  output: z.object({ items: z.array(dataItem), total: z.number().int(), serverTime: z.number() }),
  permission: 'majorHazard:view',
});
