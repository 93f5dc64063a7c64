import type { Cause } from './risk-escalation.js';
import { haversineDistance } from './geometry.js';
import type { HotGrade, PermitType } from './gb30871-input.js';

/*
 * How safe-work permits act on the rest of the plant and on each other
 * (GB 30871-2022, DOMAIN.md §6 and §7; issue 25 §5):
 * - a permit in effect is a cause on the four-colour map (the risk rules of
 *   `risk-escalation.ts` decide what it does: 特级/一级 hot work and confined
 *   space raise their zone one level);
 * - a gas detector's alarm in or near the work zone suspends hot-work and
 *   confined-space permits there;
 * - conflicts between permits: hot work within 30 m of an open blind-plate job
 *   (GB 30871-2022 §7 盲板抽堵作业: no hot work within 30 m of the blind), and
 *   two blind-plate jobs on one line (§7: 同一管道上不应同时进行两处及以上盲板抽堵作业).
 */

/** The permit as these rules read it. */
export interface PermitFacts {
  id: number;
  number: string;
  type: PermitType;
  grade: HotGrade | null;
  /** Grade after the calendar and wind raise; the one the map shows. */
  effectiveGrade: HotGrade | null;
  status: string;
  regionId: number | null;
  lng: number;
  lat: number;
  /** Blind plate: the process line (pipeline number) the blind sits on. */
  line?: string | null;
  /** When the work took effect (or resumed). */
  startedAt: number | null;
}

/** Permit types as the escalation rules name them (`defaultEscalationRules`). */
export const escalationType: Record<PermitType, string> = {
  hot: 'hot-work',
  confined: 'confined-space',
  blind: 'blind-plate',
  lifting: 'lifting',
  height: 'work-at-height',
  power: 'temporary-power',
  excavation: 'excavation',
  road: 'road-breaking',
};

/** Hot-work grades as the escalation rules name them: 特级 special, 一级 first, 二级 second. */
export const escalationGrade: Record<HotGrade, string> = { special: 'special', '1': 'first', '2': 'second' };

export const permitCauseId = (id: number) => `permit:${id}`;

/**
 * The cause a permit in effect gives its zone, or null (not in effect, or no
 * zone). Its grade is the effective one: a 二级 job raised to 一级 at night is
 * managed as 一级, on the map too.
 */
export function permitCause(p: PermitFacts, now: number): Cause | null {
  if (p.status !== 'active' || p.regionId === null) {
    return null;
  }
  const grade = p.effectiveGrade ?? p.grade;
  return {
    kind: 'permit',
    id: permitCauseId(p.id),
    zone: String(p.regionId),
    attrs: { type: escalationType[p.type], ...(grade ? { grade: escalationGrade[grade] } : {}), number: p.number },
    start: Math.min(p.startedAt ?? now, now),
  };
}

// ------------------------------------------------------------------ gas alarms

/** Permit types a gas alarm suspends (issue 25 §5). */
export const gasSuspendedTypes: readonly PermitType[] = ['hot', 'confined'];
/** Alarm types of a gas detector that suspend work: its first (H) and second (HH) level alarms. */
export const suspendingGasAlarmTypes: readonly string[] = ['h', 'hh'];

/**
 * Whether a region is "in or near" a work zone: the same region, or one
 * containing the other (an alarm in the tank farm TF concerns work in TF-A,
 * an alarm in TF-A concerns work registered on TF as a whole).
 */
export function regionsNear(a: number, b: number, parentOf: ReadonlyMap<number, number>): boolean {
  const chain = (id: number) => {
    const out: number[] = [];
    const seen = new Set<number>();
    for (let cur: number | undefined = id; cur !== undefined && cur > 0 && !seen.has(cur); cur = parentOf.get(cur)) {
      seen.add(cur);
      out.push(cur);
    }
    return out;
  };
  return chain(a).includes(b) || chain(b).includes(a);
}

/** A gas detector's alarm as this rule reads it. */
export interface GasAlarmFacts {
  type: string;
  regionId: number | null;
  /** The alarm's source reads combustible or toxic gas (a tag of kind `lel` or `ppm`). */
  gasDetector: boolean;
  /** The alarm is an emergency shutdown (ESD) trip: the discrete alarm of a device's ESD status tag (any level). */
  esd?: boolean;
}

