import { describe, expect, it } from 'vitest';
import {
  Gb18218InputError,
  alphaFor,
  criticalQuantity,
  gradeCalculate,
  gradeCalculateInput,
  gradeFor,
  resolveSubstance,
  validateGradeInput,
  type GradeCalculateInput,
  type ReasonStep,
} from '../../../src/shared/domain/gb18218.js';
import { categoryCodes, table1, table2, table3, table4, table5, table6 } from '../../../src/shared/domain/gb18218-tables.js';
import { isCasNumber, seedSubstances } from '../../../src/shared/domain/substances.js';
import { majorHazardMessages } from '../../../src/shared/major-hazard/messages.js';
import type { FieldIssue } from '../../../src/shared/messages/catalog.js';
import { fillTemplate } from '../../../src/shared/messages/define.js';

/**
 * GB 18218-2018 Table 1, written out again from the standard's text
 * (序号, name as printed without its bracketed 说明, first CAS as printed or ''
 * where none, critical quantity in t), independently of the data file, so a
 * slip in either shows here.
 */
const STANDARD_TABLE_1: readonly (readonly [number, string, string, number])[] = [
  [1, '氨', '7664-41-7', 10],
  [2, '二氟化氧', '7783-41-7', 1],
  [3, '二氧化氮', '10102-44-0', 1],
  [4, '二氧化硫', '7446-09-5', 20],
  [5, '氟', '7782-41-4', 1],
  [6, '碳酰氯', '75-44-5', 0.3],
  [7, '环氧乙烷', '75-21-8', 10],
  [8, '甲醛', '50-00-0', 5],
  [9, '磷化氢', '7803-51-2', 1],
  [10, '硫化氢', '7783-06-4', 5],
  [11, '氯化氢', '7647-01-0', 20],
  [12, '氯', '7782-50-5', 5],
  [13, '煤气', '', 20],
  [14, '砷化氢', '7784-42-1', 1],
  [15, '锑化氢', '7803-52-3', 1],
  [16, '硒化氢', '7783-07-5', 1],
  [17, '溴甲烷', '74-83-9', 10],
  [18, '丙酮氰醇', '75-86-5', 20],
  [19, '丙烯醛', '107-02-8', 20],
  [20, '氟化氢', '7664-39-3', 1],
  [21, '1-氯-2,3-环氧丙烷', '106-89-8', 20],
  [22, '3-溴-1,2-环氧丙烷', '3132-64-7', 20],
  [23, '甲苯二异氰酸酯', '26471-62-5', 100],
  [24, '一氯化硫', '10025-67-9', 1],
  [25, '氰化氢', '74-90-8', 1],
  [26, '三氧化硫', '7446-11-9', 75],
  [27, '3-氨基丙烯', '107-11-9', 20],
  [28, '溴', '7726-95-6', 20],
  [29, '乙撑亚胺', '151-56-4', 20],
  [30, '异氰酸甲酯', '624-83-9', 0.75],
  [31, '叠氮化钡', '18810-58-7', 0.5],
  [32, '叠氮化铅', '13424-46-9', 0.5],
  [33, '雷汞', '628-86-4', 0.5],
  [34, '三硝基苯甲醚', '28653-16-9', 5],
  [35, '2,4,6-三硝基甲苯', '118-96-7', 5],
  [36, '硝化甘油', '55-63-0', 1],
  [37, '硝化纤维素', '9004-70-0', 1],
  [38, '硝化纤维素', '9004-70-0', 1],
  [39, '硝化纤维素', '9004-70-0', 10],
  [40, '硝化纤维素', '9004-70-0', 50],
  [41, '硝化纤维素', '9004-70-0', 50],
  [42, '硝化纤维素溶液', '9004-70-0', 50],
  [43, '硝酸铵', '6484-52-2', 5],
  [44, '硝酸铵', '6484-52-2', 50],
  [45, '硝酸铵肥料', '', 200],
  [46, '硝酸钾', '7757-79-1', 1000],
  [47, '1,3-丁二烯', '106-99-0', 5],
  [48, '二甲醚', '115-10-6', 50],
  [49, '甲烷，天然气', '74-82-8', 50],
  [50, '氯乙烯', '75-01-4', 50],
  [51, '氢', '1333-74-0', 5],
  [52, '液化石油气', '68476-85-7', 50],
  [53, '一甲胺', '74-89-5', 5],
  [54, '乙炔', '74-86-2', 1],
  [55, '乙烯', '74-85-1', 50],
  [56, '氧', '7782-44-7', 200],
  [57, '苯', '71-43-2', 50],
  [58, '苯乙烯', '100-42-5', 500],
  [59, '丙酮', '67-64-1', 500],
  [60, '2-丙烯腈', '107-13-1', 50],
  [61, '二硫化碳', '75-15-0', 50],
  [62, '环己烷', '110-82-7', 500],
  [63, '1,2-环氧丙烷', '75-56-9', 10],
  [64, '甲苯', '108-88-3', 500],
  [65, '甲醇', '67-56-1', 500],
  [66, '汽油', '86290-81-5', 200],
  [67, '乙醇', '64-17-5', 500],
  [68, '乙醚', '60-29-7', 10],
  [69, '乙酸乙酯', '141-78-6', 500],
  [70, '正己烷', '110-54-3', 500],
  [71, '过乙酸', '79-21-0', 10],
  [72, '过氧化甲基乙基酮', '1338-23-4', 10],
  [73, '白磷', '12185-10-3', 50],
  [74, '烷基铝', '', 1],
  [75, '戊硼烷', '19624-22-7', 1],
  [76, '过氧化钾', '17014-71-0', 20],
  [77, '过氧化钠', '1313-60-6', 20],
  [78, '氯酸钾', '3811-04-9', 100],
  [79, '氯酸钠', '7775-09-9', 100],
  [80, '发烟硝酸', '52583-42-3', 20],
  [81, '硝酸', '7697-37-2', 100],
  [82, '硝酸胍', '506-93-4', 50],
  [83, '碳化钙', '75-20-7', 100],
  [84, '钾', '7440-09-7', 1],
  [85, '钠', '7440-23-5', 10],
];

