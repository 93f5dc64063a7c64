import { definePort } from '../module.js';
import type { RealtimeService } from './realtime.service.js';

/** Tags (data items) and their registry, for modules that act on tags (alarms, control systems, major hazards). */
export type RealtimePort = RealtimeService;
export type { RegistryTag, RealtimeTagRegistry } from './tag-registry.js';

export const realtimePort = definePort<RealtimePort>('realtime');
