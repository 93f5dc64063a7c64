import type { SchedulePlan } from './schedule.js';

/*
 * Check tasks of control measures (DOMAIN.md §8 "each measure has a
 * responsible tier and a check cycle that generates tasks"; 应急〔2019〕78 号
 * cycles: operators every ≤ 2 h, workshop weekly, plant monthly, seasonal
 * quarterly, company half-yearly). A measure's cycle (a count and a unit, as
 * the control-measure ledger keeps it) becomes a plan of the one scheduler
 * (`schedule.ts`), whose windows run from slot to slot in plant time, so a
 * daily check is due within the plant's day, a weekly one within its
 * Monday-to-Sunday week, a monthly one within its calendar month.
 *
 * A window that closes unchecked is a missed check. The measure stays
 * overdue, a cause of live escalation (DOMAIN.md §6, kind `measureCheck`),
 * from the end of its earliest missed window until a later check is done.
 */

export const measureCycleUnits = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type MeasureCycleUnit = (typeof measureCycleUnits)[number];

/** The scheduler's limits on `every` per cycle kind (`schedule.ts`): hours ≤ 24, days ≤ 366, weeks ≤ 52, months ≤ 12. */
const limits = { hour: 24, day: 366, week: 52, month: 12 } as const;

/**
 * A measure's check plan, or null when it has no cycle or one the scheduler
 * cannot hold (more than 24 hours, 52 weeks, 4 quarters or 1 year).
 */
export function measureCheckPlan(m: { id: number; cycle: number | null; cycleUnit: string | null; effectiveFrom: number }): SchedulePlan | null {
  const n = m.cycle;
  if (n === null || !Number.isInteger(n) || n < 1 || !(measureCycleUnits as readonly string[]).includes(m.cycleUnit ?? '')) {
    return null;
  }
  const unit = m.cycleUnit as MeasureCycleUnit;
  const base = { id: `measure-${m.id}`, windowMinutes: null, effectiveFrom: m.effectiveFrom, effectiveTo: null, pauses: [], skipHolidays: false, skipRestDays: false, reminderHours: null };
  const times = ['00:00'];
  const months = (every: number): SchedulePlan | null => (every <= limits.month ? { ...base, cycle: { kind: 'month', every, days: [1], times } } : null);
  switch (unit) {
    case 'hour':
      return n <= limits.hour ? { ...base, cycle: { kind: 'hour', every: n, at: '00:00' } } : null;
    case 'day':
      return n <= limits.day ? { ...base, cycle: { kind: 'day', every: n, times } } : null;
    case 'week':
      return n <= limits.week ? { ...base, cycle: { kind: 'week', every: n, weekdays: [1], times } } : null;
    case 'month':
      return months(n);
    case 'quarter':
      return months(3 * n);
    case 'year':
      return months(12 * n);
  }
}

/** A check task as the rule reads it: its window [start, end) and when it was checked. */
export interface CheckWindow {
  start: number;
  end: number;
  doneAt: number | null;
}

/** Whether a task's window has closed unchecked at `now` (the end is excluded from the window). */
export const isMissed = (t: CheckWindow, now: number): boolean => t.doneAt === null && t.end <= now;

/**
 * Since when a measure is overdue at `now`: the end of its earliest missed
 * window after its latest check, or null when every closed window since that
 * check was checked (a check done clears the misses before it).
 */
export function overdueSince(tasks: readonly CheckWindow[], now: number): number | null {
  let lastDone = -Infinity;
  for (const t of tasks) {
    if (t.doneAt !== null && t.doneAt <= now && t.doneAt > lastDone) {
      lastDone = t.doneAt;
    }
  }
  let since: number | null = null;
  for (const t of tasks) {
    if (isMissed(t, now) && t.end > lastDone && (since === null || t.end < since)) {
      since = t.end;
    }
  }
  return since;
}

/** A task's state for lists: waiting (not open yet), open, done, or missed. */
export type CheckTaskState = 'waiting' | 'open' | 'done' | 'missed';

export function checkTaskState(t: CheckWindow, now: number): CheckTaskState {
  if (t.doneAt !== null) {
    return 'done';
  }
  if (t.end <= now) {
    return 'missed';
  }
  return t.start <= now ? 'open' : 'waiting';
}
