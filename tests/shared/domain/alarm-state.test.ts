import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_SHELVE_MS,
  alarmTransition,
  initialAlarmState,
  shelfExpired,
  stateBetweenOccurrences,
  type AlarmEvent,
  type AlarmState,
  type AlarmStateName,
} from '../../../src/shared/domain/alarm-state.js';
import { isMessageCode } from '../../../src/shared/messages/catalog.js';

/*
 * ISA-18.2 (2016) alarm states, table-driven (DOMAIN.md §3): every state ×
 * every event, the refused ones included. Each row: from, event, then the
 * expected state (or refusal), whether the alarm is annunciated (sound,
 * blink), and the occurrence bookkeeping.
 */

const NOW = 1_800_000_000_000;
const HOUR = 3600_000;

const shelf = (kind: 'timed' | 'oneShot') => ({ kind, until: NOW + HOUR, by: 'op', reason: 'sensor under repair', at: NOW - 1000 });

const states: Record<string, AlarmState> = {
  normal: initialAlarmState,
  unack: { state: 'unack', active: true, acked: false, shelf: null, outOfService: null },
  ack: { state: 'ack', active: true, acked: true, shelf: null, outOfService: null },
  rtnUnack: { state: 'rtnUnack', active: false, acked: false, shelf: null, outOfService: null },
  'shelved(active,unacked)': { state: 'shelved', active: true, acked: false, shelf: shelf('timed'), outOfService: null },
  'shelved(active,acked)': { state: 'shelved', active: true, acked: true, shelf: shelf('timed'), outOfService: null },
  'shelved(returned)': { state: 'shelved', active: false, acked: true, shelf: shelf('timed'), outOfService: null },
  'shelved one-shot(active)': { state: 'shelved', active: true, acked: true, shelf: shelf('oneShot'), outOfService: null },
  'suppressed(active)': { state: 'suppressed', active: true, acked: false, shelf: null, outOfService: null },
  'suppressed(returned)': { state: 'suppressed', active: false, acked: true, shelf: null, outOfService: null },
  'outOfService(active)': { state: 'outOfService', active: true, acked: true, shelf: null, outOfService: { by: 'eng', reason: 'calibration', at: NOW } },
  'outOfService(returned)': { state: 'outOfService', active: false, acked: true, shelf: null, outOfService: { by: 'eng', reason: 'calibration', at: NOW } },
};

const events: Record<string, AlarmEvent> = {
  activate: { type: 'activate' },
  clear: { type: 'clear' },
  ack: { type: 'ack', by: 'op' },
  shelve: { type: 'shelve', kind: 'timed', until: NOW + HOUR, by: 'op', reason: 'chattering transmitter' },
  'shelve one-shot': { type: 'shelve', kind: 'oneShot', until: NOW + 2 * HOUR, by: 'op', reason: 'known upset' },
  'shelve 9 h': { type: 'shelve', kind: 'timed', until: NOW + 9 * HOUR, by: 'op', reason: 'too long' },
  'shelve, no reason': { type: 'shelve', kind: 'timed', until: NOW + HOUR, by: 'op', reason: '   ' },
  'shelve, past': { type: 'shelve', kind: 'timed', until: NOW - 1, by: 'op', reason: 'x' },
  unshelve: { type: 'unshelve', by: 'op', auto: false },
  'shelf expires': { type: 'unshelve', by: 'system', auto: true },
  suppress: { type: 'suppress' },
  unsuppress: { type: 'unsuppress' },
  'out of service': { type: 'removeFromService', by: 'eng', reason: 'calibration' },
  'out of service, no reason': { type: 'removeFromService', by: 'eng', reason: '' },
  'return to service': { type: 'returnToService', by: 'eng' },
};

type Row = [from: string, event: string, expected: AlarmStateName | `refused ${string}`, annunciate?: boolean, occurrence?: 'opens' | 'closes' | 'both'];

