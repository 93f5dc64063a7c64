import { z } from 'zod';
import { DAY_MS, minuteOfDay, timeOfDaySchema, type PlantCalendar } from './plant-calendar.js';

/*
 * The one scheduler's rules (ARCHITECTURE.md §9 "Schedules"): a plan's cycle
 * becomes occurrences, each a task with a due window. Inspection plans (seed 2
 * §3: cycle, times, effective time, reminder hours, pause periods), 包保 checks,
 * control-measure checks (应急〔2019〕78 号 cycles, DOMAIN.md §8: operators every
 * ≤ 2 h, workshop weekly, plant monthly, seasonal quarterly = every 3 months,
 * company half-yearly = every 6 months) and exam reminders are all plans.
 *
 * Occurrences are a pure function of the plan, the calendar and the time span
 * asked for, and each carries a key (plan id + start), so a generator may run
 * any number of times over overlapping spans and insert on the key without
 * duplicating tasks.
 *
 * Local times are read with the plant calendar's fixed offset, never the
 * server's zone; with no daylight saving, every day is 24 h long (China, UTC+8).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const every = (max: number) => z.number().int().min(1).max(max).default(1);
const times = z.array(timeOfDaySchema).min(1).max(48);

/**
 * How often. `every` counts periods from the plan's effective time: a week
 * cycle with `every: 2` runs in the effective week, two weeks later, and so on.
 */
export const scheduleCycleSchema = z.discriminatedUnion('kind', [
  /** Rounds every N hours from `at` on the effective day on, around the clock (DOMAIN.md §8: ≤ 2 h, key units ≤ 1 h). */
  z.object({ kind: z.literal('hour'), every: z.number().int().min(1).max(24), at: timeOfDaySchema.default('00:00') }),
  z.object({ kind: z.literal('day'), every: every(366), times }),
  /** Weekdays 0 Sunday … 6 Saturday, as in the plant calendar's rest weekdays. */
  z.object({ kind: z.literal('week'), every: every(52), weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7), times }),
  /** Days of the month 1–31; a day a month lacks falls on its last day (31 → 30 April, 28 or 29 February). */
  z.object({ kind: z.literal('month'), every: every(12), days: z.array(z.number().int().min(1).max(31)).min(1).max(31), times }),
]);
export type ScheduleCycle = z.output<typeof scheduleCycleSchema>;
export type CycleKind = ScheduleCycle['kind'];

/** A pause period (seed 2 §3): no occurrence whose window starts inside [start, end). */
export const schedulePauseSchema = z
  .object({ start: z.number(), end: z.number(), note: z.string().max(200).default('') })
  // Seed 2 §5 "end time cannot be earlier than start time"; an empty pause (end = start) pauses nothing.
  .refine((p) => p.end >= p.start, { message: 'inspections.endBeforeStart', path: ['end'] });
export type SchedulePause = z.output<typeof schedulePauseSchema>;

export const schedulePlanSchema = z.object({
  /** The plan's id; it prefixes every occurrence key. */
  id: z.union([z.string().min(1).max(64), z.number().int()]),
  cycle: scheduleCycleSchema,
  /** Minutes a task stays due after its start; null: until the next slot of the cycle. Never past the next slot. */
  windowMinutes: z.number().int().min(1).nullable().default(null),
  /** Effective time (seed 2 §3): nothing starts before it, and `every` counts from it. Epoch ms. */
  effectiveFrom: z.number(),
  /** Nothing starts at or after it; null: open-ended. */
  effectiveTo: z.number().nullable().default(null),
  pauses: z.array(schedulePauseSchema).max(200).default([]),
  /** Skip occurrences starting on a public holiday of the plant calendar. */
  skipHolidays: z.boolean().default(false),
  /** Skip occurrences starting on a rest day (rest weekdays not made up by 调休, and holidays). */
  skipRestDays: z.boolean().default(false),
  /** Reminder this many hours before a task's window ends (seed 2 §3 "reminder hours before expiry"); null: none. */
  reminderHours: z.number().min(0).max(24 * 31).nullable().default(null),
});
export type SchedulePlan = z.output<typeof schedulePlanSchema>;
export type SchedulePlanInput = z.input<typeof schedulePlanSchema>;

