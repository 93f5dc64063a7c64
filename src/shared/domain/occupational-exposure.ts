/**
 * Occupational exposure to chemical and noise hazards (DOMAIN.md §11):
 * GBZ 2.1-2019 工作场所有害因素职业接触限值 第1部分：化学有害因素 and
 * GBZ 2.2-2007 第2部分：物理因素.
 *
 * Rules:
 * - Concentrations are in mg/m³; a detector in ppm converts as
 *   mg/m³ = ppm × M / 24.45 (M in g/mol; 24.45 L/mol is the molar volume of
 *   a gas at 25 °C and 101.3 kPa).
 * - C_TWA = Σ CᵢTᵢ / 8 h (GBZ 2.1-2019: PC-TWA is defined over an 8 h
 *   working day, and its Annex A computes C_TWA so): the denominator is always 8 h. A shift shorter than 8 h counts its
 *   unsampled time as no exposure; a shift longer than 8 h sums the whole
 *   shift over the same 8 h, so a 10 h shift at a constant C gives 1.25 C.
 * - Long shifts: GBZ 2.1-2019 A.7.3 lowers PC-TWA by a reduction factor
 *   (折减因子, the Brief & Scala model) when a day exceeds 8 h or a week
 *   40 h: RF = (8 / h) × (24 − h) / 16 per day, RF = (40 / h) × (168 − h) / 128
 *   per week. A 10 h shift: RF = 0.8 × 14 / 16 = 0.7, so a PC-TWA of 20 is
 *   judged at 14. We apply RF to PC-TWA only: MAC and PC-STEL limit single
 *   short exposures, which a longer day does not make more frequent.
 * - C_STEL is the 15-min TWA; a sampled or exposed time under 15 min is
 *   still divided by 15 min. Over a longer record the highest 15-min window
 *   counts.
 * - MAC: no single reading may exceed it.
 * - A limit is exceeded when the value is above it (不应超过: equal complies).
 * - Noise: L_EX,8h = 10·lg((1/8 h) Σ tᵢ·10^(0.1·Lᵢ)) dB(A) (GBZ 2.2-2007
 *   ch. 11, noise), against 85 dB(A); 85 itself is noise work of hazard class I
 *   (GBZ/T 229.4-2012 Table 1: 85 ≤ L_EX,8h < 90), so noise is exceeded at ≥ 85.
 *
 * Thresholds a plant may choose (action level, maximum reading age) are
 * parameters with exported defaults.
 */
import type { Message } from '../messages/catalog.js';

/** Molar volume in L/mol at 25 °C and 101.3 kPa (GBZ 2.1-2019, DOMAIN.md §11). */
export const MOLAR_VOLUME_L = 24.45;
/** The reference period of PC-TWA, minutes. */
export const TWA_REFERENCE_MINUTES = 8 * 60;
/** The reference period of PC-STEL, minutes. */
export const STEL_REFERENCE_MINUTES = 15;
/** Action level as a fraction of the limit: half the limit, the usual trigger for closer monitoring. A plant may choose another. */
export const DEFAULT_ACTION_FRACTION = 0.5;
/** GBZ 2.2-2007 ch. 11 (noise): 85 dB(A) over 8 h. */
export const NOISE_LIMIT_DBA = 85;
/** 80 dB(A): noise work under GBZ 188-2014 (health surveillance from here on). */
export const NOISE_ACTION_DBA = 80;
/** A detector reading older than this is no longer taken as the zone's value (shift exposure). */
export const DEFAULT_MAX_READING_AGE_MS = 5 * 60_000;

/** ppm → mg/m³; NaN for a molar mass that is not a positive number. */
export function ppmToMgM3(ppm: number, molarMass: number): number {
  return molarMass > 0 ? (ppm * molarMass) / MOLAR_VOLUME_L : Number.NaN;
}

/** mg/m³ → ppm; NaN for a molar mass that is not a positive number. */
export function mgM3ToPpm(mgM3: number, molarMass: number): number {
  return molarMass > 0 ? (mgM3 * MOLAR_VOLUME_L) / molarMass : Number.NaN;
}

