import { z } from 'zod';
import { bilingual, type Bilingual } from '../records/definition.js';
import { riskLevelSchema, type RiskLevel } from './risk-evaluation.js';

/**
 * Live escalation of zone levels (DOMAIN.md §6): a zone's live level is its
 * residual level raised by what is happening in it now (permits in effect,
 * gas alarms, too many people, open 重大 hidden danger), by rule rows an
 * administrator edits.
 *
 * - Each cause, on its own, gives a level through the rule it matches:
 *   "raise one" is one step more severe than the residual (level number − 1,
 *   never beyond 1 重大); "set" is the rule's level.
 * - Effects never stack: live = the most severe of the residual and of each
 *   cause's own level. Two permits in a blue zone make it yellow, not orange.
 * - A cause counts from its start (inclusive) until its end plus the rule's
 *   hold time (exclusive): [start, end + hold). Hold defaults to 0, so a zone
 *   falls back the moment the cause ends.
 * - A zone with no residual level (no evaluated risk point) is treated as 4
 *   低: escalation still shows a hot-work permit there, and "raise one" makes
 *   it 3 一般, as it would a blue zone. `baseline` in the answer says which
 *   level was assumed, so a map can still draw an unevaluated zone apart.
 * - Only causes that lift the zone above its baseline are listed (a "set
 *   yellow" rule says nothing about a zone already orange).
 */

export type AttrValue = string | number | boolean;

/** What can escalate a zone; modules may add kinds of their own. */
export type CauseKind = 'alarm' | 'headcount' | 'gathering' | 'permit' | 'hiddenDanger' | (string & {});

/** Something happening in a zone, as the module that owns it reports it. Times are epoch ms. */
export interface Cause {
  kind: CauseKind;
  /** Unique across kinds (`permit:123`, `alarm:tag:GD-101:hh`). */
  id: string;
  zone: string;
  /** What the rules match on: a permit's `type` and `grade`, an alarm's `type` and `system`. */
  attrs: Record<string, AttrValue>;
  start: number;
  /** When the cause ended (or will end); absent while it lasts. */
  end?: number;
}

export type RuleEffect = { raise: 1 } | { set: RiskLevel };

/** One rule row an administrator edits. */
export interface EscalationRule {
  id: string;
  kind: CauseKind;
  /** Every key must be present in the cause's attrs and equal the value, or be one of the values of a list. */
  match: Record<string, AttrValue | (string | number)[]>;
  effect: RuleEffect;
  /** How long the effect lasts after the cause ends, ms. */
  holdMs: number;
  enabled: boolean;
  name?: Bilingual;
}

/** One cause behind a zone's live level. */
export interface LiveCause {
  cause: Cause;
  /** The rule that gives the cause its level (the most severe, when several match). */
  rule: EscalationRule;
  effectLevel: RiskLevel;
  /** When the effect ends (end + hold), once the cause has an end. */
  until?: number;
}

export interface LiveLevel {
  level: RiskLevel;
  /** The residual level the causes were applied to (4 when the zone has none). */
  baseline: RiskLevel;
  /** Causes lifting the zone above its baseline, most severe first. */
  causes: LiveCause[];
  /** The next instant at which the answer may change (a cause starting or its hold running out), or null. */
  nextChangeAt: number | null;
}

const MAX_HOLD_MS = 7 * 24 * 3600 * 1000;

const attrValue = z.union([z.string().max(100), z.number(), z.boolean()]);

/** A rule row as an administrator saves it. */
export const escalationRuleSchema = z.object({
  id: z.string().trim().min(1).max(60),
  kind: z.string().trim().min(1).max(40),
  match: z.record(
    z.string().min(1).max(40),
    z.union([
      attrValue,
      z
        .array(z.union([z.string().max(100), z.number()]))
        .min(1)
        .max(50),
    ]),
  ),
  effect: z.union([z.object({ raise: z.literal(1) }), z.object({ set: riskLevelSchema })]),
  /** Hold after the cause ends, ms (at most 7 days). */
  holdMs: z.number().int().min(0).max(MAX_HOLD_MS).default(0),
  enabled: z.boolean().default(true),
  name: bilingual.optional(),
});

/**
 * The typical rules of DOMAIN.md §6, each a row the administrator may change
 * or switch off. The attribute codes are the ones the owning modules report:
 * permit `type` as in the positioning ledger (`hot-work`, `confined-space`),
 * hot-work `grade` special/first/second (GB 30871-2022 §5 特级/一级/二级),
 * alarm `type` and control-system `system` as in `contracts/alarms.ts` and
 * `contracts/control-systems.ts` (a GDS's HH is the detector's 二级 alarm),
 * hidden-danger `grade` general/major (一般/重大, DOMAIN.md §8).
 */
