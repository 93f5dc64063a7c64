import { localParts, type PlantCalendarConfig } from '../../src/shared/domain/plant-calendar.js';

const hhmm = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`;

/**
 * The plant calendar with its night moved half a day away from `now` and no
 * rest weekday, so that a permit a test applies for now, for a few hours, keeps
 * the grade it asks for whatever the hour the test runs at (GB 30871 raises hot
 * work at night and on rest days: the rules themselves are tested with fixed
 * times in check.test.ts). Holidays are kept as they are.
 */
export function daytimeCalendar(base: PlantCalendarConfig, now = Date.now()): PlantCalendarConfig {
  const { hour } = localParts(now, base);
  return { ...base, restWeekdays: [], night: { from: hhmm(hour + 12), to: hhmm(hour + 13) } };
}
