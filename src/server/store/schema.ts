import type { Generated } from 'kysely';

/**
 * The platform's tables. Times are epoch milliseconds; booleans are 0/1 so both
 * dialects agree. A module adds its own tables in `modules/<area>/schema.ts`
 * (`declare module` merges them into this interface).
 */
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
  /** Permission codes the areas have declared; a new one is granted to its roles once (seed-base). */
  permission_seen: { code: string; first_seen: number };
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
  /** 1-minute rollups of `sample` (m: start of the minute; vlast at tlast is the minute's latest value). */
  /** Position history, append-only; kind: 0 person, 1 vehicle; floor null outdoors. */
  position: { target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number };
  /** Chunked history (migration 0010): one tag's samples over one window `w` (start, epoch ms), encoded (src/server/history/codec.ts). */
  sample_chunk: { tag_id: string; w: number; n: number; data: Uint8Array; rollup: Uint8Array };
  /** One tag's minute rollups over one hour (from its chunks), encoded: what long trends read. */
  sample_hour: { tag_id: string; h: number; n: number; rollup: Uint8Array; total: Uint8Array | null };
  /** One person's or vehicle's fixes over one window, encoded. */
  position_chunk: { target_id: string; w: number; n: number; data: Uint8Array };
}
