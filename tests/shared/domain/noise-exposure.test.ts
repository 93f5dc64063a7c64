import { describe, expect, it } from 'vitest';
import { estimateShiftNoise, noiseGrade, type NoiseGrade } from '../../../src/shared/domain/noise-exposure.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 8, 0);
/** One reading a minute at `level` over [from, to) minutes after T0. */
const steady = (level: number, from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ t: T0 + (from + i) * MIN, level }));

describe('noise work grade by L_EX,8h (GBZ/T 229.4-2012 Table 1)', () => {
  it.each<[number, NoiseGrade]>([
    [84.9, '0'],
    [85, 'I'],
    [89.9, 'I'],
    [90, 'II'],
    [93.9, 'II'],
    [94, 'III'],
    [99.9, 'III'],
    [100, 'IV'],
    [112, 'IV'],
  ])('%s dB(A) → %s', (lex, grade) => {
    expect(noiseGrade(lex)).toBe(grade);
  });
});

describe('shift L_EX,8h from positions and the zones’ meters (GBZ 2.2-2007 ch. 11)', () => {
  it.each<{ name: string; intervals: [string, number, number][]; meters: Record<string, ReturnType<typeof steady>[]>; shift: number; lex: number | null; estimated: number; noMeter: number; notLocated: number }>([
    // 8 h at 85 dB(A): L_EX,8h = 85.
    { name: '8 h at 85', intervals: [['A', 0, 480]], meters: { A: [steady(85, 0, 480)] }, shift: 480, lex: 85, estimated: 480, noMeter: 0, notLocated: 0 },
    // 4 h at 88: 88 + 10·lg(4/8) = 84.99.
    { name: '4 h at 88', intervals: [['A', 0, 240]], meters: { A: [steady(88, 0, 240)] }, shift: 480, lex: 88 + 10 * Math.log10(0.5), estimated: 240, noMeter: 0, notLocated: 240 },
    // 60 min at 100 dB(A): 100 − 9.03 = 90.97.
    { name: '1 h at 100', intervals: [['A', 0, 60]], meters: { A: [steady(100, 0, 60)] }, shift: 120, lex: 100 + 10 * Math.log10(1 / 8), estimated: 60, noMeter: 0, notLocated: 60 },
    // Two zones: 2 h at 90 and 2 h at 80: 10·lg((120·10^9 + 120·10^8) / 480) = 84.39.
    {
      name: 'two zones',
      intervals: [
        ['A', 0, 120],
        ['B', 120, 240],
      ],
      meters: { A: [steady(90, 0, 120)], B: [steady(80, 120, 240)] },
      shift: 240,
      lex: 10 * Math.log10((120 * 1e9 + 120 * 1e8) / 480),
      estimated: 240,
      noMeter: 0,
      notLocated: 0,
    },
    // Two meters in one zone: the highest (92 over 85): 92 + 10·lg(2/8).
    { name: 'highest meter', intervals: [['A', 0, 120]], meters: { A: [steady(85, 0, 120), steady(92, 0, 120)] }, shift: 120, lex: 92 + 10 * Math.log10(0.25), estimated: 120, noMeter: 0, notLocated: 0 },
    // A zone without a meter: not estimated.
    { name: 'no meter', intervals: [['A', 0, 60], ['C', 60, 120]], meters: { A: [steady(95, 0, 60)] }, shift: 120, lex: 95 + 10 * Math.log10(1 / 8), estimated: 60, noMeter: 60, notLocated: 0 },
    // Nothing to estimate.
    { name: 'nothing', intervals: [['C', 0, 60]], meters: {}, shift: 60, lex: null, estimated: 0, noMeter: 60, notLocated: 0 },
  ])('$name', (c) => {
    const r = estimateShiftNoise({
      intervals: c.intervals.map(([zone, a, b]) => ({ zone, from: T0 + a * MIN, to: T0 + b * MIN })),
      meters: c.meters,
      shift: { from: T0, to: T0 + c.shift * MIN },
    });
    if (c.lex === null) {
      expect(r.lex8h).toBeNull();
      expect(r.grade).toBeNull();
    } else {
      expect(r.lex8h).toBeCloseTo(c.lex, 6);
      expect(r.grade).toBe(noiseGrade(c.lex));
      expect(r.comparison?.exceeded).toBe(c.lex >= 85);
    }
    expect(r.minutesEstimated).toBeCloseTo(c.estimated, 6);
    expect(r.notEstimated.noMeter).toBeCloseTo(c.noMeter, 6);
    expect(r.notEstimated.notLocated).toBeCloseTo(c.notLocated, 6);
  });

  it('a reading holds at most 5 minutes: a meter silent afterwards leaves the rest not estimated', () => {
    const r = estimateShiftNoise({
      intervals: [{ zone: 'A', from: T0, to: T0 + 60 * MIN }],
      meters: { A: [[{ t: T0, level: 90 }]] },
      shift: { from: T0, to: T0 + 60 * MIN },
    });
    expect(r.minutesEstimated).toBeCloseTo(5, 6);
    expect(r.notEstimated.noReading).toBeCloseTo(55, 6);
    expect(r.lex8h).toBeCloseTo(90 + 10 * Math.log10(5 / 480), 6);
  });
});
