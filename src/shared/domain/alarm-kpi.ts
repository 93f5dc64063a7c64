/**
 * Alarm-system performance figures (EEMUA 191, 3rd ed.; ISA-18.2 §16 /
 * IEC 62682 table 5), computed from a window of alarm occurrences. Pure, so a
 * test can check them on a fixed log with known answers.
 *
 * - Rate: alarms per 10 minutes per operator position, average and peak over
 *   fixed 10-minute intervals (EEMUA "acceptable": about 1 per 10 min on
 *   average).
 * - Flood (ISA-18.2 §16.5, EEMUA 191): begins when more than 10 alarms arrive
 *   within 10 minutes (a sliding window, per operator position) and ends only
 *   when the rate falls below 5 per 10 minutes; each episode with its start,
 *   end and peak, and the share of the window spent in flood.
 * - Priority distribution against the 80 / 15 / 5 % guide (low / medium / high;
 *   our 紧急 and 高 count as high).
 * - Stale: active for 24 h or more at the end of the window.
 * - Chattering: an alarm activating 3 or more times within 60 s.
 * - Top 10: the most frequent alarms and their share of all activations.
 *
 * Activations while the alarm was out of service (ISA-18.2 §11.9) were never
 * shown to an operator: they are left out of the rate, the priority mix, the
 * top 10, floods and chattering, and counted on their own.
 *
 * The thresholds are a plant's to change: `KpiRules`, with the guide's values
 * as defaults.
 */

export interface FloodRule {
  /** The sliding window the rate is counted over, ms (10 min). */
  windowMs: number;
  /** A flood begins when more than this many alarms per operator position arrive within the window (10). */
  beginAbove: number;
  /** ...and ends when fewer than this many per operator position are within the window (5). */
  endBelow: number;
}

export interface KpiRules {
  /** Length of the fixed rate intervals (the chart, average and peak rate), ms. */
  intervalMs: number;
  flood: FloodRule;
  /** Active this long or longer at the end of the window: stale. */
  staleAfterMs: number;
  /** This many activations of one alarm within `windowMs`: chattering. */
  chatter: { count: number; windowMs: number };
}

export const KPI_INTERVAL_MS = 10 * 60_000;
/** EEMUA 191 / ISA-18.2: a flood begins above 10 alarms in 10 minutes... */
export const FLOOD_THRESHOLD = 10;
/** ...and ends below 5 in 10 minutes. */
export const FLOOD_END_BELOW = 5;
export const STALE_AFTER_MS = 24 * 3600_000;
export const CHATTER_COUNT = 3;
export const CHATTER_WINDOW_MS = 60_000;

export const DEFAULT_KPI_RULES: KpiRules = {
  intervalMs: KPI_INTERVAL_MS,
  flood: { windowMs: KPI_INTERVAL_MS, beginAbove: FLOOD_THRESHOLD, endBelow: FLOOD_END_BELOW },
  staleAfterMs: STALE_AFTER_MS,
  chatter: { count: CHATTER_COUNT, windowMs: CHATTER_WINDOW_MS },
};

export interface KpiOccurrence {
  alarmKey: string;
  sourceName: string;
  sourceNameEn?: string;
  priority: number;
  activatedAt: number;
  returnedAt: number | null;
  state: string;
  /** Activated while the alarm was out of service: never shown, so not counted in the figures. */
  outOfService?: boolean;
}

export interface FloodEpisode {
  /** When the rate first went above the flood threshold. */
  from: number;
  /** When it fell below the end threshold (the window's end while still in flood). */
  to: number;
  /** Alarms of the episode: those in the window that started it and those arriving until its end. */
  alarms: number;
  /** Most alarms within one sliding window during the episode (all operator positions together). */
  peak: number;
  /** Still in flood at the end of the window. */
  ongoing: boolean;
}

export interface AlarmKpi {
  from: number;
  to: number;
  operatorPositions: number;
  /** Activations counted (those while out of service are not). */
  total: number;
  /** Activations while the alarm was out of service, left out of every other figure. */
  outOfService: number;
  /** Alarms per 10 minutes per operator position. */
  avgPer10Min: number;
  peakPer10Min: number;
  /** Start of the busiest 10-minute interval. */
  peakAt: number | null;
  /** Alarm counts per 10-minute interval from `from` (per operator position not applied). */
  intervals: number[];
  floodEpisodes: FloodEpisode[];
  floodTimePct: number;
  /** Counts and shares of low (4), medium (3) and high (1 and 2) priority. */
  priority: { low: number; medium: number; high: number; lowPct: number; mediumPct: number; highPct: number };
  stale: { alarmKey: string; sourceName: string; sourceNameEn: string; activatedAt: number }[];
  chattering: { alarmKey: string; sourceName: string; sourceNameEn: string; activations: number }[];
  top10: { alarmKey: string; sourceName: string; sourceNameEn: string; count: number; sharePct: number }[];
  top10SharePct: number;
  shelvedNow: number;
}

