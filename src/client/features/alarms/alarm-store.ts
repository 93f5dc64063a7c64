import { useEffect } from 'react';
import type { Subscription } from 'rxjs';
import { create } from 'zustand';
import { alarmRealTimeList, type AlarmItem } from '../../../shared/alarms/contracts';
import { api } from '../../app/api';
import { streamClient } from '../../stream/stream-client';
import { alarmOrder, applyList, mergeAlarms, resortChanged } from '../../../shared/domain/alarm-merge';

const MUTE_KEY = 'alarmSoundMuted';
const INTERVAL_KEY = 'alarmToneIntervalS';
/** How often the tone repeats while a high-priority alarm waits for acknowledgement, by default (s). */
export const DEFAULT_TONE_INTERVAL_S = 10;
/** Repeat intervals a user may choose (s). */
export const TONE_INTERVALS_S = [5, 10, 15, 30, 60] as const;

/** The interval this browser keeps (any whole number of seconds from 1 to 600), else the default. */
function storedInterval(): number {
  const v = Number(localStorage.getItem(INTERVAL_KEY));
  return Number.isInteger(v) && v >= 1 && v <= 600 ? v : DEFAULT_TONE_INTERVAL_S;
}

interface AlarmStoreState {
  /** Open occurrences by id (closed ones leave). */
  byId: ReadonlyMap<number, AlarmItem>;
  /** The same alarms in list order (alarmOrder), kept sorted change by change: lists filter it and never sort. */
  sorted: readonly AlarmItem[];
  loaded: boolean;
  /** Counts up each time a high-priority alarm is newly annunciated: the banner sounds on it. */
  chime: number;
  muted: boolean;
  setMuted: (muted: boolean) => void;
  /** Seconds between repeats of the tone, kept per browser. */
  toneIntervalS: number;
  setToneIntervalS: (s: number) => void;
  /** The user silenced the tone: quiet until the next high-priority alarm is annunciated. */
  silenced: boolean;
  silence: () => void;
}

/**
 * The open alarms the user may see, for the live list, the banner and the tab
 * title: loaded from `UAPI/Alarm/RealTimeList` (the truth) and kept current by
 * topic `alarm`, reloaded after a resync. One subscription per tab, however
 * many components read it (`useAlarmFeed` counts them).
 */
export const useAlarmStore = create<AlarmStoreState>()((set) => ({
  byId: new Map(),
  sorted: [],
  loaded: false,
  chime: 0,
  muted: localStorage.getItem(MUTE_KEY) === '1',
  setMuted: (muted) => {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
    set({ muted });
  },
  toneIntervalS: storedInterval(),
  setToneIntervalS: (s) => {
    localStorage.setItem(INTERVAL_KEY, String(s));
    set({ toneIntervalS: s });
  },
  silenced: false,
  silence: () => set({ silenced: true }),
}));

/** The last change time of closed alarms, beside the store's open ones. */
let closed: ReadonlyMap<number, number> = new Map();

/**
 * Changes from the stream wait here for at most APPLY_MS and are merged at
 * once: during a flood the stream brings many small batches, and each store
 * update re-filters, re-sorts and re-renders every list of 10,000 alarms.
 * A timer, not an animation frame: a hidden tab still updates its title.
 */
const APPLY_MS = 50;
let waiting: AlarmItem[] = [];
let applyTimer: ReturnType<typeof setTimeout> | null = null;

function apply(items: readonly AlarmItem[]) {
  waiting.push(...items);
  applyTimer ??= setTimeout(applyWaiting, APPLY_MS);
}

function applyWaiting() {
  applyTimer = null;
  const items = waiting;
  waiting = [];
  const cur = useAlarmStore.getState();
  const next = mergeAlarms({ byId: cur.byId, closed }, items, true);
  closed = next.closed;
  const sorted = resortChanged(
    cur.sorted,
    cur.byId,
    next.byId,
    items.map((a) => a.id),
  );
  // A newly annunciated high-priority alarm sounds again even after the user silenced the last ones.
  useAlarmStore.setState({ byId: next.byId, sorted, ...(next.chime ? { chime: cur.chime + 1, silenced: false } : {}) });
}

let users = 0;
let subs: Subscription[] = [];
let loading: Promise<void> | null = null;

/** Reloads the list (after a resync, or by hand); items the stream brought meanwhile are kept if newer. */
export function reloadAlarms(): Promise<void> {
  loading ??= api(alarmRealTimeList, {}, { silent: true })
    .then(({ list, serverTime }) => {
      const next = applyList({ byId: useAlarmStore.getState().byId, closed }, list, serverTime);
      closed = next.closed;
      useAlarmStore.setState({ byId: next.byId, sorted: [...next.byId.values()].sort(alarmOrder), loaded: true });
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Keeps the feed running while the calling component is mounted. */
export function useAlarmFeed(): void {
  useEffect(() => startAlarmFeed(), []);
}

/** Starts the feed while at least one component uses it; returns the stop function. */
function startAlarmFeed(): () => void {
  users++;
  if (users === 1) {
    const client = streamClient();
    subs = [
      client.topic$('alarm').subscribe((items) => apply(items)),
      client.channelResync$.subscribe((c) => {
        if (c === 'alarm') {
          void reloadAlarms();
        }
      }),
    ];
    void reloadAlarms();
  }
  return () => {
    users--;
    if (users === 0) {
      subs.forEach((s) => s.unsubscribe());
      subs = [];
      if (applyTimer) {
        clearTimeout(applyTimer);
        applyTimer = null;
      }
      waiting = [];
      closed = new Map();
      useAlarmStore.setState({ byId: new Map(), sorted: [], loaded: false });
    }
  };
}
