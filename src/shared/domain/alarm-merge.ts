import type { AlarmItem } from '../contracts/alarms.js';

/** The open alarms a client holds, and the last change time of those that closed (so an older answer cannot bring them back). */
export interface AlarmSet {
  byId: ReadonlyMap<number, AlarmItem>;
  closed: ReadonlyMap<number, number>;
}

export const emptyAlarmSet: AlarmSet = { byId: new Map(), closed: new Map() };

/**
 * Applies changes (from topic `alarm`, or a list answer) to the set: an item
 * older than the one held is ignored, a closed one leaves and is remembered.
 * `chime` says a high-priority alarm was newly annunciated by the stream.
 */
export function mergeAlarms(set: AlarmSet, items: readonly AlarmItem[], fromStream: boolean): AlarmSet & { chime: boolean } {
  const byId = new Map(set.byId);
  const closed = new Map(set.closed);
  let chime = false;
  for (const a of items) {
    const prev = byId.get(a.id);
    if ((prev && prev.updatedAt > a.updatedAt) || (closed.get(a.id) ?? -1) >= a.updatedAt) {
      continue;
    }
    if (a.closedAt !== null) {
      byId.delete(a.id);
      closed.set(a.id, a.updatedAt);
      continue;
    }
    chime ||= fromStream && a.state === 'unack' && prev?.state !== 'unack' && a.priority <= 2;
    byId.set(a.id, a);
  }
  return { byId, closed, chime };
}

/**
 * A fresh list answer made at `serverTime`: alarms held but not listed closed
 * meanwhile, unless the stream brought them after the list was made.
 */
export function applyList(set: AlarmSet, list: readonly AlarmItem[], serverTime: number): AlarmSet {
  const listed = new Set(list.map((a) => a.id));
  const byId = new Map(set.byId);
  const closed = new Map(set.closed);
  for (const a of set.byId.values()) {
    if (!listed.has(a.id) && a.updatedAt <= serverTime) {
      byId.delete(a.id);
      closed.set(a.id, a.updatedAt);
    }
  }
  const merged = mergeAlarms({ byId, closed }, list, false);
  return { byId: merged.byId, closed: merged.closed };
}
