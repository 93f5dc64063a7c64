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
  grade: z
    .union(hazardGrades.map((g) => z.literal(g)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>])
    .nullable(),
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

/** A problem that stopped a unit's identification (an unknown substance, a substance without category), on its field. */
export const identificationIssue = z.object({
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** One major hazard unit with its kept identification. */
export const identificationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  regionid: z.number().int().nullable(),
  population: z.number(),
  /** null when the unit could not be identified (see issues). */
  result: gradeResult.nullable(),
  issues: z.array(identificationIssue),
  /** When the identification last ran (it runs again when a quantity, substance or the population changes), epoch ms. */
  computedAt: z.number(),
  /** A storage unit's current stock in its chemical stores, t, by CAS (beside each design maximum q); absent when no store is bound to it. */
  stock: z.array(z.object({ cas: z.string(), quantity: z.number() })).optional(),
});
export type IdentificationItem = z.infer<typeof identificationItem>;

/** The identification of every unit the caller may see (/dangerSourceManagement/dangerSourceConfirm). */
export const identificationList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/IdentificationList',
  input: z.object({}),
  output: z.object({ items: z.array(identificationItem), total: z.number().int() }),
  permission: 'majorHazard:view',
});

/** A tag bound to a device, with what a gauge needs of it; null when the tag is not (or no longer) configured. */
export const monitorTag = z.object({
  id: z.string(),
  name: z.string(),
  name_en: z.string(),
  unit: z.string(),
  kind: z.string(),
  range_lo: z.number(),
  range_hi: z.number(),
  ll: z.number().nullable(),
  l: z.number().nullable(),
  h: z.number().nullable(),
  hh: z.number().nullable(),
  /** Expected longest gap between samples, ms (the device's own, else its kind's default: shared/domain/monitoring-status.ts). */
  periodMs: z.number(),
  /** Time of the latest sample, epoch ms; null: none since the server started. */
  lastAt: z.number().nullable(),
  /** At the time of the answer: 未监测 when silent beyond its period or bad, alarm while an alarm of the tag is open. */
  state: z.enum(['normal', 'alarm', 'notMonitored']),
});
export type MonitorTag = z.infer<typeof monitorTag>;

export const monitorDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.string(),
  /** m³. */
  capacity: z.number().nullable(),
  medium: z.string(),
  level: monitorTag.nullable(),
  temperature: monitorTag.nullable(),
  pressure: monitorTag.nullable(),
  gas: monitorTag.nullable(),
  /** Emergency shutdown and safety instrumented system status tags: 0 healthy, anything else tripped. */
  esd: monitorTag.nullable(),
  sis: monitorTag.nullable(),
});
export type MonitorDevice = z.infer<typeof monitorDevice>;

export const monitorSource = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  regionid: z.number().int().nullable(),
  isMajor: z.boolean(),
  grade: z.number().int().nullable(),
  devices: z.array(monitorDevice),
  /** Monitoring points (bound tags) of the source not monitored at the time of the answer. */
  notMonitored: z.number().int(),
});
export type MonitorSource = z.infer<typeof monitorSource>;

/** The sources with their devices and bound tags, for the live monitoring page (/MajorHazard); values and alarms come through the stream. */
export const monitorList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/MonitorList',
  input: z.object({}),
  output: z.object({ sources: z.array(monitorSource), serverTime: z.number() }),
  permission: 'majorHazard:view',
});

/** One source in the report of all sources (identification and grading as kept). */
export const reportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  regionid: z.number().int().nullable(),
  population: z.number(),
  /** null when the unit could not be identified. */
  S: z.number().nullable(),
  isMajor: z.boolean(),
  R: z.number().nullable(),
  alpha: z.number().nullable(),
  grade: z.number().int().nullable(),
  /** Each substance as `name q/Q` (t). */
  substances: z.array(z.object({ name: z.string(), q: z.number(), Q: z.number(), beta: z.number() })),
  devices: z.number().int(),
  computedAt: z.number(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportSummary = z.object({
  total: z.number().int(),
  major: z.number().int(),
  /** Count per grade 1…4. */
  byGrade: z.record(z.string(), z.number().int()),
  notIdentified: z.number().int(),
});

/** The report of all sources the caller may see with their grade and R (一级 first). */
export const sourceReport = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/SourceReport',
  input: z.object({}),
  output: z.object({ items: z.array(reportRow), summary: reportSummary, generatedAt: z.number() }),
  permission: 'majorHazard:view',
});

