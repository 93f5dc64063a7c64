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
    /** Approval flows (issue 18): one task per approver and step entered; `status` is a seed flow status (`shared/domain/flow-steps.ts`). */
    record_flow_task: {
      id: Generated<number>;
      record_id: number;
      entity: string;
      round: number;
      state_code: number;
      userid: number;
      status: number;
      via_userid: number | null;
      opened_at: number;
      acted_at: number | null;
      escalated_at: number | null;
      reason: Generated<string>;
    };
    /** A user's approvals go to another for a time (FlowAuthorization); `entity` '' for every ledger. */
    record_flow_delegation: {
      id: Generated<number>;
      from_userid: number;
      to_userid: number;
      entity: Generated<string>;
      start_at: number;
      end_at: number;
      reason: Generated<string>;
      created_at: number;
      created_by: string;
      revoked_at: number | null;
    };
    /** A flow of the library: `doc` is its JSON (`FlowLibraryDoc`: name and steps). */
    record_flow_library: {
      id: Generated<number>;
      doc: string;
      version: number;
      updated_at: number;
      updated_by: string;
    };
    /** A ledger (by entity) that follows a flow of the library. */
    record_flow_binding: {
      entity: string;
      flow_id: number;
      bound_at: number;
      bound_by: string;
    };
  }
}
