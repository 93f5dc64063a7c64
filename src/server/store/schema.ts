import type { Generated } from 'kysely';

/** Times are epoch milliseconds; booleans are 0/1 so both dialects agree. */
export interface Database {
  company: { id: Generated<number>; name: string; shortname: string; code: string };
  dept: {
    deptid: Generated<number>;
    parentdeptid: number;
    deptname: string;
    deptname_en: string;
    deptcode: string;
    c_id: number;
    sort: number;
  };
  region: {
    regionid: Generated<number>;
    regionparentid: number;
    regionname: string;
    regionname_en: string;
    regioncode: string;
    c_id: number;
    sort: number;
    fullname: Generated<string>;
    fullcode: Generated<string>;
    pinyincode: Generated<string>;
    description: Generated<string>;
    nfccard: Generated<string>;
    defaultexpand: Generated<number>;
    /** JSON [{ role, userids }]. */
    responsibles: Generated<string>;
    kind: Generated<string>;
    /** JSON array of floor numbers. */
    floors: Generated<string>;
    /** GeoJSON Polygon/MultiPolygon text, null until drawn. */
    geometry: string | null;
    updated_at: Generated<number>;
  };
  post: { postid: Generated<number>; postname: string; postname_en: string; deptid: number; c_id: number };
  users: {
    userid: Generated<number>;
    loginname: string;
    username: string;
    phone: string;
    password_hash: string;
    deptid: number;
    postid: number | null;
    c_id: number;
    headimg: string;
    is_need_change_password: number;
    /** 1 enabled, 0 disabled: a disabled user cannot sign in. */
    enabled: number;
    /** 1: data isolation sees every department and region. */
    isolation_all: number;
    created_at: number;
  };
  role: { roleid: Generated<number>; rolecode: string; rolename: string; rolename_en: string; description: string };
  user_role: { userid: number; roleid: number };
  role_permission: { roleid: number; permission: string };
  menu: {
    menuid: Generated<number>;
    parentid: number;
    name: string;
    name_en: string;
    href: string;
    parameter: string;
    /** 1 directory, 2 page. */
    type: number;
    /** 0 inside the shell, 1 new window. */
    skiptype: number;
    /** 1–4: the four systems (seed 1 §1); 0 system management. */
    eightyEightType: number;
    icon: string;
    sort: number;
  };
  role_menu: { roleid: number; menuid: number };
  /** Data isolation: departments and regions a user may see (with their descendants). */
  user_dept_scope: { userid: number; deptid: number };
  user_region_scope: { userid: number; regionid: number };
  refresh_token: {
    id: Generated<number>;
    userid: number;
    family_id: string;
    token_hash: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    /** Set when rotated; a rotated token presented again is reuse (after a grace window). */
    replaced_at: number | null;
    /** The token it was rotated to, AES-256-GCM encrypted (iv, tag, ciphertext; base64url), for a refresh repeated within the grace window. */
    successor: string | null;
  };
  /** Nonces of accepted sign-in bodies, kept until the body could no longer pass the time check. */
  login_nonce: { nonce: string; expires_at: number };
  /**
   * One row per sign-in attempt of an account and address (`key`) that was not
   * a success: reserved before the password is checked, removed when it was right.
   */
  login_attempt: { key: string; at: number; attempt_id: string };
  audit_log: {
    id: Generated<number>;
    at: number;
    userid: number | null;
    loginname: string;
    action: string;
    entity: string;
    entity_id: string;
    detail: string;
  };
  system_config: { consttitle: string; constvalue: string };
  todo: {
    id: Generated<number>;
    userid: number;
    title: string;
    href: string;
    /** 0 open, 1 done. */
    status: number;
    created_at: number;
    /** Migration 0021: what the to-do is about (e.g. 'password.change'), its record (`record:12` for the record engine), and its title as a message code. */
    kind: Generated<string>;
    ref: Generated<string>;
    title_code: Generated<string>;
    title_params: Generated<string>;
  };
  /** One-time password-reset links (migration 0020): only the SHA-256 of the token is kept. */
  password_reset: {
    token_hash: string;
    userid: number;
    created_by: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  server_secret: { name: string; value: string };
  /** Data items (realtime module, migration 0002). Limits are null when unset. */
  tag: {
    id: string;
    name: string;
    name_en: string;
    unit: string;
    kind: 'level' | 'pressure' | 'temperature' | 'flow' | 'lel' | 'ppm' | 'discrete';
    device: string;
    regionid: number | null;
    hazard_source: string;
    range_lo: number;
    range_hi: number;
    ll: number | null;
    l: number | null;
    h: number | null;
    hh: number | null;
    deadband: number;
    /** Compression deviation in the tag's unit: null or 0 lossless, else swinging-door compression at seal. */
    comp_dev: number | null;
    enabled: number;
    created_at: number;
    updated_at: number;
  };
  /** Classification tree of tags for the views (seed: calssificationManage). */
  tag_class: { id: Generated<number>; parentid: number; name: string; name_en: string; sort: number };
  /** A tag may sit in several classifications. */
  tag_class_member: { class_id: number; tag_id: string; sort: number };
  /** Tag history, append-only; q: 0 good, 1 uncertain, 2 bad. */
  sample: { tag_id: string; t: number; v: number; q: number };
  /** 1-minute rollups of `sample` (m: start of the minute; vlast at tlast is the minute's latest value). */
  sample_1m: { tag_id: string; m: number; vmin: number; vmax: number; vsum: number; n: number; vlast: number; tlast: number };
  /** Position history, append-only; kind: 0 person, 1 vehicle; floor null outdoors. */
  position: { target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number };
  /** Chunked history (migration 0010): one tag's samples over one window `w` (start, epoch ms), encoded (src/server/history/codec.ts). */
  sample_chunk: { tag_id: string; w: number; n: number; data: Uint8Array; rollup: Uint8Array };
  /** One tag's minute rollups over one hour (from its chunks), encoded: what long trends read. */
  sample_hour: { tag_id: string; h: number; n: number; rollup: Uint8Array; total: Uint8Array | null };
  /** One person's or vehicle's fixes over one window, encoded. */
  position_chunk: { target_id: string; w: number; n: number; data: Uint8Array };
  /** Ingest API keys; only the SHA-256 of the secret is kept. */
  ingest_key: {
    id: Generated<number>;
    name: string;
    key_hash: string;
    prefix: string;
    created_at: number;
    created_by: string;
    revoked_at: number | null;
  };
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
  /** Site plan and base map settings, JSON per key (migration 0040). */
  map_setting: { key: string; value: string; updated_at: number };
  /** Ledger definitions of the record engine (migration 0050); doc is the definition's JSON. */
  record_definition: { entity: string; area: string; doc: unknown; builtin: number; version: number; updated_at: number; updated_by: string };
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
  /** Electronic fence rule of a region (migration 0085); doc is contracts/fences.ts `fenceRule` as JSON. */
  fence_rule: { regionid: number; doc: string; updated_at: number; updated_by: string };
  /** Musters (migration 0085): an emergency head count, open while ended_at is null. */
  muster: { id: Generated<number>; started_at: number; started_by: string; reason: string; ended_at: number | null; ended_by: string | null };
}
