import { describe, expect, it } from 'vitest';
import { healthMessages } from '../../../src/shared/health/messages.js';
import {
  compareNoise,
  compareWithLimit,
  compareWithLimits,
  dailyReductionFactor,
  estimateShiftExposure,
  exposureData,
  lex8hFromLaeq,
  mgM3ToPpm,
  noiseLex8h,
  peakReading,
  ppmToMgM3,
  stel15,
  twa8h,
  weeklyReductionFactor,
  type DetectorReading,
} from '../../../src/shared/domain/occupational-exposure.js';

describe('ppm ↔ mg/m³ (mg/m³ = ppm × M / 24.45, 25 °C, 101.3 kPa; DOMAIN.md §11)', () => {
  it.each([
    // H2S, M 34.08: 10 ppm × 34.08 / 24.45 = 340.8 / 24.45 = 13.9387 mg/m³; MAC 10 mg/m³ = 10 × 24.45 / 34.08 = 7.1743 ppm.
    ['H2S', 34.08, 10, 13.9387, 10, 7.1743],
    // NH3, M 17.03: 25 ppm × 17.03 / 24.45 = 425.75 / 24.45 = 17.4131; PC-TWA 20 mg/m³ = 489 / 17.03 = 28.7140 ppm.
    ['NH3', 17.03, 25, 17.4131, 20, 28.714],
    // Benzene, M 78.11: 1 ppm = 78.11 / 24.45 = 3.1947 mg/m³; PC-TWA 6 mg/m³ = 146.7 / 78.11 = 1.8781 ppm.
    ['benzene', 78.11, 1, 3.1947, 6, 1.8781],
  ])('%s', (_gas, m, ppm, mg, limitMg, limitPpm) => {
    expect(ppmToMgM3(ppm, m)).toBeCloseTo(mg, 4);
    expect(mgM3ToPpm(limitMg, m)).toBeCloseTo(limitPpm, 4);
    expect(mgM3ToPpm(ppmToMgM3(ppm, m), m)).toBeCloseTo(ppm, 10);
  });

  it('the data table carries the molar masses used above', () => {
    expect(exposureData['hydrogen-sulfide'].molarMass).toBe(34.08);
    expect(exposureData.ammonia).toMatchObject({ molarMass: 17.03, pcTwa: 20, pcStel: 30 });
    expect(exposureData.benzene).toMatchObject({ molarMass: 78.11, pcTwa: 6, pcStel: 10 });
  });

  it('refuses a molar mass that is not positive', () => {
    expect(ppmToMgM3(10, 0)).toBeNaN();
    expect(mgM3ToPpm(10, -1)).toBeNaN();
  });
});

describe('C_TWA over 8 h (GBZ 2.1-2019)', () => {
  it('an 8 h shift in three parts', () => {
    // (2 h × 4 + 3 h × 6 + 3 h × 2) / 8 h = (8 + 18 + 6) / 8 = 32 / 8 = 4.0 mg/m³
    expect(
      twa8h([
        { c: 4, minutes: 120 },
        { c: 6, minutes: 180 },
        { c: 2, minutes: 180 },
      ]),
    ).toBeCloseTo(4, 10);
  });

  it('a shift shorter than 8 h still divides by 8 h', () => {
    // 6 h × 8 mg/m³ / 8 h = 48 / 8 = 6.0 (the 2 h not worked count as no exposure)
    expect(twa8h([{ c: 8, minutes: 360 }])).toBeCloseTo(6, 10);
  });

  it('a 10 h shift sums the whole shift over 8 h', () => {
    // 10 h × 16 / 8 h = 160 / 8 = 20.0
    expect(twa8h([{ c: 16, minutes: 600 }])).toBeCloseTo(20, 10);
  });

  it('samples at their times; a gap between them is no exposure', () => {
    const h = 3_600_000;
    const t0 = Date.UTC(2025, 0, 6, 0, 0);
    // 08–10 at 5, (10–11 gap), 11–14 at 3: (2 × 5 + 3 × 3) / 8 = 19 / 8 = 2.375
    expect(
      twa8h([
        { from: t0 + 8 * h, to: t0 + 10 * h, c: 5 },
        { from: t0 + 11 * h, to: t0 + 14 * h, c: 3 },
      ]),
    ).toBeCloseTo(2.375, 10);
  });

  it('leaves out samples without a finite concentration or a positive duration', () => {
    // Only 4 h × 2 = 8 counts: 8 / 8 = 1
    expect(
      twa8h([
        { c: 2, minutes: 240 },
        { c: Number.NaN, minutes: 60 },
        { c: 9, minutes: -5 },
        { c: 9, from: 10, to: 10 },
      ]),
    ).toBeCloseTo(1, 10);
  });
});

