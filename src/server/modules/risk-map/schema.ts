/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** How each risk level is drawn on the four-colour maps (one row per level; none: the standard colours). */
    risk_map_color: {
      level: number;
      color: string;
      /** Stored as thousandths (an integer on both stores). */
      opacity_milli: number;
      updated_at: number;
      updated_by: string;
    };
  }
}
export {};
