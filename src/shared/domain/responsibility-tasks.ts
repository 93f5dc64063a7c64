/*
 * Responsibility (包保) check tasks of a major hazard source (issue 20 §5;
 * DOMAIN.md §1, the 2021 包保 rules: each of the three responsible people
 * checks the source on their own cycle). A task falls due one cycle after the
 * previous check (after the allocation, before any check); the next check
 * closes it: on time when made by the due time, late when after it. A task
 * still open past its due time is missed (and counts as late); one not yet
 * due is pending. Pure: the module passes the allocation's start, cycle and
 * check times.
 */

const DAY_MS = 86_400_000;

export type TaskOutcome = 'done' | 'late' | 'missed' | 'pending';

export interface CheckTask {
  dueAt: number;
  /** The check that closed it; null while open. */
  doneAt: number | null;
  outcome: TaskOutcome;
}

/** Every task of one allocation from its start to `now`, the open one last. */
export function checkTasks(input: { startAt: number; cycleDays: number; checks: readonly number[]; now: number }): CheckTask[] {
  const cycle = Math.max(1, input.cycleDays) * DAY_MS;
  const checks = [...input.checks].filter((c) => c >= input.startAt && c <= input.now).sort((a, b) => a - b);
  const tasks: CheckTask[] = [];
  let anchor = input.startAt;
  for (const c of checks) {
    const dueAt = anchor + cycle;
    tasks.push({ dueAt, doneAt: c, outcome: c <= dueAt ? 'done' : 'late' });
    anchor = c;
  }
  const dueAt = anchor + cycle;
  tasks.push({ dueAt, doneAt: null, outcome: input.now > dueAt ? 'missed' : 'pending' });
  return tasks;
}

export interface TaskCounts {
  /** Tasks due in the period (their due time in it). */
  due: number;
  /** Done by their due time. */
  done: number;
  /** Done after their due time. */
  late: number;
  /** Past due and not done. */
  missed: number;
  /** Not yet due. */
  pending: number;
}

export const emptyCounts = (): TaskCounts => ({ due: 0, done: 0, late: 0, missed: 0, pending: 0 });

/** Counts the tasks whose due time falls in [from, to], adding to `into`. */
export function countTasks(tasks: readonly CheckTask[], from: number, to: number, into: TaskCounts = emptyCounts()): TaskCounts {
  for (const t of tasks) {
    if (t.dueAt < from || t.dueAt > to) {
      continue;
    }
    into.due++;
    into[t.outcome]++;
  }
  return into;
}

/** Share of the period's tasks done on time, 0–1; null when none was due. */
export function onTimeRate(c: TaskCounts): number | null {
  const closedOrMissed = c.done + c.late + c.missed;
  return closedOrMissed === 0 ? null : c.done / closedOrMissed;
}
