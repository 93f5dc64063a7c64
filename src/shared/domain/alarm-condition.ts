/**
 * Whether an alarm's condition is active, sample by sample (DOMAIN.md §3,
 * ISA-18.2 §10.4): a limit is reached at or beyond it; the condition returns
 * only after the value is back past limit ∓ deadband; an on-delay (off-delay)
 * requires the new condition to hold that long before the alarm activates
 * (clears), so a value dipping across a limit for a moment raises nothing.
 * Pure: the alarm engine keeps one ConditionState per alarm and feeds it good-
 * quality samples (and its last value at ticks, so delays elapse without new
 * samples). Bad-quality values never raise or clear an alarm: do not feed them.
 */

export type ConditionKind = 'high' | 'low' | 'discrete';

export interface ConditionConfig {
  kind: ConditionKind;
  /** high/low: the limit; discrete: the value that means "in alarm" (e.g. 1). */
  limit: number;
  /** high/low: return-to-normal hysteresis, engineering units. */
  deadband: number;
  onDelayMs: number;
  offDelayMs: number;
}

export interface ConditionState {
  active: boolean;
  /** When the raw condition started to differ from `active`, or null while it agrees. */
  pendingSince: number | null;
}

export const initialCondition: ConditionState = { active: false, pendingSince: null };

/** The raw condition for this value, given whether the alarm is active now (the deadband only holds an active one). */
export function rawCondition(cfg: ConditionConfig, value: number, active: boolean): boolean {
  const db = Number.isFinite(cfg.deadband) && cfg.deadband > 0 ? cfg.deadband : 0;
  switch (cfg.kind) {
    case 'high':
      return active ? value >= cfg.limit - db : value >= cfg.limit;
    case 'low':
      return active ? value <= cfg.limit + db : value <= cfg.limit;
    case 'discrete':
      return value === cfg.limit;
  }
}

/**
 * The condition after a value at time `t`: `change` says when the alarm
 * activates or clears (after its delay). A value that is not finite changes nothing.
 */
export function evaluateCondition(
  cfg: ConditionConfig,
  s: ConditionState,
  value: number,
  t: number,
): { state: ConditionState; change: 'activate' | 'clear' | null } {
  if (!Number.isFinite(value)) {
    return { state: s, change: null };
  }
  const raw = rawCondition(cfg, value, s.active);
  if (raw === s.active) {
    return { state: s.pendingSince === null ? s : { active: s.active, pendingSince: null }, change: null };
  }
  const since = s.pendingSince ?? t;
  const delay = raw ? cfg.onDelayMs : cfg.offDelayMs;
  if (t - since >= delay) {
    return { state: { active: raw, pendingSince: null }, change: raw ? 'activate' : 'clear' };
  }
  return { state: { active: s.active, pendingSince: since }, change: null };
}