export const defaultEscalationRules: readonly EscalationRule[] = [
  {
    id: 'hot-work-special-first',
    kind: 'permit',
    match: { type: 'hot-work', grade: ['special', 'first'] },
    effect: { raise: 1 },
    holdMs: 0,
    enabled: true,
    name: { zh: '特级、一级动火作业', en: 'Hot work, special or first grade' },
  },
  {
    id: 'confined-space',
    kind: 'permit',
    match: { type: 'confined-space' },
    effect: { raise: 1 },
    holdMs: 0,
    enabled: true,
    name: { zh: '受限空间作业', en: 'Confined-space entry' },
  },
  {
    id: 'gas-second-level',
    kind: 'alarm',
    match: { system: 'GDS', type: 'hh' },
    effect: { set: 1 },
    holdMs: 0,
    enabled: true,
    name: { zh: '可燃/有毒气体二级报警', en: 'Gas detector second-level (HH) alarm' },
  },
  {
    id: 'headcount-over-limit',
    kind: 'headcount',
    match: { type: 'overcrowd' },
    effect: { raise: 1 },
    holdMs: 0,
    enabled: true,
    name: { zh: '区域人数超限', en: 'Head count above the limit' },
  },
  {
    id: 'major-hidden-danger',
    kind: 'hiddenDanger',
    match: { grade: 'major' },
    effect: { raise: 1 },
    holdMs: 0,
    enabled: true,
    name: { zh: '未整改的重大隐患', en: 'Open major hidden danger' },
  },
];

/**
 * A control measure's missed check (DOMAIN.md §8; kind `measureCheck`, reported
 * by the measure check tasks) raises its zone one level until the measure is
 * checked again. Not one of the typical rules of DOMAIN.md §6: it was added
 * with the check tasks, as its own migration, so a plant that deleted a
 * default keeps it deleted.
 */
export const measureCheckRule: EscalationRule = {
  id: 'measure-check-missed',
  kind: 'measureCheck',
  match: {},
  effect: { raise: 1 },
  holdMs: 0,
  enabled: true,
  name: { zh: '管控措施漏检', en: 'Control measure check missed' },
};

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** Whether an enabled rule applies to a cause: same kind, every match key equal (or among the listed values). Types are compared strictly: 1 is not '1'. */
export function ruleMatches(rule: EscalationRule, cause: Cause): boolean {
  if (!rule.enabled || rule.kind !== cause.kind) {
    return false;
  }
  for (const key of Object.keys(rule.match)) {
    if (!own(cause.attrs, key)) {
      return false;
    }
    const want = rule.match[key];
    const have = cause.attrs[key];
    if (Array.isArray(want) ? typeof have === 'boolean' || !want.includes(have) : have !== want) {
      return false;
    }
  }
  return true;
}

/** The level a rule gives on its own: raise = one step more severe than the baseline (never beyond 1), set = the rule's level. */
export function effectLevel(effect: RuleEffect, baseline: RiskLevel): RiskLevel {
  if ('set' in effect) {
    return effect.set;
  }
  return baseline === 1 ? 1 : ((baseline - 1) as RiskLevel);
}

const holdOf = (rule: EscalationRule) => (Number.isFinite(rule.holdMs) && rule.holdMs > 0 ? rule.holdMs : 0);

type RulesOf = (kind: string) => readonly EscalationRule[];

/** The core of `liveLevel`, with the rules already grouped by kind (the incremental state keeps them so). */
function computeLive(residual: RiskLevel | null, causes: Iterable<Cause>, rulesOf: RulesOf, now: number): LiveLevel {
  const baseline: RiskLevel = residual ?? 4;
  let level = baseline;
  let next: number | null = null;
  const listed: LiveCause[] = [];
  const later = (t: number) => {
    if (next === null || t < next) {
      next = t;
    }
  };
  for (const cause of causes) {
    let best: LiveCause | null = null;
    for (const rule of rulesOf(cause.kind)) {
      if (!ruleMatches(rule, cause)) {
        continue;
      }
      const given = effectLevel(rule.effect, baseline);
      if (given >= baseline) {
        continue;
      }
      const until = cause.end === undefined ? undefined : cause.end + holdOf(rule);
      if (cause.start > now) {
        later(cause.start);
        continue;
      }
      if (until !== undefined && until <= now) {
        continue;
      }
      if (until !== undefined) {
        later(until);
      }
      // Of several rules a cause matches, the most severe speaks for it; on a tie, the one that lasts longer.
      if (
        !best ||
        given < best.effectLevel ||
        (given === best.effectLevel && best.until !== undefined && (until === undefined || until > best.until))
      ) {
        best = until === undefined ? { cause, rule, effectLevel: given } : { cause, rule, effectLevel: given, until };
      }
    }
    if (best) {
      listed.push(best);
      if (best.effectLevel < level) {
        level = best.effectLevel;
      }
    }
  }
  listed.sort(
    (a, b) =>
      a.effectLevel - b.effectLevel || a.cause.start - b.cause.start || (a.cause.id < b.cause.id ? -1 : a.cause.id > b.cause.id ? 1 : 0),
  );
  return { level, baseline, causes: listed, nextChangeAt: next };
}

function groupByKind(rules: readonly EscalationRule[]): Map<string, EscalationRule[]> {
  const byKind = new Map<string, EscalationRule[]>();
  for (const rule of rules) {
    if (!rule.enabled) {
      continue;
    }
    const list = byKind.get(rule.kind);
    if (list) {
      list.push(rule);
    } else {
      byKind.set(rule.kind, [rule]);
    }
  }
  return byKind;
}

