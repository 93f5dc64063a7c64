import { definePort } from '../module.js';
import type { PermitsService } from './permits.service.js';

/**
 * Safe-work permits for other modules (statistics, the risk map, reports):
 * the service's reads and transitions, and `addWorkerCheck` for a module that
 * bars people from permit work (occupational health's contraindications).
 */
export type PermitsPort = PermitsService;
export type { BarredWorker, WorkerCheck } from './permits.service.js';

export const permitsPort = definePort<PermitsPort>('permits');
