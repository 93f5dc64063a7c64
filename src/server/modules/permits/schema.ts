import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A safe-work permit (GB 30871-2022); `body` is the JSON of what the rules judge (loads, heights, blinds, wind). */
    permit: {
      id: Generated<number>;
      number: string;
      type: string;
      grade: string | null;
      effective_grade: string | null;
      content: string;
      location: string;
      region_id: number | null;
      lng: number;
      lat: number;
      radius_m: number;
      start_at: number;
      end_at: number;
      body: string;
      status: string;
      applicant_id: number;
      guardian_id: number;
      leader_id: number;
      guardian_tag: string | null;
      /** JSON array of the workers' names. */
      workers: string;
      suspend_reason: string | null;
      suspended_at: number | null;
      started_at: number | null;
      finish_result: string | null;
      created_at: number;
      /** Why it was rejected or voided (the approver's or voider's words); null otherwise. */
      status_reason: Generated<string | null>;
    };
    /** One statutory step of a permit (Annex A order by `seq`), signed once by its signer and never edited. */
    permit_step: {
      id: Generated<number>;
      permit_id: number;
      seq: number;
      code: string;
      signer_id: number;
      signed_at: number | null;
      /** The pad drawing, a PNG data URL. */
      signature: string | null;
      /** JSON: the signer's tag position at signing, when known. */
      sign_pos: string | null;
      comment: string | null;
    };
    /** A gas analysis sample of a permit: portable reading entered by its analyst. */
    permit_gas: {
      id: Generated<number>;
      permit_id: number;
      t: number;
      lel: number | null;
      reading: number | null;
      unit: string | null;
      o2: number | null;
      analyst_id: number;
      analyst: string;
    };
  }
}
