import type { GasSample, HotGrade } from './gb30871-input.js';

/*
 * Gas analysis before and during hot work and confined-space entry,
 * GB 30871-2022 §5 (动火分析) and §6 (受限空间气体检测), DOMAIN.md §7.
 *
 * Decisions (each tested in tests/shared/domain/gb30871.test.ts):
 *
 * - Which samples count. Only samples taken at or before `at` (t ≤ at) are
 *   evidence of the air at `at`; later ones are IGNORED, not refused, so the
 *   check can re-judge a past moment against the full record (an audit asking
 *   "was the permit good at 10:00?" while the 10:30 re-test is on file).
 * - Kinds. A sample may carry a combustible reading (`reading`, with the gas's
 *   `lel`) and/or oxygen (`o2`). Each kind is judged on its newest sample
 *   time: all samples of that kind taken at that newest time must pass (several
 *   gases analysed at once), older ones are superseded. Hot work needs a
 *   combustible reading and ignores O₂ (GB 30871 sets no O₂ band for hot work);
 *   confined space needs O₂ and judges combustibles when given.
 * - Start or resume (`gasMode`). The check judges a START when `at` ≤ `start`,
 *   or when no break is given (`breakMinutes` absent or 0: the work runs
 *   uninterrupted from `start`). It judges a RESUME when `at` > `start` and
 *   `breakMinutes` > 0: work stopped `breakMinutes` before `at` and resumes at
 *   `at`.
 * - Freshness. Start: newest sample ≤ 30 min before `start`
 *   (start − t ≤ 30 min; a sample after the planned start, t > start, is newer
 *   still and passes). Resume after a break longer than the grade's limit
 *   (> 30 min 特级/一级 on the EFFECTIVE grade, > 60 min 二级, > 60 min confined
 *   space): the resumption is a new start, so the newest sample must be
 *   ≤ 30 min before `at` (at − t ≤ 30 min; as the break exceeds 30 min this also
 *   means it was taken during the break). Resume after a shorter break: the
 *   start's analysis still holds, judged as for a start.
 * - Every day before work: the newest sample must fall on the same
 *   plant-calendar day (`dayKey`) as `at`.
 * - Limits. Combustibles, GB 30871-2022 §5 合格判定: LEL ≥ 4 % → reading
 *   ≤ 0.5 % vol; LEL < 4 % → ≤ 0.2 % vol. A reading in % LEL converts to
 *   % vol = %LEL × LEL / 100 (a % LEL reading without the gas's LEL cannot be
 *   converted and is a violation). A % vol reading without LEL (gas unknown)
 *   is held to the stricter 0.2 %. Oxygen in confined space 19.5 % ≤ O₂ ≤ 21 %,
 *   upper bound 23.5 % when the space is oxygen-enriched; bounds inclusive.
 * - Confined space "record every 2 h" is a monitoring duty while work runs,
 *   not a precondition of the permit: reported as info, never a violation.
 */

export interface GasRules {
  /** Newest sample at most this long before the work starts (GB 30871-2022: 30 min). */
  maxAgeBeforeStartMs: number;
  /** A break longer than this needs a new analysis before work resumes. */
  reanalysisAfterBreakMs: { hotSpecialOr1: number; hot2: number; confined: number };
  /** LEL (% vol) from which the looser reading limit applies. */
  lelThresholdPct: number;
  /** Highest passing reading, % vol, when LEL ≥ threshold / below it. */
  maxReadingHighLelPct: number;
  maxReadingLowLelPct: number;
  /** Confined space oxygen band, % vol, inclusive. */
  o2MinPct: number;
  o2MaxPct: number;
  o2MaxEnrichedPct: number;
  /** Confined space: interval of the monitoring record while work runs (info only). */
  confinedRecordEveryMs: number;
}

const MIN = 60_000;

/** GB 30871-2022 values. A plant may only tighten them. */
export const defaultGasRules: GasRules = {
  maxAgeBeforeStartMs: 30 * MIN,
  reanalysisAfterBreakMs: { hotSpecialOr1: 30 * MIN, hot2: 60 * MIN, confined: 60 * MIN },
  lelThresholdPct: 4,
  maxReadingHighLelPct: 0.5,
  maxReadingLowLelPct: 0.2,
  o2MinPct: 19.5,
  o2MaxPct: 21,
  o2MaxEnrichedPct: 23.5,
  confinedRecordEveryMs: 120 * MIN,
};

export const gasViolationCodes = [
  'permits.gasMissing',
  'permits.o2Missing',
  'permits.gasStale',
  'permits.gasReanalysis',
  'permits.gasNotToday',
  'permits.gasOverLimit',
  'permits.gasLelMissing',
  'permits.o2OutOfRange',
] as const;
export type GasViolationCode = (typeof gasViolationCodes)[number];
export const gasInfoCodes = ['permits.confinedRecordDue'] as const;
export type GasInfoCode = (typeof gasInfoCodes)[number];

export type GasMode = 'start' | 'resume';

