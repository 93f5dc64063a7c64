import { describe, expect, it } from 'vitest';
import { chemicalMessages } from '../../../src/shared/chemicals/messages.js';
import { storageClassCodes, type StorageClass } from '../../../src/shared/domain/storage-classes.js';
import {
  buildCompatibilityMatrix,
  compatibilityMarks,
  defaultCompatibilityMatrix,
  defaultSubstanceRules,
  tabooCheck,
  validateCompatibilityMatrix,
  type CompatibilityMatrix,
  type TabooSubstance,
} from '../../../src/shared/domain/storage-compatibility.js';

// Substances with the storage classes the catalogue gives them (brief; DOMAIN.md §10).
const s = (key: string, name: string, cas: string | null, ...storageClasses: StorageClass[]): TabooSubstance => ({
  key,
  name,
  cas,
  storageClasses,
});
const benzene = s('benzene', '苯', '71-43-2', 'flammable-liquid');
const acetone = s('acetone', '丙酮', '67-64-1', 'flammable-liquid');
const toluene = s('toluene', '甲苯', '108-88-3', 'flammable-liquid');
const chlorine = s('chlorine', '液氯', '7782-50-5', 'gas-toxic', 'gas-oxidizing');
const ammonia = s('ammonia', '液氨', '7664-41-7', 'gas-toxic', 'gas-flammable');
const oxygen = s('oxygen', '氧气', '7782-44-7', 'gas-oxidizing');
const nitrogen = s('nitrogen', '氮气', '7727-37-9', 'gas-inert');
const argon = s('argon', '氩气', '7440-37-1', 'gas-inert');
const lubeOil = s('lube', '润滑油', null, 'flammable-liquid');
const sodiumChlorate = s('chlorate', '氯酸钠', '7775-09-9', 'oxidizer-inorganic-1');
const tnt = s('tnt', 'TNT', '118-96-7', 'explosive');
const sodium = s('sodium', '金属钠', '7440-23-5', 'water-reactive');
const sulfuricAcid = s('h2so4', '硫酸', '7664-93-9', 'corrosive-acid');
const hydrochloricAcid = s('hcl', '盐酸', '7647-01-0', 'corrosive-acid');
const caustic = s('naoh', '氢氧化钠', '1310-73-2', 'corrosive-alkaline');
const sodiumCyanide = s('nacn', '氰化钠', '143-33-9', 'toxic');
const methanol = s('methanol', '甲醇', '67-56-1', 'flammable-liquid', 'toxic');