/** GB 18218-2018 Table 2 (Q, t) and Table 4 (β) by category code, from the standard. */
const STANDARD_TABLES_2_4: Record<string, readonly [number, number]> = {
  J1: [5, 4],
  J2: [50, 1],
  J3: [50, 2],
  J4: [50, 2],
  J5: [500, 1],
  'W1.1': [1, 2],
  'W1.2': [10, 2],
  'W1.3': [50, 2],
  W2: [10, 1.5],
  W3: [150, 1],
  W4: [50, 1],
  'W5.1': [10, 1.5],
  'W5.2': [50, 1],
  'W5.3': [1000, 1],
  'W5.4': [5000, 1],
  'W6.1': [10, 1.5],
  'W6.2': [50, 1],
  'W7.1': [10, 1.5],
  'W7.2': [50, 1],
  W8: [50, 1],
  'W9.1': [50, 1],
  'W9.2': [200, 1],
  W10: [200, 1],
  W11: [200, 1],
};

/** GB 18218-2018 Table 3: β of the named toxic gases. */
const STANDARD_TABLE_3: Record<string, number> = {
  一氧化碳: 2,
  二氧化硫: 2,
  氨: 2,
  环氧乙烷: 2,
  氯化氢: 3,
  溴甲烷: 3,
  氯: 4,
  硫化氢: 5,
  氟化氢: 5,
  二氧化氮: 10,
  氰化氢: 10,
  碳酰氯: 20,
  磷化氢: 20,
  异氰酸甲酯: 20,
};

function grade(substances: GradeCalculateInput['substances'], population: number) {
  return gradeCalculate({ substances, population });
}

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof Gb18218InputError) {
      return e.issues;
    }
    throw e;
  }
  throw new Error('expected a Gb18218InputError');
}