const NONE: readonly EscalationRule[] = [];

/**
 * The live level of one zone at `now`, the causes behind it and when it may
 * next change. `causes` are the zone's causes (past, present or planned);
 * the caller picks them by zone.
 */
export function liveLevel(residual: RiskLevel | null, causes: Iterable<Cause>, rules: readonly EscalationRule[], now: number): LiveLevel {
  const byKind = groupByKind(rules);
  return computeLive(residual, causes, (kind) => byKind.get(kind) ?? NONE, now);
}

/** A change reported by the module that owns a cause. `start` with a known id replaces that cause (new attrs, another zone). */
export type CauseEvent = { type: 'start'; cause: Cause } | { type: 'end'; id: string; at: number } | { type: 'remove'; id: string };

/**
 * Live escalation for a server that keeps state: causes indexed by zone,
 * rules by kind, so asking the level of a zone touches only that zone's
 * causes. Events say which zones they touched; recompute those, and every
 * zone at the earliest `nextChangeAt` (holds running out need no event).
 */
export class EscalationState {
  private rulesByKind = new Map<string, EscalationRule[]>();
  private maxHold = 0;
  private readonly causesByZone = new Map<string, Map<string, Cause>>();
  private readonly zoneOfCause = new Map<string, string>();
  private readonly residuals = new Map<string, RiskLevel | null>();
  private readonly rulesOf: RulesOf = (kind) => this.rulesByKind.get(kind) ?? NONE;

  constructor(rules: readonly EscalationRule[] = defaultEscalationRules) {
    this.setRules(rules);
  }

  /** Replaces the rule rows (an administrator saved them); every zone's level may change. */
  setRules(rules: readonly EscalationRule[]): void {
    this.rulesByKind = groupByKind(rules);
    this.maxHold = rules.reduce((m, r) => (r.enabled ? Math.max(m, holdOf(r)) : m), 0);
  }

  /** The zone's residual level (after any override); null when it has no evaluated point. */
  setResidual(zone: string, level: RiskLevel | null): void {
    this.residuals.set(zone, level);
  }

  /** Applies one event; returns the zones whose level may have changed. */
  apply(event: CauseEvent): string[] {
    switch (event.type) {
      case 'start': {
        const touched = this.drop(event.cause.id);
        const { zone } = event.cause;
        let causes = this.causesByZone.get(zone);
        if (!causes) {
          causes = new Map();
          this.causesByZone.set(zone, causes);
        }
        causes.set(event.cause.id, event.cause);
        this.zoneOfCause.set(event.cause.id, zone);
        return touched === null || touched === zone ? [zone] : [touched, zone];
      }
      case 'end': {
        const zone = this.zoneOfCause.get(event.id);
        const cause = zone === undefined ? undefined : this.causesByZone.get(zone)?.get(event.id);
        if (zone === undefined || !cause) {
          return [];
        }
        this.causesByZone.get(zone)!.set(event.id, { ...cause, end: Math.max(event.at, cause.start) });
        return [zone];
      }
      case 'remove': {
        const zone = this.drop(event.id);
        return zone === null ? [] : [zone];
      }
    }
  }

  /** The live level of a zone at time `t`. */
  levelAt(zone: string, t: number): LiveLevel {
    const causes = this.causesByZone.get(zone);
    return computeLive(this.residuals.get(zone) ?? null, causes ? causes.values() : [], this.rulesOf, t);
  }

  /** Every known zone (with a residual or a cause) at time `t`. */
  levelsAt(t: number): Map<string, LiveLevel> {
    const out = new Map<string, LiveLevel>();
    for (const zone of this.residuals.keys()) {
      out.set(zone, this.levelAt(zone, t));
    }
    for (const zone of this.causesByZone.keys()) {
      if (!out.has(zone)) {
        out.set(zone, this.levelAt(zone, t));
      }
    }
    return out;
  }

  /**
   * Forgets causes whose effect is over for good at `now` (ended longer ago
   * than the longest hold), so the state does not grow with history.
   * Returns how many were dropped.
   */
  prune(now: number): number {
    let dropped = 0;
    for (const [zone, causes] of this.causesByZone) {
      for (const [id, cause] of causes) {
        if (cause.end !== undefined && cause.end + this.maxHold <= now) {
          causes.delete(id);
          this.zoneOfCause.delete(id);
          dropped++;
        }
      }
      if (causes.size === 0) {
        this.causesByZone.delete(zone);
      }
    }
    return dropped;
  }

  /** Number of causes kept (for metrics and tests). */
  get size(): number {
    return this.zoneOfCause.size;
  }

  private drop(id: string): string | null {
    const zone = this.zoneOfCause.get(id);
    if (zone === undefined) {
      return null;
    }
    this.zoneOfCause.delete(id);
    const causes = this.causesByZone.get(zone);
    causes?.delete(id);
    if (causes?.size === 0) {
      this.causesByZone.delete(zone);
    }
    return zone;
  }
}
