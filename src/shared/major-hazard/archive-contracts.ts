import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { identificationItem, responsibleCheckItem } from './contracts.js';
import { dangerSourceLedger } from './ledgers.js';

/** Field keys of the danger source ledger a list may show. */
export const dangerListFields = dangerSourceLedger.fields.map((f) => f.key);

const listConfigView = z.object({
  /** The columns the register's list shows, in order. */
  columns: z.array(z.string()),
  /** The ledger's own columns (what "reset" goes back to). */
  defaults: z.array(z.string()),
  fields: z.array(z.object({ key: z.string(), label: z.object({ zh: z.string(), en: z.string() }) })),
  updatedAt: z.number().nullable(),
  updatedBy: z.string(),
});
export type DangerListConfigView = z.infer<typeof listConfigView>;

/** The column configuration of the danger source list (/dangerSourceManagement/dangerListConfig), applied by /dangerSourceManagement/dangerSource. */
export const dangerListConfig = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DangerListConfig',
  input: z.object({}),
  output: listConfigView,
  permission: 'majorHazard:view',
});

export const dangerListConfigSave = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DangerListConfigSave',
  input: z.object({
    columns: z
      .array(z.string().refine((k) => dangerListFields.includes(k), 'majorHazard.listConfig.unknownField'), { error: 'majorHazard.listConfig.columnsRequired' })
      .min(1, 'majorHazard.listConfig.columnsRequired')
      .max(dangerListFields.length)
      .refine((a) => new Set(a).size === a.length, 'majorHazard.listConfig.duplicate'),
  }),
  output: listConfigView,
  permission: 'majorHazard:manage',
});

export const archiveDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.string(),
  capacity: z.number().nullable(),
  /** Tags bound to the device: level, temperature, pressure, gas, ESD and SIS status. */
  tags: z.array(z.string()),
});

export const archiveProcess = z.object({
  id: z.number().int(),
  unitName: z.string(),
  process: z.string(),
  controls: z.array(z.string()),
  automated: z.string(),
});

export const archiveCheck = z.object({
  id: z.number().int(),
  responsibleId: z.number().int(),
  userid: z.number().int(),
  at: z.number(),
  findings: z.string(),
});

/** An assessment report of a source with its status (shared/domain/evaluation-report.ts): re-assessment due, filing on time. */
export const evaluationReportRow = z.object({
  id: z.number().int(),
  reportNo: z.string(),
  organisation: z.string(),
  reportDate: z.number(),
  conclusionLevel: z.string(),
  filedDate: z.number().nullable(),
  changeDate: z.number().nullable(),
  dueAt: z.number(),
  daysLeft: z.number().int(),
  reassess: z.enum(['valid', 'dueSoon', 'overdue']),
  filing: z.enum(['filed', 'filedLate', 'pending', 'late']),
  fileBy: z.number(),
  /** The source's latest report; the older ones are superseded. */
  current: z.boolean(),
});
export type EvaluationReportRow = z.infer<typeof evaluationReportRow>;

/** One source's archive (/dangerSourceManagement/dangerarchives?id=…): identification, devices, responsible people, checks, processes, assessment reports. */
export const dangerArchive = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/DangerArchive',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({
    source: identificationItem,
    devices: z.array(archiveDevice),
    responsible: z.array(responsibleCheckItem),
    checks: z.array(archiveCheck),
    processes: z.array(archiveProcess),
    reports: z.array(evaluationReportRow),
  }),
  permission: 'majorHazard:view',
});
