import { z } from 'zod';

/* Live items of the region changes and head counts (channels declared in manifest.ts). */

/** A region was created, edited or deleted (domain event `region.changed`): maps reload its polygon. */
export const regionChangeItem = z.object({
  regionid: z.number().int(),
  /** Its parent region (0 at the top): a new region is shown to whoever sees its parent. */
  parentid: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'import']),
  /** Server time of the change, epoch ms. */
  t: z.number(),
});
export type RegionChangeItem = z.infer<typeof regionChangeItem>;

/** Head count of a region now (fence engine): people and vehicles in it or its sub-regions, as `UAPI/Region/HeadCount` counts them. */
export const areaCountItem = z.object({
  regionid: z.number().int(),
  people: z.number().int(),
  vehicles: z.number().int(),
  /** Server time of the count, epoch ms. */
  t: z.number(),
});
export type AreaCountItem = z.infer<typeof areaCountItem>;
