import type { AlarmItem } from '../alarms/contracts.js';

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

/** Priority first, then newest first: the order of every alarm list; ties by id so the order is total. */
export const alarmOrder = (a: AlarmItem, b: AlarmItem): number => a.priority - b.priority || b.activatedAt - a.activatedAt || a.id - b.id;

/**
 * The sorted list after a merge, without sorting it again: the alarms whose
 * entry changed leave (one pass), their new versions still open are sorted
 * among themselves and merged in (one pass). A batch of k changes to a list
 * of n costs n + k log k, not n log n: a flood of activations into a list of
 * 10,000 re-sorts a thousand, not ten thousand.
 */
export function resortChanged(sorted: readonly AlarmItem[], before: ReadonlyMap<number, AlarmItem>, after: ReadonlyMap<number, AlarmItem>, changedIds: Iterable<number>): AlarmItem[] {
  const changed = new Set<number>();
  const added: AlarmItem[] = [];
  for (const id of changedIds) {
    const next = after.get(id);
    if (changed.has(id) || before.get(id) === next) {
      continue;
    }
    changed.add(id);
    if (next) {
      added.push(next);
    }
  }
  if (changed.size === 0) {
    return sorted as AlarmItem[];
  }
  const kept = sorted.filter((a) => !changed.has(a.id));
  added.sort(alarmOrder);
  const out: AlarmItem[] = new Array<AlarmItem>(kept.length + added.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < kept.length && j < added.length) {
    out[k++] = alarmOrder(kept[i], added[j]) <= 0 ? kept[i++] : added[j++];
  }
  while (i < kept.length) {
    out[k++] = kept[i++];
  }
  while (j < added.length) {
    out[k++] = added[j++];
  }
  return out;
}