/** The same report as an .xlsx file. */
export const sourceReportExcel = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/SourceReportExcel',
  input: z.object({}),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** The same report as an A4 PDF. */
export const sourceReportPdf = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/SourceReportPdf',
  input: z.object({}),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** A substance of the chemical catalogue, for the MSDS list. */
export const msdsListItem = z.object({
  code: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  cas: z.string().nullable(),
  un: z.string().nullable(),
  categories: z.array(z.string()),
  /** The catalogue holds the sheet's own texts (else only its data fills the sections). */
  hasSheet: z.boolean(),
});

/** The catalogue's substances (/majorHazard88/instructions). */
export const msdsList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/MsdsList',
  input: z.object({}),
  output: z.object({ items: z.array(msdsListItem), total: z.number().int() }),
  permission: 'majorHazard:view',
});

export const msdsSection = z.object({
  key: z.string(),
  title: z.string(),
  text: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});

/** One substance's safety data sheet, 16 sections of GB/T 16483-2008, in the caller's language. */
export const msdsDetail = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/MsdsDetail',
  input: z.object({ code: z.string().min(1).max(60) }),
  output: msdsListItem.extend({ sections: z.array(msdsSection) }),
  permission: 'majorHazard:view',
});

/** The same sheet as an A4 PDF. */
export const msdsPdf = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/MsdsPdf',
  input: z.object({ code: z.string().min(1).max(60) }),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** One responsible person's checks of a source: when the last was, when the next is due, and whether it is late. */
export const responsibleCheckItem = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  role: z.string(),
  userid: z.number().int(),
  cycleDays: z.number(),
  lastCheckAt: z.number().nullable(),
  lastFindings: z.string(),
  /** Photos of the last check (uploaded file ids). */
  lastPhotos: z.array(z.number().int()),
  /** The hidden danger the last check's findings opened, if any. */
  lastHiddenDangerId: z.number().int().nullable(),
  /** Last check (or the allocation, before any check) + cycle. */
  dueAt: z.number(),
  overdue: z.boolean(),
  /** The caller is this person (may check in). */
  mine: z.boolean(),
});
export type ResponsibleCheckItem = z.infer<typeof responsibleCheckItem>;

export const responsibleCheckList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ResponsibleCheckList',
  input: z.object({}),
  output: z.object({ items: z.array(responsibleCheckItem), total: z.number().int(), serverTime: z.number() }),
  permission: 'majorHazard:view',
});

/**
 * The responsible person records a check of the source, on a phone: its findings and photos (uploaded files);
 * `openHiddenDanger` opens a hidden danger of the findings through the hidden-dangers module, with the photos.
 * Done by that person only.
 */
export const responsibleCheckIn = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ResponsibleCheckIn',
  input: z.object({
    id: z.number().int().positive(),
    findings: z.string().trim().max(2000).default(''),
    photos: z.array(z.number().int().positive()).max(9, 'majorHazard.check.tooManyPhotos').default([]),
    openHiddenDanger: z.boolean().default(false),
  }),
  output: responsibleCheckItem,
  permission: 'majorHazard:view',
});

/**
 * One device of the register as another view binds it (the 3D model's node → equipment): the
 * device, its unit with the unit's kept GB 18218-2018 §4.3 grade, and the tags its fields bind.
 */
export const hazardEquipment = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  medium: z.string(),
  /** m³. */
  capacity: z.number().nullable(),
  regionid: z.number().int().nullable(),
  unit: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    /** S ≥ 1 in the kept identification. */
    isMajor: z.boolean(),
    /** 1 (一级) … 4 (四级); null when not major or not identified. */
    grade: z.number().int().min(1).max(4).nullable(),
  }),
  /** Tags bound by the device's fields (level, temperature, pressure, gas, ESD, SIS), each once. */
  tags: z.array(z.string()),
});
export type HazardEquipment = z.infer<typeof hazardEquipment>;