describe('tabooCheck: pairs (GB 15603-1995 Annex A; DOMAIN.md §10)', () => {
  it.each([
    ['an oxidiser with a flammable liquid', sodiumChlorate, benzene, 'matrix:flammable-liquid/oxidizer-inorganic-1'],
    ['liquid chlorine with liquid ammonia (table footnote, substance rule)', chlorine, ammonia, 'cas:chlorine-ammonia'],
    ['oxygen with lubricating oil', oxygen, lubeOil, 'matrix:gas-oxidizing/flammable-liquid'],
    ['explosives with an inert gas', tnt, nitrogen, 'matrix:explosive/gas-inert'],
    ['a water-reactive metal with a flammable liquid', sodium, toluene, 'matrix:water-reactive/flammable-liquid'],
  ])('refuses %s', (_what, a, b, ruleId) => {
    const r = tabooCheck([a, b]);
    expect(r.allowed).toBe(false);
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0].rule.id).toBe(ruleId);
    expect(r.conflicts[0].rule.mark).toBe('forbid');
    expect(r.conflicts[0].a.key).toBe(a.key);
    expect(r.conflicts[0].b.key).toBe(b.key);
  });

  it.each([
    ['benzene with acetone (two flammable liquids)', benzene, acetone],
    ['toluene with acetone', toluene, acetone],
    ['nitrogen with argon', nitrogen, argon],
    ['oxygen with nitrogen', oxygen, nitrogen],
    ['two acids', sulfuricAcid, hydrochloricAcid],
  ])('allows %s', (_what, a, b) => {
    const r = tabooCheck([a, b]);
    expect(r.allowed).toBe(true);
    expect(r.conflicts).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('refuses explosives with every other class, and allows them with their own kind (with a warning to separate kinds)', () => {
    for (const c of storageClassCodes.filter((x) => x !== 'explosive')) {
      const r = tabooCheck([tnt, s('x', 'x', null, c)]);
      expect(r.allowed, c).toBe(false);
      expect(r.conflicts[0].rule.reason.code, c).toBe('chemicals.reason.explosive');
    }
    const detonators = s('det', '雷管', null, 'explosive');
    const r = tabooCheck([tnt, detonators]);
    expect(r.allowed).toBe(true);
    expect(r.warnings.map((w) => w.rule.reason.code)).toEqual(['chemicals.reason.explosiveKinds']);
  });

  it('reports a separate pair as a warning, still allowed', () => {
    const r = tabooCheck([methanol, toluene, sulfuricAcid]);
    // Methanol is a flammable liquid and a toxic: its toxic class separates it from toluene (分); each liquid with
    // sulfuric acid: separate.
    expect(r.allowed).toBe(true);
    expect(r.conflicts).toEqual([]);
    expect(r.warnings.map((w) => [w.a.key, w.b.key, w.rule.mark])).toEqual([
      ['methanol', 'toluene', 'separate'],
      ['methanol', 'h2so4', 'separate'],
      ['toluene', 'h2so4', 'separate'],
    ]);
  });

  it('takes the strictest class pair of two substances with several classes', () => {
    // Chlorine (toxic + oxidising gas) with hydrogen (flammable gas): toxic×flammable and oxidising×flammable both refuse;
    // the first in the substances' class order is reported.
    const hydrogen = s('h2', '氢气', '1333-74-0', 'gas-flammable');
    const r = tabooCheck([chlorine, hydrogen]);
    expect(r.conflicts[0].rule).toMatchObject({
      id: 'matrix:gas-flammable/gas-toxic',
      classA: 'gas-toxic',
      classB: 'gas-flammable',
      mark: 'forbid',
    });
  });

  it('a substance rule overrides the class matrix (cyanide with acid: the classes say separate)', () => {
    const byClass = tabooCheck([sodiumCyanide, sulfuricAcid], defaultCompatibilityMatrix, []);
    expect(byClass.allowed).toBe(true);
    expect(byClass.warnings[0].rule.mark).toBe('separate');
    const r = tabooCheck([sodiumCyanide, sulfuricAcid]);
    expect(r.allowed).toBe(false);
    expect(r.conflicts[0].rule).toEqual({
      id: 'cas:sodium-cyanide-sulfuric-acid',
      mark: 'forbid',
      classA: null,
      classB: null,
      reason: { code: 'chemicals.reason.cyanideAcid' },
    });
  });

  it('checks every pair of a set: one refused pair refuses the set', () => {
    const r = tabooCheck([benzene, acetone, toluene, caustic, sulfuricAcid]);
    expect(r.allowed).toBe(false);
    expect(r.conflicts.map((c) => [c.a.key, c.b.key, c.rule.id])).toEqual([['naoh', 'h2so4', 'matrix:corrosive-acid/corrosive-alkaline']]);
    // Three flammable liquids against each corrosive: separate.
    expect(r.warnings).toHaveLength(6);
  });

  it('does not pair a substance with another entry of itself, and lists substances it cannot judge', () => {
    const r = tabooCheck([chlorine, { ...chlorine, key: 'chlorine-2' }, s('unknown', '未知品', null)]);
    expect(r.allowed).toBe(true);
    expect(r.warnings).toEqual([]);
    expect(r.unclassified.map((u) => u.key)).toEqual(['unknown']);
  });

  it('uses the matrix it is given (a plant that refuses flammable liquids together)', () => {
    const strict = structuredClone(defaultCompatibilityMatrix);
    strict['flammable-liquid']['flammable-liquid'] = { mark: 'forbid', reason: 'chemicals.reason.zoned' };
    expect(tabooCheck([benzene, acetone], strict).allowed).toBe(false);
  });

  it('fails closed on a hole in the matrix', () => {
    const holed = structuredClone(defaultCompatibilityMatrix) as Partial<Record<StorageClass, Partial<Record<StorageClass, unknown>>>>;
    delete holed['flammable-liquid']?.['flammable-liquid'];
    const r = tabooCheck([benzene, acetone], holed as CompatibilityMatrix);
    expect(r.conflicts[0].rule.reason.code).toBe('chemicals.reason.missingCell');
  });
});