describe('reduction factor for long shifts (GBZ 2.1-2019 A.7.3)', () => {
  it.each([
    [8, 1],
    [6, 1],
    // (8 / 10) × (24 − 10) / 16 = 0.8 × 0.875 = 0.7
    [10, 0.7],
    // (8 / 12) × (24 − 12) / 16 = 0.6667 × 0.75 = 0.5
    [12, 0.5],
  ])('daily, %s h: %s', (hours, rf) => {
    expect(dailyReductionFactor(hours)).toBeCloseTo(rf, 10);
  });

  it('weekly: (40 / 48) × (168 − 48) / 128 = 0.8333 × 0.9375 = 0.78125; 40 h: 1', () => {
    expect(weeklyReductionFactor(48)).toBeCloseTo(0.78125, 10);
    expect(weeklyReductionFactor(40)).toBe(1);
  });

  it('a 10 h shift at 16 mg/m³ of ammonia exceeds PC-TWA 20 lowered to 14', () => {
    // C_TWA = 20 (above); limit 20 × 0.7 = 14; ratio 20 / 14 = 1.4286.
    const [c] = compareWithLimits({ twa: twa8h([{ c: 16, minutes: 600 }]) }, exposureData.ammonia, { shiftHours: 10 });
    expect(c.limit).toBe('PC-TWA');
    expect(c.limitValue).toBeCloseTo(14, 10);
    expect(c.ratio).toBeCloseTo(1.4286, 4);
    expect(c.exceeded).toBe(true);
    expect(c.reductionFactor).toBeCloseTo(0.7, 10);
  });

  it('the lower of the daily and weekly factors applies, to PC-TWA only', () => {
    const cs = compareWithLimits({ twa: 5, stel: 20 }, exposureData.ammonia, { shiftHours: 9, weekHours: 48 });
    // daily (8/9)(15/16) = 0.8333; weekly 0.78125 → 0.78125; 20 × 0.78125 = 15.625. STEL untouched: 30.
    expect(cs.map((c) => [c.limit, c.limitValue])).toEqual([
      ['PC-TWA', 15.625],
      ['PC-STEL', 30],
    ]);
  });
});

describe('C_STEL and MAC', () => {
  it('15 min sampled: Σ CᵢTᵢ / 15', () => {
    // (10 min × 30 + 5 min × 0) / 15 = 300 / 15 = 20
    expect(
      stel15([
        { c: 30, minutes: 10 },
        { c: 0, minutes: 5 },
      ]),
    ).toBeCloseTo(20, 10);
  });

  it('exposure shorter than 15 min is still divided by 15', () => {
    // 5 min × 45 / 15 = 225 / 15 = 15
    expect(stel15([{ c: 45, minutes: 5 }])).toBeCloseTo(15, 10);
  });

  it('over a longer record the highest 15 min window counts', () => {
    // 20 min at 5, 10 min at 40, 30 min at 5: the best window holds the 10 min at 40 and 5 min at 5:
    // (10 × 40 + 5 × 5) / 15 = 425 / 15 = 28.333
    expect(
      stel15([
        { c: 5, minutes: 20 },
        { c: 40, minutes: 10 },
        { c: 5, minutes: 30 },
      ]),
    ).toBeCloseTo(28.3333, 4);
    // Two peaks 12 min apart do not share a window: 5 min at 60 each, zero between → 300 / 15 = 20.
    expect(
      stel15([
        { c: 60, minutes: 5 },
        { c: 0, minutes: 12 },
        { c: 60, minutes: 5 },
      ]),
    ).toBeCloseTo(20, 10);
  });

  it('benzene: TWA 3 at half of PC-TWA 6 (action level), STEL 12 over PC-STEL 10', () => {
    const cs = compareWithLimits({ twa: 3, stel: 12 }, exposureData.benzene);
    expect(cs).toEqual([
      { limit: 'PC-TWA', value: 3, limitValue: 6, ratio: 0.5, exceeded: false, atActionLevel: true, reductionFactor: 1 },
      { limit: 'PC-STEL', value: 12, limitValue: 10, ratio: 1.2, exceeded: true, atActionLevel: true, reductionFactor: 1 },
    ]);
  });

  it('H2S: MAC 10 against the highest single reading', () => {
    const peak = peakReading([3, 12, Number.NaN, 7]);
    expect(peak).toBe(12);
    const cs = compareWithLimits({ peak, twa: 4 }, exposureData['hydrogen-sulfide']);
    // H2S has MAC only: the TWA is not compared.
    expect(cs).toEqual([{ limit: 'MAC', value: 12, limitValue: 10, ratio: 1.2, exceeded: true, atActionLevel: true, reductionFactor: 1 }]);
    expect(peakReading([])).toBeNull();
  });

  it('equal to the limit complies (不应超过); the action level is a parameter', () => {
    expect(compareWithLimit('MAC', 10, 10).exceeded).toBe(false);
    expect(compareWithLimit('MAC', 10.01, 10).exceeded).toBe(true);
    expect(compareWithLimit('PC-TWA', 2.9, 6).atActionLevel).toBe(false);
    expect(compareWithLimit('PC-TWA', 2.9, 6, 0.3).atActionLevel).toBe(true);
  });
});

