/**
 * The alarm state machine of ISA-18.2 (2016) / IEC 62682 (DOMAIN.md §3), as a
 * pure function: (state, event, now) → next state, or a refusal with a
 * message code. The alarm engine and the alarm service keep one state per
 * alarm (a tag's HH, H, L or LL, a discrete alarm, an alarm raised by another
 * module) and persist what this returns.
 *
 * Annunciated states (ISA-18.2 §11.5, figure 6):
 *   normal ──activate──▶ unack ──ack──▶ ack ──clear──▶ normal
 *                        unack ──clear──▶ rtnUnack ──ack──▶ normal
 *                                         rtnUnack ──activate──▶ unack
 * Shelved, suppressed by design and out of service (§11.7–11.9) are entered on
 * top of those and remember whether the condition is active. Leaving them
 * returns to the state the condition then implies; the 2016 edition's rule
 * for shelving (§11.7.3): an alarm still active when its shelf EXPIRES goes to
 * unack and is annunciated again, one UNSHELVED BY HAND goes to ack (the
 * operator who unshelves it knows of it), and that operator is recorded as
 * the acknowledger. A timed shelf belongs to the alarm (its tag and
 * condition), not to one occurrence: it holds for its whole period, so an
 * activation within it opens shelved (stateBetweenOccurrences). A one-shot
 * shelf ends when the alarm returns to normal, and never lasts longer than the
 * maximum. The 2016 edition has no latched state.
 */

export const alarmStates = ['normal', 'unack', 'ack', 'rtnUnack', 'shelved', 'suppressed', 'outOfService'] as const;
export type AlarmStateName = (typeof alarmStates)[number];

/** States in which an alarm is annunciated to the operator. */
export const annunciatedStates: readonly AlarmStateName[] = ['unack', 'ack', 'rtnUnack'];

export type ShelfKind = 'timed' | 'oneShot';

export interface Shelf {
  kind: ShelfKind;
  /** When the shelf expires (one-shot shelves too: the maximum bounds them), epoch ms. */
  until: number;
  by: string;
  reason: string;
  at: number;
}

export interface AlarmState {
  state: AlarmStateName;
  /** Whether the alarm condition is active now (kept through shelved, suppressed and out of service). */
  active: boolean;
  /** Whether the current occurrence has been acknowledged (kept through the overlays). */
  acked: boolean;
  /** Set while shelved. */
  shelf: Shelf | null;
  /** Set while out of service: who and why. */
  outOfService: { by: string; reason: string; at: number } | null;
  /**
   * The state the current occurrence opened in: `outOfService` (or
   * `suppressed`, `shelved`) when it activated under that overlay and was not
   * shown to an operator then. Absent in occurrences stored before it was
   * kept, and before the first activation.
   */
  openedIn?: AlarmStateName;
}

export const initialAlarmState: AlarmState = { state: 'normal', active: false, acked: true, shelf: null, outOfService: null };

export type AlarmEvent =
  /** The condition became active (after the on-delay). */
  | { type: 'activate' }
  /** The condition returned to normal (past the deadband, after the off-delay). */
  | { type: 'clear' }
  | { type: 'ack'; by: string }
  | { type: 'shelve'; kind: ShelfKind; until: number; by: string; reason: string }
  /** `auto`: the shelf expired (re-annunciates an active alarm); otherwise an operator unshelved it. */
  | { type: 'unshelve'; by: string; auto: boolean }
  /** Suppression by design (a plant mode: the unit is out of operation). */
  | { type: 'suppress' }
  | { type: 'unsuppress' }
  | { type: 'removeFromService'; by: string; reason: string }
  | { type: 'returnToService'; by: string };

export interface AlarmRules {
  /** Longest a shelf may last, ms (default 8 h, DOMAIN.md §3). */
  maxShelveMs: number;
}

export const DEFAULT_MAX_SHELVE_MS = 8 * 3600_000;

