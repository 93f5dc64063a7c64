export {};

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** Site plan and base map settings, JSON per key (migration 0040). */
    map_setting: { key: string; value: string; updated_at: number };
  }
}
