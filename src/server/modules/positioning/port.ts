import type { ZoneVisit } from '../../../shared/domain/zone-visits.js';
import { definePort } from '../module.js';

/**
 * What other modules may read of positioning without its tables: who was
 * inside a circle on the plant and when, from the stored fixes (permits: the
 * people in a work zone, issue 25 §7 PersonnelLocationRecord).
 */
export interface PositioningPort {
  /** Stays of every tag within `radiusM` of (`lng`, `lat`) over [from, to), by their start; no region isolation (the caller applies its own). */
  zoneVisits(q: { lng: number; lat: number; radiusM: number; from: number; to: number }): Promise<ZoneVisit[]>;
}

export const positioningPort = definePort<PositioningPort>('positioning');
