import { describe, expect, it } from 'vitest';
import { checkTaskState, measureCheckPlan, overdueSince, type CheckWindow } from '../../../src/shared/domain/measure-checks.js';
import { calendarOf } from '../../../src/shared/domain/plant-calendar.js';
import { occurrences } from '../../../src/shared/domain/schedule.js';

/** A wall-clock time in China (UTC+8). */
const cn = (s: string) => Date.parse(`${s}+08:00`);
const cal = calendarOf();
const FROM = cn('2025-10-01T09:30:00');

/** The first two windows of a measure's cycle, as local 'MM-DD HH:mm' starts and ends. */
function firstWindows(cycle: number, cycleUnit: string): string[] | null {
  const plan = measureCheckPlan({ id: 7, cycle, cycleUnit, effectiveFrom: FROM });
  if (!plan) {
    return null;
  }
  const fmt = (t: number) => {
    const p = cal.localParts(t);
    return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  return occurrences(plan, FROM, FROM + 800 * 86_400_000, cal)
    .slice(0, 2)
    .map((o) => `${fmt(o.start)} → ${fmt(o.end)}`);
}

/*
 * 应急〔2019〕78 号 (DOMAIN.md §8): operators every ≤ 2 h, workshop weekly,
 * plant monthly, seasonal quarterly, company half-yearly. Windows run from
 * slot to slot in plant time; the first is the one that opens after the
 * measure takes effect (09:30 on Wednesday 1 October 2025).
 */
describe('measure check cycles (应急〔2019〕78 号 cycles as scheduler plans)', () => {
  it.each([
    // cycle, unit, first two windows
    [2, 'hour', ['2025-10-01 10:00 → 2025-10-01 12:00', '2025-10-01 12:00 → 2025-10-01 14:00']],
    [1, 'day', ['2025-10-02 00:00 → 2025-10-03 00:00', '2025-10-03 00:00 → 2025-10-04 00:00']],
    [1, 'week', ['2025-10-06 00:00 → 2025-10-13 00:00', '2025-10-13 00:00 → 2025-10-20 00:00']],
    [1, 'month', ['2025-11-01 00:00 → 2025-12-01 00:00', '2025-12-01 00:00 → 2026-01-01 00:00']],
    [1, 'quarter', ['2026-01-01 00:00 → 2026-04-01 00:00', '2026-04-01 00:00 → 2026-07-01 00:00']],
    [2, 'quarter', ['2026-04-01 00:00 → 2026-10-01 00:00', '2026-10-01 00:00 → 2027-04-01 00:00']],
    [1, 'year', ['2026-10-01 00:00 → 2027-10-01 00:00', '2027-10-01 00:00 → 2028-10-01 00:00']],
  ] as const)('every %d %s', (cycle, unit, windows) => {
    expect(firstWindows(cycle, unit)).toEqual(windows);
  });

  it.each([
    [25, 'hour'],
    [53, 'week'],
    [5, 'quarter'],
    [2, 'year'],
    [0, 'day'],
    [1, 'fortnight'],
  ] as const)('no plan the scheduler cannot hold: every %d %s', (cycle, unit) => {
    expect(measureCheckPlan({ id: 1, cycle, cycleUnit: unit, effectiveFrom: FROM })).toBeNull();
  });

  it('no plan without a cycle', () => {
    expect(measureCheckPlan({ id: 1, cycle: null, cycleUnit: 'day', effectiveFrom: FROM })).toBeNull();
    expect(measureCheckPlan({ id: 1, cycle: 1, cycleUnit: null, effectiveFrom: FROM })).toBeNull();
  });
});

const w = (start: number, end: number, doneAt: number | null = null): CheckWindow => ({ start, end, doneAt });

/* A missed check is a cause from the end of the earliest missed window until a later check (DOMAIN.md §6, §8). */
describe('overdue since', () => {
  it.each([
    ['no task', [], 50, null],
    ['open window, not checked yet', [w(0, 100)], 50, null],
    ['window closed unchecked: overdue from its end', [w(0, 100)], 150, 100],
    ['the end is excluded from the window: overdue at the end itself', [w(0, 100)], 100, 100],
    ['checked in its window', [w(0, 100, 40)], 150, null],
    ['missed, then the next window checked: cleared', [w(0, 100), w(100, 200, 120)], 150, null],
    ['checked, then the next window missed', [w(0, 100, 40), w(100, 200)], 250, 200],
    ['two missed in a row: from the earlier end', [w(0, 100), w(100, 200)], 250, 100],
    ['missed, checked, missed again: from the last miss', [w(0, 100), w(100, 200, 150), w(200, 300)], 320, 300],
    ['a check stamped after now does not count yet', [w(0, 100), w(100, 200, 180)], 150, 100],
  ] as const)('%s', (_name, tasks, now, since) => {
    expect(overdueSince(tasks, now)).toBe(since);
  });

  it.each([
    [w(100, 200), 50, 'waiting'],
    [w(100, 200), 100, 'open'],
    [w(100, 200), 200, 'missed'],
    [w(100, 200, 150), 300, 'done'],
  ] as const)('state of %o at %d: %s', (task, now, state) => {
    expect(checkTaskState(task, now)).toBe(state);
  });
});
