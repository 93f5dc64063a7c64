import type { CauseEvent } from '../../../shared/domain/risk-escalation.js';
import { definePort } from '../module.js';

/**
 * What other modules may do with the zones' live levels: report a cause
 * starting (`{ type: 'start', cause: { kind, id, zone, attrs, start } }`) or
 * ending (`{ type: 'end', id, at }`). The rules decide what it does (DOMAIN.md §6).
 */
export interface RiskPort {
  report(event: CauseEvent): void;
}

export const riskPort = definePort<RiskPort>('risk');
