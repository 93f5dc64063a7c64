import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** One stock movement of a substance into (+) or out of (−) a chemical store; stock is their sum, never a stored number. */
    chemical_movement: {
      id: Generated<number>;
      /** The store's record id (ledger ChemicalStore). */
      store_id: number;
      kind: string;
      cas: string;
      /** Signed tonnes. */
      delta: number;
      batch: string | null;
      remark: string | null;
      /** The other store of a transfer. */
      other_store_id: number | null;
      userid: number | null;
      loginname: string;
      at: number;
    };
    /** The plant's mark for a pair of storage classes (in code order), over the seed table. */
    chemical_taboo_rule: { class_a: string; class_b: string; mark: string; loginname: string; at: number };
    /** The hidden danger opened for an incompatible pair found in a store's stock after a rule change (one per store and pair). */
    chemical_taboo_danger: { store_id: number; pair: string; danger_id: number; at: number };
    /** An inventory count: what was counted against the movements' sum, and the difference. */
    chemical_count: {
      id: Generated<number>;
      store_id: number;
      cas: string;
      book: number;
      counted: number;
      difference: number;
      /** The adjusting movement, when the count was booked. */
      movement_id: number | null;
      remark: string | null;
      loginname: string;
      at: number;
    };
  }
}
export {};
