import { z } from 'zod';
import { bilingual, type Bilingual } from '../records/definition.js';
import type { MessageParams } from '../messages/define.js';
import type { riskMessages } from '../risk/messages.js';

/**
 * Risk levels, evaluation methods (LEC, LS, MES, direct grading) and the band
 * tables that turn a score into a level (DOMAIN.md §2).
 *
 * Everything a plant may change is data with an exported default: the factor
 * tables (their descriptions and, rarely, their values), the band tables (where
 * the edges lie and which level each band gets) and the display colours. The
 * level numbers, their order and the control tier of each level are fixed:
 * other modules (zones, live escalation, hidden dangers) compare them.
 */

/** A message code of the risk area (zh and en in `shared/risk/messages.ts`). */
export type RiskMessageCode = keyof typeof riskMessages;

/** A problem with one input field, as the envelope's `issues` carry it (`FieldIssue`). */
export interface RiskIssue {
  /** Input field (`L`, `bands.2.max`), `(body)` for the whole input. */
  field: string;
  code: RiskMessageCode;
  params?: MessageParams;
}

// ---------------------------------------------------------------------------
// Levels

/** 1 重大 is the most severe; a smaller number is always more severe. */
export const riskLevels = [1, 2, 3, 4] as const;
export type RiskLevel = (typeof riskLevels)[number];
export type RiskColour = 'red' | 'orange' | 'yellow' | 'blue';
export type ControlTier = 'enterprise' | 'department' | 'team' | 'post';

/**
 * The four levels (DOMAIN.md §2: 重大 red, 较大 orange, 一般 yellow, 低 blue)
 * with the tier that controls each (重大 enterprise, 较大 department, 一般
 * team, 低 post: the 分级管控 of 双重预防, DOMAIN.md §8).
 */
export const riskLevelInfo: Record<RiskLevel, { zh: string; en: string; colour: RiskColour; tier: ControlTier }> = {
  1: { zh: '重大风险', en: 'Major risk', colour: 'red', tier: 'enterprise' },
  2: { zh: '较大风险', en: 'Significant risk', colour: 'orange', tier: 'department' },
  3: { zh: '一般风险', en: 'Moderate risk', colour: 'yellow', tier: 'team' },
  4: { zh: '低风险', en: 'Low risk', colour: 'blue', tier: 'post' },
};

/** Colour names and default display colours; a plant restyles the hex values, never which level has which colour. */
export const riskColours: Record<RiskColour, { zh: string; en: string; hex: string }> = {
  red: { zh: '红', en: 'Red', hex: '#FF0000' },
  orange: { zh: '橙', en: 'Orange', hex: '#FF9900' },
  yellow: { zh: '黄', en: 'Yellow', hex: '#FFFF00' },
  blue: { zh: '蓝', en: 'Blue', hex: '#0070C0' },
};

export const controlTiers: Record<ControlTier, { zh: string; en: string }> = {
  enterprise: { zh: '企业级', en: 'Enterprise' },
  department: { zh: '部门级', en: 'Department' },
  team: { zh: '班组级', en: 'Team' },
  post: { zh: '岗位级', en: 'Post' },
};

export const riskLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export function isRiskLevel(v: unknown): v is RiskLevel {
  return v === 1 || v === 2 || v === 3 || v === 4;
}

/** The most severe (smallest) of the levels given; null when none is given. */
export function mostSevere(levels: Iterable<RiskLevel | null | undefined>): RiskLevel | null {
  let worst: RiskLevel | null = null;
  for (const l of levels) {
    if (l !== null && l !== undefined && (worst === null || l < worst)) {
      worst = l;
    }
  }
  return worst;
}

/** True when `a` is more severe than `b` (null, "not evaluated", is below every level). */
export function isMoreSevere(a: RiskLevel | null, b: RiskLevel | null): boolean {
  return a !== null && (b === null || a < b);
}

// ---------------------------------------------------------------------------
// Methods and factor tables

export const evaluationMethods = ['LEC', 'LS', 'MES', 'direct'] as const;
export type EvaluationMethod = (typeof evaluationMethods)[number];
/** The methods that compute a score from factors; `direct` grades without one. */
export type ScoredMethod = Exclude<EvaluationMethod, 'direct'>;
export const scoredMethods: readonly ScoredMethod[] = ['LEC', 'LS', 'MES'];
export const factorNames = ['L', 'E', 'C', 'S', 'M'] as const;
export type FactorName = (typeof factorNames)[number];

export function isScoredMethod(v: unknown): v is ScoredMethod {
  return v === 'LEC' || v === 'LS' || v === 'MES';
}