/** A sample: a concentration held for some minutes, or over a time span (epoch ms). */
export type TimedSample = { c: number; minutes: number } | { c: number; from: number; to: number };

interface Segment {
  start: number;
  end: number;
  c: number;
}

/**
 * Samples on one time line in minutes: `{ c, minutes }` samples follow one
 * another; `{ from, to }` samples sit at their times (a gap is no exposure).
 * Samples without a finite concentration or a positive duration are left out.
 */
function toSegments(samples: readonly TimedSample[]): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const s of samples) {
    if (!Number.isFinite(s.c)) {
      continue;
    }
    if ('minutes' in s) {
      if (Number.isFinite(s.minutes) && s.minutes > 0) {
        segments.push({ start: cursor, end: cursor + s.minutes, c: s.c });
        cursor += s.minutes;
      }
    } else if (Number.isFinite(s.from) && Number.isFinite(s.to) && s.to > s.from) {
      segments.push({ start: s.from / 60_000, end: s.to / 60_000, c: s.c });
    }
  }
  return segments;
}

/** Σ CᵢTᵢ in (unit × minutes). */
export function exposureSum(samples: readonly TimedSample[]): number {
  return toSegments(samples).reduce((sum, s) => sum + s.c * (s.end - s.start), 0);
}

/** Minutes the samples cover. */
export function sampledMinutes(samples: readonly TimedSample[]): number {
  return toSegments(samples).reduce((sum, s) => sum + (s.end - s.start), 0);
}

/**
 * C_TWA over 8 h: Σ CᵢTᵢ / 8 h, whatever the length of the shift (see the
 * file comment). Samples must not overlap: overlapping time is counted twice.
 */
export function twa8h(samples: readonly TimedSample[]): number {
  return exposureSum(samples) / TWA_REFERENCE_MINUTES;
}

/**
 * C_STEL: the highest 15-min time-weighted average. A record of 15 min or
 * less gives Σ CᵢTᵢ / 15; over a longer record the 15-min window slides.
 */
export function stel15(samples: readonly TimedSample[]): number {
  const segments = toSegments(samples);
  if (segments.length === 0) {
    return 0;
  }
  const inWindow = (from: number) => {
    const to = from + STEL_REFERENCE_MINUTES;
    return segments.reduce((sum, s) => sum + s.c * Math.max(0, Math.min(s.end, to) - Math.max(s.start, from)), 0);
  };
  // The windowed sum of a step function is piecewise linear in the window's start; its maximum sits where the
  // window's start or end meets a step.
  let best = 0;
  for (const s of segments) {
    best = Math.max(best, inWindow(s.start), inWindow(s.end - STEL_REFERENCE_MINUTES));
  }
  return best / STEL_REFERENCE_MINUTES;
}

/** The highest single reading, for MAC; null without a finite reading. */
export function peakReading(readings: readonly number[]): number | null {
  const finite = readings.filter((v) => Number.isFinite(v));
  return finite.length === 0 ? null : Math.max(...finite);
}

/** GBZ 2.1-2019 A.7.3, per day: 1 up to 8 h, then (8 / h) × (24 − h) / 16. */
export function dailyReductionFactor(hoursPerDay: number): number {
  if (!(hoursPerDay > 8)) {
    return 1;
  }
  return hoursPerDay >= 24 ? 0 : (8 / hoursPerDay) * ((24 - hoursPerDay) / 16);
}

/** GBZ 2.1-2019 A.7.3, per week: 1 up to 40 h, then (40 / h) × (168 − h) / 128. */
export function weeklyReductionFactor(hoursPerWeek: number): number {
  if (!(hoursPerWeek > 40)) {
    return 1;
  }
  return hoursPerWeek >= 168 ? 0 : (40 / hoursPerWeek) * ((168 - hoursPerWeek) / 128);
}

