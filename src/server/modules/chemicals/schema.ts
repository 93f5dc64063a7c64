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
  }
}
export {};
