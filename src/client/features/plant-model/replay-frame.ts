import type { AlarmItem } from '../../../shared/alarms/item';
import type { PositionTuple } from '../../../shared/contracts/channel';
import type { ReplayTrack } from '../../../shared/positioning/contracts';
import type { HistoryBucket } from '../../../shared/realtime/contracts';
import type { AlarmMark } from './plant-scene';

/**
 * What the 3D view shows at one moment of a replay, from what the history calls answered
 * (`RealTimeData/History` buckets, `Positioning/Replay` tracks, `Alarm/HistoryList` and the open
 * list). Pure: the slider asks it for each moment; nothing here fetches.
 */
export interface ReplayData {
  from: number;
  to: number;
  /** Level tag → its buckets, oldest first. */
  levels: ReadonlyMap<string, readonly HistoryBucket[]>;
  tracks: readonly ReplayTrack[];
  /** Every occurrence that may have been open in [from, to]. */
  alarms: readonly AlarmItem[];
  /** A fix older than this at the moment is not drawn (the card left the plant or stopped reporting). */
  maxFixAgeMs: number;
}

/** Index of the last element of ascending `ts` at or before `t` (−1: none). */
export function lastAtOrBefore(ts: readonly number[], t: number): number {
  let lo = 0;
  let hi = ts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ts[mid] <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Each level tag's value at `t`: the latest sample of the last bucket that started by then. */
export function levelsAt(data: Pick<ReplayData, 'levels'>, t: number): { tag: string; v: number; q: number }[] {
  const out: { tag: string; v: number; q: number }[] = [];
  for (const [tag, buckets] of data.levels) {
    const i = lastAtOrBefore(
      buckets.map((b) => b.t),
      t,
    );
    if (i >= 0) {
      out.push({ tag, v: buckets[i].last, q: 0 });
    }
  }
  return out;
}

/** Everyone's last fix at `t`, as the stream's tuples; cards silent longer than `maxFixAgeMs` are left out. */
export function positionsAt(data: Pick<ReplayData, 'tracks' | 'maxFixAgeMs'>, t: number): PositionTuple[] {
  const out: PositionTuple[] = [];
  for (const track of data.tracks) {
    const i = lastAtOrBefore(track.t, t);
    if (i >= 0 && t - track.t[i] <= data.maxFixAgeMs) {
      out.push([track.tagId, track.t[i], track.lon[i], track.lat[i], null, track.kind === 1 ? 1 : 0]);
    }
  }
  return out;
}

/** The alarms open at `t` (activated by then, not yet closed), most urgent per source; unacknowledged ones blink. */
export function alarmsAt(data: Pick<ReplayData, 'alarms'>, t: number): Map<string, AlarmMark> {
  const out = new Map<string, AlarmMark>();
  for (const a of data.alarms) {
    if (a.activatedAt > t || (a.closedAt !== null && a.closedAt <= t)) {
      continue;
    }
    const unack = a.ackedAt === null || a.ackedAt > t;
    const prev = out.get(a.source);
    out.set(a.source, { priority: Math.min(prev?.priority ?? 4, a.priority), unack: (prev?.unack ?? false) || unack });
  }
  return out;
}
