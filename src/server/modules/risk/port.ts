import type { CauseEvent } from '../../../shared/domain/risk-escalation.js';
import { definePort } from '../module.js';
import type { AbnormalCheckHandler } from './checks.service.js';
import type { CauseLabel, RiskService } from './risk.service.js';

/**
 * What other modules may do with the zones' live levels: report a cause
 * starting (`{ type: 'start', cause: { kind, id, zone, attrs, start } }`) or
 * ending (`{ type: 'end', id, at }`). The rules decide what it does (DOMAIN.md §6).
 */
export interface RiskPort {
  report(event: CauseEvent, label?: CauseLabel): void;
  /** The caller's zones with their levels, as `ZoneRiskList` answers (the performance board). */
  zoneList: RiskService['zoneList'];
  /** The caller's risk points with their levels. */
  points: RiskService['points'];
  /** Runs `handler` after each control-measure check found abnormal (hidden dangers opens one: issue 21 §1, DOMAIN.md §8). */
  onAbnormalCheck(handler: AbnormalCheckHandler): void;
}

export const riskPort = definePort<RiskPort>('risk');
