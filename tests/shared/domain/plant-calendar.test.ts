import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarOf,
  dayKey,
  defaultPlantCalendar,
  isHoliday,
  isNight,
  isRestDay,
  localParts,
  plantCalendarSchema,
  startOfLocalDay,
} from '../../../src/shared/domain/plant-calendar.js';

/** A wall-clock time in China (UTC+8), independent of the machine's zone. */
const cn = (s: string) => Date.parse(`${s}+08:00`);

/*
 * 国办发明电〔2024〕12 号 (2025 holidays): 国庆节、中秋节 10月1日（周三）至8日（周三）
 * 放假调休，共8天；9月28日（周日）、10月11日（周六）上班.
 */
const october2025 = plantCalendarSchema.parse({
  holidays: ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04', '2025-10-05', '2025-10-06', '2025-10-07', '2025-10-08'],
  workdays: ['2025-09-28', '2025-10-11'],
});

describe('plant calendar: offset', () => {
  it('reads the local date with the fixed offset, not the machine zone', () => {
    const t = cn('2025-10-01T00:30:00'); // 2025-09-30T16:30Z
    expect(dayKey(t)).toBe('2025-10-01');
    expect(dayKey(t, plantCalendarSchema.parse({ utcOffsetMinutes: 0 }))).toBe('2025-09-30');
    expect(localParts(t)).toMatchObject({ year: 2025, month: 10, day: 1, weekday: 3, hour: 0, minute: 30, minuteOfDay: 30 });
  });

  it.each([
    ['China, just after midnight', 480, '2025-10-01T00:30:00+08:00', '2025-10-01T00:00:00+08:00'],
    ['China, just before midnight', 480, '2025-10-01T23:59:59+08:00', '2025-10-01T00:00:00+08:00'],
    ['UTC−5', -300, '2025-10-01T02:00:00-05:00', '2025-10-01T00:00:00-05:00'],
    ['before 1970', 480, '1969-12-31T12:00:00+08:00', '1969-12-31T00:00:00+08:00'],
  ])('start of the local day: %s', (_name, offset, t, start) => {
    const config = plantCalendarSchema.parse({ utcOffsetMinutes: offset });
    expect(startOfLocalDay(Date.parse(t), config)).toBe(Date.parse(start));
  });

  it('fromLocal is the inverse of localParts', () => {
    const cal = calendarOf();
    expect(cal.fromLocal(2025, 10, 1, 8, 0)).toBe(cn('2025-10-01T08:00:00'));
    // Overflow rolls over as Date.UTC does: 32 October is 1 November.
    expect(cal.fromLocal(2025, 10, 32)).toBe(cn('2025-11-01T00:00:00'));
  });

  const savedTz = process.env.TZ;
  afterEach(() => {
    // Test files share a worker (isolate: false); assigning undefined would set the string 'undefined'.
    if (savedTz === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = savedTz;
    }
  });
  it('answers the same whatever zone the server runs in', () => {
    // Times whose date, weekday or hour differ between these zones.
    const times = [cn('2025-10-04T23:30:00'), cn('2025-10-12T01:00:00'), cn('2025-10-26T02:30:00')];
    const answer = () => times.map((t) => [dayKey(t, october2025), isRestDay(t, october2025), isNight(t, october2025), startOfLocalDay(t, october2025)]);
    process.env.TZ = 'Asia/Shanghai';
    const shanghai = answer();
    expect(shanghai).toEqual([
      ['2025-10-04', true, true, cn('2025-10-04T00:00:00')],
      ['2025-10-12', true, true, cn('2025-10-12T00:00:00')],
      ['2025-10-26', true, true, cn('2025-10-26T00:00:00')],
    ]);
    process.env.TZ = 'America/New_York';
    const newYork = answer();
    process.env.TZ = 'Europe/Berlin'; // 2025-10-26 is the EU's change back from summer time
    expect(answer()).toEqual(shanghai);
    expect(newYork).toEqual(shanghai);
  });
});

