import { calendarOf, DAY_MS, type PlantCalendar } from './plant-calendar.js';

/*
 * Scheduled tag reports (issue 20 §7, /dataAnalysis/reportSetting): a report
 * covers one period of the plant's wall clock and gives, per tag, min, max,
 * average, the time above its high limit and below its low limit, and its
 * alarm count. Periods are a pure function of the schedule and the time, so
 * a report is keyed by (definition, period start) and a generator that runs
 * again after a restart finds the same periods: none twice, none skipped.
 *
 * Shifts are the three eight-hour shifts of the continuous-process plant
 * (00:00, 08:00, 16:00 local); days run midnight to midnight; months from the
 * first at midnight. Local time is the plant calendar's fixed offset.
 */

export const reportSchedules = ['shift', 'daily', 'monthly'] as const;
export type ReportSchedule = (typeof reportSchedules)[number];

const HOUR_MS = 3_600_000;
/** Shift starts, local hours. */
export const SHIFT_STARTS = [0, 8, 16] as const;

export interface ReportPeriod {
  start: number;
  end: number;
}

/** The period of `schedule` that contains `t`. */
export function reportPeriodOf(schedule: ReportSchedule, t: number, cal: PlantCalendar = calendarOf()): ReportPeriod {
  const day = cal.startOfLocalDay(t);
  switch (schedule) {
    case 'shift': {
      const h = Math.floor((t - day) / HOUR_MS);
      const s = [...SHIFT_STARTS].reverse().find((x) => x <= h) ?? 0;
      return { start: day + s * HOUR_MS, end: day + (s + 8) * HOUR_MS };
    }
    case 'daily':
      return { start: day, end: day + DAY_MS };
    case 'monthly': {
      const p = cal.localParts(t);
      return { start: cal.fromLocal(p.year, p.month, 1), end: cal.fromLocal(p.year, p.month + 1, 1) };
    }
  }
}

/**
 * Every whole period that has ended by `now` and starts at or after the period
 * containing `since`, oldest first, at most `max` (the oldest ones: a long
 * outage catches up over several runs rather than in one).
 */
export function duePeriods(schedule: ReportSchedule, since: number, now: number, max = 100, cal: PlantCalendar = calendarOf()): ReportPeriod[] {
  const out: ReportPeriod[] = [];
  let p = reportPeriodOf(schedule, since, cal);
  while (p.end <= now && out.length < max) {
    out.push(p);
    p = reportPeriodOf(schedule, p.end, cal);
  }
  return out;
}

/** A bucket of the historian's rollups: its start, min, max, average and sample count. */
export interface RollupBucket {
  t: number;
  min: number;
  max: number;
  avg: number;
  n: number;
}

export interface TagFigures {
  min: number | null;
  max: number | null;
  /** Sample-weighted mean of the buckets' averages (the mean of every sample). */
  avg: number | null;
  /** Samples in the period. */
  n: number;
  /** Time above the high limit (H, or HH when no H is set), ms: buckets whose average is above it. */
  aboveMs: number;
  /** Time below the low limit (L, or LL when no L is set), ms: buckets whose average is below it. */
  belowMs: number;
}

export interface TagLimits {
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
}

/**
 * The figures of one tag from its rollup buckets of width `bucketMs` (a
 * minute for shift and daily reports): a bucket counts whole towards the time
 * beyond a limit when its average is beyond it, so the time is exact to the
 * bucket width, which is what rollups can tell without raw samples.
 */
export function tagFigures(buckets: readonly RollupBucket[], limits: TagLimits, bucketMs: number): TagFigures {
  const high = limits.h ?? limits.hh;
  const low = limits.l ?? limits.ll;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  let above = 0;
  let below = 0;
  for (const b of buckets) {
    if (b.n <= 0) {
      continue;
    }
    min = Math.min(min, b.min);
    max = Math.max(max, b.max);
    sum += b.avg * b.n;
    n += b.n;
    if (high !== null && b.avg > high) {
      above++;
    }
    if (low !== null && b.avg < low) {
      below++;
    }
  }
  return {
    min: n === 0 ? null : min,
    max: n === 0 ? null : max,
    avg: n === 0 ? null : sum / n,
    n,
    aboveMs: above * bucketMs,
    belowMs: below * bucketMs,
  };
}

/** Bucket width a report reads the rollups at: a minute up to a day, ten minutes for a month (≤ 4,464 buckets per tag). */
export function reportBucketMs(schedule: ReportSchedule): number {
  return schedule === 'monthly' ? 600_000 : 60_000;
}

/** Whether a webhook address is an absolute http(s) URL. */
export function isWebhookUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Delay before the next attempt of a failed webhook delivery: 30 s doubling, at most an hour; it is never given up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}