/** One task of a plan: due from `start` until `end` (epoch ms, end excluded). */
export interface Occurrence {
  /** Stable across runs: plan id and start instant. */
  key: string;
  start: number;
  end: number;
  /** When to remind the assignee: end − reminder hours, not before start; null without reminder hours. */
  remindAt: number | null;
}

export const occurrenceKey = (planId: string | number, start: number): string => `${planId}@${start}`;

const mod = (a: number, n: number) => ((a % n) + n) % n;
const sortedUnique = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Monday-start week of a local day index (day 0, 1970-01-01, was a Thursday). */
const weekIndexOf = (dayIndex: number) => Math.floor((dayIndex + 3) / 7);
const weekdayOf = (dayIndex: number) => mod(dayIndex + 4, 7);

interface Local {
  dayStart(dayIndex: number): number;
  dayIndex(t: number): number;
  monthIndex(t: number): number;
}

function localOf(cal: PlantCalendar): Local {
  const offsetMs = cal.config.utcOffsetMinutes * MINUTE_MS;
  return {
    dayStart: (d) => d * DAY_MS - offsetMs,
    dayIndex: (t) => Math.floor((t + offsetMs) / DAY_MS),
    monthIndex: (t) => {
      const p = cal.localParts(t);
      return p.year * 12 + p.month - 1;
    },
  };
}

/**
 * The cycle's slots at or after `from`, ascending, without the plan's effective
 * span, pauses or calendar skips. Endless for a valid cycle; empty for a cycle
 * with no times, weekdays or days.
 */
function* slots(plan: SchedulePlan, from: number, cal: PlantCalendar): Generator<number, void, undefined> {
  const c = plan.cycle;
  const local = localOf(cal);
  if (c.kind === 'hour') {
    const step = c.every * HOUR_MS;
    const anchor = local.dayStart(local.dayIndex(plan.effectiveFrom)) + minuteOfDay(c.at) * MINUTE_MS;
    if (!(step > 0) || Number.isNaN(anchor)) {
      return;
    }
    // The first round is at `at` on the effective day, not earlier on the grid through it.
    for (let k = Math.max(0, Math.ceil((from - anchor) / step)); ; k++) {
      yield anchor + k * step;
    }
  }
  const mins = sortedUnique(c.times.map(minuteOfDay).filter((m) => !Number.isNaN(m)));
  if (mins.length === 0) {
    return;
  }
  if (c.kind === 'month') {
    const monthDays = sortedUnique(c.days);
    if (monthDays.length === 0) {
      return;
    }
    const anchorMonth = local.monthIndex(plan.effectiveFrom);
    for (let mi = local.monthIndex(from); ; mi++) {
      if (mod(mi - anchorMonth, c.every) !== 0) {
        continue;
      }
      const year = Math.floor(mi / 12);
      const month = mod(mi, 12) + 1;
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      for (const day of sortedUnique(monthDays.map((d) => Math.min(d, lastDay)))) {
        for (const m of mins) {
          const t = cal.fromLocal(year, month, day, Math.floor(m / 60), m % 60);
          if (t >= from) {
            yield t;
          }
        }
      }
    }
  }
  const weekdays = c.kind === 'week' ? new Set(c.weekdays) : null;
  if (weekdays && weekdays.size === 0) {
    return;
  }
  const anchorDay = local.dayIndex(plan.effectiveFrom);
  for (let d = local.dayIndex(from); ; d++) {
    const onDay = weekdays ? weekdays.has(weekdayOf(d)) && mod(weekIndexOf(d) - weekIndexOf(anchorDay), c.every) === 0 : mod(d - anchorDay, c.every) === 0;
    if (!onDay) {
      continue;
    }
    for (const m of mins) {
      const t = local.dayStart(d) + m * MINUTE_MS;
      if (t >= from) {
        yield t;
      }
    }
  }
}

/** An upper bound of the time between two slots of the cycle (a month counted as 31 days). */
function longestGap(c: ScheduleCycle): number {
  switch (c.kind) {
    case 'hour':
      return c.every * HOUR_MS;
    case 'day':
      return c.every * DAY_MS;
    case 'week':
      return c.every * 7 * DAY_MS;
    case 'month':
      return c.every * 31 * DAY_MS;
  }
}

function paused(plan: SchedulePlan, t: number): boolean {
  return plan.pauses.some((p) => t >= p.start && t < p.end);
}

