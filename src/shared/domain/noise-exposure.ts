import { compareNoise, DEFAULT_MAX_READING_AGE_MS, TWA_REFERENCE_MINUTES, type NoiseComparison, type ZoneInterval } from './occupational-exposure.js';

/*
 * A person's noise exposure for a shift from the zones their positioning tag
 * was in and the zones' sound level meters (GBZ 2.2-2007 ch. 11, noise):
 *   L_EX,8h = 10·lg((1/8 h) Σ tᵢ·10^(0.1·Lᵢ))
 * where Lᵢ is the zone's A-weighted level while the person was there. Rules:
 * - a reading holds from its time until the next reading of that meter, at
 *   most `maxReadingAgeMs`; several meters in a zone: the highest level;
 * - time in a zone without a meter, or with no meter reading, and shift time
 *   without a position are not estimated: they are reported, and add no energy
 *   (the result is a lower bound), the reference stays 8 h whatever the shift.
 * Grades of noise work by L_EX,8h (GBZ/T 229.4-2012 Table 1): I mild 85–<90,
 * II moderate 90–<94, III severe 94–<100, IV extreme ≥ 100 dB(A); below 85
 * the work is not graded as noise hazard work ('0' here).
 */

export interface NoiseReading {
  t: number;
  /** L_Aeq of the reading, dB(A). */
  level: number;
}

export type NoiseGrade = '0' | 'I' | 'II' | 'III' | 'IV';

/** The grade of noise work by L_EX,8h, dB(A) (GBZ/T 229.4-2012 Table 1). */
export function noiseGrade(lex: number): NoiseGrade {
  return lex >= 100 ? 'IV' : lex >= 94 ? 'III' : lex >= 90 ? 'II' : lex >= 85 ? 'I' : '0';
}

export interface ZoneNoise {
  zone: string;
  minutes: number;
  minutesEstimated: number;
  /** L_Aeq over the estimated minutes in the zone, dB(A); null if none. */
  laeq: number | null;
}

export interface ShiftNoise {
  /** Null when no minute could be estimated. */
  lex8h: number | null;
  minutesTotal: number;
  minutesEstimated: number;
  byZone: ZoneNoise[];
  notEstimated: { noMeter: number; noReading: number; notLocated: number };
  comparison: NoiseComparison | null;
  grade: NoiseGrade | null;
}

const MIN = 60_000;

/** The level of one meter at `t`: its last reading at or before `t`, if younger than `maxAge`. */
function levelAt(series: readonly NoiseReading[], t: number, maxAge: number): number | null {
  let lo = 0;
  let hi = series.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid].t <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  if (found < 0 || t - series[found].t >= maxAge || !Number.isFinite(series[found].level)) {
    return null;
  }
  return series[found].level;
}

/**
 * L_EX,8h of one shift from the person's zone intervals and each zone's
 * meters (`meters[zone]`: one reading series per meter).
 */
export function estimateShiftNoise(
  input: { intervals: readonly ZoneInterval[]; meters: Readonly<Record<string, readonly (readonly NoiseReading[])[]>>; shift: { from: number; to: number } },
  o: { maxReadingAgeMs?: number } = {},
): ShiftNoise {
  const maxAge = o.maxReadingAgeMs ?? DEFAULT_MAX_READING_AGE_MS;
  const { from, to } = input.shift;
  const notEstimated = { noMeter: 0, noReading: 0, notLocated: 0 };
  const zones = new Map<string, ZoneNoise & { energy: number }>();
  let energy = 0;
  let located = 0;
  for (const iv of input.intervals) {
    const a = Math.max(iv.from, from);
    const b = Math.min(iv.to, to);
    if (!(b > a)) {
      continue;
    }
    located += (b - a) / MIN;
    const z = zones.get(iv.zone) ?? { zone: iv.zone, minutes: 0, minutesEstimated: 0, laeq: null, energy: 0 };
    zones.set(iv.zone, z);
    z.minutes += (b - a) / MIN;
    const series = (input.meters[iv.zone] ?? []).map((s) => [...s].sort((x, y) => x.t - y.t));
    if (series.length === 0) {
      notEstimated.noMeter += (b - a) / MIN;
      continue;
    }
    // Between consecutive breakpoints (a reading, or a reading going stale) every meter's value is constant.
    const cuts = new Set([a, b]);
    for (const s of series) {
      for (const r of s) {
        for (const c of [r.t, r.t + maxAge]) {
          if (c > a && c < b) {
            cuts.add(c);
          }
        }
      }
    }
    const points = [...cuts].sort((x, y) => x - y);
    for (let i = 0; i + 1 < points.length; i++) {
      const minutes = (points[i + 1] - points[i]) / MIN;
      const levels = series.map((s) => levelAt(s, points[i], maxAge)).filter((l): l is number => l !== null);
      if (levels.length === 0) {
        notEstimated.noReading += minutes;
        continue;
      }
      const e = minutes * 10 ** (Math.max(...levels) / 10);
      energy += e;
      z.energy += e;
      z.minutesEstimated += minutes;
    }
  }
  const minutesTotal = Math.max(0, (to - from) / MIN);
  notEstimated.notLocated = Math.max(0, minutesTotal - located);
  // Rounded to 1e-6 dB so that exactly 8 h at 85 dB(A) reads 85, not 84.999…
  const lex8h = energy > 0 ? Math.round(10 * Math.log10(energy / TWA_REFERENCE_MINUTES) * 1e6) / 1e6 : null;
  return {
    lex8h,
    minutesTotal,
    minutesEstimated: [...zones.values()].reduce((s, z) => s + z.minutesEstimated, 0),
    byZone: [...zones.values()].map(({ energy: e, ...z }) => ({ ...z, laeq: z.minutesEstimated > 0 ? 10 * Math.log10(e / z.minutesEstimated) : null })),
    notEstimated,
    comparison: lex8h === null ? null : compareNoise(lex8h),
    grade: lex8h === null ? null : noiseGrade(lex8h),
  };
}