/**
 * Whether an alarm suspends this permit: a gas detector's H/HH alarm, or an
 * emergency shutdown trip, in or near the zone of hot work or confined space
 * in effect (issue 25 §5).
 */
export function gasAlarmSuspends(p: Pick<PermitFacts, 'type' | 'status' | 'regionId'>, alarm: GasAlarmFacts, parentOf: ReadonlyMap<number, number>): boolean {
  return (
    p.status === 'active' &&
    gasSuspendedTypes.includes(p.type) &&
    (alarm.esd === true || (alarm.gasDetector && suspendingGasAlarmTypes.includes(alarm.type))) &&
    alarm.regionId !== null &&
    p.regionId !== null &&
    regionsNear(p.regionId, alarm.regionId, parentOf)
  );
}

// ------------------------------------------------------------------ conflicts

/** Hot work may not be done within this distance of a blind-plate job (GB 30871-2022 §7). */
export const HOT_NEAR_BLIND_M = 30;

/** Statuses in which a permit's work is open (signed for, in effect or suspended, not yet completed). */
export const openStatuses = ['approved', 'active', 'suspended'] as const;
/** Statuses in which the work is in effect on site (a suspended job still has its blind out, its flange open). */
export const inEffectStatuses = ['active', 'suspended'] as const;

export interface PermitConflict {
  code: 'permits.conflictHotNearBlind' | 'permits.conflictBlindNearHot' | 'permits.conflictSameLine';
  /** The body field at fault. */
  field: 'lng' | 'line';
  /** `refuse` stops the transition; `warn` is shown and lets it go on. */
  severity: 'refuse' | 'warn';
  otherId: number;
  otherNumber: string;
  distanceM?: number;
}

/**
 * Conflicts of a permit with the others, at a moment of its life: `apply`
 * (the others may be anything not closed) or `start` (it is about to take
 * effect). Rules:
 * - hot work within 30 m (inclusive) of a blind-plate job in effect: refused,
 *   and the other way round (a blind job may not start beside hot work in effect);
 * - two blind-plate jobs on one line: at apply, a warning when the other is
 *   open; at start, refused when the other is in effect.
 * The candidate itself is never its own conflict. Permits without a line never
 * conflict by line.
 */
export function permitConflicts(candidate: Omit<PermitFacts, 'id' | 'status' | 'startedAt' | 'grade' | 'effectiveGrade' | 'regionId'> & { id: number | null }, others: readonly PermitFacts[], moment: 'apply' | 'start'): PermitConflict[] {
  const out: PermitConflict[] = [];
  const inEffect = (s: string) => (inEffectStatuses as readonly string[]).includes(s);
  const open = (s: string) => (openStatuses as readonly string[]).includes(s);
  for (const o of others) {
    if (o.id === candidate.id) {
      continue;
    }
    const pair = `${candidate.type}/${o.type}`;
    if ((pair === 'hot/blind' || pair === 'blind/hot') && inEffect(o.status)) {
      const d = haversineDistance([candidate.lng, candidate.lat], [o.lng, o.lat]);
      if (d <= HOT_NEAR_BLIND_M) {
        out.push({
          code: candidate.type === 'hot' ? 'permits.conflictHotNearBlind' : 'permits.conflictBlindNearHot',
          field: 'lng',
          severity: 'refuse',
          otherId: o.id,
          otherNumber: o.number,
          distanceM: Math.round(d * 10) / 10,
        });
      }
    }
    const line = candidate.line?.trim();
    if (pair === 'blind/blind' && line && o.line?.trim() === line) {
      if (moment === 'start' && inEffect(o.status)) {
        out.push({ code: 'permits.conflictSameLine', field: 'line', severity: 'refuse', otherId: o.id, otherNumber: o.number });
      } else if (moment === 'apply' && (open(o.status) || o.status === 'signing')) {
        out.push({ code: 'permits.conflictSameLine', field: 'line', severity: 'warn', otherId: o.id, otherNumber: o.number });
      }
    }
  }
  return out;
}