const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);

/**
 * Flood episodes of sorted activation times within [from, to) (ISA-18.2
 * §16.5): the rate at t counts the alarms in (t − window, t]; a flood begins
 * at the arrival that takes it above `beginAbove` per operator position and
 * ends at the moment an alarm leaving the window takes it below `endBelow`
 * (the hysteresis: a rate between the two keeps a flood going, and starts
 * none).
 */
export function floodEpisodes(times: readonly number[], window: { from: number; to: number }, rule: FloodRule, positions = 1): FloodEpisode[] {
  const out: FloodEpisode[] = [];
  const begin = rule.beginAbove * positions;
  const end = rule.endBelow * positions;
  let arrived = 0;
  let left = 0;
  let open: { from: number; first: number; peak: number } | null = null;
  for (;;) {
    const nextArrival = arrived < times.length ? times[arrived] : Infinity;
    const nextLeave = left < arrived ? times[left] + rule.windowMs : Infinity;
    const t = Math.min(nextArrival, nextLeave);
    if (t >= window.to) {
      break;
    }
    // The window is (t − windowMs, t]: an alarm leaves exactly windowMs after it arrived, before any arrival at t counts.
    while (left < arrived && times[left] + rule.windowMs <= t) {
      left++;
    }
    const before = arrived;
    while (arrived < times.length && times[arrived] <= t) {
      arrived++;
    }
    const count = arrived - left;
    if (open === null) {
      if (count > begin) {
        open = { from: t, first: left, peak: count };
      }
    } else if (count < end) {
      out.push({ from: open.from, to: t, alarms: before - open.first, peak: open.peak, ongoing: false });
      open = null;
    } else {
      open.peak = Math.max(open.peak, count);
    }
  }
  if (open !== null) {
    out.push({ from: open.from, to: window.to, alarms: arrived - open.first, peak: open.peak, ongoing: true });
  }
  return out;
}

/**
 * Figures for occurrences activated in [from, to); `open` adds occurrences
 * activated earlier that are still open (for stale alarms).
 */
