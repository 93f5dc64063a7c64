import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** Electronic fence rule of a region (migration 0085); doc is contracts/fences.ts `fenceRule` as JSON. */
    fence_rule: { regionid: number; doc: string; updated_at: number; updated_by: string };
    /** Musters (migration 0085): an emergency head count, open while ended_at is null. */
    muster: {
      id: Generated<number>;
      started_at: number;
      started_by: string;
      reason: string;
      ended_at: number | null;
      ended_by: string | null;
    };
  }
}