function skipped(plan: SchedulePlan, t: number, cal: PlantCalendar): boolean {
  return (plan.skipRestDays && cal.isRestDay(t)) || (plan.skipHolidays && cal.isHoliday(t));
}

/** Occurrences starting in [from, to), with `lowerBound` in place of the effective time's bound. */
function generate(plan: SchedulePlan, from: number, to: number, cal: PlantCalendar, lowerBound: number): Occurrence[] {
  const lo = Math.max(from, lowerBound);
  const hi = plan.effectiveTo === null ? to : Math.min(to, plan.effectiveTo);
  const out: Occurrence[] = [];
  if (!(lo < hi)) {
    return out;
  }
  const window = plan.windowMinutes === null ? null : plan.windowMinutes * MINUTE_MS;
  const reminder = plan.reminderHours === null ? null : plan.reminderHours * HOUR_MS;
  const it = slots(plan, lo, cal);
  let cur = it.next();
  while (!cur.done && cur.value < hi) {
    const start = cur.value;
    const following = it.next();
    // The next slot of the cycle, kept or not, bounds the window: windows never overlap,
    // and a window does not stretch over a skipped holiday or a pause.
    const next = following.done ? Number.POSITIVE_INFINITY : following.value;
    if (!paused(plan, start) && !skipped(plan, start, cal)) {
      const end = window === null ? next : Math.min(start + window, next);
      out.push({ key: occurrenceKey(plan.id, start), start, end, remindAt: reminder === null ? null : Math.max(start, end - reminder) });
    }
    cur = following;
  }
  return out;
}

/**
 * The plan's occurrences whose windows start in [from, to): from the effective
 * time on, before `effectiveTo`, outside pauses, and on days the calendar lets
 * the plan run. Same input, same output: a generator can run again safely.
 */
export function occurrences(plan: SchedulePlan, from: number, to: number, calendar: PlantCalendar): Occurrence[] {
  return generate(plan, from, to, calendar, plan.effectiveFrom);
}

/**
 * The first occurrence starting at or after `t`, looking at most `horizonDays`
 * ahead (a plan paused for longer, or ended, has none).
 */
export function nextOccurrence(plan: SchedulePlan, t: number, calendar: PlantCalendar, horizonDays = 731): Occurrence | null {
  const limit = t + horizonDays * DAY_MS;
  // Chunks of at least one cycle gap, so a sparse cycle is not scanned in tiny steps.
  const chunk = Math.max(31 * DAY_MS, longestGap(plan.cycle));
  for (let from = t; from < limit; from += chunk) {
    const found = occurrences(plan, from, Math.min(from + chunk, limit), calendar);
    if (found.length > 0) {
      return found[0];
    }
  }
  return null;
}

/** The occurrence whose window holds `t` (start ≤ t < end), if any. */
export function occurrenceAt(plan: SchedulePlan, t: number, calendar: PlantCalendar): Occurrence | null {
  const found = occurrences(plan, t - longestGap(plan.cycle), t + 1, calendar);
  return found.find((o) => o.start <= t && t < o.end) ?? null;
}

/**
 * Where the plan's current cycle period ends after `t`: the next slot of an
 * hour cycle, the next (aligned) local midnight of a day cycle, Monday 00:00 of
 * the next (aligned) week, the 1st 00:00 of the next (aligned) month.
 */
export function nextCycleBoundary(plan: SchedulePlan, t: number, calendar: PlantCalendar): number {
  const c = plan.cycle;
  const local = localOf(calendar);
  switch (c.kind) {
    case 'hour': {
      const it = slots(plan, t + 1, calendar).next();
      return it.done ? Number.POSITIVE_INFINITY : it.value;
    }
    case 'day': {
      const anchor = local.dayIndex(plan.effectiveFrom);
      const today = local.dayIndex(t);
      return local.dayStart(today + c.every - mod(today - anchor, c.every));
    }
    case 'week': {
      const anchorWeek = weekIndexOf(local.dayIndex(plan.effectiveFrom));
      const week = weekIndexOf(local.dayIndex(t));
      const nextWeek = week + c.every - mod(week - anchorWeek, c.every);
      // Monday of week w is day 7w − 3 (day 0 was a Thursday).
      return local.dayStart(nextWeek * 7 - 3);
    }
    case 'month': {
      const anchor = local.monthIndex(plan.effectiveFrom);
      const month = local.monthIndex(t);
      const next = month + c.every - mod(month - anchor, c.every);
      return calendar.fromLocal(Math.floor(next / 12), mod(next, 12) + 1, 1);
    }
  }
}

