import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** The latest identification of each major hazard unit (a DangerSource record). */
    major_hazard_identification: {
      unit_id: number;
      /** JSON of the GradeCalculate body the unit gave; a change of it re-runs the identification. */
      input: string;
      /** JSON of the GradeResult; null when the unit's substances could not be identified (see issues). */
      result: string | null;
      /** JSON of the FieldIssue[] that stopped the calculation; `[]` when it ran. */
      issues: string;
      is_major: number;
      grade: number | null;
      computed_at: number;
    };
    /** A responsible person's check of a source (DangerSourceResponsible record). */
    major_hazard_check: {
      id: Generated<number>;
      responsible_id: number;
      userid: number;
      at: number;
      findings: string;
      /** JSON of the uploaded file ids. */
      photos: Generated<string>;
      /** The hidden danger (record id) the findings opened. */
      hidden_danger_id: number | null;
    };
    /** The plant's grading method: the adjusted β and α as JSON (`GradingMethod`). */
    major_hazard_method: {
      key: string;
      body: string;
      updated_at: number;
      updated_by: string;
    };
    /** A scheduled tag report's definition (issue 20 §7). */
    mh_report_setting: {
      id: Generated<number>;
      name: string;
      /** 'shift' | 'daily' | 'monthly' (shared/domain/tag-report.ts). */
      schedule: string;
      /** JSON array of tag ids. */
      tags: string;
      /** '' for none. */
      webhook_url: string;
      enabled: number;
      /** Whose view of the plant the report takes (alarm counts are read as this user). */
      owner_userid: number;
      owner: string;
      created_at: number;
      updated_at: number;
    };
    /** A generated report: one per setting and period start. */
    mh_report: {
      id: Generated<number>;
      setting_id: number;
      period_start: number;
      period_end: number;
      generated_at: number;
      /** JSON: { name, schedule, bucketMs, rows }. */
      body: string;
    };
    /** A webhook delivery of a report; retried until the endpoint answers 2xx. */
    mh_report_delivery: {
      id: Generated<number>;
      report_id: number;
      url: string;
      status: string;
      attempts: number;
      last_error: string;
      last_at: number | null;
      next_at: number | null;
      sent_at: number | null;
    };
    /** The regulator push's endpoint and its sender's state (one row, key 'regulator'). */
    major_hazard_push: {
      key: string;
      kind: string;
      url: string;
      topic: string;
      interval_s: number;
      enabled: number;
      plant_code: string;
      updated_at: number;
      updated_by: string;
      failures: Generated<number>;
      next_try_at: number | null;
      last_sent_at: number | null;
      last_error: Generated<string>;
      last_error_at: number | null;
      last_collect_at: number | null;
    };
    /** One buffered message of the regulator push: written before the send, `sent` once the receiver took it. */
    major_hazard_push_row: {
      id: Generated<number>;
      source_id: number;
      source_name: string;
      at: number;
      /** JSON of the PushMessage without its seq (the row's id). */
      payload: string;
      value_count: number;
      status: string;
      attempts: Generated<number>;
      sent_at: number | null;
    };
  }
}

export {};