describe('GB 18218-2018 tables as data', () => {
  it('Table 1 has 85 rows numbered 1 to 85', () => {
    expect(table1).toHaveLength(85);
    expect(table1.map((r) => r.seq)).toEqual(Array.from({ length: 85 }, (_, i) => i + 1));
  });

  it('Tables 2 to 6 have the standard’s sizes', () => {
    expect(table2).toHaveLength(24);
    expect(table3).toHaveLength(14);
    expect(table4).toHaveLength(24);
    expect(table5).toHaveLength(5);
    expect(table6).toHaveLength(4);
    expect(categoryCodes).toHaveLength(24);
  });

  it('has the standard’s name, CAS and Q in every Table 1 row (GB 18218-2018 Table 1)', () => {
    for (const [seq, name, cas, Q] of STANDARD_TABLE_1) {
      const row = table1[seq - 1];
      expect({ seq: row.seq, name: row.name.zh, cas: row.cas[0] ?? '', Q: row.Q }).toEqual({ seq, name, cas, Q });
    }
  });

  it('prints a valid CAS check digit for every Table 1 CAS number', () => {
    const all = table1.flatMap((r) => [...r.cas, ...(r.componentCas ?? [])]);
    expect(all.filter((c) => !isCasNumber(c))).toEqual([]);
  });

  it('finds every Table 1 row by its CAS number, with the standard’s Q (the least Q where one CAS has several rows)', () => {
    for (const [seq, , cas, Q] of STANDARD_TABLE_1) {
      if (!cas) {
        continue;
      }
      const match = resolveSubstance({ cas });
      const sameCas = STANDARD_TABLE_1.filter((r) => r[2] === cas);
      expect(match?.variants.map((r) => r.seq).sort((a, b) => a - b)).toEqual(sameCas.map((r) => r[0]));
      expect(match?.row?.Q).toBe(Math.min(...sameCas.map((r) => r[3])));
      expect(resolveSubstance({ seq })?.row?.Q).toBe(Q);
    }
  });

  it('uses each name or synonym for one substance only (rows sharing it share their printed name)', () => {
    const byName = new Map<string, Set<string>>();
    for (const row of table1) {
      for (const n of [row.name.zh, row.name.en, ...row.synonyms]) {
        const key = n.toLowerCase();
        byName.set(key, new Set([...(byName.get(key) ?? []), row.name.zh]));
      }
    }
    expect([...byName].filter(([, names]) => names.size > 1)).toEqual([]);
  });

  it('has the standard’s Q (Table 2) and β (Table 4) for every category', () => {
    expect(table2.map((r) => r.code)).toEqual([...categoryCodes]);
    expect(table4.map((r) => r.code)).toEqual([...categoryCodes]);
    for (const code of categoryCodes) {
      expect([table2.find((r) => r.code === code)?.Q, table4.find((r) => r.code === code)?.beta]).toEqual(STANDARD_TABLES_2_4[code]);
    }
  });

  it('has the standard’s β for each Table 3 gas, pointing at that gas’s Table 1 row', () => {
    expect(Object.fromEntries(table3.map((r) => [r.name.zh, r.beta]))).toEqual(STANDARD_TABLE_3);
    for (const gas of table3) {
      // 一氧化碳 is counted under 煤气 "(CO，CO和H2、CH4的混合物等)".
      expect(table1[gas.seq - 1].name.zh).toBe(gas.name.zh === '一氧化碳' ? '煤气' : gas.name.zh);
    }
  });

  it('has Table 5 bands that cover every head count once and Table 6 bands that cover every R once', () => {
    for (let n = 0; n <= 200; n++) {
      expect(table5.filter((b) => n >= b.min && (b.max === null || n <= b.max))).toHaveLength(1);
    }
    for (const R of [0, 0.5, 9.99, 10, 49.99, 50, 99.99, 100, 1e6]) {
      expect(table6.filter((b) => (b.min === null || R >= b.min) && (b.max === null || R < b.max))).toHaveLength(1);
    }
  });
});