const table: Row[] = [
  // Normal.
  ['normal', 'activate', 'unack', true, 'opens'],
  ['normal', 'clear', 'normal'],
  ['normal', 'ack', 'refused alarm.nothingToAck'],
  ['normal', 'shelve', 'refused alarm.notShelvable'],
  ['normal', 'unshelve', 'refused alarm.notShelved'],
  ['normal', 'suppress', 'suppressed'],
  ['normal', 'unsuppress', 'refused alarm.notSuppressed'],
  ['normal', 'out of service', 'outOfService'],
  ['normal', 'return to service', 'refused alarm.notOutOfService'],
  // Unacknowledged (active).
  ['unack', 'activate', 'unack', false],
  ['unack', 'clear', 'rtnUnack'],
  ['unack', 'ack', 'ack'],
  ['unack', 'shelve', 'shelved'],
  ['unack', 'shelve one-shot', 'shelved'],
  ['unack', 'shelve 9 h', 'refused alarm.shelveTooLong'],
  ['unack', 'shelve, no reason', 'refused alarm.reasonRequired'],
  ['unack', 'shelve, past', 'refused alarm.shelveInPast'],
  ['unack', 'suppress', 'suppressed'],
  ['unack', 'out of service', 'outOfService'],
  ['unack', 'out of service, no reason', 'refused alarm.reasonRequired'],
  // Acknowledged (active).
  ['ack', 'activate', 'ack', false],
  ['ack', 'clear', 'normal', false, 'closes'],
  ['ack', 'ack', 'refused alarm.nothingToAck'],
  ['ack', 'shelve', 'shelved'],
  ['ack', 'unsuppress', 'refused alarm.notSuppressed'],
  ['ack', 'suppress', 'suppressed'],
  ['ack', 'out of service', 'outOfService'],
  // Returned to normal, unacknowledged.
  ['rtnUnack', 'activate', 'unack', true, 'both'],
  ['rtnUnack', 'clear', 'rtnUnack'],
  ['rtnUnack', 'ack', 'normal', false, 'closes'],
  ['rtnUnack', 'shelve', 'shelved'],
  ['rtnUnack', 'suppress', 'suppressed'],
  ['rtnUnack', 'out of service', 'outOfService'],
  // Shelved: the condition moves underneath, nothing is annunciated.
  ['shelved(active,unacked)', 'activate', 'shelved', false],
  ['shelved(active,unacked)', 'clear', 'shelved', false, 'closes'],
  ['shelved(active,unacked)', 'ack', 'refused alarm.nothingToAck'],
  ['shelved(active,unacked)', 'shelve', 'refused alarm.alreadyShelved'],
  // ISA-18.2 §11.7.3: expiry re-annunciates an active alarm, a manual unshelve does not.
  ['shelved(active,unacked)', 'shelf expires', 'unack', true],
  ['shelved(active,unacked)', 'unshelve', 'ack', false],
  ['shelved(active,acked)', 'shelf expires', 'unack', true],
  ['shelved(active,acked)', 'unshelve', 'ack', false],
  ['shelved(returned)', 'shelf expires', 'normal', false],
  ['shelved(returned)', 'unshelve', 'normal', false],
  ['shelved(returned)', 'activate', 'shelved', false, 'opens'],
  // A one-shot shelf ends when the alarm returns to normal.
  ['shelved one-shot(active)', 'clear', 'normal', false, 'closes'],
  ['shelved(active,acked)', 'suppress', 'suppressed'],
  ['shelved(active,acked)', 'out of service', 'outOfService'],
  // Suppressed by design (plant mode).
  ['suppressed(active)', 'activate', 'suppressed', false],
  ['suppressed(active)', 'clear', 'suppressed', false, 'closes'],
  ['suppressed(active)', 'ack', 'refused alarm.nothingToAck'],
  ['suppressed(active)', 'shelve', 'refused alarm.overlayFirst'],
  ['suppressed(active)', 'suppress', 'refused alarm.alreadySuppressed'],
  ['suppressed(active)', 'unsuppress', 'unack', true],
  ['suppressed(returned)', 'unsuppress', 'normal', false],
  ['suppressed(active)', 'out of service', 'outOfService'],
  ['suppressed(returned)', 'activate', 'suppressed', false, 'opens'],
  // Out of service.
  ['outOfService(active)', 'activate', 'outOfService', false],
  ['outOfService(active)', 'ack', 'refused alarm.nothingToAck'],
  ['outOfService(active)', 'shelve', 'refused alarm.overlayFirst'],
  ['outOfService(active)', 'suppress', 'refused alarm.overlayFirst'],
  ['outOfService(active)', 'out of service', 'refused alarm.alreadyOutOfService'],
  ['outOfService(active)', 'return to service', 'unack', true],
  ['outOfService(returned)', 'return to service', 'normal', false],
  ['outOfService(returned)', 'unshelve', 'refused alarm.notShelved'],
];

