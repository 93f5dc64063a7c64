import type { Selectable } from 'kysely';
import type { AlarmItem, AlarmType } from '../../../shared/alarms/contracts.js';
import type { AlarmState } from '../../../shared/domain/alarm-state.js';
import type { Db } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

/** The id of a tag's alarm in the setting ledger and its audit rows (entity `alarmSetting`). */
export const settingId = (tagId: string, type: string) => `${tagId}:${type}`;

/** An occurrence as stored (migrations 0060, 0065). */
export type AlarmRow = Selectable<Database['alarm_occurrence']>;

/** A stored occurrence as lists, the topic and deliveries show it. */
export function alarmItemOf(r: AlarmRow): AlarmItem {
  return alarmItemWith(r, JSON.parse(r.fsm) as AlarmState);
}

/** alarmItemOf with the row's state machine at hand (the engine holds it; no JSON to parse). */
export function alarmItemWith(r: AlarmRow, fsm: AlarmState): AlarmItem {
  return {
    id: r.id,
    alarmKey: r.alarm_key,
    source: r.source,
    sourceName: r.source_name,
    sourceNameEn: r.source_name_en,
    type: r.type as AlarmType,
    priority: r.priority,
    state: fsm.state,
    active: fsm.active,
    acked: fsm.acked,
    limit: r.limit_value,
    unit: r.unit,
    value: r.value,
    peak: r.peak,
    activatedAt: r.activated_at,
    ackedAt: r.acked_at,
    ackedBy: r.acked_by,
    ackComment: r.ack_comment,
    returnedAt: r.returned_at,
    closedAt: r.closed_at,
    shelvedUntil: r.shelved_until,
    shelvedBy: r.shelved_by,
    shelveReason: r.shelve_reason,
    regionid: r.regionid,
    updatedAt: r.updated_at,
    detail: r.detail === null ? null : (JSON.parse(r.detail) as Record<string, unknown>),
  };
}

/** The stored row of an occurrence the engine holds in memory (its item and state machine): the inverse of alarmItemOf. */
export function alarmRowOf(a: AlarmItem, fsm: AlarmState): AlarmRow {
  return {
    id: a.id,
    alarm_key: a.alarmKey,
    source: a.source,
    source_name: a.sourceName,
    source_name_en: a.sourceNameEn,
    unit: a.unit,
    type: a.type,
    priority: a.priority,
    state: fsm.state,
    fsm: JSON.stringify(fsm),
    limit_value: a.limit,
    value: a.value,
    peak: a.peak,
    activated_at: a.activatedAt,
    acked_at: a.ackedAt,
    acked_by: a.ackedBy,
    ack_comment: a.ackComment,
    returned_at: a.returnedAt,
    closed_at: a.closedAt,
    shelved_until: a.shelvedUntil,
    shelved_by: a.shelvedBy,
    shelve_reason: a.shelveReason,
    regionid: a.regionid,
    updated_at: a.updatedAt,
    detail: a.detail === null ? null : JSON.stringify(a.detail),
  };
}

/**
 * Closed occurrences that carry a timed shelf their alarm still holds at `t`
 * (DOMAIN.md §3: the shelf belongs to the alarm): closed shelved, the shelf
 * not yet ended, and the alarm's latest occurrence. The engine takes them
 * back at start; the shelving ledger lists them.
 */
export async function heldShelfRows(db: Db, t: number): Promise<AlarmRow[]> {
  const rows = await db
    .selectFrom('alarm_occurrence as o')
    .selectAll('o')
    .where('o.state', '=', 'shelved')
    .where('o.closed_at', 'is not', null)
    .where('o.shelved_until', '>', t)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('alarm_occurrence as n').select('n.id').whereRef('n.alarm_key', '=', 'o.alarm_key').whereRef('n.id', '>', 'o.id'))))
    .execute();
  return rows.filter((r) => (JSON.parse(r.fsm) as AlarmState).shelf?.kind === 'timed');
}