describe('resolveSubstance', () => {
  it.each([
    [{ cas: '67-56-1' }, 65],
    [{ cas: ' 67-56-1 ' }, 65],
    [{ cas: '67561' }, 65],
    [{ name: '甲醇' }, 65],
    [{ name: '  Methanol ' }, 65],
    [{ name: 'METHANOL' }, 65],
    [{ name: 'methyl alcohol' }, 65],
    [{ name: '木精' }, 65],
    [{ name: '液氨' }, 1],
    [{ name: 'Liquid Chlorine' }, 12],
    [{ name: '氯化氢（无水）' }, 11],
    [{ name: '氯化氢(无水)' }, 11],
    [{ name: 'LPG' }, 52],
    [{ name: '丙烷' }, 52],
    [{ cas: '74-98-6' }, 52],
    [{ name: '天然气' }, 49],
    [{ cas: '8006-14-2' }, 49],
    [{ name: '一氧化碳' }, 13],
    [{ cas: '630-08-0' }, 13],
    [{ name: '光气' }, 6],
    [{ cas: '1234-56-6', name: '苯' }, 57],
  ])('finds %o in Table 1 row %i', (ref, seq) => {
    expect(resolveSubstance(ref)?.row?.seq).toBe(seq);
  });

  it('reads a bare string as a CAS number when written like one, otherwise as a name', () => {
    expect(resolveSubstance('7782-50-5')?.row?.seq).toBe(12);
    expect(resolveSubstance(' Chlorine ')?.row?.seq).toBe(12);
    expect(resolveSubstance('1,3-丁二烯')?.row?.seq).toBe(47);
    expect(criticalQuantity('氯')).toMatchObject({ Q: 5, beta: 4 });
  });

  it('returns null for a substance neither Table 1 nor the catalogue knows', () => {
    expect(resolveSubstance({ name: '丙烯' })).toBeNull();
    expect(resolveSubstance({ cas: '115-07-1' })).toBeNull();
    expect(resolveSubstance({})).toBeNull();
    expect(resolveSubstance({ seq: 86 })).toBeNull();
  });

  it('takes the stricter row of a substance listed by condition unless the condition or row is given', () => {
    const an = resolveSubstance({ cas: '6484-52-2' });
    expect(an?.variants.map((r) => r.seq)).toEqual([43, 44]);
    expect(an?.row?.seq).toBe(43);
    expect(resolveSubstance({ name: 'ammonium nitrate' })?.row?.Q).toBe(5);
    expect(resolveSubstance({ name: '硝酸铵（含可燃物≤0.2%）' })?.row?.seq).toBe(44);
    expect(resolveSubstance({ name: '硝酸铵肥料' })?.row?.Q).toBe(200);
    expect(resolveSubstance({ cas: '6484-52-2', seq: 44 })?.row?.Q).toBe(50);
    expect(resolveSubstance({ name: '硝化棉' })?.variants).toHaveLength(5);
  });

  it('finds a substance only the catalogue knows, and the catalogue entry of a named one', () => {
    const propylene = resolveSubstance({ name: 'Propylene' }, seedSubstances);
    expect(propylene?.row).toBeNull();
    expect(propylene?.entry?.code).toBe('propylene');
    expect(resolveSubstance({ cas: '115-07-1' }, seedSubstances)?.entry?.code).toBe('propylene');
    expect(resolveSubstance({ name: '甲醇' }, seedSubstances)?.entry?.code).toBe('methanol');
  });

  it('lets a catalogue entry that names its Table 1 row settle a substance listed by condition', () => {
    const stock = [
      { code: 'an-low', name: { zh: '硝酸铵', en: 'ammonium nitrate' }, synonyms: [], cas: '6484-52-2', categories: [], table1Seq: 44 },
    ];
    expect(resolveSubstance({ cas: '6484-52-2' }, stock)?.row?.seq).toBe(44);
  });
});

