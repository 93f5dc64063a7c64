import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** One safety commitment notice per local day: drafted from live data, then signed once. */
    commitment_notice: {
      id: Generated<number>;
      /** The plant's local day, YYYY-MM-DD (unique: one notice a day). */
      day: string;
      status: string;
      /** JSON: units by state, special work by type, major hazards (`CommitmentNoticeItem` minus the columns below). */
      facts: string;
      statement: string;
      responsible_userid: number | null;
      responsible_name: string;
      drafted_at: number;
      drafted_by: string;
      signer_userid: number | null;
      signer_name: string | null;
      signed_at: number | null;
      signature: string | null;
    };
    /** The notice's settings: one row (id 1). */
    commitment_config: {
      id: number;
      responsible_userid: number | null;
      draft_time: string;
      statement: string;
      updated_at: number;
      updated_by: string;
    };
  }
}
