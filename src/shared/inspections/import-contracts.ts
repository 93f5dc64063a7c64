import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/*
 * /systemConfig/InspectionImport: the template and the import of points and
 * plans (issue 24 §2). The file goes in the multipart field `upfile` (seed:
 * upload settings); a refusal names the sheet, row and column of each problem.
 */

const P = '/UAPI/Inspection';

/** The template workbook (.xlsx) in the caller's language. */
export const inspectionImportTemplate = defineContract({
  method: 'POST',
  path: `${P}/InspectionImportTemplate`,
  input: z.object({}),
  output: z.null(),
  permission: 'inspection:manage',
});

/** Imports the points and plans sheets, all or nothing. */
export const inspectionImport = defineContract({
  method: 'POST',
  path: `${P}/InspectionImport`,
  input: z.object({}),
  output: z.object({
    pointsCreated: z.number().int(),
    pointsUpdated: z.number().int(),
    plans: z.number().int(),
  }),
  permission: 'inspection:manage',
});
