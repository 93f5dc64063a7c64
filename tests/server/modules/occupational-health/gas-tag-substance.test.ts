import { describe, expect, it } from 'vitest';
import { substanceOfTag } from '../../../../src/server/modules/occupational-health/demo-detectors.js';

/* The demo plant's gas detectors are bound once to the catalogue substance the formula in their name gives. */
describe('gas detector tag → catalogue substance', () => {
  it.each([
    [{ name: 'GD-101 NH3浓度', name_en: 'GD-101 NH3 concentration' }, '7664-41-7'],
    [{ name: '氯气检测 Cl2浓度', name_en: 'Chlorine Cl2 concentration' }, '7782-50-5'],
    [{ name: '脱硫 H2S浓度', name_en: 'Desulphurisation H2S concentration' }, '7783-06-4'],
    [{ name: 'CO浓度', name_en: 'CO concentration' }, '630-08-0'],
  ])('%j → %s', (tag, cas) => {
    expect(substanceOfTag(tag)?.cas).toBe(cas);
  });
  it('a combustible gas (%LEL) detector names no substance', () => {
    expect(substanceOfTag({ name: '罐区 可燃气体浓度', name_en: 'Tank farm combustible gas' })).toBeNull();
  });
});

describe('every plain ledger page of the manifest names a ledger the module declares', () => {
  it('entities match', async () => {
    const { healthLedgerPages } = await import('../../../../src/shared/occupational-health/manifest.js');
    const { healthLedgers } = await import('../../../../src/shared/occupational-health/ledger.js');
    const entities = new Set(healthLedgers.map((d) => d.entity));
    expect(healthLedgerPages.filter((p) => !entities.has(p.entity))).toEqual([]);
  });
});
