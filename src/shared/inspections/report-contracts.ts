import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { rateDimensions } from './contracts.js';

/*
 * Inspection report, analysis and export (/IntelligentInspection/InspectionReport,
 * InspectionAnalyse, /inspection/InspectionExport) and the safety inspection
 * analysis (/SecurityCheck/AnalysisList). Seed 2 §5: a statistics query needs
 * its item, start and end.
 */

const P = '/UAPI/Inspection';

export const reportQuery = z.object({
  item: z.enum(rateDimensions).nullable().optional(),
  start: z.number().int().nullable().optional(),
  end: z.number().int().nullable().optional(),
});

export const reportRow = z.object({
  key: z.number().int().nullable(),
  name: z.string(),
  rounds: z.number().int(),
  completed: z.number().int(),
  incomplete: z.number().int(),
  excluded: z.number().int(),
  due: z.number().int(),
  done: z.number().int(),
  missed: z.number().int(),
  rate: z.number().nullable(),
  flagged: z.number().int(),
  hiddenDangers: z.number().int(),
});
export type ReportRowItem = z.infer<typeof reportRow>;

export const inspectionReport = defineContract({
  method: 'POST',
  path: `${P}/InspectionReport`,
  input: reportQuery,
  output: z.object({ overall: reportRow, rows: z.array(reportRow) }),
  permission: 'authenticated',
});

/** The report as an .xlsx file, in the caller's language. */
export const inspectionReportExport = defineContract({
  method: 'POST',
  path: `${P}/InspectionReportExport`,
  input: reportQuery,
  output: z.null(),
  permission: 'authenticated',
});

export const safeAnalysisDimensions = ['kind', 'region', 'dept', 'month'] as const;

/** Safety inspections counted by kind, region, department or month: checks, items, unqualified items, problems, hidden dangers. */
export const safeInspectionAnalysis = defineContract({
  method: 'POST',
  path: '/UAPI/SecurityCheck/SafeInspectionAnalysis',
  input: z.object({ item: z.enum(safeAnalysisDimensions).nullable().optional(), start: z.number().int().nullable().optional(), end: z.number().int().nullable().optional() }),
  output: z.object({
    rows: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        checks: z.number().int(),
        completed: z.number().int(),
        items: z.number().int(),
        unqualified: z.number().int(),
        problems: z.number().int(),
        dangers: z.number().int(),
      }),
    ),
  }),
  permission: 'authenticated',
});
