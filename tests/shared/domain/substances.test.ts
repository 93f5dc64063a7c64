import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { criticalQuantity, isCategoryCode, resolveSubstance } from '../../../src/shared/domain/gb18218.js';
import { table1 } from '../../../src/shared/domain/gb18218-tables.js';
import { isStorageClass } from '../../../src/shared/domain/storage-classes.js';
import { isCasNumber, msdsSections, seedSubstances, type Substance } from '../../../src/shared/domain/substances.js';

function byCode(code: string): Substance {
  const s = seedSubstances.find((x) => x.code === code);
  if (!s) {
    throw new Error(`no seed substance ${code}`);
  }
  return s;
}

/** The media the demo plant's layout names: tanks, units, loading bays, toxic gas detectors. */
function demoMedia(): { names: string[]; gases: string[] } {
  const file = path.join(import.meta.dirname, '../../../map-styles/demo-plant.geojson');
  const layout = JSON.parse(fs.readFileSync(file, 'utf8')) as { features: { properties: Record<string, unknown> }[] };
  const names = new Set<string>();
  const gases = new Set<string>();
  for (const { properties: p } of layout.features) {
    for (const key of ['substance', 'substance_en', 'product', 'product_en']) {
      if (typeof p[key] === 'string' && p[key] !== '') {
        names.add(p[key]);
      }
    }
    if (typeof p.gas === 'string' && p.detector_kind !== 'lel') {
      gases.add(p.gas);
    }
  }
  return { names: [...names], gases: [...gases] };
}

describe('isCasNumber (CAS Registry check digit)', () => {
  it.each([
    ['67-56-1', true],
    ['7732-18-5', true],
    ['68476-85-7', true],
    ['67-56-2', false],
    ['7782-50-4', false],
    ['67561', false],
    ['', false],
  ])('%s → %s', (cas, valid) => {
    expect(isCasNumber(cas)).toBe(valid);
  });
});