describe('noise L_EX,8h (GBZ 2.2-2007 ch. 11)', () => {
  it.each([
    ['8 h at 85', [{ level: 85, minutes: 480 }], 85],
    // 10·lg(240 × 10^8.8 / 480) = 88 + 10·lg(0.5) = 88 − 3.0103 = 84.9897
    ['4 h at 88', [{ level: 88, minutes: 240 }], 84.9897],
    // (120 × 10^9 + 360 × 10^8) / 480 = (1.2e11 + 3.6e10) / 480 = 3.25e8 → 10·lg = 85.1188
    [
      '2 h at 90 and 6 h at 80',
      [
        { level: 90, minutes: 120 },
        { level: 80, minutes: 360 },
      ],
      85.1188,
    ],
    // 85 + 10·lg(600 / 480) = 85 + 0.9691 = 85.9691: the reference stays 8 h
    ['10 h at 85', [{ level: 85, minutes: 600 }], 85.9691],
  ])('%s', (_what, segments, lex) => {
    expect(noiseLex8h(segments)).toBeCloseTo(lex, 4);
  });

  it('from a shift L_Aeq: L_Aeq,Te + 10·lg(Te / 8)', () => {
    expect(lex8hFromLaeq(88, 4)).toBeCloseTo(84.9897, 4);
    expect(lex8hFromLaeq(85, 10)).toBeCloseTo(85.9691, 4);
  });

  it('against 85 dB(A): 85 is noise work (exceeded), 84.99 is not but is over the 80 action level', () => {
    expect(compareNoise(85)).toMatchObject({ exceeded: true, atActionLevel: true, excess: 0 });
    expect(compareNoise(84.9897)).toMatchObject({ exceeded: false, atActionLevel: true });
    expect(compareNoise(79.9)).toMatchObject({ exceeded: false, atActionLevel: false });
    expect(compareNoise(82, { limit: 80 }).exceeded).toBe(true);
    expect(noiseLex8h([])).toBeNull();
  });
});

