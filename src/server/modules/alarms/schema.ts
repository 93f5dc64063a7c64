import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    alarm_occurrence: {
      id: Generated<number>;
      alarm_key: string;
      source: string;
      source_name: Generated<string>;
      source_name_en: Generated<string>;
      unit: Generated<string>;
      type: string;
      priority: number;
      state: string;
      /** JSON AlarmState (src/shared/domain/alarm-state.ts). */
      fsm: string;
      limit_value: number | null;
      value: number | null;
      peak: number | null;
      activated_at: number;
      acked_at: number | null;
      acked_by: string | null;
      ack_comment: string | null;
      returned_at: number | null;
      closed_at: number | null;
      shelved_until: number | null;
      shelved_by: string | null;
      shelve_reason: string | null;
      regionid: number | null;
      updated_at: number;
      /** JSON object a raising module adds (migration 0065); null for tag alarms. */
      detail: string | null;
    };
    /** Per tag and alarm type (migration 0075); without a row an alarm runs on the defaults. */
    /** Control systems that feed alarms (migration 0077); tag_patterns and regionids are JSON arrays. */
    control_system: {
      id: Generated<number>;
      name: string;
      type: string;
      ingest_key: Generated<string>;
      mqtt_topic: Generated<string>;
      tag_patterns: Generated<string>;
      regionids: Generated<string>;
      updated_at: number;
      updated_by: string;
    };
    alarm_setting: {
      tag_id: string;
      type: string;
      priority: number;
      on_delay_s: Generated<number>;
      off_delay_s: Generated<number>;
      enabled: Generated<number>;
      cause: Generated<string>;
      consequence: string | null;
      corrective_action: Generated<string>;
      response_time: string | null;
      updated_at: number;
      updated_by: string;
      /** Out of service (migration 0078, ISA-18.2 §11.9): since when (null = in service), by whom and why; new activations open out of service. */
      oos_since: number | null;
      oos_by: string | null;
      oos_reason: string | null;
    };
    /** A region's plant mode (migration 0076): 'stop' = out of operation; no row = in operation. */
    plant_mode: { regionid: number; mode: string; reason: Generated<string>; updated_at: number; updated_by: string };
    /** Webhooks and their notification rule (migration 0080); list columns are JSON arrays, empty = any. */
    alarm_webhook: {
      id: Generated<number>;
      name: string;
      url: string;
      /** Payload preset: json | wecom | dingtalk | feishu. */
      template: string;
      lang: Generated<string>;
      /** HMAC-SHA256 key of the signature ('' = unsigned). Never sent to a client. */
      secret: Generated<string>;
      enabled: Generated<number>;
      priorities: Generated<string>;
      regionids: Generated<string>;
      types: Generated<string>;
      /** Bound users: @-mentioned, and without a region rule their regions bound what is sent. */
      userids: Generated<string>;
      updated_at: number;
      updated_by: Generated<string>;
    };
    /** The outbox: one delivery per webhook, occurrence and event (raise, or escalate at a level). */
    alarm_delivery: {
      id: Generated<number>;
      webhook_id: number;
      occurrence_id: number;
      event: string;
      level: Generated<number>;
      regionid: number | null;
      payload: string;
      /** pending | sent | failed */
      status: string;
      attempts: Generated<number>;
      next_at: number;
      created_at: number;
      done_at: number | null;
    };
    /** Every try of a delivery: HTTP status or error, duration. */
    alarm_delivery_try: {
      id: Generated<number>;
      delivery_id: number;
      at: number;
      ok: number;
      status_code: number | null;
      error: Generated<string>;
      duration_ms: number;
    };
    /** Escalation levels (EscalationConfig): after `minutes` unacknowledged, notify these webhooks and users. */
    alarm_escalation_level: {
      id: Generated<number>;
      name: string;
      sort: number;
      minutes: number;
      webhook_ids: Generated<string>;
      userids: Generated<string>;
      updated_at: number;
    };
    /** Escalations done: one per occurrence and level. */
    alarm_escalation: { occurrence_id: number; level_id: number; level_name: string; sort: number; at: number };
  }
}