export function computeAlarmKpi(
  occurrences: readonly KpiOccurrence[],
  window: { from: number; to: number; operatorPositions?: number },
  open: readonly KpiOccurrence[] = [],
  rules: KpiRules = DEFAULT_KPI_RULES,
): AlarmKpi {
  const { from, to } = window;
  const positions = Math.max(1, window.operatorPositions ?? 1);
  const activated = occurrences.filter((o) => o.activatedAt >= from && o.activatedAt < to);
  // Activations while out of service were never shown to an operator (ISA-18.2 §11.9): not counted.
  const inWindow = activated.filter((o) => o.outOfService !== true).sort((a, b) => a.activatedAt - b.activatedAt);
  const total = inWindow.length;

  const n = Math.max(1, Math.ceil((to - from) / rules.intervalMs));
  const intervals = new Array<number>(n).fill(0);
  for (const o of inWindow) {
    intervals[Math.min(n - 1, Math.floor((o.activatedAt - from) / rules.intervalMs))]++;
  }
  let peak = 0;
  let peakIndex = -1;
  intervals.forEach((c, i) => {
    if (c > peak) {
      peak = c;
      peakIndex = i;
    }
  });

  const floods = floodEpisodes(
    inWindow.map((o) => o.activatedAt),
    { from, to },
    rules.flood,
    positions,
  );
  const floodMs = floods.reduce((sum, e) => sum + (e.to - e.from), 0);

  const low = inWindow.filter((o) => o.priority >= 4).length;
  const medium = inWindow.filter((o) => o.priority === 3).length;
  const high = inWindow.filter((o) => o.priority <= 2).length;

  const byKey = new Map<string, { sourceName: string; sourceNameEn: string; times: number[] }>();
  for (const o of inWindow) {
    const e = byKey.get(o.alarmKey) ?? { sourceName: o.sourceName, sourceNameEn: o.sourceNameEn ?? '', times: [] };
    e.times.push(o.activatedAt);
    byKey.set(o.alarmKey, e);
  }
  const chattering: AlarmKpi['chattering'] = [];
  const { count: chatterCount, windowMs: chatterMs } = rules.chatter;
  for (const [alarmKey, e] of byKey) {
    let chatters = false;
    for (let i = 0; i + chatterCount - 1 < e.times.length && !chatters; i++) {
      chatters = e.times[i + chatterCount - 1] - e.times[i] <= chatterMs;
    }
    if (chatters) {
      chattering.push({ alarmKey, sourceName: e.sourceName, sourceNameEn: e.sourceNameEn, activations: e.times.length });
    }
  }
  chattering.sort((a, b) => b.activations - a.activations || a.alarmKey.localeCompare(b.alarmKey));

  const top10 = [...byKey]
    .map(([alarmKey, e]) => ({ alarmKey, sourceName: e.sourceName, sourceNameEn: e.sourceNameEn, count: e.times.length, sharePct: pct(e.times.length, total) }))
    .sort((a, b) => b.count - a.count || a.alarmKey.localeCompare(b.alarmKey))
    .slice(0, 10);

  const seen = new Set<string>();
  const stale: AlarmKpi['stale'] = [];
  for (const o of [...occurrences, ...open]) {
    const key = `${o.alarmKey}@${o.activatedAt}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    const activeAtEnd = o.activatedAt < to && (o.returnedAt === null || o.returnedAt > to);
    // "Active for 24 h or more": exactly 24 h counts.
    if (activeAtEnd && to - o.activatedAt >= rules.staleAfterMs) {
      stale.push({ alarmKey: o.alarmKey, sourceName: o.sourceName, sourceNameEn: o.sourceNameEn ?? '', activatedAt: o.activatedAt });
    }
  }
  stale.sort((a, b) => a.activatedAt - b.activatedAt);

  return {
    from,
    to,
    operatorPositions: positions,
    total,
    outOfService: activated.length - total,
    avgPer10Min: Math.round((total / positions / n) * 100) / 100,
    peakPer10Min: Math.round((peak / positions) * 100) / 100,
    peakAt: peakIndex >= 0 ? from + peakIndex * rules.intervalMs : null,
    intervals,
    floodEpisodes: floods,
    floodTimePct: to > from ? Math.round((floodMs / (to - from)) * 1000) / 10 : 0,
    priority: { low, medium, high, lowPct: pct(low, total), mediumPct: pct(medium, total), highPct: pct(high, total) },
    stale,
    chattering,
    top10,
    top10SharePct: pct(
      top10.reduce((s, t) => s + t.count, 0),
      total,
    ),
    shelvedNow: open.filter((o) => o.state === 'shelved').length,
  };
}

/** What the durations of one occurrence are computed from. */
export interface AlarmActivity {
  activatedAt: number;
  returnedAt: number | null;
  ackedAt: number | null;
  outOfService?: boolean;
}

/**
 * How long an occurrence was active (until it returned, or until `now` while
 * it is still active) and how long it waited for acknowledgement (null while
 * it is not acknowledged).
 */
export function occurrenceDurations(o: AlarmActivity, now: number): { activeMs: number; ongoing: boolean; ackMs: number | null } {
  return {
    activeMs: Math.max(0, (o.returnedAt ?? now) - o.activatedAt),
    ongoing: o.returnedAt === null,
    ackMs: o.ackedAt === null ? null : Math.max(0, o.ackedAt - o.activatedAt),
  };
}

export interface AlarmActivitySummary {
  /** Activations in the window that were shown (not out of service). */
  activations: number;
  /** Activations in the window while the alarm was out of service. */
  outOfService: number;
  /** Time the alarm was active within the window, and its share of the window. */
  activeMs: number;
  activePct: number;
  /** Longest activation, whole (into the window's end while still active). */
  longestActiveMs: number;
  acknowledged: number;
  meanAckMs: number | null;
  longestAckMs: number | null;
}

/**
 * One alarm over a window, for its audit detail: activations, time active
 * (occurrences that began before the window count from its start; one still
 * active counts until the window's end or `now`, whichever is first) and the
 * time operators took to acknowledge.
 */
export function summariseAlarmActivity(occurrences: readonly AlarmActivity[], window: { from: number; to: number }, now = window.to): AlarmActivitySummary {
  const { from } = window;
  /** A still active occurrence counts until the window's end or now, whichever is first (activations are counted in the whole window). */
  const to = Math.min(window.to, Math.max(from, now));
  let activations = 0;
  let outOfService = 0;
  let activeMs = 0;
  let longestActiveMs = 0;
  const acks: number[] = [];
  for (const o of occurrences) {
    if (o.activatedAt >= from && o.activatedAt < window.to) {
      if (o.outOfService === true) {
        outOfService++;
      } else {
        activations++;
      }
    }
    const d = occurrenceDurations(o, to);
    activeMs += Math.max(0, (o.returnedAt === null ? to : Math.min(o.returnedAt, window.to)) - Math.max(o.activatedAt, from));
    longestActiveMs = Math.max(longestActiveMs, d.activeMs);
    if (d.ackMs !== null) {
      acks.push(d.ackMs);
    }
  }
  return {
    activations,
    outOfService,
    activeMs,
    activePct: pct(activeMs, window.to - from),
    longestActiveMs,
    acknowledged: acks.length,
    meanAckMs: acks.length > 0 ? Math.round(acks.reduce((a, b) => a + b, 0) / acks.length) : null,
    longestAckMs: acks.length > 0 ? Math.max(...acks) : null,
  };
}
