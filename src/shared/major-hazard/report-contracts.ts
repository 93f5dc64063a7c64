import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { isWebhookUrl, reportSchedules } from '../domain/tag-report.js';

/*
 * Scheduled tag reports (issue 20 §7, /dataAnalysis/reportSetting): the
 * definitions, the reports generated from the historian's rollups each
 * period, their Excel and PDF, and their webhook deliveries.
 */

/** Most tags one report may hold. */
export const REPORT_MAX_TAGS = 200;

export const reportSettingFields = z.object({
  name: z.string({ error: 'majorHazard.reportSetting.nameRequired' }).trim().min(1, 'majorHazard.reportSetting.nameRequired').max(100),
  schedule: z.enum(reportSchedules, { error: 'majorHazard.reportSetting.badSchedule' }),
  tags: z
    .array(z.string().trim().min(1).max(128), { error: 'majorHazard.reportSetting.tagsRequired' })
    .min(1, 'majorHazard.reportSetting.tagsRequired')
    .max(REPORT_MAX_TAGS, 'majorHazard.reportSetting.tooManyTags'),
  /** JSON of each report is POSTed here; '' for none. */
  webhookUrl: z
    .string()
    .trim()
    .max(500)
    .default('')
    .refine((s) => s === '' || isWebhookUrl(s), 'majorHazard.reportSetting.badWebhook'),
  enabled: z.boolean().default(true),
});

export const reportSettingItem = z.object({
  id: z.number().int(),
  name: z.string(),
  schedule: z.enum(reportSchedules),
  tags: z.array(z.string()),
  webhookUrl: z.string(),
  enabled: z.boolean(),
  owner: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Start of the last period a report was generated for; null before the first. */
  lastPeriod: z.number().nullable(),
  reports: z.number().int(),
});
export type ReportSettingItem = z.infer<typeof reportSettingItem>;

export const reportSettingList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportSettingList',
  input: z.object({}),
  output: z.object({ items: z.array(reportSettingItem), total: z.number().int() }),
  permission: 'majorHazard:view',
});

export const reportSettingSave = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportSettingSave',
  input: reportSettingFields.extend({ id: z.number().int().positive().optional() }),
  output: reportSettingItem,
  permission: 'majorHazard:manage',
});

export const reportSettingDelete = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportSettingDelete',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'majorHazard:manage',
});

/** One tag's figures over the period. */
export const reportRow = z.object({
  tag: z.string(),
  name: z.string(),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  /** Samples the rollups counted. */
  n: z.number().int(),
  high: z.number().nullable(),
  low: z.number().nullable(),
  aboveMs: z.number(),
  belowMs: z.number(),
  alarms: z.number().int(),
});
export type TagReportRow = z.infer<typeof reportRow>;

export const deliveryStates = ['pending', 'sent', 'failed'] as const;

export const reportDelivery = z.object({
  id: z.number().int(),
  url: z.string(),
  /** pending: not tried yet; failed: tried and retried at `nextAt`; sent: answered 2xx. */
  status: z.enum(deliveryStates),
  attempts: z.number().int(),
  lastError: z.string(),
  lastAt: z.number().nullable(),
  nextAt: z.number().nullable(),
  sentAt: z.number().nullable(),
});

export const tagReportItem = z.object({
  id: z.number().int(),
  settingId: z.number().int(),
  name: z.string(),
  schedule: z.enum(reportSchedules),
  periodStart: z.number(),
  periodEnd: z.number(),
  generatedAt: z.number(),
  bucketMs: z.number(),
  rows: z.array(reportRow),
  deliveries: z.array(reportDelivery),
});
export type TagReportItem = z.infer<typeof tagReportItem>;

/** The report of a definition's last whole period (or the period containing `at`), generated now unless it exists. */
export const reportGenerate = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportGenerate',
  input: z.object({ settingId: z.number().int().positive(), at: z.number().optional() }),
  output: z.object({ item: tagReportItem, created: z.boolean() }),
  permission: 'majorHazard:manage',
});

export const reportList = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportList',
  input: z.object({
    settingId: z.number().int().positive().optional(),
    pageIndex: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(20),
  }),
  output: z.object({ items: z.array(tagReportItem), total: z.number().int() }),
  permission: 'majorHazard:view',
});

/** A kept report as .xlsx. */
export const reportExcel = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportExcel',
  input: z.object({ id: z.number().int().positive() }),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** A kept report as an A4 PDF. */
export const reportPdf = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportPdf',
  input: z.object({ id: z.number().int().positive() }),
  output: z.null(),
  permission: 'majorHazard:view',
});

/** Tries a report's failed or pending deliveries now. */
export const reportDeliveryRetry = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/ReportDeliveryRetry',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ item: tagReportItem }),
  permission: 'majorHazard:manage',
});