describe('plant calendar: rest days, holidays and 调休 make-up days (国办发明电〔2024〕12 号)', () => {
  it.each([
    ['2025-09-27', 'Sat', false, true],
    ['2025-09-28', 'Sun, make-up working day', false, false],
    ['2025-09-29', 'Mon', false, false],
    ['2025-10-01', 'Wed, National Day', true, true],
    ['2025-10-04', 'Sat inside the holiday', true, true],
    ['2025-10-08', 'Wed, last holiday', true, true],
    ['2025-10-09', 'Thu', false, false],
    ['2025-10-11', 'Sat, make-up working day', false, false],
    ['2025-10-12', 'Sun', false, true],
  ])('%s (%s): holiday %s, rest day %s', (day, _label, holiday, rest) => {
    for (const time of ['00:00:00', '12:00:00', '23:59:59']) {
      const t = cn(`${day}T${time}`);
      expect(isHoliday(t, october2025)).toBe(holiday);
      expect(isRestDay(t, october2025)).toBe(rest);
    }
  });

  it('a holiday stays a rest day even if also listed as a workday', () => {
    const config = plantCalendarSchema.parse({ holidays: ['2025-10-01'], workdays: ['2025-10-01'] });
    expect(isRestDay(cn('2025-10-01T10:00:00'), config)).toBe(true);
  });

  it('rest weekdays are data: a plant resting on Sunday only works Saturdays', () => {
    const config = plantCalendarSchema.parse({ restWeekdays: [0] });
    expect(isRestDay(cn('2025-09-27T10:00:00'), config)).toBe(false);
    expect(isRestDay(cn('2025-09-28T10:00:00'), config)).toBe(true);
  });
});

describe('plant calendar: night (default 22:00–06:00, wraps midnight)', () => {
  it.each([
    ['21:59:59', false],
    ['22:00:00', true],
    ['23:59:59', true],
    ['00:00:00', true],
    ['05:59:59', true],
    ['06:00:00', false],
    ['12:00:00', false],
  ])('%s night: %s', (time, night) => {
    expect(isNight(cn(`2025-10-15T${time}`))).toBe(night);
  });

  it.each([
    [{ from: '01:00', to: '05:00' }, '00:59', false],
    [{ from: '01:00', to: '05:00' }, '01:00', true],
    [{ from: '01:00', to: '05:00' }, '05:00', false],
    [{ from: '00:00', to: '00:00' }, '03:00', false],
  ])('night %j at %s: %s', (night, time, expected) => {
    expect(isNight(cn(`2025-10-15T${time}:00`), plantCalendarSchema.parse({ night }))).toBe(expected);
  });
});

describe('plant calendar: configuration', () => {
  it('defaults to China: UTC+8, Saturday and Sunday, night 22:00–06:00', () => {
    expect(defaultPlantCalendar).toEqual({ utcOffsetMinutes: 480, restWeekdays: [6, 0], holidays: [], workdays: [], night: { from: '22:00', to: '06:00' } });
  });

  it.each([
    [{ holidays: ['2025-02-29'] }],
    [{ holidays: ['2025-1-1'] }],
    [{ workdays: ['yesterday'] }],
    [{ night: { from: '24:00', to: '06:00' } }],
    [{ night: { from: '7:00', to: '06:00' } }],
    [{ restWeekdays: [7] }],
    [{ utcOffsetMinutes: 481.5 }],
  ])('refuses %j', (input) => {
    expect(plantCalendarSchema.safeParse(input).success).toBe(false);
  });

  it('serves the permit rules through the interface they declare', () => {
    // The shape GB 30871 hot-work grading reads (DOMAIN.md §7).
    interface PermitCalendar {
      isHoliday(t: number): boolean;
      isRestDay(t: number): boolean;
      isNight(t: number): boolean;
      dayKey(t: number): string;
    }
    const cal: PermitCalendar = calendarOf(october2025);
    const t = cn('2025-10-02T23:00:00');
    expect([cal.isHoliday(t), cal.isRestDay(t), cal.isNight(t), cal.dayKey(t)]).toEqual([true, true, true, '2025-10-02']);
  });
});
