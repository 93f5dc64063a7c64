import { definePort } from '../module.js';
import type { InspectionsService } from './inspections.service.js';

/** What other modules may ask of inspections: the missed-check rate (the performance board). */
export type InspectionsPort = Pick<InspectionsService, 'missedRate'>;

export const inspectionsPort = definePort<InspectionsPort>('inspections');