describe('criticalQuantity (GB 18218-2018 §4.1, Tables 1–4; DOMAIN.md §1)', () => {
  it.each([
    // named in Table 1: Q from Table 1 even where Table 2 would give another
    ['methanol, named', { name: '甲醇' }, 500, 1, 'table1', undefined],
    ['hydrogen, named (Table 2 W2 would give 10)', { name: '氢', categories: ['W2'] }, 5, 1.5, 'table1', undefined],
    ['benzene with its category', { cas: '71-43-2', categories: ['W5.3'] }, 50, 1, 'table1', undefined],
    // Table 3 gases take their Table 3 β whatever their categories
    ['chlorine', { name: '氯', categories: ['W4', 'J3'] }, 5, 4, 'table1', undefined],
    ['ammonia', { cas: '7664-41-7' }, 10, 2, 'table1', undefined],
    ['carbon monoxide under 煤气', { cas: '630-08-0' }, 20, 2, 'table1', undefined],
    ['phosgene', { name: '光气' }, 0.3, 20, 'table1', undefined],
    ['hydrogen sulfide', { name: 'H2S' }, 5, 5, 'table1', undefined],
    // not named: Table 2 by category, the smallest Q, β of the category that gave it
    ['one category', { name: '丙烯', categories: ['W2'] }, 10, 1.5, 'category', 'W2'],
    ['smallest Q of several', { categories: ['W5.3', 'J3'] }, 50, 2, 'category', 'J3'],
    ['β goes with the Q used, not the largest β', { categories: ['J5', 'W2'] }, 10, 1.5, 'category', 'W2'],
    ['β goes with the Q used (J1)', { categories: ['W5.4', 'J1'] }, 5, 4, 'category', 'J1'],
    ['tie on Q: the larger β', { categories: ['W4', 'J3'] }, 50, 2, 'category', 'J3'],
    ['tie on Q, other order', { categories: ['J3', 'W4'] }, 50, 2, 'category', 'J3'],
    ['tie on Q: explosives over flammable liquid', { categories: ['W5.1', 'W1.2'] }, 10, 2, 'category', 'W1.2'],
    ['codes typed loosely', { categories: [' w2 ', 'W2'] }, 10, 1.5, 'category', 'W2'],
  ] as const)('%s', (_, sub, Q, beta, source, category) => {
    const cq = criticalQuantity(sub);
    expect({ Q: cq.Q, beta: cq.beta, source: cq.source, category: cq.category }).toEqual({ Q, beta, source, category });
  });

  it('takes β of a named non-Table 3 substance from the largest Table 4 β of its categories', () => {
    const cq = criticalQuantity({ name: '丙烯醛', categories: ['W5.3', 'J2'] });
    expect([cq.Q, cq.beta]).toEqual([20, 1]);
    const ether = criticalQuantity({ name: '乙醚', categories: ['W5.1', 'W5.3'] });
    expect([ether.Q, ether.beta]).toEqual([10, 1.5]);
    expect(ether.reasons.map((r) => r.code)).toEqual(['gb18218.reason.table1', 'gb18218.reason.betaNamed']);
  });

  it('gives β = 1 to a named substance without categories, and says so', () => {
    const cq = criticalQuantity({ name: 'toluene' });
    expect(cq.beta).toBe(1);
    expect(cq.reasons.map((r) => r.code)).toEqual(['gb18218.reason.table1', 'gb18218.reason.betaDefault']);
  });

  it('reads categories from the catalogue when none are given, and prefers those given', () => {
    const propylene = criticalQuantity({ name: '丙烯' }, seedSubstances);
    expect([propylene.Q, propylene.beta, propylene.category]).toEqual([10, 1.5, 'W2']);
    expect(propylene.reasons.map((r) => r.code)).toEqual([
      'gb18218.reason.notNamed',
      'gb18218.reason.fromCatalogue',
      'gb18218.reason.category',
      'gb18218.reason.betaCategory',
    ]);
    const given = criticalQuantity({ name: '丙烯', categories: ['J1'] }, seedSubstances);
    expect([given.Q, given.beta]).toEqual([5, 4]);
  });

  it('states each step with its figures', () => {
    const cq = criticalQuantity({ categories: ['W4', 'J3'] });
    expect(cq.reason).toEqual({
      code: 'gb18218.reason.categorySmallest',
      params: { category: 'J3', Q: 50, categories: 'W4、J3', categories_en: 'W4, J3' },
    });
    expect(cq.reasons[1]).toEqual({
      code: 'gb18218.reason.betaTie',
      params: { category: 'J3', beta: 2, categories: 'W4、J3', categories_en: 'W4, J3' },
    });
    expect(criticalQuantity({ cas: '6484-52-2' }).reasons.map((r) => r.code)).toEqual([
      'gb18218.reason.table1',
      'gb18218.reason.table1Variants',
      'gb18218.reason.betaDefault',
    ]);
  });

  it('refuses a substance it can neither find nor place by category', () => {
    expect(issuesOf(() => criticalQuantity({ name: 'unobtainium' }))).toEqual([
      { field: 'name', code: 'gb18218.refusal.unknownSubstance', params: { value: 'unobtainium' } },
    ]);
    expect(issuesOf(() => criticalQuantity({}))).toEqual([{ field: 'categories', code: 'gb18218.refusal.noCategory' }]);
    expect(issuesOf(() => criticalQuantity({ categories: ['W12'] }))).toEqual([
      { field: 'categories.0', code: 'gb18218.refusal.unknownCategory', params: { category: 'W12' } },
    ]);
  });
});