describe('a shift exposure from positioning and fixed detectors', () => {
  const T0 = Date.UTC(2025, 0, 6, 0, 0);
  const MIN = 60_000;
  const at = (m: number) => T0 + m * MIN;
  const mg = (m: number, value: number): DetectorReading => ({ t: at(m), value, unit: 'mg/m3' });
  const NH3 = exposureData.ammonia.molarMass;

  it('holds a reading until the next one, up to the maximum age; after that the time is not estimated', () => {
    // Zone A 0–60 min; readings 4 at 0 and 8 at 20; maximum age 30 min, so 8 holds 20–50 and 50–60 is unknown.
    // Dose = 20 × 4 + 30 × 8 = 80 + 240 = 320 mg/m³·min; TWA = 320 / 480 = 0.6667.
    const r = estimateShiftExposure(
      { intervals: [{ zone: 'A', from: at(0), to: at(60) }], detectors: { A: [[mg(0, 4), mg(20, 8)]] }, molarMass: NH3 },
      { maxReadingAgeMs: 30 * MIN },
    );
    expect(r.twa).toBeCloseTo(320 / 480, 10);
    expect(r.minutesEstimated).toBeCloseTo(50, 10);
    expect(r.minutesNotEstimated).toEqual({ noDetector: 0, noReading: 10, notLocated: 0 });
    expect(r.shareEstimated).toBeCloseTo(50 / 60, 10);
    expect(r.byZone).toEqual([{ zone: 'A', minutes: 60, minutesEstimated: 50, dose: 320, peak: 8 }]);
  });

  it('a reading taken before the person arrives holds into the stay while young enough', () => {
    // Reading 6 at −3 min, maximum age 10: holds 0–7 of the stay 0–15; 7–15 unknown. Dose 7 × 6 = 42.
    const r = estimateShiftExposure(
      { intervals: [{ zone: 'A', from: at(0), to: at(15) }], detectors: { A: [[mg(-3, 6)]] }, molarMass: NH3 },
      { maxReadingAgeMs: 10 * MIN },
    );
    expect(r.byZone[0].dose).toBeCloseTo(42, 10);
    expect(r.minutesNotEstimated.noReading).toBeCloseTo(8, 10);
  });

  it('takes the highest of several detectors at each moment, converting ppm', () => {
    // Readings hold 60 min. D1: 2 mg/m³ at 0, 6 at 10. D2: 5 ppm NH3 at 0 = 5 × 17.03 / 24.45 = 3.4826 mg/m³.
    // 0–10: max(2, 3.4826) = 3.4826; 10–30: max(6, 3.4826) = 6. Dose = 34.826 + 120 = 154.826.
    const r = estimateShiftExposure(
      {
        intervals: [{ zone: 'B', from: at(0), to: at(30) }],
        detectors: { B: [[mg(0, 2), mg(10, 6)], [{ t: at(0), value: 5, unit: 'ppm' }]] },
        molarMass: NH3,
      },
      { maxReadingAgeMs: 60 * MIN },
    );
    expect(r.byZone[0].dose).toBeCloseTo(10 * ((5 * 17.03) / 24.45) + 20 * 6, 6);
    expect(r.byZone[0].peak).toBe(6);
    // A zone with a ppm detector: the page states the conversion with the molar mass used.
    expect(r.method[3]).toEqual({ code: 'health.exposure.method.ppm', params: { molarMass: 17.03 } });
    expect(r.minutesEstimated).toBeCloseTo(30, 10);
    expect(r.notes).toEqual([]);
  });

  it('by default a reading holds at most 5 min', () => {
    // Readings at 0 (3) and 10 (6) in a stay 0–20: 0–5 at 3, 5–10 unknown, 10–15 at 6, 15–20 unknown.
    // Dose = 5 × 3 + 5 × 6 = 45; 10 min not estimated.
    const r = estimateShiftExposure({
      intervals: [{ zone: 'A', from: at(0), to: at(20) }],
      detectors: { A: [[mg(0, 3), mg(10, 6)]] },
      molarMass: NH3,
    });
    expect(r.byZone[0].dose).toBeCloseTo(45, 10);
    expect(r.minutesNotEstimated.noReading).toBeCloseTo(10, 10);
    expect(r.method[1]).toEqual({ code: 'health.exposure.method.stepHold', params: { maxAgeMinutes: 5 } });
  });

  it('reports a zone without a detector and time without a position as not estimated, and flags at the action level', () => {
    // Shift 8 h. Zone A 0–60 as in the first case (dose 320, 10 min unknown), zone C 60–90 has no detector,
    // 90–480 the person is not located. TWA = 320 / 480 = 0.6667 ≥ 50 % of PC-TWA 1 → flagged, not exceeded.
    const r = estimateShiftExposure(
      {
        intervals: [
          { zone: 'A', from: at(0), to: at(60) },
          { zone: 'C', from: at(60), to: at(90) },
        ],
        detectors: { A: [[mg(0, 4), mg(20, 8)]] },
        molarMass: NH3,
        pcTwa: 1,
        shift: { from: at(0), to: at(480) },
      },
      { maxReadingAgeMs: 30 * MIN },
    );
    expect(r.minutesTotal).toBe(480);
    expect(r.minutesNotEstimated).toEqual({ noDetector: 30, noReading: 10, notLocated: 390 });
    expect(r.shareEstimated).toBeCloseTo(50 / 480, 10);
    expect(r.flagged).toBe(true);
    expect(r.comparison).toMatchObject({ limit: 'PC-TWA', limitValue: 1, exceeded: false });
    expect(r.comparison?.ratio).toBeCloseTo(0.6667, 4);
    expect(r.notes).toEqual([
      { code: 'health.exposure.notEstimated.noDetector', params: { minutes: 30 } },
      { code: 'health.exposure.notEstimated.noReading', params: { minutes: 10 } },
      { code: 'health.exposure.notEstimated.notLocated', params: { minutes: 390 } },
      { code: 'health.exposure.lowerBound', params: { percent: 10 } },
    ]);
    expect(r.method.map((m) => m.code)).toEqual([
      'health.exposure.method.zoneTime',
      'health.exposure.method.stepHold',
      'health.exposure.method.highestDetector',
      'health.exposure.method.twa8h',
      'health.exposure.method.actionLevel',
    ]);
  });

  it('is not flagged under the action level, nor without a limit', () => {
    const input = { intervals: [{ zone: 'A', from: at(0), to: at(60) }], detectors: { A: [[mg(0, 4), mg(20, 8)]] }, molarMass: NH3 };
    // 0.6667 / 2 = 0.333 < 0.5
    expect(estimateShiftExposure({ ...input, pcTwa: 2 }, { maxReadingAgeMs: 30 * MIN }).flagged).toBe(false);
    expect(estimateShiftExposure({ ...input, pcTwa: 2 }, { maxReadingAgeMs: 30 * MIN, actionFraction: 0.3 }).flagged).toBe(true);
    const none = estimateShiftExposure(input, { maxReadingAgeMs: 30 * MIN });
    expect(none.comparison).toBeNull();
    expect(none.flagged).toBe(false);
  });

  it('a 10 h shift lowers PC-TWA by the reduction factor and says so', () => {
    // 10 h in zone A, a reading of 2 every 5 min: dose 600 × 2 = 1200, TWA 1200 / 480 = 2.5.
    // PC-TWA 4 × 0.7 = 2.8; ratio 2.5 / 2.8 = 0.8929: flagged, not exceeded (without the factor: 0.625).
    const readings = Array.from({ length: 120 }, (_, i) => mg(i * 5, 2));
    const r = estimateShiftExposure({
      intervals: [{ zone: 'A', from: at(0), to: at(600) }],
      detectors: { A: [readings] },
      molarMass: NH3,
      pcTwa: 4,
      shift: { from: at(0), to: at(600) },
    });
    expect(r.twa).toBeCloseTo(2.5, 10);
    expect(r.comparison?.limitValue).toBeCloseTo(2.8, 10);
    expect(r.comparison?.ratio).toBeCloseTo(0.8929, 4);
    expect(r.flagged).toBe(true);
    expect(r.comparison?.exceeded).toBe(false);
    expect(r.method).toContainEqual({ code: 'health.exposure.method.reductionFactor', params: { hours: 10, factor: 0.7 } });
    expect(r.shareEstimated).toBe(1);
  });

  it('clips stays to the shift', () => {
    // Stay −30…30, shift 0…480: 30 min count, at 4 → dose 120.
    const r = estimateShiftExposure(
      {
        intervals: [{ zone: 'A', from: at(-30), to: at(30) }],
        detectors: { A: [[mg(-30, 4)]] },
        molarMass: NH3,
        shift: { from: at(0), to: at(480) },
      },
      { maxReadingAgeMs: 120 * MIN },
    );
    expect(r.byZone[0]).toMatchObject({ minutes: 30, dose: 120 });
    expect(r.minutesNotEstimated.notLocated).toBe(450);
  });

  it('every code it returns has a message', () => {
    const r = estimateShiftExposure(
      {
        intervals: [
          { zone: 'A', from: at(0), to: at(60) },
          { zone: 'C', from: at(60), to: at(700) },
        ],
        detectors: { A: [[mg(0, 4)]] },
        molarMass: NH3,
        pcTwa: 1,
        shift: { from: at(0), to: at(720) },
      },
      { maxReadingAgeMs: 30 * MIN },
    );
    for (const m of [...r.method, ...r.notes]) {
      expect(healthMessages).toHaveProperty([m.code]);
    }
    expect(r.notes.length).toBe(4);
  });
});
