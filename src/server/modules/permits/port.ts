import { definePort } from '../module.js';
import type { PermitsService } from './permits.service.js';

/** Safe-work permits for other modules (statistics, the risk map, reports): the service's reads and transitions. */
export type PermitsPort = PermitsService;

export const permitsPort = definePort<PermitsPort>('permits');
