import { describe, expect, it } from 'vitest';
import { exposureData } from '../../../src/shared/domain/occupational-exposure.js';
import { seedSubstances } from '../../../src/shared/domain/substances.js';

/*
 * The chemical catalogue (ARCHITECTURE.md §9) is the one list of substances:
 * the exposure module's default table must agree with it (GBZ 2.1-2019
 * Table 1 limits, molar masses for ppm → mg/m³).
 */
describe('exposure limits agree with the chemical catalogue (GBZ 2.1-2019 Table 1)', () => {
  it.each(Object.entries(exposureData))('%s', (code, d) => {
    const s = seedSubstances.find((x) => x.code === code);
    expect(s, code).toBeDefined();
    expect(s!.cas).toBe(d.cas);
    expect(s!.physical.molarMass).toBeCloseTo(d.molarMass, 2);
    expect({ mac: s!.oel?.mac ?? null, twa: s!.oel?.twa ?? null, stel: s!.oel?.stel ?? null }).toEqual({
      mac: d.mac,
      twa: d.pcTwa,
      stel: d.pcStel,
    });
  });
});
