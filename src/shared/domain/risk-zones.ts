import { z } from 'zod';
import { liveLevel, type Cause, type EscalationRule, type LiveCause } from './risk-escalation.js';
import {
  isMoreSevere,
  isRiskLevel,
  mostSevere,
  riskLevelInfo,
  riskLevelSchema,
  type RiskIssue,
  type RiskLevel,
} from './risk-evaluation.js';

/**
 * Levels of a zone (region) from its risk points (evaluation units),
 * DOMAIN.md §2:
 * - inherent: before control measures; residual: after them, from the
 *   evaluations, never more severe than inherent (checked per point);
 * - a zone's level is the most severe among its points (smallest number);
 *   a zone without evaluated points has none (null);
 * - an override replaces the zone's residual level with a level chosen by a
 *   person, with a reason; never a free colour. The caller audits it. Live
 *   escalation then starts from the overridden level, so a permit still
 *   shows on a zone someone has graded by hand;
 * - live: residual raised by the causes of §6 (`risk-escalation.ts`); it may
 *   exceed inherent while a cause lasts.
 */

/** The two evaluated levels of one risk point (null: not evaluated yet). */
export interface RiskPointLevels {
  inherent: RiskLevel | null;
  residual: RiskLevel | null;
}

export interface ZoneOverride {
  level: RiskLevel;
  reason: string;
}

export const MAX_OVERRIDE_REASON = 500;

/** Body of an override as a person sets it. */
export const zoneOverrideInput = z.object({
  level: riskLevelSchema,
  /** Why the computed level does not hold; kept in the audit row. */
  reason: z.string().trim().min(1).max(MAX_OVERRIDE_REASON),
});

/** A zone's level from its points' levels: the most severe; null when no point has one. */
export function zoneLevel(pointLevels: Iterable<RiskLevel | null | undefined>): RiskLevel | null {
  return mostSevere(pointLevels);
}

/** A residual more severe than the inherent level is refused (DOMAIN.md §2: measures never make a risk worse). */
export function checkResidual(inherent: RiskLevel | null, residual: RiskLevel | null): RiskIssue[] {
  if (inherent !== null && residual !== null && isMoreSevere(residual, inherent)) {
    const params = {
      residual: riskLevelInfo[residual].zh,
      residual_en: riskLevelInfo[residual].en,
      inherent: riskLevelInfo[inherent].zh,
      inherent_en: riskLevelInfo[inherent].en,
    };
    return [{ field: 'residual', code: 'risk.residualAboveInherent', params }];
  }
  return [];
}

/** Problems of an override as given (level 1–4, a reason that is not blank), each naming its field. */
export function checkOverride(input: { level?: unknown; reason?: unknown }): RiskIssue[] {
  const issues: RiskIssue[] = [];
  if (input.level === undefined || input.level === null) {
    issues.push({ field: 'level', code: 'risk.level.required' });
  } else if (!isRiskLevel(input.level)) {
    const value = typeof input.level === 'number' || typeof input.level === 'string' ? input.level : typeof input.level;
    issues.push({ field: 'level', code: 'risk.level.invalid', params: { value } });
  }
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason === '') {
    issues.push({ field: 'reason', code: 'risk.override.reasonRequired' });
  } else if (reason.length > MAX_OVERRIDE_REASON) {
    issues.push({ field: 'reason', code: 'risk.override.reasonTooLong', params: { max: MAX_OVERRIDE_REASON } });
  }
  return issues;
}

export interface ZoneLevels {
  inherent: RiskLevel | null;
  /** The residual computed from the points. */
  evaluated: RiskLevel | null;
  /** The residual in force: the override's level when there is one, else `evaluated`. */
  residual: RiskLevel | null;
  overridden: boolean;
}

/** Inherent and residual levels of a zone from its points, with an override applied. */
export function zoneLevels(points: Iterable<RiskPointLevels>, override?: ZoneOverride | null): ZoneLevels {
  let inherent: RiskLevel | null = null;
  let evaluated: RiskLevel | null = null;
  for (const p of points) {
    if (isMoreSevere(p.inherent, inherent)) {
      inherent = p.inherent;
    }
    if (isMoreSevere(p.residual, evaluated)) {
      evaluated = p.residual;
    }
  }
  return override
    ? { inherent, evaluated, residual: override.level, overridden: true }
    : { inherent, evaluated, residual: evaluated, overridden: false };
}

export interface ZoneRisk extends ZoneLevels {
  live: RiskLevel;
  /** Causes lifting the zone above its residual (empty at baseline). */
  causes: LiveCause[];
  nextChangeAt: number | null;
}

/** All three levels of a zone at `now`: inherent, residual (override applied) and live. */
export function zoneRisk(
  points: Iterable<RiskPointLevels>,
  override: ZoneOverride | null,
  causes: Iterable<Cause>,
  rules: readonly EscalationRule[],
  now: number,
): ZoneRisk {
  const levels = zoneLevels(points, override);
  const live = liveLevel(levels.residual, causes, rules, now);
  return { ...levels, live: live.level, causes: live.causes, nextChangeAt: live.nextChangeAt };
}

/** What a review of a unit's levels finds (the /InherentRisk/InherentRiskReview page). */
export type UnitReviewFinding = 'notSet' | 'noResidual' | 'residualAboveInherent' | 'evaluatedAboveInherent' | 'evaluatedAbove' | 'ok';

/**
 * Reviews an evaluation unit's levels (DOMAIN.md §2): the inherent level must
 * be set; the residual never above it; the unit's evaluations (made after
 * measures) should not be more severe than the residual it was given, nor
 * than its inherent level, or the levels need a second look. The most
 * serious finding first; `ok` alone when there is nothing to review.
 */
export function reviewUnitLevel(inherent: RiskLevel | null, residual: RiskLevel | null, evaluated: RiskLevel | null): UnitReviewFinding[] {
  if (inherent === null) {
    return ['notSet'];
  }
  const out: UnitReviewFinding[] = [];
  if (checkResidual(inherent, residual).length > 0) {
    out.push('residualAboveInherent');
  }
  if (isMoreSevere(evaluated, inherent)) {
    out.push('evaluatedAboveInherent');
  } else if (residual !== null && isMoreSevere(evaluated, residual)) {
    out.push('evaluatedAbove');
  }
  if (residual === null) {
    out.push('noResidual');
  }
  return out.length > 0 ? out : ['ok'];
}
