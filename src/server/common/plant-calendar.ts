import { plantCalendarSchema, type PlantCalendarConfig } from '../../shared/domain/plant-calendar.js';
import type { Db, Tx } from '../store/db.js';
import { saveSystemConfigValue, systemConfigJson } from './system-config.js';

/*
 * The plant calendar as the store keeps it (DOMAIN.md §7, §8): one
 * `system_config` row the /systemConfig/holidaySpecialTimeConfig page edits
 * (schedules module). Read here once for every module that needs the plant's
 * clock: the scheduler, hot-work grades of permits, times printed on documents.
 */

export const PLANT_CALENDAR_KEY = 'plantCalendar';

/** The stored calendar, or China's defaults (UTC+8, weekends off, night 22:00–06:00) while none is saved or it cannot be read. */
export async function loadPlantCalendar(db: Db | Tx): Promise<PlantCalendarConfig> {
  const parsed = plantCalendarSchema.safeParse((await systemConfigJson(db, PLANT_CALENDAR_KEY)) ?? {});
  return parsed.success ? parsed.data : plantCalendarSchema.parse({});
}

/** Stores the calendar (in the caller's transaction, with its audit row). */
export async function savePlantCalendar(tx: Tx, config: PlantCalendarConfig): Promise<void> {
  await saveSystemConfigValue(tx, PLANT_CALENDAR_KEY, JSON.stringify(config));
}