/**
 * Seed 2 §4: a cycle change takes effect at the next cycle, at once (which
 * resets the task list), or at a set time.
 */
export const cycleChangeModes = ['nextCycle', 'immediate', 'atTime'] as const;
export type CycleChangeMode = (typeof cycleChangeModes)[number];

/** A task the generator has already written. */
export interface ScheduledTask {
  key: string;
  start: number;
  end: number;
  /** Someone has begun it (a check-in, a record) or it is finished. */
  started: boolean;
}

export interface CycleChangeResult<T extends ScheduledTask> {
  /** From this instant the new cycle applies. */
  switchAt: number;
  /** The new plan as it is to be stored: effective from `switchAt`, which also anchors its `every`. */
  plan: SchedulePlan;
  keep: T[];
  /** Delete these before inserting `add` (a key may be dropped and added with a new window). */
  drop: T[];
  add: Occurrence[];
}

/**
 * What a cycle change does to the task list (seed 2 §4).
 *
 * - `nextCycle`: the new cycle starts where the old cycle's current period ends
 *   (`nextCycleBoundary`); tasks starting from there are replaced.
 * - `atTime`: the new cycle starts at `at`; tasks starting from then are replaced.
 * - `immediate`: the new cycle starts now (`at`) and the task list is reset: every
 *   task not started and not yet over is dropped, and the new cycle's tasks are
 *   generated from now, including the one whose window is already open.
 *
 * A started task is never dropped, and a past task (its window over) is never
 * dropped either: it is history, and a missed one still counts as missed. New
 * tasks are generated up to `horizon` (default: the latest start among the
 * current tasks, so the list covers the span it covered); the generator
 * continues from there on its next run. A task of the old list whose key and
 * window the new cycle yields again is kept rather than dropped and re-added.
 */
export function applyCycleChange<T extends ScheduledTask>(
  tasks: readonly T[],
  oldPlan: SchedulePlan,
  newPlan: SchedulePlan,
  mode: CycleChangeMode,
  at: number,
  calendar: PlantCalendar,
  horizon: number = tasks.reduce((m, x) => Math.max(m, x.start), at),
): CycleChangeResult<T> {
  const switchAt = mode === 'nextCycle' ? nextCycleBoundary(oldPlan, at, calendar) : at;
  const plan: SchedulePlan = { ...newPlan, effectiveFrom: switchAt };
  const replaced = (x: T) => !x.started && (mode === 'immediate' ? x.end > at : x.start >= switchAt);
  const keep = tasks.filter((x) => !replaced(x));
  let drop = tasks.filter(replaced);

  let add = occurrences(plan, switchAt, horizon + 1, calendar);
  if (mode === 'immediate') {
    // The new cycle's slot whose window is open now; its start lies before the effective time.
    const open = generate(plan, at - longestGap(plan.cycle), at, calendar, Number.NEGATIVE_INFINITY).filter((o) => o.end > at);
    add = [...open, ...add];
  }
  const keptKeys = new Set(keep.map((x) => x.key));
  // The new cycle's open slot may start where a kept task (an old round already over, or begun) has its key:
  // it then opens from now, so a round is due at once all the same.
  add = add
    .map((o) => (mode === 'immediate' && o.start < at && o.end > at && keptKeys.has(o.key) ? { ...o, key: occurrenceKey(plan.id, at), start: at, remindAt: o.remindAt === null ? null : Math.max(at, o.remindAt) } : o))
    .filter((o) => !keptKeys.has(o.key));

  // Unchanged tasks stay where they are, with their to-dos.
  const same = new Map(add.map((o) => [o.key, o]));
  const unchanged = drop.filter((x) => {
    const o = same.get(x.key);
    return o !== undefined && o.start === x.start && o.end === x.end;
  });
  if (unchanged.length > 0) {
    const unchangedKeys = new Set(unchanged.map((x) => x.key));
    drop = drop.filter((x) => !unchangedKeys.has(x.key));
    add = add.filter((o) => !unchangedKeys.has(o.key));
    keep.push(...unchanged);
  }
  return { switchAt, plan, keep, drop, add };
}