describe('alphaFor (GB 18218-2018 Table 5) and gradeFor (Table 6)', () => {
  it.each([
    [0, 0.5],
    [1, 1.0],
    [29, 1.0],
    [30, 1.2],
    [49, 1.2],
    [50, 1.5],
    [99, 1.5],
    [100, 2.0],
    [5000, 2.0],
  ])('α for %i people is %d', (population, alpha) => {
    expect(alphaFor(population).alpha).toBe(alpha);
  });

  it.each([
    [1e6, 1],
    [100, 1],
    [99.999999, 2],
    [50, 2],
    [49.999999, 3],
    [10, 3],
    [9.999999, 4],
    [0.5, 4],
  ])('R = %d is grade %i', (R, g) => {
    expect(gradeFor(R).grade).toBe(g);
  });
});

describe('gradeCalculate (GB 18218-2018 §4.2, §4.3; DOMAIN.md §1)', () => {
  it('grades 600 t of methanol and 20 t of chlorine with 120 people nearby', () => {
    const r = grade(
      [
        { name: '甲醇', q: 600 },
        { name: '氯', q: 20 },
      ],
      120,
    );
    // S = 600/500 + 20/5 = 5.2; R = 2.0 × (1 × 1.2 + 4 × 4) = 34.4 → 三级.
    expect(r.S).toBeCloseTo(5.2, 9);
    expect(r.isMajor).toBe(true);
    expect(r.alpha).toBe(2);
    expect(r.R).toBeCloseTo(34.4, 9);
    expect(r.grade).toBe(3);
    expect(r.substances.map((s) => [s.name, s.Q, s.beta, s.ratio, s.source])).toEqual([
      ['甲醇', 500, 1, 1.2, 'table1'],
      ['氯', 5, 4, 4, 'table1'],
    ]);
    expect(r.reasons.map((x) => x.code)).toEqual([
      'gb18218.reason.sum',
      'gb18218.reason.major',
      'gb18218.reason.alpha',
      'gb18218.reason.R',
      'gb18218.reason.grade',
    ]);
  });

  it('counts q as given, the design maximum (a 600 t tank holding 300 t counts 600)', () => {
    const r = grade([{ cas: '67-56-1', q: 600 }], 0);
    expect(r.substances[0].ratio).toBe(1.2);
    expect(r.isMajor).toBe(true);
  });

  it('grades a mixed unit of named and category substances', () => {
    // 苯 20/50 = 0.4 (β 1); 丙烯 via W2 20/10 = 2 (β 1.5); 氨 10/10 = 1 (β 2). α 1.2.
    const r = gradeCalculate(
      {
        substances: [
          { name: '苯', q: 20 },
          { name: '丙烯', q: 20 },
          { name: '液氨', q: 10 },
        ],
        population: 30,
      },
      seedSubstances,
    );
    expect(r.S).toBeCloseTo(3.4, 9);
    expect(r.R).toBeCloseTo(1.2 * (0.4 + 3 + 2), 9);
    expect(r.grade).toBe(4);
    expect(r.substances[1]).toMatchObject({ name: '丙烯', Q: 10, beta: 1.5, source: 'category', category: 'W2' });
  });

  it('is major at S = 1 exactly, even when the ratios do not add up to 1 in floating point', () => {
    expect(grade([{ name: '甲醇', q: 500 }], 10)).toMatchObject({ S: 1, isMajor: true, R: 1, alpha: 1, grade: 4 });
    // 0.7 + 0.2 + 0.1 is 0.9999999999999999 in binary floating point.
    const r = grade(
      [
        { name: '苯', q: 35 },
        { name: '氯', q: 1 },
        { name: '甲醇', q: 50 },
      ],
      0,
    );
    expect(r.S).toBe(1);
    expect(r.isMajor).toBe(true);
  });

  it('does not grade a unit just below S = 1', () => {
    const r = grade([{ name: '甲醇', q: 499.99 }], 500);
    expect(r.isMajor).toBe(false);
    expect(r.S).toBeCloseTo(0.99998, 9);
    expect([r.R, r.alpha, r.grade]).toEqual([null, null, null]);
    expect(r.reasons.map((x) => x.code)).toEqual(['gb18218.reason.sum', 'gb18218.reason.notMajor']);
  });

  it.each([
    // chlorine: β 4, Q 5, α 1 (1–29 people): R = 0.8 q
    [125, 100, 1],
    [124.99, 99.992, 2],
    [62.5, 50, 2],
    [62.49, 49.992, 3],
    [12.5, 10, 3],
    [12.49, 9.992, 4],
  ])('chlorine %d t gives R = %d, grade %i (Table 6 band edges)', (q, R, g) => {
    const r = grade([{ name: 'chlorine', q }], 20);
    expect(r.R).toBeCloseTo(R, 9);
    expect(r.grade).toBe(g);
  });

  it.each([
    [0, 0.5],
    [1, 1],
    [29, 1],
    [30, 1.2],
    [49, 1.2],
    [50, 1.5],
    [99, 1.5],
    [100, 2],
  ])('applies α of Table 5 to R: %i people, α = %d', (population, alpha) => {
    const r = grade([{ name: '甲醇', q: 1000 }], population);
    expect(r.alpha).toBe(alpha);
    expect(r.R).toBeCloseTo(2 * alpha, 9);
  });

  it('renders every step in both languages with every placeholder filled', () => {
    const r = gradeCalculate(
      {
        substances: [
          { name: '甲醇', q: 600 },
          { name: '丙烯', q: 5 },
          { cas: '6484-52-2', q: 1 },
          { categories: ['W4', 'J3'], q: 10 },
          { name: '乙醚', categories: ['W5.1'], q: 1 },
        ],
        population: 45,
      },
      seedSubstances,
    );
    const steps: ReasonStep[] = [...r.reasons, ...r.substances.flatMap((s) => s.reasons)];
    for (const step of steps) {
      const text = majorHazardMessages[step.code];
      expect(fillTemplate(text.zh, step.params, 'zh')).not.toMatch(/\{\w+\}/);
      expect(fillTemplate(text.en, step.params, 'en')).not.toMatch(/\{\w+\}/);
    }
    expect(fillTemplate(majorHazardMessages['gb18218.reason.grade'].en, r.reasons[4].params, 'en')).toBe(
      'R = 3.24: Grade 4 major hazard source (Table 6)',
    );
  });
});