/** Why an event is refused: a message code (src/shared/messages/alarms.ts). */
export type AlarmRefusal =
  | 'alarm.nothingToAck'
  | 'alarm.notShelvable'
  | 'alarm.shelveTooLong'
  | 'alarm.shelveInPast'
  | 'alarm.reasonRequired'
  | 'alarm.notShelved'
  | 'alarm.alreadyShelved'
  | 'alarm.notSuppressed'
  | 'alarm.alreadySuppressed'
  | 'alarm.notOutOfService'
  | 'alarm.alreadyOutOfService'
  | 'alarm.overlayFirst';

export type AlarmTransition =
  | {
      ok: true;
      next: AlarmState;
      /** The alarm is (again) annunciated unacknowledged: sound and blink. */
      annunciate: boolean;
      /**
       * The open occurrence ends here: its condition has returned and it is
       * acknowledged (or it was never shown), or a re-activation supersedes an
       * occurrence that returned unacknowledged. The engine closes it before
       * opening a new one.
       */
      closesOccurrence: boolean;
      /** A new occurrence starts here: the condition became active. */
      opensOccurrence: boolean;
      /**
       * This step acknowledges the occurrence: an operator's acknowledgement,
       * or an unshelve by hand of one not yet acknowledged (ISA-18.2 §11.7.3:
       * it goes to Acknowledged). The service records who and when.
       */
      acknowledges: boolean;
    }
  | { ok: false; refusal: AlarmRefusal };

/** The annunciated state a condition and an acknowledgement imply. */
function implied(active: boolean, acked: boolean): AlarmStateName {
  if (active) {
    return acked ? 'ack' : 'unack';
  }
  return acked ? 'normal' : 'rtnUnack';
}

const refuse = (refusal: AlarmRefusal): AlarmTransition => ({ ok: false, refusal });

/** An occurrence is open from its activation until its condition has returned and it is acknowledged. */
const occurrenceOpen = (s: AlarmState) => s.active || !s.acked;

function to(prev: AlarmState, next: AlarmState, acknowledges = false): AlarmTransition {
  const opens = next.active && !prev.active;
  return {
    ok: true,
    next: opens ? { ...next, openedIn: next.state } : next,
    annunciate: next.state === 'unack' && prev.state !== 'unack',
    closesOccurrence: occurrenceOpen(prev) && (!occurrenceOpen(next) || opens),
    opensOccurrence: opens,
    acknowledges,
  };
}

/** Leaves an overlay (shelved, suppressed, out of service) for the state the condition implies. */
function leaveOverlay(s: AlarmState, ackedIfActive: boolean): AlarmState {
  const acked = s.active ? ackedIfActive : true;
  return { ...s, state: implied(s.active, acked), active: s.active, acked, shelf: null, outOfService: null };
}

/**
 * The next state of an alarm after an event at time `now`; a refusal names
 * why (e.g. shelving beyond the maximum, acknowledging nothing).
 */
