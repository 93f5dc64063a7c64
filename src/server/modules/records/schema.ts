import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** Ledger definitions of the record engine (migration 0050); doc is the definition's JSON. */
    record_definition: {
      entity: string;
      area: string;
      doc: unknown;
      builtin: number;
      version: number;
      updated_at: number;
      updated_by: string;
    };
    /** Data-dictionary entries of the record engine: `doc` holds name and options. */
    record_dictionary: { code: string; doc: unknown; version: number; updated_at: number; updated_by: string };
    /** Records of every ledger: common fields as columns, the values as a JSON document. */
    record: {
      id: Generated<number>;
      entity: string;
      deptid: number | null;
      regionid: number | null;
      status: number;
      title: string;
      created_at: number;
      updated_at: number;
      created_by: string;
      creator_id: number | null;
      version: number;
      doc: unknown;
    };
    record_unique: { entity: string; field: string; value: string; record_id: number };
    /** Workflow timeline: who moved a record from which status to which, when, why. */
    record_step: {
      id: Generated<number>;
      record_id: number;
      at: number;
      userid: number | null;
      loginname: string;
      action: string;
      from_status: number;
      to_status: number;
      reason: string;
      signature: string;
    };
    /** Uploaded attachments; stored under DATA_DIR/files by content hash. record_id is null until a record refers to the file. */
    record_file: {
      id: Generated<number>;
      hash: string;
      name: string;
      size: number;
      mime: string;
      thumb: number;
      created_at: number;
      uploaded_by: number;
      record_id: number | null;
    };
  }
}
