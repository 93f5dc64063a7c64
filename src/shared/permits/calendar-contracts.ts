import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { plantCalendarSchema } from '../domain/plant-calendar.js';

/*
 * The plant calendar (`/systemConfig/holidaySpecialTimeConfig`, DOMAIN.md §7):
 * time zone, rest weekdays, holidays, 调休 working days and night hours. The
 * permit rules (`UAPI/WorkingBill/Check`, hot-work grade raise) and the
 * scheduler read it from the store on every judgement.
 */

export const plantCalendarGet = defineContract({
  method: 'POST',
  path: '/UAPI/SystemConfig/HolidaySpecialTimeGet',
  input: z.object({}),
  output: plantCalendarSchema,
  permission: 'system:config',
});

export const plantCalendarSave = defineContract({
  method: 'POST',
  path: '/UAPI/SystemConfig/HolidaySpecialTimeSave',
  input: plantCalendarSchema,
  output: plantCalendarSchema,
  permission: 'system:config',
});