export function alarmTransition(s: AlarmState, e: AlarmEvent, now: number, rules: AlarmRules = { maxShelveMs: DEFAULT_MAX_SHELVE_MS }): AlarmTransition {
  const overlay = s.state === 'shelved' || s.state === 'suppressed' || s.state === 'outOfService';
  switch (e.type) {
    case 'activate': {
      if (s.active) {
        // Already active: a repeated activation changes nothing (idempotent for an at-least-once source).
        return to(s, s);
      }
      if (overlay) {
        // A new occurrence under an overlay: not annunciated, and needs acknowledging when it shows.
        return to(s, { ...s, active: true, acked: false });
      }
      return to(s, { ...s, state: 'unack', active: true, acked: false });
    }
    case 'clear': {
      if (!s.active) {
        return to(s, s);
      }
      if (s.state === 'shelved' && s.shelf?.kind === 'oneShot') {
        // A one-shot shelf lasts until the alarm returns to normal (ISA-18.2 §11.7.2).
        return to(s, { ...s, state: 'normal', active: false, acked: true, shelf: null, outOfService: null });
      }
      if (overlay) {
        // Returned while hidden: nobody can acknowledge what was never shown, so it ends acknowledged.
        return to(s, { ...s, active: false, acked: true });
      }
      return to(s, { ...s, state: implied(false, s.acked), active: false });
    }
    case 'ack': {
      if (s.state !== 'unack' && s.state !== 'rtnUnack') {
        return refuse('alarm.nothingToAck');
      }
      return to(s, { ...s, state: implied(s.active, true), acked: true }, true);
    }
    case 'shelve': {
      if (s.state === 'shelved') {
        return refuse('alarm.alreadyShelved');
      }
      if (!annunciatedStates.includes(s.state)) {
        return refuse(overlay ? 'alarm.overlayFirst' : 'alarm.notShelvable');
      }
      if (e.reason.trim() === '') {
        return refuse('alarm.reasonRequired');
      }
      if (e.until <= now) {
        return refuse('alarm.shelveInPast');
      }
      if (e.until - now > rules.maxShelveMs) {
        return refuse('alarm.shelveTooLong');
      }
      const shelf: Shelf = { kind: e.kind, until: e.until, by: e.by, reason: e.reason.trim(), at: now };
      return to(s, { ...s, state: 'shelved', shelf });
    }
    case 'unshelve': {
      if (s.state !== 'shelved') {
        return refuse('alarm.notShelved');
      }
      // §11.7.3: expiry re-annunciates an active alarm; an operator's unshelve acknowledges it (the operator knows of it).
      return to(s, leaveOverlay(s, !e.auto), !e.auto && !s.acked);
    }
    case 'suppress': {
      if (s.state === 'suppressed') {
        return refuse('alarm.alreadySuppressed');
      }
      if (s.state === 'outOfService') {
        return refuse('alarm.overlayFirst');
      }
      // Suppression by design takes over a shelf: the plant mode decides, the shelf is ended.
      return to(s, { ...s, state: 'suppressed', shelf: null });
    }
    case 'unsuppress': {
      if (s.state !== 'suppressed') {
        return refuse('alarm.notSuppressed');
      }
      // Back from suppression by design: an active alarm shows again, unacknowledged unless it was acknowledged before.
      return to(s, leaveOverlay(s, s.acked));
    }
    case 'removeFromService': {
      if (s.state === 'outOfService') {
        return refuse('alarm.alreadyOutOfService');
      }
      if (e.reason.trim() === '') {
        return refuse('alarm.reasonRequired');
      }
      return to(s, { ...s, state: 'outOfService', shelf: null, outOfService: { by: e.by, reason: e.reason.trim(), at: now } });
    }
    case 'returnToService': {
      if (s.state !== 'outOfService') {
        return refuse('alarm.notOutOfService');
      }
      // Returned to service, an active condition is annunciated: it may have changed during maintenance.
      return to(s, leaveOverlay(s, false));
    }
  }
}

/** Whether a timed or one-shot shelf has expired at `now` (the engine then sends `unshelve` with `auto: true`). */
export function shelfExpired(s: AlarmState, now: number): boolean {
  return s.state === 'shelved' && s.shelf !== null && now >= s.shelf.until;
}

/**
 * The state an alarm keeps after its occurrence has closed, which its next
 * activation starts from. A timed shelf belongs to the alarm (tag and
 * condition), not to the occurrence, and holds for its whole period
 * (DOMAIN.md §3): until it expires the alarm stays shelved, and a new
 * activation opens shelved, not annunciated. A one-shot shelf has ended with
 * the return to normal; anything else leaves the alarm normal.
 */
export function stateBetweenOccurrences(closed: AlarmState, now: number): AlarmState {
  const shelf = closed.shelf;
  if (closed.state === 'shelved' && shelf?.kind === 'timed' && now < shelf.until) {
    return { state: 'shelved', active: false, acked: true, shelf, outOfService: null };
  }
  return initialAlarmState;
}
