import { z } from 'zod';

/*
 * The plant calendar (DOMAIN.md §7, §8): the plant's time zone, rest weekdays,
 * public holidays, 调休 make-up working days and night hours, as data a plant
 * edits. Hot-work grades rise on holidays, rest days and at night (GB 30871-2022,
 * hot work; DOMAIN.md §7), schedules skip rest days and holidays when a plan says so, and shift
 * rules read the local hour.
 *
 * Everything is computed with the calendar's fixed UTC offset, never with the
 * server's own time zone (no `Date#getHours`), so two servers in different zones
 * answer the same. China has kept one offset (UTC+8) without daylight saving
 * since 1991, so a fixed offset is exact there; a plant elsewhere with daylight
 * saving would need a zone name, which nothing here needs yet.
 */

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const dayKeyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const hhmmPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether 'YYYY-MM-DD' names a real calendar date (2025-02-29 does not). */
export function isDayKey(s: string): boolean {
  const m = dayKeyPattern.exec(s);
  if (!m) {
    return false;
  }
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Minutes after local midnight of 'HH:mm' (00:00–23:59); NaN for anything else. */
export function minuteOfDay(hhmm: string): number {
  const m = hhmmPattern.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** A calendar date, 'YYYY-MM-DD'. */
export const dayKeySchema = z.string().refine(isDayKey, 'validation.badFormat');
/** A local time of day, 'HH:mm' on the 24-hour clock. */
export const timeOfDaySchema = z.string().regex(hhmmPattern, 'validation.badFormat');

export const plantCalendarSchema = z.object({
  /** Minutes east of UTC; China (UTC+8) is 480. */
  utcOffsetMinutes: z.number().int().min(-12 * 60).max(14 * 60).default(480),
  /** Weekdays the plant's office rests, 0 Sunday … 6 Saturday (JavaScript's numbering). */
  restWeekdays: z.array(z.number().int().min(0).max(6)).max(7).default([6, 0]),
  /** Public holidays (法定节假日 and the days added to them by 调休), 'YYYY-MM-DD'. */
  holidays: z.array(dayKeySchema).max(1000).default([]),
  /** 调休 make-up working days: a rest weekday on which the plant works as on any weekday. */
  workdays: z.array(dayKeySchema).max(1000).default([]),
  /** Night hours; `from` after `to` wraps past midnight. Default 22:00–06:00. */
  night: z.object({ from: timeOfDaySchema, to: timeOfDaySchema }).default({ from: '22:00', to: '06:00' }),
});
export type PlantCalendarConfig = z.output<typeof plantCalendarSchema>;
export type PlantCalendarInput = z.input<typeof plantCalendarSchema>;

/** China's defaults: UTC+8, Saturday and Sunday off, no holidays listed, night 22:00–06:00. */
export const defaultPlantCalendar: PlantCalendarConfig = plantCalendarSchema.parse({});

/** A moment as the plant's wall clock shows it. */
export interface LocalParts {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes after local midnight, 0–1439. */
  minuteOfDay: number;
  /** Whole local days since 1970-01-01 (local), for cycle arithmetic. */
  dayIndex: number;
}

/**
 * What other rules read of the calendar. Permit rules (GB 30871-2022 hot-work
 * grades) need only `isHoliday`, `isRestDay`, `isNight` and `dayKey`; the
 * scheduler needs the rest.
 */
export interface PlantCalendar {
  readonly config: PlantCalendarConfig;
  dayKey(t: number): string;
  isHoliday(t: number): boolean;
  isRestDay(t: number): boolean;
  isNight(t: number): boolean;
  localParts(t: number): LocalParts;
  startOfLocalDay(t: number): number;
  /** The instant of a local wall-clock time; month and day overflow roll over as in Date.UTC. */
  fromLocal(year: number, month: number, day: number, hour?: number, minute?: number): number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Index of the local day a time falls in; floor, so times before 1970 work too. */
function dayIndexOf(t: number, offsetMin: number): number {
  return Math.floor((t + offsetMin * MINUTE_MS) / DAY_MS);
}

function partsOf(t: number, offsetMin: number): LocalParts {
  // A Date shifted by the offset and read with the UTC getters is the local wall clock.
  const d = new Date(t + offsetMin * MINUTE_MS);
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour,
    minute,
    second: d.getUTCSeconds(),
    minuteOfDay: hour * 60 + minute,
    dayIndex: dayIndexOf(t, offsetMin),
  };
}

/** The local day index of a 'YYYY-MM-DD' date. */
function dayIndexOfKey(key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/**
 * The calendar with its lists as sets of local day indexes, built once per
 * configuration object; the day tests are then arithmetic on the time, which
 * the scheduler calls once per slot.
 */
export function calendarOf(config: PlantCalendarConfig = defaultPlantCalendar): PlantCalendar {
  const offset = config.utcOffsetMinutes;
  const holidays = new Set(config.holidays.map(dayIndexOfKey));
  const workdays = new Set(config.workdays.map(dayIndexOfKey));
  const rest = new Set(config.restWeekdays);
  const nightFrom = minuteOfDay(config.night.from);
  const nightTo = minuteOfDay(config.night.to);
  const localMs = (t: number) => t + offset * MINUTE_MS;
  return {
    config,
    dayKey: (t) => {
      const p = partsOf(t, offset);
      return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
    },
    isHoliday: (t) => holidays.has(dayIndexOf(t, offset)),
    isRestDay: (t) => {
      const d = dayIndexOf(t, offset);
      if (holidays.has(d)) {
        return true;
      }
      // Local day 0, 1970-01-01, was a Thursday.
      const weekday = (((d + 4) % 7) + 7) % 7;
      return rest.has(weekday) && !workdays.has(d);
    },
    isNight: (t) => {
      const m = Math.floor((((localMs(t) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
      // Closed at the start, open at the end: 22:00 is night, 06:00 is day. from === to: no night.
      return nightFrom <= nightTo ? m >= nightFrom && m < nightTo : m >= nightFrom || m < nightTo;
    },
    localParts: (t) => partsOf(t, offset),
    startOfLocalDay: (t) => dayIndexOf(t, offset) * DAY_MS - offset * MINUTE_MS,
    fromLocal: (year, month, day, hour = 0, minute = 0) => Date.UTC(year, month - 1, day, hour, minute) - offset * MINUTE_MS,
  };
}

// The free functions below keep one compiled calendar per configuration object; a
// configuration is treated as immutable (parse a new one to change it).
const compiled = new WeakMap<PlantCalendarConfig, PlantCalendar>();
function cal(config: PlantCalendarConfig): PlantCalendar {
  let c = compiled.get(config);
  if (!c) {
    c = calendarOf(config);
    compiled.set(config, c);
  }
  return c;
}

/** The local date of a time, 'YYYY-MM-DD'. */
export const dayKey = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): string => cal(config).dayKey(t);
/** Whether the local date is a listed public holiday. */
export const isHoliday = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): boolean => cal(config).isHoliday(t);
/** A holiday, or a rest weekday that is not a 调休 make-up working day. */
export const isRestDay = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): boolean => cal(config).isRestDay(t);
/** Inside the night hours (start included, end excluded). */
export const isNight = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): boolean => cal(config).isNight(t);
export const localParts = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): LocalParts => cal(config).localParts(t);
/** The instant of local midnight that begins the day `t` falls in. */
export const startOfLocalDay = (t: number, config: PlantCalendarConfig = defaultPlantCalendar): number => cal(config).startOfLocalDay(t);
