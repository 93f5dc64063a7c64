import { definePort } from '../module.js';
import type { AlarmService } from './alarm.service.js';

/** Raising and clearing alarms of other modules (positioning fences, system faults), and reading them. */
export type AlarmsPort = AlarmService;

export const alarmsPort = definePort<AlarmsPort>('alarms');