/** Start or resume; see the decisions above. */
export function gasMode(at: number, start: number, breakMinutes: number | undefined): GasMode {
  return at > start && breakMinutes !== undefined && breakMinutes > 0 ? 'resume' : 'start';
}

/** Floating-point slack of the % LEL → % vol conversion only; far below any detector's resolution. */
const EPS = 1e-12;

/** Highest passing combustible reading, % vol, for a gas of this LEL (unknown gas: the stricter limit). */
export function combustibleLimitPct(lel: number | undefined, rules: GasRules = defaultGasRules): number {
  return lel !== undefined && lel >= rules.lelThresholdPct ? rules.maxReadingHighLelPct : rules.maxReadingLowLelPct;
}

/** The reading in % by volume; null when a % LEL reading has no LEL to convert with. */
export function readingPctVol(s: Pick<GasSample, 'reading' | 'unit' | 'lel'>): number | null {
  if (s.reading === undefined) {
    return null;
  }
  if (s.unit === '%LEL') {
    return s.lel === undefined ? null : (s.reading * s.lel) / 100;
  }
  return s.reading;
}

export function o2InRange(o2: number, enriched: boolean, rules: GasRules = defaultGasRules): boolean {
  return o2 >= rules.o2MinPct && o2 <= (enriched ? rules.o2MaxEnrichedPct : rules.o2MaxPct);
}

export interface GasContext {
  type: 'hot' | 'confined';
  /** Hot work: the effective grade (after the raise), which sets the break limit. */
  grade?: HotGrade;
  at: number;
  start: number;
  breakMinutes?: number;
  o2Enriched?: boolean;
  /** The plant calendar's day of a moment. */
  dayKey: (t: number) => string;
}

export interface GasFindings {
  violations: GasViolationCode[];
  info: GasInfoCode[];
}

function breakLimitMs(ctx: GasContext, rules: GasRules): number {
  if (ctx.type === 'confined') {
    return rules.reanalysisAfterBreakMs.confined;
  }
  return ctx.grade === '2' ? rules.reanalysisAfterBreakMs.hot2 : rules.reanalysisAfterBreakMs.hotSpecialOr1;
}

/** The samples of one kind taken at its newest time, or null when there are none. */
function newestOf(samples: readonly GasSample[]): { t: number; samples: GasSample[] } | null {
  if (samples.length === 0) {
    return null;
  }
  const t = Math.max(...samples.map((s) => s.t));
  return { t, samples: samples.filter((s) => s.t === t) };
}

/** Judges the gas analysis of a hot-work or confined-space permit at `ctx.at`; codes are unique, in a fixed order. */
export function checkGas(gas: readonly GasSample[] | undefined, ctx: GasContext, rules: GasRules = defaultGasRules): GasFindings {
  const found = new Set<GasViolationCode>();
  const info: GasInfoCode[] = [];
  const evidence = (gas ?? []).filter((s) => s.t <= ctx.at);
  if (evidence.length === 0) {
    return { violations: ['permits.gasMissing'], info };
  }
  const combustible = newestOf(evidence.filter((s) => s.reading !== undefined));
  const oxygen = ctx.type === 'confined' ? newestOf(evidence.filter((s) => s.o2 !== undefined)) : null;
  if (ctx.type === 'hot' && !combustible) {
    found.add('permits.gasMissing');
  }
  if (ctx.type === 'confined' && !oxygen) {
    found.add('permits.o2Missing');
  }

  for (const s of combustible?.samples ?? []) {
    const vol = readingPctVol(s);
    if (vol === null) {
      found.add('permits.gasLelMissing');
    } else if (vol > combustibleLimitPct(s.lel, rules) + EPS) {
      found.add('permits.gasOverLimit');
    }
  }
  for (const s of oxygen?.samples ?? []) {
    if (s.o2 !== undefined && !o2InRange(s.o2, ctx.o2Enriched === true, rules)) {
      found.add('permits.o2OutOfRange');
    }
  }

  const reanalyse = gasMode(ctx.at, ctx.start, ctx.breakMinutes) === 'resume' && (ctx.breakMinutes ?? 0) * MIN > breakLimitMs(ctx, rules);
  for (const newest of [combustible, oxygen]) {
    if (!newest) {
      continue;
    }
    if (reanalyse) {
      if (ctx.at - newest.t > rules.maxAgeBeforeStartMs) {
        found.add('permits.gasReanalysis');
      }
    } else if (ctx.start - newest.t > rules.maxAgeBeforeStartMs) {
      found.add('permits.gasStale');
    }
    if (ctx.dayKey(newest.t) !== ctx.dayKey(ctx.at)) {
      found.add('permits.gasNotToday');
    }
  }

  if (oxygen && ctx.at > ctx.start && ctx.at - oxygen.t > rules.confinedRecordEveryMs) {
    info.push('permits.confinedRecordDue');
  }
  return { violations: gasViolationCodes.filter((c) => found.has(c)), info };
}