/** One allowed value of a factor and what it means. */
export interface FactorOption {
  value: number;
  zh: string;
  en: string;
}

/** One factor of a method: its name and its allowed values, most severe first. */
export interface FactorDef {
  zh: string;
  en: string;
  options: readonly FactorOption[];
}

/** The factors of one method, keyed by the input field that carries each. */
export type FactorTable = Partial<Record<FactorName, FactorDef>>;

/**
 * Names of the methods and the factors each multiplies, in the order they
 * are written (D = L × E × C, R = L × S, R = M × E × S).
 */
export const evaluationMethodInfo: Record<EvaluationMethod, { zh: string; en: string; score: string; factors: readonly FactorName[] }> = {
  LEC: { zh: '作业条件危险性评价法（LEC）', en: 'Job hazard analysis (LEC)', score: 'D', factors: ['L', 'E', 'C'] },
  LS: { zh: '风险矩阵法（LS）', en: 'Risk matrix (LS)', score: 'R', factors: ['L', 'S'] },
  MES: { zh: '作业条件风险程度评价法（MES）', en: 'Job risk evaluation (MES)', score: 'R', factors: ['M', 'E', 'S'] },
  direct: { zh: '直接判定法', en: 'Direct grading', score: '', factors: [] },
};

/** Exposure E is the same table in LEC and MES (DOMAIN.md §2). */
const exposure: readonly FactorOption[] = [
  { value: 10, zh: '连续暴露', en: 'Continuous exposure' },
  { value: 6, zh: '每天工作时间内暴露', en: 'Daily, in working hours' },
  { value: 3, zh: '每周一次或偶然暴露', en: 'Weekly or occasionally' },
  { value: 2, zh: '每月一次暴露', en: 'Monthly' },
  { value: 1, zh: '每年几次暴露', en: 'A few times a year' },
  { value: 0.5, zh: '非常罕见地暴露', en: 'Very rarely' },
];

/**
 * Factor tables of the scored methods. LEC and MES values are DOMAIN.md §2
 * (LEC after Graham–Kinney as used in China; MES after the MES annex of the
 * 作业条件风险程度评价 guides); LS uses the common five-step scales of the
 * risk matrix, whose wording varies by province (the values 1–5 do not).
 */
export const defaultFactorTables: Record<ScoredMethod, FactorTable> = {
  LEC: {
    L: {
      zh: '事故发生的可能性',
      en: 'Likelihood of an accident',
      options: [
        { value: 10, zh: '完全可以预料', en: 'Fully expected' },
        { value: 6, zh: '相当可能', en: 'Quite possible' },
        { value: 3, zh: '可能，但不经常', en: 'Possible but unusual' },
        { value: 1, zh: '可能性小，完全意外', en: 'Unlikely, a pure accident' },
        { value: 0.5, zh: '很不可能，可以设想', en: 'Very unlikely, conceivable' },
        { value: 0.2, zh: '极不可能', en: 'Extremely unlikely' },
        { value: 0.1, zh: '实际不可能', en: 'Practically impossible' },
      ],
    },
    E: { zh: '暴露于危险环境的频繁程度', en: 'Frequency of exposure', options: exposure },
    C: {
      zh: '发生事故产生的后果',
      en: 'Consequence of an accident',
      options: [
        { value: 100, zh: '大灾难，许多人死亡', en: 'Catastrophe, many deaths' },
        { value: 40, zh: '灾难，数人死亡', en: 'Disaster, several deaths' },
        { value: 15, zh: '非常严重，一人死亡', en: 'Very serious, one death' },
        { value: 7, zh: '严重，重伤', en: 'Serious injury' },
        { value: 3, zh: '重大，致残', en: 'Major, disabling injury' },
        { value: 1, zh: '引人注目，需要救护', en: 'Noticeable, needs first aid' },
      ],
    },
  },
  LS: {
    L: {
      zh: '事故发生的可能性',
      en: 'Likelihood',
      options: [
        { value: 5, zh: '很可能，经常发生', en: 'Almost certain, happens often' },
        { value: 4, zh: '可能，曾经发生', en: 'Likely, has happened' },
        { value: 3, zh: '偶然，可能发生', en: 'Possible, occasional' },
        { value: 2, zh: '不大可能', en: 'Unlikely' },
        { value: 1, zh: '极不可能', en: 'Rare' },
      ],
    },
    S: {
      zh: '事故后果的严重性',
      en: 'Severity of the consequence',
      options: [
        { value: 5, zh: '特别严重，多人死亡或重大损失', en: 'Catastrophic, several deaths or major loss' },
        { value: 4, zh: '严重，一人死亡或多人重伤', en: 'Severe, one death or several serious injuries' },
        { value: 3, zh: '较严重，重伤或较大损失', en: 'Considerable, serious injury or notable loss' },
        { value: 2, zh: '一般，轻伤或一般损失', en: 'Moderate, minor injury or loss' },
        { value: 1, zh: '轻微，无伤亡', en: 'Slight, no injury' },
      ],
    },
  },
  MES: {
    M: {
      zh: '控制措施的状态',
      en: 'State of control measures',
      options: [
        { value: 5, zh: '无控制措施', en: 'No control measures' },
        { value: 3, zh: '有减轻后果的应急措施（警报系统、个体防护用品）', en: 'Mitigation only (alarms, personal protective equipment)' },
        { value: 1, zh: '有预防措施（机器防护装置等，须保证有效）', en: 'Effective preventive measures (machine guards and the like)' },
      ],
    },
    E: { zh: '人体暴露或危险状态出现的频繁程度', en: 'Frequency of exposure or of the hazardous state', options: exposure },
    S: {
      zh: '事故的可能后果',
      en: 'Possible consequence',
      options: [
        { value: 10, zh: '多人死亡', en: 'Several deaths' },
        { value: 8, zh: '一人死亡或多人永久失能', en: 'One death or several permanent disabilities' },
        { value: 4, zh: '永久失能', en: 'Permanent disability' },
        { value: 2, zh: '需医院治疗，缺工', en: 'Hospital treatment, lost time' },
        { value: 1, zh: '轻微，仅需急救', en: 'Minor, first aid only' },
      ],
    },
  },
};

