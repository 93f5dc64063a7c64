import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A process drawing: SVG text and its bindings (JSON array of element → tag, prop). */
    drawing: {
      id: Generated<number>;
      name: string;
      svg: string;
      bindings: string;
      updated_at: number;
      updated_by: string;
    };
  }
}