describe('validateGradeInput', () => {
  const ok = { name: '甲醇', q: 600 };

  it('accepts a body that can be graded', () => {
    expect(validateGradeInput({ substances: [ok], population: 0 })).toEqual([]);
  });

  it.each<[string, GradeCalculateInput, FieldIssue[]]>([
    ['no substances', { substances: [], population: 1 }, [{ field: 'substances', code: 'gb18218.refusal.noSubstances' }]],
    [
      'an unknown name',
      { substances: [ok, { name: 'unobtainium', q: 1 }], population: 1 },
      [{ field: 'substances.1.name', code: 'gb18218.refusal.unknownSubstance', params: { value: 'unobtainium' } }],
    ],
    [
      'an unknown CAS number (named on the CAS field)',
      { substances: [{ name: 'unobtainium', cas: '1234-56-6', q: 1 }], population: 1 },
      [{ field: 'substances.0.cas', code: 'gb18218.refusal.unknownSubstance', params: { value: '1234-56-6' } }],
    ],
    [
      'a negative quantity',
      { substances: [{ ...ok, q: -1 }], population: 1 },
      [{ field: 'substances.0.q', code: 'gb18218.refusal.badQuantity' }],
    ],
    [
      'a quantity that is not a number',
      { substances: [{ ...ok, q: Number.NaN }], population: 1 },
      [{ field: 'substances.0.q', code: 'gb18218.refusal.badQuantity' }],
    ],
    [
      'an infinite quantity',
      { substances: [{ ...ok, q: Infinity }], population: 1 },
      [{ field: 'substances.0.q', code: 'gb18218.refusal.badQuantity' }],
    ],
    [
      'an unnamed substance without category',
      { substances: [{ q: 1 }], population: 1 },
      [{ field: 'substances.0.categories', code: 'gb18218.refusal.noCategory' }],
    ],
    [
      'an unknown category code',
      { substances: [{ categories: ['W2', 'W99'], q: 1 }], population: 1 },
      [{ field: 'substances.0.categories.1', code: 'gb18218.refusal.unknownCategory', params: { category: 'W99' } }],
    ],
    [
      'an unknown Table 1 row',
      { substances: [{ seq: 86, q: 1 }], population: 1 },
      [{ field: 'substances.0.seq', code: 'gb18218.refusal.unknownRow', params: { seq: 86 } }],
    ],
    ['a negative population', { substances: [ok], population: -1 }, [{ field: 'population', code: 'gb18218.refusal.badPopulation' }]],
    ['a fractional population', { substances: [ok], population: 2.5 }, [{ field: 'population', code: 'gb18218.refusal.badPopulation' }]],
  ])('refuses %s', (_, body, issues) => {
    expect(validateGradeInput(body)).toEqual(issues);
    expect(issuesOf(() => gradeCalculate(body))).toEqual(issues);
  });

  it('accepts a substance only the catalogue knows when given the catalogue', () => {
    const body = { substances: [{ name: 'propylene', q: 1 }], population: 1 };
    expect(validateGradeInput(body)).toHaveLength(1);
    expect(validateGradeInput(body, seedSubstances)).toEqual([]);
    // In the catalogue, not named, no category of Table 2: nothing to place it by.
    expect(validateGradeInput({ substances: [{ name: '氮气', q: 1 }], population: 1 }, seedSubstances)).toEqual([
      { field: 'substances.0.categories', code: 'gb18218.refusal.noCategory' },
    ]);
  });
});

