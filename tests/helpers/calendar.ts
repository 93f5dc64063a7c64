import { localParts, type PlantCalendarConfig } from '../../src/shared/domain/plant-calendar.js';

/**
 * The plant calendar with no rest weekday and a one-hour night at 03:00 or 15:00 (whichever is further ahead of
 * `now`), so that a permit a test applies for now, for up to 8 hours, keeps the grade it asks for whatever the hour
 * the test runs at (GB 30871 raises hot work at night and on rest days; those rules are tested with fixed times in
 * check.test.ts and the calendar tests, whose 10:00–12:00 windows this night never touches). Holidays are kept.
 */
export function daytimeCalendar(base: PlantCalendarConfig, now = Date.now()): PlantCalendarConfig {
  const { hour } = localParts(now, base);
  const ahead = (h: number) => (h - hour + 24) % 24;
  const from = ahead(3) >= ahead(15) ? 3 : 15;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { ...base, restWeekdays: [], night: { from: hh(from), to: hh(from + 1) } };
}
