/**
 * Alarm-system performance figures (EEMUA 191, 3rd ed.; ISA-18.2 §16 /
 * IEC 62682 table 5), computed from a window of alarm occurrences. Pure, so a
 * test can check them on a fixed log with known answers.
 *
 * - Rate: alarms per 10 minutes per operator position, average and peak
 *   (EEMUA "acceptable": about 1 per 10 min on average; over 10 in 10 min is a
 *   flood).
 * - Flood: a 10-minute interval with more than 10 alarms per operator; an
 *   episode is a run of consecutive flood intervals; % of time in flood.
 * - Priority distribution against the 80 / 15 / 5 % guide (low / medium / high;
 *   our 紧急 and 高 count as high).
 * - Stale: still active more than 24 h at the end of the window.
 * - Chattering: an alarm activating 3 or more times within 60 s.
 * - Top 10: the most frequent alarms and their share of all activations.
 */

export const KPI_INTERVAL_MS = 10 * 60_000;
export const FLOOD_THRESHOLD = 10;
export const STALE_AFTER_MS = 24 * 3600_000;
export const CHATTER_COUNT = 3;
export const CHATTER_WINDOW_MS = 60_000;

export interface KpiOccurrence {
  alarmKey: string;
  sourceName: string;
  sourceNameEn?: string;
  priority: number;
  activatedAt: number;
  returnedAt: number | null;
  state: string;
}

export interface AlarmKpi {
  from: number;
  to: number;
  operatorPositions: number;
  total: number;
  /** Alarms per 10 minutes per operator position. */
  avgPer10Min: number;
  peakPer10Min: number;
  /** Start of the busiest 10-minute interval. */
  peakAt: number | null;
  /** Alarm counts per 10-minute interval from `from` (per operator position not applied). */
  intervals: number[];
  floodEpisodes: { from: number; to: number; alarms: number }[];
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

/** Figures for occurrences activated in [from, to); `open` adds occurrences activated earlier that are still open (for stale alarms). */
export function computeAlarmKpi(
  occurrences: readonly KpiOccurrence[],
  window: { from: number; to: number; operatorPositions?: number },
  open: readonly KpiOccurrence[] = [],
): AlarmKpi {
  const { from, to } = window;
  const positions = Math.max(1, window.operatorPositions ?? 1);
  const inWindow = occurrences.filter((o) => o.activatedAt >= from && o.activatedAt < to).sort((a, b) => a.activatedAt - b.activatedAt);
  const total = inWindow.length;

  const n = Math.max(1, Math.ceil((to - from) / KPI_INTERVAL_MS));
  const intervals = new Array<number>(n).fill(0);
  for (const o of inWindow) {
    intervals[Math.min(n - 1, Math.floor((o.activatedAt - from) / KPI_INTERVAL_MS))]++;
  }
  let peak = 0;
  let peakIndex = -1;
  intervals.forEach((c, i) => {
    if (c > peak) {
      peak = c;
      peakIndex = i;
    }
  });

  const floodEpisodes: AlarmKpi['floodEpisodes'] = [];
  let floodIntervals = 0;
  for (let i = 0; i < n; i++) {
    if (intervals[i] / positions > FLOOD_THRESHOLD) {
      floodIntervals++;
      const start = from + i * KPI_INTERVAL_MS;
      const last = floodEpisodes[floodEpisodes.length - 1];
      if (last && last.to === start) {
        last.to = start + KPI_INTERVAL_MS;
        last.alarms += intervals[i];
      } else {
        floodEpisodes.push({ from: start, to: start + KPI_INTERVAL_MS, alarms: intervals[i] });
      }
    }
  }

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
  for (const [alarmKey, e] of byKey) {
    let chatters = false;
    for (let i = 0; i + CHATTER_COUNT - 1 < e.times.length && !chatters; i++) {
      chatters = e.times[i + CHATTER_COUNT - 1] - e.times[i] <= CHATTER_WINDOW_MS;
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
    if (activeAtEnd && to - o.activatedAt > STALE_AFTER_MS) {
      stale.push({ alarmKey: o.alarmKey, sourceName: o.sourceName, sourceNameEn: o.sourceNameEn ?? '', activatedAt: o.activatedAt });
    }
  }
  stale.sort((a, b) => a.activatedAt - b.activatedAt);

  return {
    from,
    to,
    operatorPositions: positions,
    total,
    avgPer10Min: Math.round((total / positions / n) * 100) / 100,
    peakPer10Min: Math.round((peak / positions) * 100) / 100,
    peakAt: peakIndex >= 0 ? from + peakIndex * KPI_INTERVAL_MS : null,
    intervals,
    floodEpisodes,
    floodTimePct: pct(floodIntervals, n),
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