describe('gradeCalculateInput (the body of UAPI/MajorHazard/GradeCalculate)', () => {
  it('accepts a body and trims its names', () => {
    const parsed = gradeCalculateInput.parse({
      substances: [
        { name: ' 甲醇 ', q: 600 },
        { categories: ['W2'], q: 1 },
      ],
      population: 120,
    });
    expect(parsed.substances[0].name).toBe('甲醇');
  });

  it.each([
    [{ substances: [{ name: '甲醇', q: -1 }], population: 0 }, ['substances', 0, 'q'], 'gb18218.refusal.badQuantity'],
    [{ substances: [{ name: '甲醇', q: Infinity }], population: 0 }, ['substances', 0, 'q'], 'gb18218.refusal.badQuantity'],
    [
      { substances: [{ categories: ['W2', 'X'], q: 1 }], population: 0 },
      ['substances', 0, 'categories', 1],
      'gb18218.refusal.unknownCategory',
    ],
    [{ substances: [], population: 0 }, ['substances'], 'gb18218.refusal.noSubstances'],
    [{ substances: [{ name: '甲醇', q: 1 }], population: -3 }, ['population'], 'gb18218.refusal.badPopulation'],
    [{ substances: [{ name: '甲醇', q: 1 }], population: 1.5 }, ['population'], 'gb18218.refusal.badPopulation'],
  ])('refuses %o with its field and code', (body, path, code) => {
    const result = gradeCalculateInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toContainEqual([path, code]);
  });
});

describe('majorHazardMessages', () => {
  it('has zh and en for every code, with the same placeholders', () => {
    for (const [code, text] of Object.entries(majorHazardMessages)) {
      expect(text.zh, code).not.toBe('');
      expect(text.en, code).not.toBe('');
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(text.zh), code).toEqual(names(text.en));
    }
  });
});