describe('the default matrix', () => {
  const others = (c: StorageClass) => storageClassCodes.filter((x) => x !== c);
  const mark = (a: StorageClass, b: StorageClass) => defaultCompatibilityMatrix[a][b].mark;

  it('has every pair of classes, including each class with itself, and passes its validator', () => {
    for (const a of storageClassCodes) {
      for (const b of storageClassCodes) {
        expect(compatibilityMarks, `${a}/${b}`).toContain(mark(a, b));
        expect(chemicalMessages, `${a}/${b}`).toHaveProperty([defaultCompatibilityMatrix[a][b].reason]);
      }
    }
    expect(validateCompatibilityMatrix(defaultCompatibilityMatrix)).toEqual([]);
  });

  it('is symmetric', () => {
    for (const a of storageClassCodes) {
      for (const b of storageClassCodes) {
        expect(defaultCompatibilityMatrix[a][b], `${a}/${b}`).toEqual(defaultCompatibilityMatrix[b][a]);
      }
    }
  });

  it('never refuses a class with itself (one substance never refuses another of its class)', () => {
    for (const c of storageClassCodes) {
      expect(mark(c, c), c).not.toBe('forbid');
    }
  });

  it.each([
    ['explosives with anything else', ['explosive'], others('explosive')],
    ['pyrophoric with anything else', ['pyrophoric'], others('pyrophoric')],
    ['water-reactive with anything else', ['water-reactive'], others('water-reactive')],
    [
      'oxidisers with flammables',
      ['oxidizer-inorganic-1', 'oxidizer-inorganic-2', 'oxidizer-organic-1', 'oxidizer-organic-2', 'organic-peroxide', 'gas-oxidizing'],
      ['gas-flammable', 'flammable-liquid', 'flammable-solid', 'pyrophoric', 'water-reactive'],
    ],
    [
      'toxic gases with flammable gases and oxidisers',
      ['gas-toxic'],
      ['gas-flammable', 'oxidizer-inorganic-1', 'oxidizer-inorganic-2', 'oxidizer-organic-1', 'oxidizer-organic-2', 'organic-peroxide'],
    ],
    [
      'inorganic with organic oxidisers (table ×)',
      ['oxidizer-inorganic-1', 'oxidizer-inorganic-2'],
      ['oxidizer-organic-1', 'oxidizer-organic-2'],
    ],
    ['acids with alkalis', ['corrosive-acid'], ['corrosive-alkaline']],
  ] as [string, StorageClass[], StorageClass[]][])('forbids %s', (_what, as, bs) => {
    for (const a of as) {
      for (const b of bs) {
        expect(mark(a, b), `${a}/${b}`).toBe('forbid');
      }
    }
  });

  it.each([
    // Table ○ cells.
    ['gas-inert', 'gas-flammable', 'share'],
    ['oxidizer-inorganic-1', 'oxidizer-inorganic-2', 'share'],
    ['oxidizer-organic-1', 'oxidizer-organic-2', 'share'],
    ['flammable-liquid', 'flammable-liquid', 'share'],
    // Table 分 and 消 cells.
    ['gas-oxidizing', 'oxidizer-inorganic-2', 'separate'],
    ['gas-inert', 'oxidizer-organic-1', 'separate'],
    // Table notes ① ②: some inorganic oxidisers not with others of their grade.
    ['oxidizer-inorganic-1', 'oxidizer-inorganic-1', 'separate'],
  ] as [StorageClass, StorageClass, string][])('%s with %s: %s', (a, b, expected) => {
    expect(mark(a, b)).toBe(expected);
  });

  it('every substance rule refuses, names a known reason, and pairs two different CAS numbers', () => {
    for (const r of defaultSubstanceRules) {
      expect(r.cas[0]).not.toBe(r.cas[1]);
      expect(chemicalMessages).toHaveProperty([r.reason]);
    }
    expect(new Set(defaultSubstanceRules.map((r) => r.id)).size).toBe(defaultSubstanceRules.length);
  });
});

describe('validateCompatibilityMatrix', () => {
  const edited = () => structuredClone(defaultCompatibilityMatrix) as Record<string, Record<string, unknown>>;

  it('reports a missing pair in each direction it is missing', () => {
    const m = edited();
    delete m['toxic']['corrosive-acid'];
    expect(validateCompatibilityMatrix(m)).toEqual([
      { field: 'matrix.toxic.corrosive-acid', code: 'chemicals.matrix.missingPair', params: { a: 'toxic', b: 'corrosive-acid' } },
    ]);
  });

  it('reports a pair whose two directions differ, once', () => {
    const m = edited();
    m['benzene-class-typo'] = {};
    m['corrosive-acid']['toxic'] = { mark: 'forbid', reason: 'chemicals.reason.zoned' };
    expect(validateCompatibilityMatrix(m, 'rules')).toEqual([
      { field: 'rules.benzene-class-typo', code: 'chemicals.matrix.unknownClass', params: { class: 'benzene-class-typo' } },
      { field: 'rules.toxic.corrosive-acid', code: 'chemicals.matrix.asymmetric', params: { a: 'toxic', b: 'corrosive-acid' } },
    ]);
  });

  it('reports unknown marks and reasons', () => {
    const m = edited();
    m['explosive']['explosive'] = { mark: 'maybe', reason: 'no.such.code' };
    expect(validateCompatibilityMatrix(m)).toEqual([
      { field: 'matrix.explosive.explosive.mark', code: 'chemicals.matrix.unknownMark', params: { mark: 'maybe' } },
      { field: 'matrix.explosive.explosive.reason', code: 'chemicals.matrix.unknownReason', params: { reason: 'no.such.code' } },
    ]);
  });

  it('reports an empty matrix as every pair missing, and a non-object as invalid', () => {
    const n = storageClassCodes.length;
    expect(validateCompatibilityMatrix({})).toHaveLength(n * n);
    expect(validateCompatibilityMatrix(null)).toEqual([{ field: 'matrix', code: 'validation.invalid' }]);
  });

  it('buildCompatibilityMatrix mirrors a lower triangle', () => {
    const m = buildCompatibilityMatrix({ toxic: { explosive: { mark: 'forbid', reason: 'chemicals.reason.explosive' } } });
    expect(m.explosive.toxic).toEqual({ mark: 'forbid', reason: 'chemicals.reason.explosive' });
    expect(validateCompatibilityMatrix(m).length).toBe(storageClassCodes.length ** 2 - 2);
  });
});