export const limitKinds = ['MAC', 'PC-TWA', 'PC-STEL'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** GBZ 2.1-2019 Table 1 limits of one substance, mg/m³; null where the table has none. */
export interface ExposureLimits {
  mac?: number | null;
  pcTwa?: number | null;
  pcStel?: number | null;
}

export interface LimitComparison {
  limit: LimitKind;
  /** The measured or estimated value, mg/m³. */
  value: number;
  /** The limit applied, mg/m³ (PC-TWA after the reduction factor of a long shift). */
  limitValue: number;
  /** value ÷ limitValue. */
  ratio: number;
  exceeded: boolean;
  /** ratio ≥ the action fraction. */
  atActionLevel: boolean;
  /** The reduction factor applied to PC-TWA; 1 otherwise. */
  reductionFactor: number;
}

/** One value against one limit; `reductionFactor` scales the limit. */
export function compareWithLimit(
  limit: LimitKind,
  value: number,
  limitValue: number,
  actionFraction: number = DEFAULT_ACTION_FRACTION,
  reductionFactor = 1,
): LimitComparison {
  const applied = limitValue * reductionFactor;
  const ratio = value / applied;
  return { limit, value, limitValue: applied, ratio, exceeded: value > applied, atActionLevel: ratio >= actionFraction, reductionFactor };
}

/** What was measured or estimated for one substance, mg/m³. */
export interface ExposureResult {
  /** Highest single reading (against MAC). */
  peak?: number | null;
  /** C_TWA over 8 h (against PC-TWA). */
  twa?: number | null;
  /** C_STEL (against PC-STEL). */
  stel?: number | null;
}

export interface CompareOptions {
  actionFraction?: number;
  /** Hours worked that day; over 8 lowers PC-TWA (GBZ 2.1-2019 A.7.3). */
  shiftHours?: number;
  /** Hours worked that week; over 40 lowers PC-TWA. The lower of the daily and weekly factors applies. */
  weekHours?: number;
}

/** Each result against each limit the substance has, in the order MAC, PC-TWA, PC-STEL. */
export function compareWithLimits(result: ExposureResult, limits: ExposureLimits, o: CompareOptions = {}): LimitComparison[] {
  const fraction = o.actionFraction ?? DEFAULT_ACTION_FRACTION;
  const rf = Math.min(dailyReductionFactor(o.shiftHours ?? 8), weeklyReductionFactor(o.weekHours ?? 40));
  const out: LimitComparison[] = [];
  const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  if (has(result.peak) && has(limits.mac) && limits.mac > 0) {
    out.push(compareWithLimit('MAC', result.peak, limits.mac, fraction));
  }
  if (has(result.twa) && has(limits.pcTwa) && limits.pcTwa > 0) {
    out.push(compareWithLimit('PC-TWA', result.twa, limits.pcTwa, fraction, rf));
  }
  if (has(result.stel) && has(limits.pcStel) && limits.pcStel > 0) {
    out.push(compareWithLimit('PC-STEL', result.stel, limits.pcStel, fraction));
  }
  return out;
}

/** A substance's data for exposure work: molar mass (g/mol) and GBZ 2.1-2019 Table 1 limits (mg/m³). */
export interface SubstanceExposureData extends ExposureLimits {
  cas: string;
  molarMass: number;
}

/**
 * Limits of the substances DOMAIN.md §11 and the plant's detectors name,
 * from GBZ 2.1-2019 Table 1 (CO: the value for places below 2000 m). The
 * chemical catalogue holds the full list; these are the defaults it starts from.
 */
export const exposureData = {
  'hydrogen-sulfide': { cas: '7783-06-4', molarMass: 34.08, mac: 10, pcTwa: null, pcStel: null },
  ammonia: { cas: '7664-41-7', molarMass: 17.03, mac: null, pcTwa: 20, pcStel: 30 },
  benzene: { cas: '71-43-2', molarMass: 78.11, mac: null, pcTwa: 6, pcStel: 10 },
  chlorine: { cas: '7782-50-5', molarMass: 70.9, mac: 1, pcTwa: null, pcStel: null },
  'carbon-monoxide': { cas: '630-08-0', molarMass: 28.01, mac: null, pcTwa: 20, pcStel: 30 },
  methanol: { cas: '67-56-1', molarMass: 32.04, mac: null, pcTwa: 25, pcStel: 50 },
  toluene: { cas: '108-88-3', molarMass: 92.14, mac: null, pcTwa: 50, pcStel: 100 },
  acetone: { cas: '67-64-1', molarMass: 58.08, mac: null, pcTwa: 300, pcStel: 450 },
} as const satisfies Record<string, SubstanceExposureData>;

/** A stretch of noise at one A-weighted level. */
export interface NoiseSegment {
  /** L_Aeq over the stretch, dB(A). */
  level: number;
  minutes: number;
}

/**
 * L_EX,8h = 10·lg((1/8 h) Σ tᵢ·10^(0.1·Lᵢ)) (GBZ 2.2-2007 ch. 11, noise). The
 * reference is 8 h whatever the shift's length. Null without any exposure.
 */
export function noiseLex8h(segments: readonly NoiseSegment[]): number | null {
  let energy = 0;
  for (const s of segments) {
    if (Number.isFinite(s.level) && Number.isFinite(s.minutes) && s.minutes > 0) {
      energy += s.minutes * 10 ** (s.level / 10);
    }
  }
  return energy > 0 ? 10 * Math.log10(energy / TWA_REFERENCE_MINUTES) : null;
}

/** L_EX,8h from a shift's L_Aeq,Te: L_Aeq,Te + 10·lg(Te / 8 h) (GBZ 2.2-2007 ch. 11). */
export function lex8hFromLaeq(laeq: number, hours: number): number {
  return laeq + 10 * Math.log10(hours / 8);
}

export interface NoiseComparison {
  value: number;
  limit: number;
  /** value − limit, dB. */
  excess: number;
  exceeded: boolean;
  atActionLevel: boolean;
}

/** L_EX,8h against the limit (exceeded at or above it, see the file comment) and the action level. */
export function compareNoise(lex: number, o: { limit?: number; actionLevel?: number } = {}): NoiseComparison {
  const limit = o.limit ?? NOISE_LIMIT_DBA;
  const action = o.actionLevel ?? NOISE_ACTION_DBA;
  return { value: lex, limit, excess: lex - limit, exceeded: lex >= limit, atActionLevel: lex >= action };
}

/* ------------------------------------------------------------------------- */
/* A person's shift exposure estimated from positioning and fixed detectors. */
/* ------------------------------------------------------------------------- */

/** The person was in `zone` from `from` to `to` (epoch ms). Intervals of one person do not overlap. */
export interface ZoneInterval {
  zone: string;
  from: number;
  to: number;
}

export interface DetectorReading {
  /** Epoch ms. */
  t: number;
  value: number;
  unit: 'ppm' | 'mg/m3';
}

export interface ShiftExposureInput {
  intervals: readonly ZoneInterval[];
  /** Per zone, one reading series per detector of this substance. A zone missing here has no detector. */
  detectors: Readonly<Record<string, readonly (readonly DetectorReading[])[]>>;
  /** g/mol, for readings in ppm. */
  molarMass: number;
  /** mg/m³; without it nothing is flagged. */
  pcTwa?: number | null;
  /** The shift (epoch ms): time in it outside every interval is reported as not located, and intervals are clipped to it. */
  shift?: { from: number; to: number } | null;
}

export interface ShiftExposureOptions {
  maxReadingAgeMs?: number;
  actionFraction?: number;
}

export interface ZoneExposure {
  zone: string;
  minutes: number;
  minutesEstimated: number;
  /** Σ C·t over the estimated time, mg/m³ × min. */
  dose: number;
  /** Highest value the person met there, mg/m³; null when nothing was estimated. */
  peak: number | null;
}

/** Why time was not estimated. */
export const notEstimatedReasons = ['noDetector', 'noReading', 'notLocated'] as const;
export type NotEstimatedReason = (typeof notEstimatedReasons)[number];

export interface ShiftExposure {
  /** C_TWA over 8 h of the estimated time, mg/m³. A lower bound when part of the shift is not estimated. */
  twa: number;
  /** Minutes of the shift (the shift when given, else the time in intervals). */
  minutesTotal: number;
  minutesEstimated: number;
  minutesNotEstimated: Record<NotEstimatedReason, number>;
  /** minutesEstimated ÷ minutesTotal, 0…1 (0 for an empty shift). */
  shareEstimated: number;
  byZone: ZoneExposure[];
  /** Against PC-TWA (after a long shift's reduction factor); null without a limit. */
  comparison: LimitComparison | null;
  /** twa ≥ action fraction × PC-TWA. A lower bound that reaches it is enough. */
  flagged: boolean;
  /** How the figure was made, as messages a page can show. */
  method: Message[];
  /** What the figure leaves out (minutes not estimated and why). */
  notes: Message[];
}

interface PreparedSeries {
  t: number[];
  v: number[];
}

function prepareSeries(series: readonly DetectorReading[], molarMass: number): PreparedSeries {
  const rows = series
    .map((r) => ({ t: r.t, v: r.unit === 'ppm' ? ppmToMgM3(r.value, molarMass) : r.value }))
    .filter((r) => Number.isFinite(r.t) && Number.isFinite(r.v))
    .sort((x, y) => x.t - y.t);
  return { t: rows.map((r) => r.t), v: rows.map((r) => r.v) };
}

/** The value held at `at`: the last reading at or before it, if younger than `maxAge`. */
function heldValue(s: PreparedSeries, at: number, maxAge: number): number | null {
  let lo = 0;
  let hi = s.t.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (s.t[mid] <= at) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && at - s.t[found] < maxAge ? s.v[found] : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A person's estimated shift exposure to one substance: the time in each zone
 * times the zone's detector value.
 * - A reading holds from its time until the next reading of that detector, at
 *   most `maxReadingAgeMs`; after that the detector's value is unknown.
 * - Several detectors in a zone: the highest known value at each moment.
 * - A zone without a detector, or a moment no detector of the zone knows, is
 *   not estimated; so is shift time outside every interval. These minutes are
 *   reported, and the TWA covers the estimated time only (a lower bound).
 * - TWA = Σ C·t / 8 h in mg/m³ (GBZ 2.1-2019); flagged at the action level of
 *   PC-TWA, lowered by the reduction factor when the shift is over 8 h.
 */
export function estimateShiftExposure(input: ShiftExposureInput, o: ShiftExposureOptions = {}): ShiftExposure {
  const maxAge = o.maxReadingAgeMs ?? DEFAULT_MAX_READING_AGE_MS;
  const fraction = o.actionFraction ?? DEFAULT_ACTION_FRACTION;
  const shift = input.shift && input.shift.to > input.shift.from ? input.shift : null;
  const prepared = new Map<string, PreparedSeries[]>();
  const seriesOf = (zone: string): PreparedSeries[] => {
    let p = prepared.get(zone);
    if (!p) {
      p = (input.detectors[zone] ?? []).map((s) => prepareSeries(s, input.molarMass));
      prepared.set(zone, p);
    }
    return p;
  };

  const notEstimated: Record<NotEstimatedReason, number> = { noDetector: 0, noReading: 0, notLocated: 0 };
  const zones = new Map<string, ZoneExposure>();
  let located = 0;
  for (const interval of input.intervals) {
    const from = shift ? Math.max(interval.from, shift.from) : interval.from;
    const to = shift ? Math.min(interval.to, shift.to) : interval.to;
    if (!(to > from)) {
      continue;
    }
    const minutes = (to - from) / 60_000;
    located += minutes;
    const z = zones.get(interval.zone) ?? { zone: interval.zone, minutes: 0, minutesEstimated: 0, dose: 0, peak: null };
    zones.set(interval.zone, z);
    z.minutes += minutes;
    const series = seriesOf(interval.zone);
    if (series.length === 0) {
      notEstimated.noDetector += minutes;
      continue;
    }
    // Every moment a detector's held value can change: a reading, or a reading growing too old.
    const cuts = new Set<number>([from, to]);
    for (const s of series) {
      for (const t of s.t) {
        if (t > from && t < to) {
          cuts.add(t);
        }
        if (t + maxAge > from && t + maxAge < to) {
          cuts.add(t + maxAge);
        }
      }
    }
    const points = [...cuts].sort((x, y) => x - y);
    for (let k = 0; k + 1 < points.length; k++) {
      const start = points[k];
      const span = (points[k + 1] - start) / 60_000;
      let value: number | null = null;
      for (const s of series) {
        const v = heldValue(s, start, maxAge);
        if (v !== null && (value === null || v > value)) {
          value = v;
        }
      }
      if (value === null) {
        notEstimated.noReading += span;
      } else {
        z.dose += value * span;
        z.minutesEstimated += span;
        z.peak = z.peak === null ? value : Math.max(z.peak, value);
      }
    }
  }

  const minutesTotal = shift ? (shift.to - shift.from) / 60_000 : located;
  if (shift) {
    notEstimated.notLocated = Math.max(0, minutesTotal - located);
  }
  const byZone = [...zones.values()];
  const dose = byZone.reduce((sum, z) => sum + z.dose, 0);
  const minutesEstimated = byZone.reduce((sum, z) => sum + z.minutesEstimated, 0);
  const twa = dose / TWA_REFERENCE_MINUTES;
  const shiftHours = minutesTotal / 60;
  const limit = typeof input.pcTwa === 'number' && input.pcTwa > 0 ? input.pcTwa : null;
  const rf = dailyReductionFactor(shiftHours);
  const comparison = limit === null ? null : compareWithLimit('PC-TWA', twa, limit, fraction, rf);

  const method: Message[] = [
    { code: 'health.exposure.method.zoneTime' },
    { code: 'health.exposure.method.stepHold', params: { maxAgeMinutes: round1(maxAge / 60_000) } },
    { code: 'health.exposure.method.highestDetector' },
    { code: 'health.exposure.method.twa8h' },
  ];
  const zonesVisited = new Set(input.intervals.map((i) => i.zone));
  const convertsPpm = Object.entries(input.detectors).some(
    ([zone, list]) => zonesVisited.has(zone) && list.some((s) => s.some((r) => r.unit === 'ppm')),
  );
  if (convertsPpm) {
    method.splice(3, 0, { code: 'health.exposure.method.ppm', params: { molarMass: input.molarMass } });
  }
  if (rf < 1) {
    method.push({
      code: 'health.exposure.method.reductionFactor',
      params: { hours: round1(shiftHours), factor: Math.round(rf * 1000) / 1000 },
    });
  }
  if (limit !== null) {
    method.push({ code: 'health.exposure.method.actionLevel', params: { percent: Math.round(fraction * 100) } });
  }
  const notes: Message[] = [];
  for (const reason of notEstimatedReasons) {
    if (notEstimated[reason] > 0) {
      notes.push({ code: `health.exposure.notEstimated.${reason}`, params: { minutes: round1(notEstimated[reason]) } });
    }
  }
  const shareEstimated = minutesTotal > 0 ? minutesEstimated / minutesTotal : 0;
  if (notes.length > 0) {
    notes.push({ code: 'health.exposure.lowerBound', params: { percent: Math.round(shareEstimated * 100) } });
  }

  return {
    twa,
    minutesTotal,
    minutesEstimated,
    minutesNotEstimated: notEstimated,
    shareEstimated,
    byZone,
    comparison,
    flagged: comparison?.atActionLevel ?? false,
    method,
    notes,
  };
}
