import { afterEach, describe, expect, it } from 'vitest';
import { calendarOf, plantCalendarSchema } from '../../../src/shared/domain/plant-calendar.js';
import {
  applyCycleChange,
  nextCycleBoundary,
  nextOccurrence,
  occurrenceAt,
  occurrences,
  schedulePlanSchema,
  type Occurrence,
  type SchedulePlanInput,
  type ScheduledTask,
} from '../../../src/shared/domain/schedule.js';

/** A wall-clock time in China (UTC+8). */
const cn = (s: string) => Date.parse(`${s}+08:00`);
const H = 3_600_000;
const DAY = 24 * H;

/* The scripted month: October 2025 in China, 国办发明电〔2024〕12 号 (1–8 October off, 11 October a make-up working Saturday). */
const cal = calendarOf(
  plantCalendarSchema.parse({
    holidays: ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04', '2025-10-05', '2025-10-06', '2025-10-07', '2025-10-08'],
    workdays: ['2025-09-28', '2025-10-11'],
  }),
);
const OCT = cn('2025-10-01T00:00:00');
const NOV = cn('2025-11-01T00:00:00');

const plan = (p: Partial<SchedulePlanInput> & Pick<SchedulePlanInput, 'cycle'>) => schedulePlanSchema.parse({ id: 'P1', effectiveFrom: OCT, ...p });
/** Occurrences as local 'MM-DD HH:mm' starts, for readable expectations. */
const local = (os: readonly Occurrence[]) =>
  os.map((o) => {
    const p = cal.localParts(o.start);
    return `${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  });

describe('schedule: each cycle kind over October 2025', () => {
  it('every day at 08:00 and 20:00: 62 tasks, each due until the next slot', () => {
    const os = occurrences(plan({ cycle: { kind: 'day', times: ['20:00', '08:00'] } }), OCT, NOV, cal);
    expect(os).toHaveLength(62);
    expect(local(os.slice(0, 3))).toEqual(['10-01 08:00', '10-01 20:00', '10-02 08:00']);
    expect(os[0].end).toBe(cn('2025-10-01T20:00:00'));
    expect(os[1].end).toBe(cn('2025-10-02T08:00:00'));
    // The last window runs to the first slot of November, outside the span asked for.
    expect(os[61].end).toBe(NOV + 8 * H);
  });

  it('a window of 120 minutes ends two hours after the start', () => {
    const os = occurrences(plan({ cycle: { kind: 'day', times: ['08:00', '20:00'] }, windowMinutes: 120 }), OCT, NOV, cal);
    expect(os.every((o) => o.end - o.start === 2 * H)).toBe(true);
  });

  it('a window longer than the gap stops at the next slot (windows never overlap)', () => {
    const os = occurrences(plan({ cycle: { kind: 'day', times: ['08:00', '12:00'] }, windowMinutes: 600 }), OCT, cn('2025-10-02T00:00:00'), cal);
    expect(os.map((o) => (o.end - o.start) / H)).toEqual([4, 10]);
  });

  it('every week on Monday and Thursday at 09:00: 9 tasks', () => {
    const os = occurrences(plan({ cycle: { kind: 'week', weekdays: [1, 4], times: ['09:00'] } }), OCT, NOV, cal);
    expect(local(os)).toEqual(['10-02 09:00', '10-06 09:00', '10-09 09:00', '10-13 09:00', '10-16 09:00', '10-20 09:00', '10-23 09:00', '10-27 09:00', '10-30 09:00']);
  });

  it('every second week counts from the effective week (Monday 29 September)', () => {
    const os = occurrences(plan({ cycle: { kind: 'week', every: 2, weekdays: [1, 4], times: ['09:00'] } }), OCT, NOV, cal);
    expect(local(os)).toEqual(['10-02 09:00', '10-13 09:00', '10-16 09:00', '10-27 09:00', '10-30 09:00']);
  });

  it('every month on the 1st and 15th at 09:00', () => {
    const os = occurrences(plan({ cycle: { kind: 'month', days: [15, 1], times: ['09:00'] } }), OCT, cn('2026-01-01T00:00:00'), cal);
    expect(local(os)).toEqual(['10-01 09:00', '10-15 09:00', '11-01 09:00', '11-15 09:00', '12-01 09:00', '12-15 09:00']);
    expect(os[0].end).toBe(os[1].start);
  });

  it('the 30th and 31st fall on the last day of a shorter month, once', () => {
    const os = occurrences(plan({ cycle: { kind: 'month', days: [30, 31], times: ['09:00'] }, effectiveFrom: cn('2025-01-01T00:00:00') }), cn('2025-01-01T00:00:00'), cn('2025-05-01T00:00:00'), cal);
    expect(local(os)).toEqual(['01-30 09:00', '01-31 09:00', '02-28 09:00', '03-30 09:00', '03-31 09:00', '04-30 09:00']);
  });

  it('quarterly (应急〔2019〕78 号 seasonal checks) = every 3 months from the effective month', () => {
    const os = occurrences(plan({ cycle: { kind: 'month', every: 3, days: [1], times: ['09:00'] }, effectiveFrom: cn('2025-01-01T00:00:00') }), cn('2025-01-01T00:00:00'), cn('2026-01-01T00:00:00'), cal);
    expect(local(os)).toEqual(['01-01 09:00', '04-01 09:00', '07-01 09:00', '10-01 09:00']);
  });

  it('a round every 2 hours (DOMAIN.md §8): 12 a day, each due for 2 h', () => {
    const os = occurrences(plan({ cycle: { kind: 'hour', every: 2 } }), OCT, OCT + DAY, cal);
    expect(os).toHaveLength(12);
    expect(os.every((o) => o.end - o.start === 2 * H)).toBe(true);
    expect(local(os.slice(-1))).toEqual(['10-01 22:00']);
  });

  it('every 5 hours runs around the clock, not restarting at midnight', () => {
    const os = occurrences(plan({ cycle: { kind: 'hour', every: 5, at: '06:00' } }), OCT, OCT + 2 * DAY, cal);
    expect(local(os)).toEqual(['10-01 06:00', '10-01 11:00', '10-01 16:00', '10-01 21:00', '10-02 02:00', '10-02 07:00', '10-02 12:00', '10-02 17:00', '10-02 22:00']);
  });
});

describe('schedule: effective time, pauses, calendar', () => {
  const daily = { kind: 'day' as const, times: ['08:00', '20:00'] };

  it('nothing starts before the effective time or at or after its end', () => {
    const os = occurrences(plan({ cycle: daily, effectiveFrom: cn('2025-10-15T12:00:00'), effectiveTo: cn('2025-10-17T08:00:00') }), OCT, NOV, cal);
    expect(local(os)).toEqual(['10-15 20:00', '10-16 08:00', '10-16 20:00']);
  });

  it('no task whose window starts inside a pause [start, end)', () => {
    const pauses = [{ start: cn('2025-10-10T08:00:00'), end: cn('2025-10-11T20:00:00'), note: 'unit shut down' }];
    const os = occurrences(plan({ cycle: daily, pauses }), cn('2025-10-10T00:00:00'), cn('2025-10-13T00:00:00'), cal);
    // 10-10 08:00 is inside (start included); 10-11 20:00 is not (end excluded).
    expect(local(os)).toEqual(['10-11 20:00', '10-12 08:00', '10-12 20:00']);
  });

  it('skipping rest days: 18 working days in October 2025 (the make-up Saturday counts)', () => {
    const os = occurrences(plan({ cycle: daily, skipRestDays: true }), OCT, NOV, cal);
    expect(os).toHaveLength(36);
    expect(local(os.slice(0, 2))).toEqual(['10-09 08:00', '10-09 20:00']);
    expect(local(os)).toContain('10-11 08:00');
    expect(local(os)).not.toContain('10-12 08:00');
  });

  it('skipping holidays only: 23 days, weekends outside the holiday kept', () => {
    const os = occurrences(plan({ cycle: daily, skipHolidays: true }), OCT, NOV, cal);
    expect(os).toHaveLength(46);
    expect(local(os)).toContain('10-12 08:00');
  });

  it('the reminder is the window end less the reminder hours, not before the start', () => {
    const [a] = occurrences(plan({ cycle: daily, reminderHours: 2 }), OCT, OCT + DAY, cal);
    expect(a.remindAt).toBe(cn('2025-10-01T18:00:00'));
    const [b] = occurrences(plan({ cycle: daily, reminderHours: 24 }), OCT, OCT + DAY, cal);
    expect(b.remindAt).toBe(b.start);
    const [c] = occurrences(plan({ cycle: daily }), OCT, OCT + DAY, cal);
    expect(c.remindAt).toBeNull();
  });

  it('refuses a pause that ends before it starts, and a cycle without times', () => {
    expect(schedulePlanSchema.safeParse({ id: 1, effectiveFrom: OCT, cycle: daily, pauses: [{ start: 2, end: 1 }] }).success).toBe(false);
    expect(schedulePlanSchema.safeParse({ id: 1, effectiveFrom: OCT, cycle: { kind: 'day', times: [] } }).success).toBe(false);
    expect(schedulePlanSchema.safeParse({ id: 1, effectiveFrom: OCT, cycle: { kind: 'week', weekdays: [], times: ['08:00'] } }).success).toBe(false);
  });
});

describe('schedule: keys, next occurrence, the occurrence at a time', () => {
  const p = plan({ cycle: { kind: 'day', times: ['08:00', '20:00'] }, skipRestDays: true });

  it('is idempotent: overlapping runs yield the same keys once merged', () => {
    const whole = occurrences(p, OCT, NOV, cal);
    const merged = new Map([...occurrences(p, OCT, cn('2025-10-20T00:00:00'), cal), ...occurrences(p, cn('2025-10-10T09:00:00'), NOV, cal)].map((o) => [o.key, o]));
    expect([...merged.values()].sort((a, b) => a.start - b.start)).toEqual(whole);
    expect(occurrences(p, OCT, NOV, cal)).toEqual(whole);
    expect(new Set(whole.map((o) => o.key)).size).toBe(whole.length);
    expect(whole[0].key).toBe(`P1@${cn('2025-10-09T08:00:00')}`);
  });

  it('the next occurrence skips the holiday', () => {
    expect(nextOccurrence(p, cn('2025-09-30T21:00:00'), cal)?.start).toBe(cn('2025-10-09T08:00:00'));
    expect(nextOccurrence(p, cn('2025-10-09T08:00:00'), cal)?.start).toBe(cn('2025-10-09T08:00:00'));
    const ended = plan({ cycle: { kind: 'day', times: ['08:00'] }, effectiveTo: cn('2025-10-02T00:00:00') });
    expect(nextOccurrence(ended, cn('2025-10-05T00:00:00'), cal)).toBeNull();
  });

  it('the occurrence whose window holds a time', () => {
    expect(occurrenceAt(p, cn('2025-10-09T19:59:59'), cal)?.start).toBe(cn('2025-10-09T08:00:00'));
    expect(occurrenceAt(p, cn('2025-10-09T20:00:00'), cal)?.start).toBe(cn('2025-10-09T20:00:00'));
    const windowed = plan({ cycle: { kind: 'day', times: ['08:00'] }, windowMinutes: 60 });
    expect(occurrenceAt(windowed, cn('2025-10-09T09:00:00'), cal)).toBeNull();
  });
});

describe('schedule: no daylight saving, whatever the server zone', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = savedTz;
    }
  });

  it('a plant on fixed UTC+1 keeps 24 h days across the EU clock change of 26 October 2025', () => {
    const cet = calendarOf(plantCalendarSchema.parse({ utcOffsetMinutes: 60 }));
    const p = plan({ cycle: { kind: 'day', times: ['02:30'] }, effectiveFrom: Date.parse('2025-10-24T00:00:00+01:00') });
    const run = () => occurrences(p, Date.parse('2025-10-24T00:00:00+01:00'), Date.parse('2025-10-29T00:00:00+01:00'), cet);
    process.env.TZ = 'Europe/Berlin';
    const berlin = run();
    process.env.TZ = 'Asia/Shanghai';
    expect(run()).toEqual(berlin);
    expect(berlin).toHaveLength(5);
    expect(berlin.every((o) => o.end - o.start === DAY)).toBe(true);
    expect(berlin[2].start).toBe(Date.parse('2025-10-26T01:30:00Z'));
  });
});

describe('schedule: cycle changes (seed 2 §4)', () => {
  const old = plan({ cycle: { kind: 'day', times: ['08:00', '20:00'] }, windowMinutes: 240 });
  const fresh = plan({ cycle: { kind: 'day', times: ['09:00', '13:00'] }, windowMinutes: 240 });
  /** The tasks written for 13–15 October; the ones before `startedBefore` were started. */
  const tasksFor = (startedUpTo: number): ScheduledTask[] =>
    occurrences(old, cn('2025-10-13T00:00:00'), cn('2025-10-16T00:00:00'), cal).map((o) => ({ key: o.key, start: o.start, end: o.end, started: o.start <= startedUpTo }));
  const names = (xs: readonly { start: number }[]) => local(xs.map((x) => ({ key: '', start: x.start, end: 0, remindAt: null })));

  it('at the next cycle: from the next day on', () => {
    const r = applyCycleChange(tasksFor(cn('2025-10-14T08:00:00')), old, fresh, 'nextCycle', cn('2025-10-14T10:00:00'), cal);
    expect(r.switchAt).toBe(cn('2025-10-15T00:00:00'));
    expect(names(r.keep)).toEqual(['10-13 08:00', '10-13 20:00', '10-14 08:00', '10-14 20:00']);
    expect(names(r.drop)).toEqual(['10-15 08:00', '10-15 20:00']);
    expect(names(r.add)).toEqual(['10-15 09:00', '10-15 13:00']);
    expect(r.plan.effectiveFrom).toBe(r.switchAt);
  });

  it('at a set time: tasks from then on are replaced', () => {
    const r = applyCycleChange(tasksFor(cn('2025-10-14T08:00:00')), old, fresh, 'atTime', cn('2025-10-14T18:00:00'), cal);
    expect(r.switchAt).toBe(cn('2025-10-14T18:00:00'));
    expect(names(r.keep)).toEqual(['10-13 08:00', '10-13 20:00', '10-14 08:00']);
    expect(names(r.drop)).toEqual(['10-14 20:00', '10-15 08:00', '10-15 20:00']);
    expect(names(r.add)).toEqual(['10-15 09:00', '10-15 13:00']);
  });

  it('at once: resets the open and future tasks not started, keeps history and started work, adds the open window', () => {
    // Nothing was started on the 13th (missed, history); nothing on the 14th either.
    const tasks = tasksFor(cn('2025-10-12T00:00:00'));
    const r = applyCycleChange(tasks, old, fresh, 'immediate', cn('2025-10-14T10:00:00'), cal);
    expect(r.switchAt).toBe(cn('2025-10-14T10:00:00'));
    expect(names(r.keep)).toEqual(['10-13 08:00', '10-13 20:00']);
    expect(names(r.drop)).toEqual(['10-14 08:00', '10-14 20:00', '10-15 08:00', '10-15 20:00']);
    // 09:00–13:00 is open at 10:00, so it is due now.
    expect(names(r.add)).toEqual(['10-14 09:00', '10-14 13:00', '10-15 09:00', '10-15 13:00']);
  });

  it('at once: a started task is never dropped', () => {
    const r = applyCycleChange(tasksFor(cn('2025-10-14T08:00:00')), old, fresh, 'immediate', cn('2025-10-14T10:00:00'), cal);
    expect(names(r.keep)).toEqual(['10-13 08:00', '10-13 20:00', '10-14 08:00']);
    expect(names(r.drop)).toEqual(['10-14 20:00', '10-15 08:00', '10-15 20:00']);
  });

  it('a task the new cycle yields again, same window, stays; a changed window is dropped and added', () => {
    const tasks = tasksFor(0);
    const same = applyCycleChange(tasks, old, { ...old, reminderHours: 1 }, 'atTime', cn('2025-10-14T00:00:00'), cal);
    expect(same.drop).toEqual([]);
    expect(same.add).toEqual([]);
    expect(same.keep).toHaveLength(6);
    const shorter = applyCycleChange(tasks, old, { ...old, windowMinutes: 60 }, 'atTime', cn('2025-10-14T00:00:00'), cal);
    expect(names(shorter.drop)).toEqual(names(shorter.add));
    expect(shorter.add.every((o) => o.end - o.start === H)).toBe(true);
  });

  it('at once from 2-hourly to hourly rounds: the round open now is due at once', () => {
    const twoHourly = plan({ cycle: { kind: 'hour', every: 2 } });
    const hourly = plan({ cycle: { kind: 'hour', every: 1 } });
    const tasks = occurrences(twoHourly, cn('2025-10-14T08:00:00'), cn('2025-10-14T14:00:00'), cal).map((o) => ({ ...o, started: o.start < cn('2025-10-14T10:00:00') }));
    const r = applyCycleChange(tasks, twoHourly, hourly, 'immediate', cn('2025-10-14T10:30:00'), cal);
    expect(names(r.keep)).toEqual(['10-14 08:00']);
    expect(names(r.drop)).toEqual(['10-14 10:00', '10-14 12:00']);
    expect(names(r.add)).toEqual(['10-14 10:00', '10-14 11:00', '10-14 12:00']);
    expect(r.add[0].end).toBe(cn('2025-10-14T11:00:00'));
  });

  it('the generator continues the new cycle with the same keys', () => {
    const r = applyCycleChange(tasksFor(0), old, fresh, 'nextCycle', cn('2025-10-14T10:00:00'), cal);
    const later = occurrences(r.plan, r.switchAt, cn('2025-10-17T00:00:00'), cal);
    expect(later.slice(0, r.add.length)).toEqual(r.add);
  });

  it.each([
    ['hour (every 2 h)', { kind: 'hour' as const, every: 2 }, '2025-10-14T10:30:00', '2025-10-14T12:00:00'],
    ['day', { kind: 'day' as const, times: ['08:00'] }, '2025-10-14T00:00:00', '2025-10-15T00:00:00'],
    ['week (Monday start)', { kind: 'week' as const, weekdays: [3], times: ['08:00'] }, '2025-10-14T10:00:00', '2025-10-20T00:00:00'],
    ['week, every 2 from the week of 29 September', { kind: 'week' as const, every: 2, weekdays: [3], times: ['08:00'] }, '2025-10-14T10:00:00', '2025-10-27T00:00:00'],
    ['month', { kind: 'month' as const, days: [1], times: ['08:00'] }, '2025-10-31T23:59:00', '2025-11-01T00:00:00'],
    ['month, every 3 from October', { kind: 'month' as const, every: 3, days: [1], times: ['08:00'] }, '2025-10-14T10:00:00', '2026-01-01T00:00:00'],
  ])('the next cycle of a %s plan', (_name, cycle, t, boundary) => {
    expect(nextCycleBoundary(plan({ cycle }), cn(t), cal)).toBe(cn(boundary));
  });
});
