import { z } from 'zod';


/**
 * A record of a ledger changed (domain event `record.changed`): open lists of
 * that ledger reload their page. Carries no values: the list call is the truth
 * and applies the reader's rights; department and region are here only so the
 * change reaches no one outside the record's isolation.
 */
export const recordChangeItem = z.object({
  entity: z.string(),
  id: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'transition', 'import']),
  deptid: z.number().int().nullable(),
  regionid: z.number().int().nullable(),
  /** Server time of the change, epoch ms. */
  t: z.number(),
});
export type RecordChangeItem = z.infer<typeof recordChangeItem>;