describe('seedSubstances', () => {
  it('holds at least 25 substances with unique codes and CAS numbers', () => {
    expect(seedSubstances.length).toBeGreaterThanOrEqual(25);
    expect(new Set(seedSubstances.map((s) => s.code)).size).toBe(seedSubstances.length);
    const cas = seedSubstances.map((s) => s.cas).filter((c) => c !== null);
    expect(new Set(cas).size).toBe(cas.length);
  });

  it('gives every substance a CAS number with a valid check digit and a four-digit UN number', () => {
    expect(seedSubstances.filter((s) => s.cas === null || !isCasNumber(s.cas)).map((s) => s.code)).toEqual([]);
    expect(seedSubstances.filter((s) => s.un !== null && !/^\d{4}$/.test(s.un)).map((s) => s.code)).toEqual([]);
  });

  it('uses only known storage classes and GB 18218 category codes', () => {
    for (const s of seedSubstances) {
      expect(s.storageClasses.length, s.code).toBeGreaterThan(0);
      expect(
        s.storageClasses.filter((c) => !isStorageClass(c)),
        s.code,
      ).toEqual([]);
      expect(
        s.categories.filter((c) => !isCategoryCode(c)),
        s.code,
      ).toEqual([]);
    }
  });

  it('agrees with GB 18218-2018 Table 1: a named substance is found in its row by CAS, an unnamed one is not found', () => {
    for (const s of seedSubstances) {
      const match = resolveSubstance({ cas: s.cas ?? '' });
      if (s.table1Seq === null) {
        expect(match, s.code).toBeNull();
      } else {
        const row = table1[s.table1Seq - 1];
        expect([...row.cas, ...(row.componentCas ?? [])], s.code).toContain(s.cas);
        expect(
          match?.variants.map((r) => r.seq),
          s.code,
        ).toContain(s.table1Seq);
      }
    }
  });

  it('gives every substance that is not named in Table 1 but counts in identification a Table 2 category', () => {
    for (const s of seedSubstances.filter((x) => x.table1Seq === null && x.categories.length > 0)) {
      expect(criticalQuantity({ cas: s.cas ?? '' }, seedSubstances).source, s.code).toBe('category');
    }
    expect(criticalQuantity({ name: 'propylene' }, seedSubstances)).toMatchObject({ Q: 10, beta: 1.5, category: 'W2' });
    expect(criticalQuantity({ name: 'xylene' }, seedSubstances)).toMatchObject({ Q: 5000, beta: 1, category: 'W5.4' });
  });

  it('holds every medium of the demo plant, found by the name the layout gives it', () => {
    const { names, gases } = demoMedia();
    expect(names.length).toBeGreaterThanOrEqual(18);
    expect(names.filter((n) => !resolveSubstance({ name: n }, seedSubstances)?.entry)).toEqual([]);
    expect(gases.sort()).toEqual(['Cl2', 'H2S', 'NH3']);
    expect(gases.map((g) => resolveSubstance({ name: g }, seedSubstances)?.entry?.code)).toEqual([
      'chlorine',
      'hydrogen-sulfide',
      'ammonia',
    ]);
  });

  it('gives the demo plant’s media all 16 MSDS sections in both languages (GB/T 16483)', () => {
    expect(msdsSections.map((s) => s.zh)).toEqual([
      '化学品及企业标识',
      '危险性概述',
      '成分/组成信息',
      '急救措施',
      '消防措施',
      '泄漏应急处理',
      '操作处置与储存',
      '接触控制和个体防护',
      '理化特性',
      '稳定性和反应性',
      '毒理学信息',
      '生态学信息',
      '废弃处置',
      '运输信息',
      '法规信息',
      '其他信息',
    ]);
    const demo = [
      'methanol',
      'toluene',
      'benzene',
      'acetone',
      'ethyl-acetate',
      'ammonia',
      'lpg',
      'propylene',
      'chlorine',
      'hydrogen-sulfide',
    ];
    for (const code of demo) {
      const msds = byCode(code).msds;
      expect(msds, code).not.toBeNull();
      for (const { key } of msdsSections) {
        expect(msds?.[key].zh.length, `${code} ${key}`).toBeGreaterThan(0);
        expect(msds?.[key].en.length, `${code} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('quotes in each MSDS the Table 1 row and Q of GB 18218-2018 it is named in', () => {
    for (const s of seedSubstances.filter((x) => x.msds && x.table1Seq !== null)) {
      const row = table1[(s.table1Seq ?? 0) - 1];
      expect(s.msds?.regulatory.zh, s.code).toContain(`表1第${row.seq}项，临界量${row.Q} t`);
    }
  });

  it('has the exposure limits of GBZ 2.1-2019 that DOMAIN.md §11 quotes', () => {
    expect(byCode('hydrogen-sulfide').oel).toMatchObject({ mac: 10 });
    expect(byCode('ammonia').oel).toMatchObject({ twa: 20, stel: 30 });
    expect(byCode('benzene').oel).toMatchObject({ twa: 6, stel: 10 });
    expect(byCode('chlorine').oel).toMatchObject({ mac: 1 });
    for (const s of seedSubstances) {
      if (s.oel) {
        expect(s.oel.source, s.code).toMatch(/^GBZ 2\.1-2019/);
        const values = [s.oel.mac, s.oel.twa, s.oel.stel].filter((v) => v !== null);
        expect(values.length, s.code).toBeGreaterThan(0);
        expect(
          values.every((v) => v > 0),
          s.code,
        ).toBe(true);
        // A MAC stands alone; a PC-STEL is above its PC-TWA.
        expect(s.oel.mac === null || (s.oel.twa === null && s.oel.stel === null), s.code).toBe(true);
        expect(s.oel.stel === null || s.oel.twa === null || s.oel.stel > s.oel.twa, s.code).toBe(true);
      }
    }
  });

  it('has the GBZ 188 periodic examination cycles of DOMAIN.md §11', () => {
    const cycles = Object.fromEntries(
      seedSubstances.filter((s) => s.surveillanceMonths !== null).map((s) => [s.code, s.surveillanceMonths]),
    );
    expect(cycles).toEqual({ benzene: 12, chlorine: 12, ammonia: 12, methanol: 36, 'carbon-monoxide': 36, 'hydrogen-sulfide': 36 });
  });

  it('has the storage classes of the 储存性能互抵表 (DOMAIN.md §10)', () => {
    expect(byCode('chlorine').storageClasses).toEqual(['gas-toxic', 'gas-oxidizing']);
    expect(byCode('ammonia').storageClasses).toEqual(['gas-toxic', 'gas-flammable']);
    expect(byCode('oxygen').storageClasses).toEqual(['gas-oxidizing']);
    expect(byCode('benzene').storageClasses).toEqual(['flammable-liquid']);
    expect(byCode('acetone').storageClasses).toEqual(['flammable-liquid']);
  });

  it('has physical data consistent with its categories', () => {
    for (const s of seedSubstances) {
      const p = s.physical;
      expect(p.molarMass, s.code).toBeGreaterThan(0);
      expect(p.lel === null || p.uel === null || p.lel < p.uel, s.code).toBe(true);
      // W2 flammable gas has explosive limits; a gas is not a flammable liquid.
      if (s.categories.includes('W2')) {
        expect(p.lel, s.code).not.toBeNull();
      }
      // GHS flammable liquids: category 2 flash point < 23 °C (W5.3), category 3 from 23 to 60 °C (W5.4).
      if (s.categories.includes('W5.3')) {
        expect(p.state, s.code).toBe('liquid');
        expect(p.flashPointC ?? Infinity, s.code).toBeLessThan(23);
      }
      if (s.categories.includes('W5.4')) {
        expect(p.flashPointC ?? -Infinity, s.code).toBeGreaterThanOrEqual(23);
        expect(p.flashPointC ?? Infinity, s.code).toBeLessThanOrEqual(60);
      }
      // Storage classes follow the state: gas classes for gases, liquid and solid classes otherwise.
      const gasClasses = s.storageClasses.filter((c) => c.startsWith('gas-'));
      expect(gasClasses.length > 0, s.code).toBe(p.state === 'gas');
    }
  });
});