describe('ISA-18.2 alarm state machine', () => {
  it.each(table)('%s + %s → %s', (from, event, expected, annunciate, occurrence) => {
    const r = alarmTransition(states[from], events[event], NOW);
    if (expected.startsWith('refused ')) {
      const code = expected.slice('refused '.length);
      expect(r).toEqual({ ok: false, refusal: code });
      expect(isMessageCode(code)).toBe(true);
      return;
    }
    expect(r.ok).toBe(true);
    if (!r.ok) {
      return;
    }
    expect(r.next.state).toBe(expected);
    if (annunciate !== undefined) {
      expect(r.annunciate).toBe(annunciate);
    }
    expect(r.opensOccurrence).toBe(occurrence === 'opens' || occurrence === 'both');
    expect(r.closesOccurrence).toBe(occurrence === 'closes' || occurrence === 'both');
  });

  it('covers every state with every kind of event', () => {
    const covered = new Set(table.map(([from, event]) => `${states[from].state}:${events[event].type}`));
    for (const s of ['normal', 'unack', 'ack', 'rtnUnack', 'shelved', 'suppressed', 'outOfService']) {
      for (const e of ['activate', 'ack', 'shelve', 'suppress', 'removeFromService']) {
        expect(covered.has(`${s}:${e}`), `${s}:${e}`).toBe(true);
      }
    }
  });

  it('enforces the maximum shelving time, configurable per plant', () => {
    const eightHours = alarmTransition(states.unack, { ...events.shelve, until: NOW + DEFAULT_MAX_SHELVE_MS } as AlarmEvent, NOW);
    expect(eightHours.ok).toBe(true);
    const strict = alarmTransition(states.unack, events.shelve, NOW, { maxShelveMs: 30 * 60_000 });
    expect(strict).toEqual({ ok: false, refusal: 'alarm.shelveTooLong' });
  });

  it('keeps who shelved, why and until when, and knows when the shelf expires', () => {
    const r = alarmTransition(states.unack, events.shelve, NOW);
    expect(r.ok && r.next.shelf).toEqual({ kind: 'timed', until: NOW + HOUR, by: 'op', reason: 'chattering transmitter', at: NOW });
    const shelved = r.ok ? r.next : initialAlarmState;
    expect(shelfExpired(shelved, NOW + HOUR - 1)).toBe(false);
    expect(shelfExpired(shelved, NOW + HOUR)).toBe(true);
  });

  it('runs a whole life: raise, ack, return; raise, return, re-raise, ack, return', () => {
    let s = initialAlarmState;
    const step = (e: AlarmEvent) => {
      const r = alarmTransition(s, e, NOW);
      if (!r.ok) {
        throw new Error(r.refusal);
      }
      s = r.next;
      return s.state;
    };
    expect([step(events.activate), step(events.ack), step(events.clear)]).toEqual(['unack', 'ack', 'normal']);
    expect([step(events.activate), step(events.clear), step(events.activate), step(events.ack), step(events.clear)]).toEqual([
      'unack',
      'rtnUnack',
      'unack',
      'ack',
      'normal',
    ]);
  });
});

/** Runs events from a state, each at its time; answers the last transition. */
function run(from: AlarmState, steps: [AlarmEvent, number][]) {
  let s = from;
  let last = alarmTransition(s, steps[0][0], steps[0][1]);
  for (const [e, at] of steps) {
    last = alarmTransition(s, e, at);
    if (!last.ok) {
      throw new Error(last.refusal);
    }
    s = last.next;
  }
  return last;
}

