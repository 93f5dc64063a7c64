/**
 * Limit state of a process value against its four alarm limits (ISA-18.2 /
 * IEC 62682 absolute limit alarms), as the real-time views colour it.
 *
 * Rules:
 * - A limit is reached when the value is at or beyond it (v ≥ H, v ≤ L):
 *   entering a state never waits for the deadband, so an operator sees a
 *   crossing at once.
 * - The deadband applies only to the return (the ISA-18.2 alarm deadband,
 *   DOMAIN.md §3): a state reached stays until the value is back past
 *   limit ∓ deadband (below H − db, above L + db). This keeps a value
 *   hovering at a limit from flickering between colours.
 * - A limit left empty (null) is not checked. HH wins over H, LL over L.
 * - A value that is not a finite number keeps the previous state.
 *
 * This is the display rule. The alarm engine adds on-delay and off-delay
 * (DOMAIN.md §3) and ignores bad-quality samples; callers showing a
 * bad-quality value should not feed it here.
 */

export const limitStates = ['hh', 'h', 'normal', 'l', 'll'] as const;
export type LimitState = (typeof limitStates)[number];

export interface TagLimits {
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
  /** Return-to-normal hysteresis in engineering units; 0 when none. */
  deadband: number;
}

const reachedHigh = (v: number, limit: number | null) => limit !== null && v >= limit;
const reachedLow = (v: number, limit: number | null) => limit !== null && v <= limit;
const heldHigh = (v: number, limit: number | null, db: number) => limit !== null && v >= limit - db;
const heldLow = (v: number, limit: number | null, db: number) => limit !== null && v <= limit + db;

/**
 * The state after `value`, given the state before it (`previous`, 'normal'
 * for a first value). Pure: the caller keeps the state per tag.
 */
export function limitState(value: number, limits: TagLimits, previous: LimitState = 'normal'): LimitState {
  if (!Number.isFinite(value)) {
    return previous;
  }
  const db = Number.isFinite(limits.deadband) && limits.deadband > 0 ? limits.deadband : 0;
  // A fresh crossing decides first, so a value that has swung from one side to the other is never held on the old side.
  if (reachedHigh(value, limits.hh)) {
    return 'hh';
  }
  if (reachedLow(value, limits.ll)) {
    return 'll';
  }
  if (reachedHigh(value, limits.h)) {
    return previous === 'hh' && heldHigh(value, limits.hh, db) ? 'hh' : 'h';
  }
  if (reachedLow(value, limits.l)) {
    return previous === 'll' && heldLow(value, limits.ll, db) ? 'll' : 'l';
  }
  // Inside the limits: a state reached earlier holds until the value is past limit ∓ deadband.
  switch (previous) {
    case 'hh':
      return heldHigh(value, limits.hh, db) ? 'hh' : heldHigh(value, limits.h, db) ? 'h' : 'normal';
    case 'h':
      return heldHigh(value, limits.h, db) ? 'h' : 'normal';
    case 'll':
      return heldLow(value, limits.ll, db) ? 'll' : heldLow(value, limits.l, db) ? 'l' : 'normal';
    case 'l':
      return heldLow(value, limits.l, db) ? 'l' : 'normal';
    case 'normal':
      return 'normal';
  }
}

/** 2 for HH/LL, 1 for H/L, 0 for normal: for sorting and for choosing a colour. */
export function limitSeverity(state: LimitState): 0 | 1 | 2 {
  return state === 'hh' || state === 'll' ? 2 : state === 'h' || state === 'l' ? 1 : 0;
}

/**
 * Keeps the limit state of many tags, for views that receive values one by
 * one (the live table). `update` is idempotent for a repeated value.
 */
export class LimitTracker {
  private readonly states = new Map<string, LimitState>();

  update(tagId: string, value: number, limits: TagLimits): LimitState {
    const next = limitState(value, limits, this.states.get(tagId) ?? 'normal');
    this.states.set(tagId, next);
    return next;
  }

  get(tagId: string): LimitState | undefined {
    return this.states.get(tagId);
  }

  /** Forgets a tag (its limits changed, or it left the view). */
  delete(tagId: string): void {
    this.states.delete(tagId);
  }

  clear(): void {
    this.states.clear();
  }
}
