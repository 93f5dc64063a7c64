import type { Selectable } from 'kysely';
import type { AlarmItem, AlarmType } from '../../../shared/contracts/alarms.js';
import type { AlarmState } from '../../../shared/domain/alarm-state.js';
import type { Database } from '../../store/schema.js';

/** An occurrence as stored (migrations 0060, 0065). */
export type AlarmRow = Selectable<Database['alarm_occurrence']>;

/** A stored occurrence as lists, the topic and deliveries show it. */
export function alarmItemOf(r: AlarmRow): AlarmItem {
  const fsm = JSON.parse(r.fsm) as AlarmState;
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