describe('a timed shelf belongs to the alarm, not to one occurrence (DOMAIN.md §3)', () => {
  const MIN = 60_000;
  // [shelf of one hour from NOW, the alarm returns at NOW + min, activates again at NOW + min, state of the new occurrence, annunciated]
  const rows: [kind: 'timed' | 'oneShot', returnsAtMin: number, activatesAtMin: number, expected: AlarmStateName, annunciate: boolean][] = [
    // Within the shelf period the next activation opens shelved, not annunciated.
    ['timed', 10, 20, 'shelved', false],
    ['timed', 10, 59.99, 'shelved', false],
    // Once the shelf has expired the alarm is normal again: annunciated.
    ['timed', 10, 60, 'unack', true],
    // A one-shot shelf ends with the return to normal (ISA-18.2 §11.7.2).
    ['oneShot', 10, 20, 'unack', true],
  ];
  it.each(rows)('a %s shelf of 1 h; back to normal at +%s min, active again at +%s min → %s', (kind, returnsAtMin, activatesAtMin, expected, annunciate) => {
    const returnsAt = NOW + returnsAtMin * MIN;
    const activatesAt = NOW + activatesAtMin * MIN;
    const shelved = run(states.unack, [[{ type: 'shelve', kind, until: NOW + HOUR, by: 'op', reason: 'transmitter under repair' }, NOW]]);
    expect(shelved.ok).toBe(true);
    const returned = alarmTransition(shelved.ok ? shelved.next : initialAlarmState, events.clear, returnsAt);
    expect(returned.ok && returned.closesOccurrence).toBe(true);
    // The closed occurrence keeps the state it closed in (shelved, for a timed shelf).
    expect(returned.ok && returned.next.state).toBe(kind === 'timed' ? 'shelved' : 'normal');
    const between = stateBetweenOccurrences(returned.ok ? returned.next : initialAlarmState, activatesAt);
    const next = alarmTransition(between, events.activate, activatesAt);
    expect(next.ok).toBe(true);
    if (next.ok) {
      expect([next.next.state, next.annunciate, next.opensOccurrence]).toEqual([expected, annunciate, true]);
      expect(next.next.openedIn).toBe(expected);
      // The shelf is the same one: who, why and until when.
      expect(next.next.shelf?.until ?? null).toBe(expected === 'shelved' ? NOW + HOUR : null);
    }
  });
});

describe('who acknowledges (ISA-18.2 §11.7.3: a manual unshelve goes to Acknowledged)', () => {
  const rows: [from: string, event: string, acknowledges: boolean][] = [
    ['unack', 'ack', true],
    ['rtnUnack', 'ack', true],
    ['shelved(active,unacked)', 'unshelve', true],
    ['shelved(active,acked)', 'unshelve', false],
    ['shelved(active,unacked)', 'shelf expires', false],
    ['normal', 'activate', false],
    ['outOfService(active)', 'return to service', false],
  ];
  it.each(rows)('%s + %s: acknowledges %s', (from, event, acknowledges) => {
    const r = alarmTransition(states[from], events[event], NOW);
    expect(r.ok && r.acknowledges).toBe(acknowledges);
  });
});

describe('the state an occurrence opened in (activations while out of service are never shown)', () => {
  const rows: [from: string, openedIn: AlarmStateName][] = [
    ['normal', 'unack'],
    ['rtnUnack', 'unack'],
    ['outOfService(returned)', 'outOfService'],
    ['suppressed(returned)', 'suppressed'],
    ['shelved(returned)', 'shelved'],
  ];
  it.each(rows)('%s + activate → opened in %s', (from, openedIn) => {
    const r = alarmTransition(states[from], events.activate, NOW);
    expect(r.ok && r.next.openedIn).toBe(openedIn);
    // Later steps keep it.
    const acked = r.ok ? alarmTransition(r.next, events['return to service'], NOW) : r;
    if (acked.ok) {
      expect(acked.next.openedIn).toBe(openedIn);
    }
  });
});
