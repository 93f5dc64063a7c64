import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema by declaration merging. JSON columns are text. */
declare module '../../store/schema.js' {
  interface Database {
    /** A place or device an inspector checks, with its position, QR label and NFC card. */
    inspection_point: {
      id: Generated<number>;
      name: string;
      kind: string;
      device: string;
      regionid: number;
      lon: number;
      lat: number;
      radius_m: number | null;
      qr_code: string;
      nfc_id: string | null;
      /** JSON CheckItem[]. */
      items: string;
      updated_at: number;
    };
    /** An inspection plan (seed 2 §3); its cycles as JSON segments (a cycle change appends one). */
    inspection_plan: {
      id: Generated<number>;
      name: string;
      responsible_id: number;
      /** JSON number[]. */
      inspector_ids: string;
      regionid: number;
      deptid: number | null;
      /** JSON PlanSegment[]. */
      segments: string;
      effective_to: number | null;
      /** JSON pauses. */
      pauses: string;
      reminder_hours: number | null;
      headcount: number;
      min_duration_min: number | null;
      max_duration_min: number | null;
      min_gap_min: number | null;
      ordered: number;
      all_points: number;
      record_misses: number;
      sign_at_points: number;
      trouble_plan: string;
      tolerance_minutes: number;
      enabled: number;
      /** JSON number[]: the route in order. */
      point_ids: string;
      /** Tasks are generated for windows starting before this. */
      generated_to: number;
      updated_at: number;
    };
    /** One round of a plan: due once per point of the route in [start, end). Unique on (plan_id, start): a generator run twice inserts it once. */
    inspection_task: {
      id: Generated<number>;
      plan_id: number;
      start: number;
      end: number;
      /** JSON number[]: the route when the task was made. */
      route: string;
      regionid: number;
      deptid: number | null;
      recorder_id: number | null;
      started_at: number | null;
      canceled: number;
      terminated: number;
      /** none | pending | approved | rejected (seed 2 §4). */
      invalid: string;
      invalid_reason: string;
      invalid_applicant: number | null;
      invalid_approver: number | null;
      created_at: number;
      /** The inspectors' to-dos of the round: 0 none yet, 1 open, 2 done. */
      todo_state: Generated<number>;
    };
    /** One accepted check-in at a point of a task (valid or flagged); unique on (task_id, point_id). */
    inspection_checkin: {
      id: Generated<number>;
      task_id: number;
      point_id: number;
      userid: number;
      method: string;
      value: string;
      checked_at: number;
      received_at: number;
      status: string;
      /** JSON issues. */
      reasons: string;
      distance_m: number | null;
      card: string | null;
      /** JSON readings by item key. */
      readings: string;
      /** JSON findings. */
      findings: string;
      /** JSON number[]. */
      hidden_danger_ids: string;
      signature: string;
    };
  }
}
export {};
