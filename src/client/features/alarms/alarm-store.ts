import { useEffect } from 'react';
import type { Subscription } from 'rxjs';
import { create } from 'zustand';
import { alarmRealTimeList, type AlarmItem } from '../../../shared/contracts/alarms';
import { api } from '../../app/api';
import { streamClient } from '../../stream/stream-client';

const MUTE_KEY = 'alarmSoundMuted';

interface AlarmStoreState {
  /** Open occurrences by id (closed ones leave). */
  byId: ReadonlyMap<number, AlarmItem>;
  loaded: boolean;
  /** Counts up each time a high-priority alarm is newly annunciated: the banner sounds on it. */
  chime: number;
  muted: boolean;
  setMuted: (muted: boolean) => void;
}

/**
 * The open alarms the user may see, for the live list, the banner and the tab
 * title: loaded from `UAPI/Alarm/RealTimeList` (the truth) and kept current by
 * topic `alarm`, reloaded after a resync. One subscription per tab, however
 * many components read it (`useAlarmFeed` counts them).
 */
export const useAlarmStore = create<AlarmStoreState>()((set) => ({
  byId: new Map(),
  loaded: false,
  chime: 0,
  muted: localStorage.getItem(MUTE_KEY) === '1',
  setMuted: (muted) => {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
    set({ muted });
  },
}));

/** Last change time of ids that closed, so an older list answer does not bring them back. */
const closed = new Map<number, number>();

const newlyAnnunciated = (prev: AlarmItem | undefined, next: AlarmItem) => next.state === 'unack' && prev?.state !== 'unack' && next.priority <= 2;

function apply(items: readonly AlarmItem[], fromStream: boolean) {
  const cur = useAlarmStore.getState();
  const byId = new Map(cur.byId);
  let chime = false;
  for (const a of items) {
    const prev = byId.get(a.id);
    if ((prev && prev.updatedAt > a.updatedAt) || (closed.get(a.id) ?? -1) >= a.updatedAt) {
      continue;
    }
    if (a.closedAt !== null) {
      byId.delete(a.id);
      closed.set(a.id, a.updatedAt);
      continue;
    }
    chime ||= fromStream && newlyAnnunciated(prev, a);
    byId.set(a.id, a);
  }
  useAlarmStore.setState({ byId, chime: chime ? cur.chime + 1 : cur.chime });
}

let users = 0;
let subs: Subscription[] = [];
let loading: Promise<void> | null = null;

/** Reloads the list (after a resync, or by hand); items the stream brought meanwhile are kept if newer. */
export function reloadAlarms(): Promise<void> {
  loading ??= api(alarmRealTimeList, {}, { silent: true })
    .then(({ list, serverTime }) => {
      const listed = new Set(list.map((a) => a.id));
      // Open alarms the list no longer has closed while we were away (unless the stream brought them after the list was made).
      const { byId } = useAlarmStore.getState();
      const gone = [...byId.values()].filter((a) => !listed.has(a.id) && a.updatedAt <= serverTime);
      for (const a of gone) {
        closed.set(a.id, a.updatedAt);
      }
      useAlarmStore.setState({ byId: new Map([...byId].filter(([id]) => !gone.some((g) => g.id === id))) });
      apply(list, false);
      useAlarmStore.setState({ loaded: true });
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
      client.topic$('alarm').subscribe((items) => apply(items, true)),
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
      closed.clear();
      useAlarmStore.setState({ byId: new Map(), loaded: false });
    }
  };
}

/** Priority first, then newest first: the order of every alarm list. */
export function sortAlarms(list: AlarmItem[]): AlarmItem[] {
  return list.sort((a, b) => a.priority - b.priority || b.activatedAt - a.activatedAt);
}