/**
 * Products are rounded to 6 decimals so that 0.1 × 3 is 0.3 and not
 * 0.30000000000000004: a score then falls in the band an engineer computes by
 * hand, even at an edge.
 */
export function roundScore(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** Every score the factor table can produce, ascending (each product once). */
export function possibleScores(method: ScoredMethod, factors: FactorTable = defaultFactorTables[method]): number[] {
  let products = [1];
  for (const name of evaluationMethodInfo[method].factors) {
    const options = factors[name]?.options ?? [];
    products = products.flatMap((p) => options.map((o) => p * o.value));
  }
  return [...new Set(products.map(roundScore))].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------
// Bands

/**
 * One band of scores: `min ≤ score < max` (closed on the left, DOMAIN.md §2:
 * D = 20 and D = 70 fall in the band they open); `max` null is open above.
 */
export interface RiskBand {
  min: number;
  max: number | null;
  level: RiskLevel;
  /** The band's classic wording (LEC "显著危险"), shown beside the level. */
  label?: Bilingual;
}

/** A plant's bands for one method. Evaluations store the table they were made with. */
export interface RiskBandTable {
  method: ScoredMethod;
  bands: RiskBand[];
}

export const riskBandSchema = z.object({
  min: z.number(),
  max: z.number().nullable(),
  level: riskLevelSchema,
  label: bilingual.optional(),
});
export const riskBandTableSchema = z.object({
  method: z.enum(['LEC', 'LS', 'MES']),
  bands: z.array(riskBandSchema).min(1).max(20),
});

/**
 * LEC default (DOMAIN.md §2): D ≥ 320 red, 160 ≤ D < 320 orange, 70 ≤ D < 160
 * yellow, D < 70 blue. The classic five bands are kept with their wording;
 * 一般危险 (20–70) and 稍有危险 (< 20) both map to blue.
 */
export const defaultLecBands: RiskBandTable = {
  method: 'LEC',
  bands: [
    { min: 320, max: null, level: 1, label: { zh: '极其危险，不能继续作业', en: 'Extremely dangerous, stop work' } },
    { min: 160, max: 320, level: 2, label: { zh: '高度危险，需立即整改', en: 'Highly dangerous, rectify at once' } },
    { min: 70, max: 160, level: 3, label: { zh: '显著危险，需要整改', en: 'Notably dangerous, needs rectification' } },
    { min: 20, max: 70, level: 4, label: { zh: '一般危险，需要注意', en: 'Generally dangerous, needs attention' } },
    { min: 0, max: 20, level: 4, label: { zh: '稍有危险，可以接受', en: 'Slightly dangerous, acceptable' } },
  ],
};

/** LS default (DOMAIN.md §2, provinces differ): 20–25 red, 9–16 orange, 4–8 yellow, 1–3 blue. */
export const defaultLsBands: RiskBandTable = {
  method: 'LS',
  bands: [
    { min: 20, max: null, level: 1 },
    { min: 9, max: 20, level: 2 },
    { min: 4, max: 9, level: 3 },
    { min: 0, max: 4, level: 4 },
  ],
};

/** LS, the common alternative (DOMAIN.md §2): 20–25 red, 15–16 orange, 9–12 yellow, ≤ 8 blue. */
export const alternativeLsBands: RiskBandTable = {
  method: 'LS',
  bands: [
    { min: 20, max: null, level: 1 },
    { min: 15, max: 20, level: 2 },
    { min: 9, max: 15, level: 3 },
    { min: 0, max: 9, level: 4 },
  ],
};

/**
 * MES default (DOMAIN.md §2): ≥ 180 red, 90–150 orange, 50–80 yellow, below 50
 * blue. The five classic bands (≥ 180, 90–150, 50–80, 20–48, ≤ 18) are kept;
 * no product of M × E × S lies strictly between 150 and 180, 80 and 90, 48 and
 * 50 or 18 and 20, so the left-closed edges below equal the classic ones.
 */
export const defaultMesBands: RiskBandTable = {
  method: 'MES',
  bands: [
    { min: 180, max: null, level: 1, label: { zh: '不可容许风险', en: 'Intolerable risk' } },
    { min: 90, max: 180, level: 2, label: { zh: '重大风险', en: 'Substantial risk' } },
    { min: 50, max: 90, level: 3, label: { zh: '中度风险', en: 'Moderate risk' } },
    { min: 20, max: 50, level: 4, label: { zh: '可容许风险', en: 'Tolerable risk' } },
    { min: 0, max: 20, level: 4, label: { zh: '可忽略风险', en: 'Trivial risk' } },
  ],
};

export const defaultBandTables: Record<ScoredMethod, RiskBandTable> = {
  LEC: defaultLecBands,
  LS: defaultLsBands,
  MES: defaultMesBands,
};

/** The band holding `score` (left-closed), or null when the table leaves it out. */
export function bandOf(score: number, table: RiskBandTable): RiskBand | null {
  for (const band of table.bands) {
    if (score >= band.min && (band.max === null || score < band.max)) {
      return band;
    }
  }
  return null;
}

/**
 * Problems of a plant's band table, each naming the field: bounds, levels 1–4,
 * no gap and no overlap between neighbours (bands may be listed in any order),
 * a higher band never less severe than a lower one, and every score the
 * factors can make inside some band. An empty list means the table is usable.
 */
export function validateBandTable(table: RiskBandTable, factors?: FactorTable): RiskIssue[] {
  const issues: RiskIssue[] = [];
  if (!isScoredMethod(table.method)) {
    return [{ field: 'method', code: 'risk.bands.badMethod', params: { method: String(table.method) } }];
  }
  if (table.bands.length === 0) {
    return [{ field: 'bands', code: 'risk.bands.empty' }];
  }
  table.bands.forEach((b, i) => {
    if (!Number.isFinite(b.min)) {
      issues.push({ field: `bands.${i}.min`, code: 'risk.bands.badBound' });
    }
    if (b.max !== null && !Number.isFinite(b.max)) {
      issues.push({ field: `bands.${i}.max`, code: 'risk.bands.badBound' });
    } else if (b.max !== null && Number.isFinite(b.min) && b.max <= b.min) {
      issues.push({ field: `bands.${i}.max`, code: 'risk.bands.maxNotAboveMin', params: { min: b.min, max: b.max } });
    }
    if (!isRiskLevel(b.level)) {
      issues.push({ field: `bands.${i}.level`, code: 'risk.bands.badLevel' });
    }
  });
  if (issues.length > 0) {
    // Neighbours and coverage mean nothing while a band itself is malformed.
    return issues;
  }
  const order = table.bands.map((_, i) => i).sort((a, b) => table.bands[a].min - table.bands[b].min);
  for (let k = 1; k < order.length; k++) {
    const lower = table.bands[order[k - 1]];
    const upper = table.bands[order[k]];
    const field = `bands.${order[k]}.min`;
    if (lower.max === null || lower.max > upper.min) {
      const to = Math.min(lower.max ?? Infinity, upper.max ?? Infinity);
      issues.push({ field, code: 'risk.bands.overlap', params: { from: upper.min, to: Number.isFinite(to) ? to : '∞' } });
    } else if (lower.max < upper.min) {
      issues.push({ field, code: 'risk.bands.gap', params: { from: lower.max, to: upper.min } });
    }
    if (upper.level > lower.level) {
      issues.push({ field: `bands.${order[k]}.level`, code: 'risk.bands.levelOrder', params: { min: upper.min, lowerMin: lower.min } });
    }
  }
  const scores = possibleScores(table.method, factors ?? defaultFactorTables[table.method]);
  const first = table.bands[order[0]];
  const last = table.bands[order[order.length - 1]];
  if (scores.length > 0 && scores[0] < first.min) {
    issues.push({ field: `bands.${order[0]}.min`, code: 'risk.bands.belowLowest', params: { score: scores[0] } });
  }
  if (scores.length > 0 && last.max !== null && scores[scores.length - 1] >= last.max) {
    issues.push({
      field: `bands.${order[order.length - 1]}.max`,
      code: 'risk.bands.aboveHighest',
      params: { score: scores[scores.length - 1] },
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------
// Evaluation

/** A factor as it arrives: a number, or nothing when the method does not use it. */
const factorInput = z.number().nullish();

/**
 * Body of `UAPI/RiskControl/EvaluationCalculate`. Only the shape is checked
 * here: whether a value is in the method's table depends on the plant's
 * factor tables, so `evaluate` checks it and names the field.
 */
export const evaluationCalculateInput = z.object({
  method: z.enum(evaluationMethods),
  L: factorInput,
  E: factorInput,
  C: factorInput,
  S: factorInput,
  M: factorInput,
  /** The level chosen by the evaluator, for `direct` grading only. */
  level: z.number().nullish(),
});
export type EvaluationInput = z.infer<typeof evaluationCalculateInput>;

export const evaluationCalculateOutput = z.object({
  /** D or R; null for direct grading, which has no score. */
  score: z.number().nullable(),
  level: riskLevelSchema,
  colour: z.enum(['red', 'orange', 'yellow', 'blue']),
  /** The band the score fell in; null for direct grading. */
  band: riskBandSchema.nullable(),
});
export type EvaluationResult = z.infer<typeof evaluationCalculateOutput>;

export type EvaluationOutcome = { ok: true; value: EvaluationResult } | { ok: false; issues: RiskIssue[] };

const listValues = (options: readonly FactorOption[]) => options.map((o) => o.value).join(', ');

/**
 * Score, level, colour and band of one evaluation with the plant's bands (and
 * factor tables, default DOMAIN.md §2's). Refuses, naming the field, a factor
 * that is missing, one not in the method's table, and one the method does not
 * use (a value for S in an LEC evaluation means the form and the method
 * disagree; guessing which one the user meant would file a wrong level).
 */
export function evaluate(input: EvaluationInput, bands: RiskBandTable, factors?: FactorTable): EvaluationOutcome {
  const method = input.method;
  const used = evaluationMethodInfo[method].factors;
  const issues: RiskIssue[] = [];
  for (const name of factorNames) {
    if (!used.includes(name) && input[name] !== undefined && input[name] !== null) {
      issues.push({ field: name, code: 'risk.factor.notUsed', params: { method } });
    }
  }
  if (method === 'direct') {
    const level = input.level;
    if (level === undefined || level === null) {
      issues.push({ field: 'level', code: 'risk.level.required' });
    } else if (!isRiskLevel(level)) {
      issues.push({ field: 'level', code: 'risk.level.invalid', params: { value: level } });
    }
    if (issues.length > 0 || !isRiskLevel(level)) {
      return { ok: false, issues };
    }
    return { ok: true, value: { score: null, level, colour: riskLevelInfo[level].colour, band: null } };
  }
  if (input.level !== undefined && input.level !== null) {
    issues.push({ field: 'level', code: 'risk.level.notDirect', params: { method } });
  }
  const table = factors ?? defaultFactorTables[method];
  let product = 1;
  for (const name of used) {
    const value = input[name];
    const options = table[name]?.options ?? [];
    if (value === undefined || value === null) {
      issues.push({ field: name, code: 'risk.factor.required', params: { method } });
    } else if (!options.some((o) => o.value === value)) {
      issues.push({ field: name, code: 'risk.factor.notInTable', params: { method, value, allowed: listValues(options) } });
    } else {
      product *= value;
    }
  }
  if (bands.method !== method) {
    issues.push({ field: 'method', code: 'risk.bands.wrongMethod', params: { method, bandsMethod: bands.method } });
  }
  if (issues.length > 0) {
    return { ok: false, issues };
  }
  const score = roundScore(product);
  const band = bandOf(score, bands);
  if (!band) {
    return { ok: false, issues: [{ field: '(body)', code: 'risk.bands.noBand', params: { score } }] };
  }
  return { ok: true, value: { score, level: band.level, colour: riskLevelInfo[band.level].colour, band } };
}
