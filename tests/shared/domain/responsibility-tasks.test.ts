import { describe, expect, it } from 'vitest';
import { checkTasks, countTasks, onTimeRate } from '../../../src/shared/domain/responsibility-tasks.js';

/*
 * Responsibility (包保) check tasks (DOMAIN.md §1, the 2021 包保 rules: each
 * responsible person checks the source on their own cycle; issue 20 §5).
 */
const D = 86_400_000;

describe('checkTasks: a task falls due one cycle after the previous check and the next check closes it', () => {
  it.each([
    ['no check, not yet due', [], 3 * D, ['pending']],
    ['no check, past due', [], 8 * D, ['missed']],
    ['checked on day 5', [5 * D], 6 * D, ['done', 'pending']],
    ['checked exactly at the due time', [7 * D], 8 * D, ['done', 'pending']],
    ['checked late on day 9', [9 * D], 10 * D, ['late', 'pending']],
    ['checked on day 2 and 20 (second late), now day 30', [2 * D, 20 * D], 30 * D, ['done', 'late', 'missed']],
  ])('weekly, %s', (_what, checks, now, outcomes) => {
    expect(checkTasks({ startAt: 0, cycleDays: 7, checks, now }).map((x) => x.outcome)).toEqual(outcomes);
  });

  it('ignores checks before the allocation and after now', () => {
    expect(checkTasks({ startAt: 10 * D, cycleDays: 7, checks: [D, 30 * D], now: 12 * D }).map((x) => x.outcome)).toEqual(['pending']);
  });

  it('counts only tasks due in the period; the on-time rate leaves pending tasks out', () => {
    const tasks = checkTasks({ startAt: 0, cycleDays: 7, checks: [2 * D, 20 * D], now: 30 * D });
    const all = countTasks(tasks, 0, 40 * D);
    expect(all).toEqual({ due: 3, done: 1, late: 1, missed: 1, pending: 0 });
    expect(onTimeRate(all)).toBeCloseTo(1 / 3, 9);
    expect(countTasks(tasks, 8 * D, 40 * D)).toEqual({ due: 2, done: 0, late: 1, missed: 1, pending: 0 });
    expect(onTimeRate(countTasks([], 0, 1))).toBeNull();
  });
});
