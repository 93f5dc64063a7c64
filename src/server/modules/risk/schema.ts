import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A zone's history: one row per change of its live level (DOMAIN.md §6). */
    risk_zone_history: {
      id: Generated<number>;
      regionid: number;
      t: number;
      /** Live level before (null: the first row of the zone). */
      from_level: number | null;
      to_level: number;
      residual: number | null;
      /** JSON: ids of the causes behind the new level. */
      causes: string;
    };
  }
}
