import { describe, expect, it } from 'vitest';
import {
  alternativeLsBands,
  bandOf,
  controlTiers,
  defaultBandTables,
  defaultFactorTables,
  defaultLecBands,
  defaultLsBands,
  defaultMesBands,
  evaluate,
  evaluationCalculateInput,
  evaluationMethodInfo,
  mostSevere,
  possibleScores,
  riskBandTableSchema,
  riskColours,
  riskLevelInfo,
  validateBandTable,
  type EvaluationInput,
  type FactorTable,
  type RiskBandTable,
  type RiskLevel,
  type ScoredMethod,
} from '../../../src/shared/domain/risk-evaluation.js';
import { riskMessages } from '../../../src/shared/risk/messages.js';

/** Level of a successful evaluation, or the issues' codes by field when refused. */
function levelOf(input: EvaluationInput, bands: RiskBandTable, factors?: FactorTable): RiskLevel | Record<string, string> {
  const r = evaluate(input, bands, factors);
  return r.ok ? r.value.level : Object.fromEntries(r.issues.map((i) => [i.field, i.code]));
}

describe('risk levels', () => {
  // DOMAIN.md §2: 重大 red, 较大 orange, 一般 yellow, 低 blue; control tier 重大 → enterprise … 低 → post.
  it.each([
    [1, '重大风险', 'red', 'enterprise', '企业级'],
    [2, '较大风险', 'orange', 'department', '部门级'],
    [3, '一般风险', 'yellow', 'team', '班组级'],
    [4, '低风险', 'blue', 'post', '岗位级'],
  ] as const)('level %i is %s, %s, controlled at %s', (level, zh, colour, tier, tierZh) => {
    expect(riskLevelInfo[level]).toMatchObject({ zh, colour, tier });
    expect(controlTiers[tier].zh).toBe(tierZh);
    expect(riskColours[colour].hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('most severe is the smallest number, null when nothing is given', () => {
    expect(mostSevere([3, 2, 4])).toBe(2);
    expect(mostSevere([4, null, 1, undefined])).toBe(1);
    expect(mostSevere([])).toBeNull();
    expect(mostSevere([null])).toBeNull();
  });
});

describe('factor tables', () => {
  // DOMAIN.md §2 factor values.
  it.each([
    ['LEC', 'L', [10, 6, 3, 1, 0.5, 0.2, 0.1]],
    ['LEC', 'E', [10, 6, 3, 2, 1, 0.5]],
    ['LEC', 'C', [100, 40, 15, 7, 3, 1]],
    ['LS', 'L', [5, 4, 3, 2, 1]],
    ['LS', 'S', [5, 4, 3, 2, 1]],
    ['MES', 'M', [5, 3, 1]],
    ['MES', 'E', [10, 6, 3, 2, 1, 0.5]],
    ['MES', 'S', [10, 8, 4, 2, 1]],
  ] as const)('%s %s takes %j', (method, factor, values) => {
    expect(defaultFactorTables[method][factor]?.options.map((o) => o.value)).toEqual(values);
    for (const o of defaultFactorTables[method][factor]?.options ?? []) {
      expect(o.zh.length).toBeGreaterThan(0);
      expect(o.en.length).toBeGreaterThan(0);
    }
  });

  it('each method names exactly the factors its table has', () => {
    for (const method of ['LEC', 'LS', 'MES'] as const) {
      expect(Object.keys(defaultFactorTables[method]).sort()).toEqual([...evaluationMethodInfo[method].factors].sort());
    }
  });

  it('LS products are the 14 values of a 5 × 5 matrix', () => {
    expect(possibleScores('LS')).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 20, 25]);
  });

  // DOMAIN.md §2: "the product values leave no ties" — no MES product lies strictly between the classic band edges.
  it.each([
    [18, 20],
    [48, 50],
    [80, 90],
    [150, 180],
  ])('no MES product lies strictly between %i and %i', (lo, hi) => {
    const scores = possibleScores('MES');
    expect(scores).toContain(lo);
    expect(scores).toContain(hi);
    expect(scores.filter((s) => s > lo && s < hi)).toEqual([]);
  });

  it('LEC products are rounded, so 0.1 × 3 × 1 is 0.3 exactly', () => {
    expect(possibleScores('LEC')).toContain(0.3);
    expect(possibleScores('LEC')[0]).toBe(0.05);
    expect(possibleScores('LEC').at(-1)).toBe(10000);
  });
});

describe('LEC with the default bands', () => {
  // DOMAIN.md §2: D ≥ 320 red; 160 ≤ D < 320 orange; 70 ≤ D < 160 yellow; D < 70 blue. Closed on the left.
  it.each([
    [0.1, 0.5, 1, 0.05, 4, '稍有危险，可以接受'],
    [3, 6, 1, 18, 4, '稍有危险，可以接受'],
    [10, 2, 1, 20, 4, '一般危险，需要注意'],
    [3, 3, 7, 63, 4, '一般危险，需要注意'],
    [1, 10, 7, 70, 3, '显著危险，需要整改'],
    [1, 10, 15, 150, 3, '显著危险，需要整改'],
    [6, 2, 15, 180, 2, '高度危险，需立即整改'],
    [10, 2, 15, 300, 2, '高度危险，需立即整改'],
    [3, 3, 40, 360, 1, '极其危险，不能继续作业'],
    [10, 10, 100, 10000, 1, '极其危险，不能继续作业'],
  ] as const)('L %s × E %s × C %s = %s → level %i (%s)', (L, E, C, score, level, label) => {
    const r = evaluate({ method: 'LEC', L, E, C }, defaultLecBands);
    expect(r.ok && r.value).toMatchObject({ score, level, colour: riskLevelInfo[level].colour, band: { label: { zh: label } } });
  });

  // The edges 160 and 320 are no LEC product; the band table itself is checked on both sides.
  it.each([
    [19.99, 4, 0],
    [20, 4, 20],
    [69.99, 4, 20],
    [70, 3, 70],
    [159.99, 3, 70],
    [160, 2, 160],
    [319.99, 2, 160],
    [320, 1, 320],
  ])('score %s is in the band of level %i opening at %s', (score, level, min) => {
    expect(bandOf(score, defaultLecBands)).toMatchObject({ level, min });
  });
});

describe('LEC with a plant that maps the five classic bands its own way', () => {
  // DOMAIN.md §2: "A plant may map five classic bands onto four colours its own way".
  const strict: RiskBandTable = {
    method: 'LEC',
    bands: [
      { min: 160, max: null, level: 1 },
      { min: 70, max: 160, level: 2 },
      { min: 20, max: 70, level: 3 },
      { min: 0, max: 20, level: 4 },
    ],
  };
  it('is a valid table', () => {
    expect(validateBandTable(strict)).toEqual([]);
  });
  it.each([
    [3, 6, 1, 4],
    [10, 2, 1, 3],
    [3, 3, 7, 3],
    [1, 10, 7, 2],
    [1, 10, 15, 2],
    [6, 2, 15, 1],
  ] as const)('L %s × E %s × C %s → level %i', (L, E, C, level) => {
    expect(levelOf({ method: 'LEC', L, E, C }, strict)).toBe(level);
  });
});

describe('LS', () => {
  // DOMAIN.md §2 LS default: 20–25 red; 9–16 orange; 4–8 yellow; 1–3 blue.
  it.each([
    [1, 1, 4],
    [3, 1, 4],
    [2, 2, 3],
    [2, 4, 3],
    [3, 3, 2],
    [4, 4, 2],
    [4, 5, 1],
    [5, 5, 1],
  ] as const)('default: L %i × S %i → level %i', (L, S, level) => {
    expect(levelOf({ method: 'LS', L, S }, defaultLsBands)).toBe(level);
  });

  // DOMAIN.md §2 LS common alternative: 20–25 red, 15–16 orange, 9–12 yellow, ≤ 8 blue.
  it.each([
    [2, 4, 4],
    [3, 3, 3],
    [3, 4, 3],
    [3, 5, 2],
    [4, 4, 2],
    [4, 5, 1],
  ] as const)('alternative: L %i × S %i → level %i', (L, S, level) => {
    expect(levelOf({ method: 'LS', L, S }, alternativeLsBands)).toBe(level);
  });
});

describe('MES', () => {
  // DOMAIN.md §2 MES default: ≥ 180 red, 90–150 orange, 50–80 yellow, below 50 blue.
  it.each([
    [1, 0.5, 1, 0.5, 4],
    [3, 6, 1, 18, 4],
    [1, 10, 2, 20, 4],
    [3, 2, 8, 48, 4],
    [5, 10, 1, 50, 3],
    [1, 10, 8, 80, 3],
    [3, 3, 10, 90, 2],
    [5, 3, 10, 150, 2],
    [3, 6, 10, 180, 1],
    [5, 10, 10, 500, 1],
  ] as const)('default: M %s × E %s × S %s = %s → level %i', (M, E, S, score, level) => {
    const r = evaluate({ method: 'MES', M, E, S }, defaultMesBands);
    expect(r.ok && r.value).toMatchObject({ score, level });
  });

  it.each([
    [1, 10, 2, 3],
    [3, 6, 1, 4],
    [3, 2, 8, 3],
    [5, 10, 1, 2],
    [3, 3, 10, 1],
    [5, 3, 10, 1],
  ] as const)('configured (≥ 90 red, 50–80 orange, 20–48 yellow, ≤ 18 blue): M %s × E %s × S %s → level %i', (M, E, S, level) => {
    const configured: RiskBandTable = {
      method: 'MES',
      bands: [
        { min: 90, max: null, level: 1 },
        { min: 50, max: 90, level: 2 },
        { min: 20, max: 50, level: 3 },
        { min: 0, max: 20, level: 4 },
      ],
    };
    expect(levelOf({ method: 'MES', M, E, S }, configured)).toBe(level);
  });
});

describe('refused evaluations name the field', () => {
  it.each<[string, EvaluationInput, RiskBandTable, Record<string, string>]>([
    ['L not in the LEC table', { method: 'LEC', L: 4, E: 6, C: 7 }, defaultLecBands, { L: 'risk.factor.notInTable' }],
    ['E not in the LEC table', { method: 'LEC', L: 3, E: 5, C: 7 }, defaultLecBands, { E: 'risk.factor.notInTable' }],
    ['C missing', { method: 'LEC', L: 3, E: 6 }, defaultLecBands, { C: 'risk.factor.required' }],
    ['C null', { method: 'LEC', L: 3, E: 6, C: null }, defaultLecBands, { C: 'risk.factor.required' }],
    ['S of 6 in LS', { method: 'LS', L: 3, S: 6 }, defaultLsBands, { S: 'risk.factor.notInTable' }],
    ['L of 0 in LS', { method: 'LS', L: 0, S: 3 }, defaultLsBands, { L: 'risk.factor.notInTable' }],
    ['M of 2 in MES', { method: 'MES', M: 2, E: 6, S: 8 }, defaultMesBands, { M: 'risk.factor.notInTable' }],
    ['S of 7 in MES (an LEC consequence)', { method: 'MES', M: 3, E: 6, S: 7 }, defaultMesBands, { S: 'risk.factor.notInTable' }],
    ['a factor the method does not use', { method: 'LEC', L: 3, E: 6, C: 7, S: 4 }, defaultLecBands, { S: 'risk.factor.notUsed' }],
    ['a level with a scored method', { method: 'LS', L: 3, S: 3, level: 1 }, defaultLsBands, { level: 'risk.level.notDirect' }],
    ['bands of another method', { method: 'LS', L: 3, S: 3 }, defaultLecBands, { method: 'risk.bands.wrongMethod' }],
    [
      'several at once',
      { method: 'MES', M: 4, E: 7 },
      defaultMesBands,
      { M: 'risk.factor.notInTable', E: 'risk.factor.notInTable', S: 'risk.factor.required' },
    ],
  ])('%s', (_, input, bands, expected) => {
    expect(levelOf(input, bands)).toEqual(expected);
  });

  it('says which values the table allows', () => {
    const r = evaluate({ method: 'LEC', L: 4, E: 6, C: 7 }, defaultLecBands);
    expect(r.ok ? null : r.issues[0]).toEqual({
      field: 'L',
      code: 'risk.factor.notInTable',
      params: { method: 'LEC', value: 4, allowed: '10, 6, 3, 1, 0.5, 0.2, 0.1' },
    });
  });

  it('a score outside every band (a broken table) is refused, not given a level', () => {
    const broken: RiskBandTable = { method: 'LS', bands: [{ min: 4, max: null, level: 2 }] };
    expect(levelOf({ method: 'LS', L: 1, S: 3 }, broken)).toEqual({ '(body)': 'risk.bands.noBand' });
  });

  it("accepts the plant's own factor table", () => {
    const factors: FactorTable = {
      ...defaultFactorTables.LS,
      L: {
        zh: '可能性',
        en: 'Likelihood',
        options: [...(defaultFactorTables.LS.L?.options ?? []), { value: 6, zh: '必然', en: 'Certain' }],
      },
    };
    expect(levelOf({ method: 'LS', L: 6, S: 4 }, defaultLsBands, factors)).toBe(1);
    expect(levelOf({ method: 'LS', L: 6, S: 4 }, defaultLsBands)).toEqual({ L: 'risk.factor.notInTable' });
  });
});

describe('direct grading', () => {
  it.each([1, 2, 3, 4] as const)('level %i keeps its colour and has no score', (level) => {
    const r = evaluate({ method: 'direct', level }, defaultLecBands);
    expect(r.ok && r.value).toEqual({ score: null, level, colour: riskLevelInfo[level].colour, band: null });
  });
  it.each<[EvaluationInput, Record<string, string>]>([
    [{ method: 'direct' }, { level: 'risk.level.required' }],
    [{ method: 'direct', level: 0 }, { level: 'risk.level.invalid' }],
    [{ method: 'direct', level: 5 }, { level: 'risk.level.invalid' }],
    [{ method: 'direct', level: 2.5 }, { level: 'risk.level.invalid' }],
    [{ method: 'direct', level: 2, L: 3 }, { L: 'risk.factor.notUsed' }],
  ])('%j is refused', (input, expected) => {
    expect(levelOf(input, defaultLecBands)).toEqual(expected);
  });
});

describe('evaluationCalculateInput', () => {
  it('accepts the body of each method', () => {
    expect(evaluationCalculateInput.safeParse({ method: 'LEC', L: 3, E: 6, C: 7 }).success).toBe(true);
    expect(evaluationCalculateInput.safeParse({ method: 'LS', L: 3, S: 4, E: null }).success).toBe(true);
    expect(evaluationCalculateInput.safeParse({ method: 'direct', level: 2 }).success).toBe(true);
  });
  it.each([
    [{ method: 'ABC', L: 3 }, 'method'],
    [{ method: 'LEC', L: '3', E: 6, C: 7 }, 'L'],
    [{ method: 'LEC', L: 3, E: Infinity, C: 7 }, 'E'],
    [{ L: 3 }, 'method'],
  ])('refuses %j at %s', (body, field) => {
    const r = evaluationCalculateInput.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('validateBandTable', () => {
  it.each(['LEC', 'LS', 'MES'] as const)('the %s default is valid', (method) => {
    expect(validateBandTable(defaultBandTables[method])).toEqual([]);
    expect(riskBandTableSchema.safeParse(defaultBandTables[method]).success).toBe(true);
  });
  it('the LS alternative is valid', () => {
    expect(validateBandTable(alternativeLsBands)).toEqual([]);
  });

  const ls = (bands: RiskBandTable['bands']): RiskBandTable => ({ method: 'LS', bands });
  const codes = (t: RiskBandTable, factors?: FactorTable) => validateBandTable(t, factors).map((i) => [i.field, i.code]);

  it.each<[string, RiskBandTable, string[][]]>([
    [
      'bands in any order',
      ls([
        { min: 0, max: 4, level: 4 },
        { min: 20, max: null, level: 1 },
        { min: 4, max: 9, level: 3 },
        { min: 9, max: 20, level: 2 },
      ]),
      [],
    ],
    [
      'a gap',
      ls([
        { min: 20, max: null, level: 1 },
        { min: 10, max: 16, level: 2 },
        { min: 0, max: 10, level: 3 },
      ]),
      [['bands.0.min', 'risk.bands.gap']],
    ],
    [
      'an overlap',
      ls([
        { min: 15, max: null, level: 1 },
        { min: 9, max: 20, level: 2 },
        { min: 0, max: 9, level: 4 },
      ]),
      [['bands.0.min', 'risk.bands.overlap']],
    ],
    [
      'an open band that is not the top one',
      ls([
        { min: 0, max: null, level: 4 },
        { min: 20, max: null, level: 1 },
      ]),
      [['bands.1.min', 'risk.bands.overlap']],
    ],
    [
      'the same lower bound twice',
      ls([
        { min: 0, max: 10, level: 4 },
        { min: 0, max: null, level: 1 },
      ]),
      [['bands.1.min', 'risk.bands.overlap']],
    ],
    [
      'max not above min',
      ls([
        { min: 9, max: 9, level: 2 },
        { min: 0, max: 9, level: 4 },
      ]),
      [['bands.0.max', 'risk.bands.maxNotAboveMin']],
    ],
    ['a level of 5', ls([{ min: 0, max: null, level: 5 as RiskLevel }]), [['bands.0.level', 'risk.bands.badLevel']]],
    ['a level of 0', ls([{ min: 0, max: null, level: 0 as RiskLevel }]), [['bands.0.level', 'risk.bands.badLevel']]],
    ['a bound that is not a number', ls([{ min: Number.NaN, max: null, level: 1 }]), [['bands.0.min', 'risk.bands.badBound']]],
    ['no bands', ls([]), [['bands', 'risk.bands.empty']]],
    [
      'a higher band less severe than the one below',
      ls([
        { min: 9, max: null, level: 3 },
        { min: 0, max: 9, level: 2 },
      ]),
      [['bands.0.level', 'risk.bands.levelOrder']],
    ],
    ['products below the lowest band (LS starts at 1)', ls([{ min: 2, max: null, level: 1 }]), [['bands.0.min', 'risk.bands.belowLowest']]],
    [
      'a closed top band that leaves 25 out (max is exclusive)',
      ls([{ min: 0, max: 25, level: 1 }]),
      [['bands.0.max', 'risk.bands.aboveHighest']],
    ],
    ['a closed top band that holds 25', ls([{ min: 0, max: 26, level: 1 }]), []],
    [
      'LEC starting at 0.1 leaves 0.05 out',
      {
        method: 'LEC',
        bands: [
          { min: 70, max: null, level: 1 },
          { min: 0.1, max: 70, level: 4 },
        ],
      },
      [['bands.1.min', 'risk.bands.belowLowest']],
    ],
  ])('%s', (_, table, expected) => {
    expect(codes(table)).toEqual(expected);
  });

  it('coverage follows the factor table given', () => {
    const factors: FactorTable = {
      L: { zh: 'L', en: 'L', options: [{ value: 2, zh: '2', en: '2' }] },
      S: { zh: 'S', en: 'S', options: [{ value: 3, zh: '3', en: '3' }] },
    };
    expect(codes(ls([{ min: 6, max: 7, level: 2 }]), factors)).toEqual([]);
    expect(codes(ls([{ min: 6, max: 7, level: 2 }]))).toEqual([
      ['bands.0.min', 'risk.bands.belowLowest'],
      ['bands.0.max', 'risk.bands.aboveHighest'],
    ]);
  });

  it('reports the range of an overlap and of a gap', () => {
    expect(
      validateBandTable(
        ls([
          { min: 15, max: null, level: 1 },
          { min: 0, max: 20, level: 4 },
        ]),
      )[0].params,
    ).toEqual({ from: 15, to: 20 });
    expect(
      validateBandTable(
        ls([
          { min: 16, max: null, level: 1 },
          { min: 0, max: 10, level: 4 },
        ]),
      )[0].params,
    ).toEqual({ from: 10, to: 16 });
  });
});

describe('riskMessages', () => {
  it('every message has zh and en with the same placeholders', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, text] of Object.entries(riskMessages)) {
      expect(text.zh, code).not.toBe('');
      expect(text.en, code).not.toBe('');
      expect(holes(text.zh), code).toEqual(holes(text.en));
      expect(/[\u4e00-\u9fff]/.test(text.en), `${code} en holds Chinese`).toBe(false);
    }
  });
});

describe('every method has default bands and factors', () => {
  it.each(['LEC', 'LS', 'MES'] as ScoredMethod[])('%s', (method) => {
    expect(defaultBandTables[method].method).toBe(method);
    expect(possibleScores(method).length).toBeGreaterThan(0);
  });
});
