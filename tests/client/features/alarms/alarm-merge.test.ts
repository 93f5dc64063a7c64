import { describe, expect, it } from 'vitest';
import { alarmOrder, applyList, emptyAlarmSet, mergeAlarms, resortChanged } from '../../../../src/shared/domain/alarm-merge.js';
import type { AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { buildAlarmItem } from '../../../helpers/factories.js';

const alarm = (id: number, updatedAt: number, over: Partial<AlarmItem> = {}): AlarmItem =>
  buildAlarmItem({ id, alarmKey: `tag:T${id}:h`, source: `T${id}`, sourceName: `T${id}`, limit: 8, unit: 'm', value: 9, peak: 9, activatedAt: 1000, updatedAt, ...over });

/** The live alarm list in every tab: the list call and topic `alarm` race, and neither may bring back a stale or closed alarm. */
describe('merging alarm changes', () => {
  it('keeps the newer of two versions whatever order they arrive in', () => {
    const acked = alarm(1, 20, { state: 'ack', acked: true });
    const a = mergeAlarms(emptyAlarmSet, [acked], true);
    const b = mergeAlarms(a, [alarm(1, 10)], true);
    expect(b.byId.get(1)?.state).toBe('ack');
  });

  it('a closed alarm leaves and an older list answer does not bring it back', () => {
    const open = mergeAlarms(emptyAlarmSet, [alarm(1, 10)], true);
    const closed = mergeAlarms(open, [alarm(1, 30, { state: 'normal', closedAt: 30 })], true);
    expect(closed.byId.has(1)).toBe(false);
    const afterList = applyList(closed, [alarm(1, 10)], 25);
    expect(afterList.byId.has(1)).toBe(false);
  });

  it('a list answer removes alarms it no longer has, but not ones the stream brought after it was made', () => {
    const held = mergeAlarms(emptyAlarmSet, [alarm(1, 10), alarm(2, 50)], true);
    const next = applyList(held, [], 40);
    expect([...next.byId.keys()]).toEqual([2]);
  });

  it('chimes only for a high-priority alarm newly annunciated on the stream', () => {
    expect(mergeAlarms(emptyAlarmSet, [alarm(1, 10, { priority: 2 })], true).chime).toBe(true);
    expect(mergeAlarms(emptyAlarmSet, [alarm(1, 10, { priority: 3 })], true).chime).toBe(false);
    expect(mergeAlarms(emptyAlarmSet, [alarm(1, 10, { priority: 1 })], false).chime).toBe(false);
    const held = mergeAlarms(emptyAlarmSet, [alarm(1, 10, { priority: 1 })], true);
    expect(mergeAlarms(held, [alarm(1, 11, { priority: 1, value: 9.5 })], true).chime).toBe(false);
  });
});

/** The live list keeps its order change by change instead of sorting 10,000 alarms on every batch. */
describe('keeping the list sorted across changes', () => {
  /** A deterministic spread of priorities and activation times (some equal). */
  const mixed = (n: number, seed: number) => Array.from({ length: n }, (_, i) => alarm(i + 1, 1, { priority: ((i * 7 + seed) % 4) + 1, activatedAt: 1000 + ((i * 13 + seed) % 50) }));

  it('after activations, returns (closed) and re-prioritised alarms the list equals a full sort', () => {
    const start = mergeAlarms(emptyAlarmSet, mixed(500, 3), false);
    const sorted = [...start.byId.values()].sort(alarmOrder);
    const changes = [
      ...Array.from({ length: 40 }, (_, i) => alarm(i * 5 + 1, 2, { closedAt: 5000 })), // returned and closed
      ...Array.from({ length: 40 }, (_, i) => alarm(i * 5 + 2, 2, { priority: 1, activatedAt: 9000 + i })), // re-annunciated, now urgent
      ...Array.from({ length: 60 }, (_, i) => alarm(1000 + i, 2, { priority: (i % 4) + 1, activatedAt: 1020 })), // new
      alarm(3, 0, { priority: 1 }), // stale: ignored by the merge
    ];
    const next = mergeAlarms(start, changes, true);
    const kept = resortChanged(
      sorted,
      start.byId,
      next.byId,
      changes.map((a) => a.id),
    );
    expect(kept.map((a) => a.id)).toEqual([...next.byId.values()].sort(alarmOrder).map((a) => a.id));
    expect(kept.find((a) => a.id === 3)).toBe(start.byId.get(3));
  });

  it('answers the same array when nothing changed', () => {
    const start = mergeAlarms(emptyAlarmSet, mixed(10, 1), false);
    const sorted = [...start.byId.values()].sort(alarmOrder);
    expect(resortChanged(sorted, start.byId, start.byId, [1, 2])).toBe(sorted);
  });
});
