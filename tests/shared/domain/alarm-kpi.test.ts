import { describe, expect, it } from 'vitest';
import { computeAlarmKpi, DEFAULT_KPI_RULES, summariseAlarmActivity, type KpiOccurrence } from '../../../src/shared/domain/alarm-kpi.js';

const MIN = 60_000;
const occ = (alarmKey: string, priority: number, atMs: number, returnedAt: number | null = atMs + 30_000, state = 'normal'): KpiOccurrence => ({
  alarmKey,
  sourceName: alarmKey,
  priority,
  activatedAt: atMs,
  returnedAt,
  state,
});

/**
 * A fixed alarm log of one hour with known answers (worked by hand):
 * 0–10 min: A, B (low); 10–20 min: C three times within 50 s (medium) and
 * D1…D9 (low) = 12; 20–30 min: E eleven times 50 s apart (high) = 11;
 * 40–50 min: F (urgent). G opened 30 h before and is still active and shelved.
 * Flood, sliding window (t − 10 min, t]: D8 at 18 min is the 11th alarm since
 * 8 min (C×3, D1…D8), so the flood begins at 18 min; E keeps the rate at 10–12
 * until E0 leaves at 30 min; then one alarm leaves every 50 s and the rate is
 * 4 < 5 when E6 (25:00) leaves at 35 min: the flood ends at 35 min. Its
 * alarms: C×3, D1…D9 and E×11 = 23; peak 12 (e.g. at 19 min).
 */
const log: KpiOccurrence[] = [
  occ('A', 4, 1 * MIN),
  occ('B', 4, 2 * MIN),
  occ('C', 3, 10 * MIN),
  occ('C', 3, 10 * MIN + 20_000),
  occ('C', 3, 10 * MIN + 50_000),
  ...Array.from({ length: 9 }, (_, i) => occ(`D${i + 1}`, 4, (11 + i) * MIN)),
  ...Array.from({ length: 11 }, (_, i) => occ('E', 2, 20 * MIN + i * 50_000)),
  occ('F', 1, 45 * MIN),
];
const G = occ('G', 3, -30 * 60 * MIN, null, 'shelved');

describe('alarm KPIs (EEMUA 191 / ISA-18.2) on a fixed log', () => {
  const k = computeAlarmKpi(log, { from: 0, to: 60 * MIN }, [G]);

  it('rates per 10 minutes: average and peak', () => {
    expect(k.total).toBe(26);
    expect(k.intervals).toEqual([2, 12, 11, 0, 1, 0]);
    expect(k.avgPer10Min).toBe(4.33);
    expect(k.peakPer10Min).toBe(12);
    expect(k.peakAt).toBe(10 * MIN);
  });

  it('one flood episode from 18 to 35 min (17 of 60 min in flood)', () => {
    expect(k.floodEpisodes).toEqual([{ from: 18 * MIN, to: 35 * MIN, alarms: 23, peak: 12, ongoing: false }]);
    expect(k.floodTimePct).toBe(28.3);
  });

  it('priority distribution', () => {
    expect(k.priority).toEqual({ low: 11, medium: 3, high: 12, lowPct: 42.3, mediumPct: 11.5, highPct: 46.2 });
  });

  it('chattering, stale, shelved and the top 10', () => {
    expect(k.chattering).toEqual([{ alarmKey: 'C', sourceName: 'C', sourceNameEn: '', activations: 3 }]);
    expect(k.stale).toEqual([{ alarmKey: 'G', sourceName: 'G', sourceNameEn: '', activatedAt: -30 * 60 * MIN }]);
    expect(k.shelvedNow).toBe(1);
    expect(k.top10.slice(0, 3).map((t) => [t.alarmKey, t.count, t.sharePct])).toEqual([
      ['E', 11, 42.3],
      ['C', 3, 11.5],
      ['A', 1, 3.8],
    ]);
    expect(k.top10).toHaveLength(10);
    expect(k.top10SharePct).toBe(84.6);
  });

  it('two operator positions halve the rates and the flood test', () => {
    const two = computeAlarmKpi(log, { from: 0, to: 60 * MIN, operatorPositions: 2 });
    expect(two.avgPer10Min).toBe(2.17);
    expect(two.peakPer10Min).toBe(6);
    expect(two.floodEpisodes).toEqual([]);
  });
});

/** Activations at these minutes, one alarm each (priority low), so only the times matter. */
const at = (...minutes: number[]) => minutes.map((m, i) => occ(`X${i}`, 4, m * MIN));

/*
 * Flood episodes (ISA-18.2 §16.5; EEMUA 191): more than 10 alarms within a
 * sliding 10 minutes (per operator position) begins a flood; it ends only when
 * fewer than 5 are within the last 10 minutes. Each row worked by hand.
 */
describe('flood episodes on a sliding window with an end rule', () => {
  type Ep = { from: number; to: number; alarms: number; peak: number; ongoing: boolean };
  const rows: [what: string, log: KpiOccurrence[], positions: number, episodes: Ep[], pct: number][] = [
    [
      // 6 in 0–10 min and 5 in 10–20 min: no fixed interval holds more than 10, yet 11 arrive within 9 min.
      'eleven alarms across an interval boundary (5…14 min) flood from the 11th; the rate falls to 4 when the 5.5-min one leaves',
      at(5, 6, 7, 8, 9, 9.5, 10, 11, 12, 13, 14),
      1,
      // Leaving at 15, 16, 17, 18, 19, 19.5, 20 min: 10, 9, 8, 7, 6, 5, then 4 < 5 at 20 min.
      [{ from: 14 * MIN, to: 20 * MIN, alarms: 11, peak: 11, ongoing: false }],
      10,
    ],
    ['exactly ten within 10 min is no flood', at(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 1, [], 0],
    [
      // The 11th arrives exactly 10 min after the first: the first has left the window (t − 10 min, t].
      'the window is open at its start: 0 has left when 10 arrives',
      at(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
      1,
      [],
      0,
    ],
    [
      // Flood from 10.5 min (11 in (0.5, 10.5]); then one alarm every 1.5 min keeps 6–10 in the window: still a flood
      // (the hysteresis), though no 10 minutes after 11 min hold more than 10.
      'a rate between 5 and 10 keeps a flood going',
      at(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10.5, 12, 13.5, 15, 16.5, 18, 19.5, 21, 22.5, 24, 25.5, 27, 28.5, 30),
      1,
      // After 30 min the window (t − 10, t] holds 21 … 30 (7 alarms); leaving at 31, 32.5, 34: 6, 5, 4 → ends at 34 min (23.5 of 60 min).
      [{ from: 10.5 * MIN, to: 34 * MIN, alarms: 24, peak: 11, ongoing: false }],
      39.2,
    ],
    [
      'still in flood at the end of the window: the episode ends there, marked ongoing',
      at(50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 59.5),
      1,
      [{ from: 59.5 * MIN, to: 60 * MIN, alarms: 11, peak: 11, ongoing: true }],
      0.8,
    ],
    [
      // Per operator position: with two positions a flood needs more than 20 in 10 min, and ends below 10.
      'two operator positions double both thresholds',
      at(5, 6, 7, 8, 9, 9.5, 10, 11, 12, 13, 14),
      2,
      [],
      0,
    ],
  ];
  it.each(rows)('%s', (_what, log, positions, episodes, floodPct) => {
    const k = computeAlarmKpi(log, { from: 0, to: 60 * MIN, operatorPositions: positions });
    expect(k.floodEpisodes).toEqual(episodes);
    expect(k.floodTimePct).toBe(floodPct);
  });

  it('the thresholds are the plant’s: a stricter rule (above 5, ends below 2) finds the flood the guide does not', () => {
    const log = at(1, 2, 3, 4, 5, 6);
    expect(computeAlarmKpi(log, { from: 0, to: 60 * MIN }).floodEpisodes).toEqual([]);
    const strict = { ...DEFAULT_KPI_RULES, flood: { windowMs: 10 * MIN, beginAbove: 5, endBelow: 2 } };
    // Leaving at 11, 12, 13, 14, 15 min: 5, 4, 3, 2, then 1 < 2 at 15 min.
    expect(computeAlarmKpi(log, { from: 0, to: 60 * MIN }, [], strict).floodEpisodes).toEqual([{ from: 6 * MIN, to: 15 * MIN, alarms: 6, peak: 6, ongoing: false }]);
  });
});

describe('stale alarms: active for 24 h or more (DOMAIN.md §3)', () => {
  const HOUR = 60 * MIN;
  const to = 100 * HOUR;
  const rows: [what: string, stale: boolean, activatedAt: number, returnedAt: number | null][] = [
    ['active exactly 24 h at the end of the window', true, to - 24 * HOUR, null],
    ['active 24 h less 1 ms', false, to - 24 * HOUR + 1, null],
    ['active 30 h', true, to - 30 * HOUR, null],
    ['returned before the end of the window', false, to - 30 * HOUR, to - 1],
    ['returns after the end of the window', true, to - 30 * HOUR, to + HOUR],
  ];
  it.each(rows)('%s → stale %s', (_what, isStale, activatedAt, returnedAt) => {
    const k = computeAlarmKpi([], { from: to - 24 * HOUR, to }, [occ('S', 3, activatedAt, returnedAt, 'ack')]);
    expect(k.stale.map((s) => s.alarmKey)).toEqual(isStale ? ['S'] : []);
  });
});

describe('activations while out of service are not counted (they were never shown)', () => {
  // ISA-18.2 §11.9: X chatters and floods, but only while out of service; Y is shown.
  const hidden = Array.from({ length: 12 }, (_, i) => ({ ...occ('X', 1, 10 * MIN + i * 10_000), outOfService: true }));
  const shown = [occ('Y', 4, 5 * MIN), occ('Y', 4, 30 * MIN)];
  const k = computeAlarmKpi([...hidden, ...shown], { from: 0, to: 60 * MIN });

  it('not in the rate, the intervals or the flood', () => {
    expect([k.total, k.outOfService]).toEqual([2, 12]);
    expect(k.intervals).toEqual([1, 0, 0, 1, 0, 0]);
    expect(k.avgPer10Min).toBe(0.33);
    expect(k.peakPer10Min).toBe(1);
    expect(k.floodEpisodes).toEqual([]);
  });

  it('not in the priority mix, the top 10 or chattering', () => {
    expect(k.priority).toEqual({ low: 2, medium: 0, high: 0, lowPct: 100, mediumPct: 0, highPct: 0 });
    expect(k.top10.map((t) => [t.alarmKey, t.count, t.sharePct])).toEqual([['Y', 2, 100]]);
    expect(k.chattering).toEqual([]);
  });
});

describe('one alarm over a window (its audit detail)', () => {
  const window = { from: 0, to: 60 * MIN };
  // a: 5–15 min, acknowledged after 2 min; b: began 10 min before the window, returned at 3 min; c: from 50 min, still
  // active at 55 min (now), not acknowledged; d: while out of service.
  const log = [
    { activatedAt: 5 * MIN, returnedAt: 15 * MIN, ackedAt: 7 * MIN },
    { activatedAt: -10 * MIN, returnedAt: 3 * MIN, ackedAt: -9 * MIN },
    { activatedAt: 50 * MIN, returnedAt: null, ackedAt: null },
    { activatedAt: 20 * MIN, returnedAt: 21 * MIN, ackedAt: null, outOfService: true },
  ];
  it('counts activations in the window, time active within it (until now for one still active) and time to acknowledge', () => {
    expect(summariseAlarmActivity(log, window, 55 * MIN)).toEqual({
      activations: 2,
      outOfService: 1,
      // 10 + 3 + 5 + 1 min
      activeMs: 19 * MIN,
      activePct: 31.7,
      // b: 13 min whole
      longestActiveMs: 13 * MIN,
      acknowledged: 2,
      meanAckMs: 1.5 * MIN,
      longestAckMs: 2 * MIN,
    });
  });

  it('activations stamped after now (a source clock ahead) still count; one still active has no time active yet', () => {
    const ahead = summariseAlarmActivity(
      [
        { activatedAt: 56 * MIN, returnedAt: 57 * MIN, ackedAt: null },
        { activatedAt: 58 * MIN, returnedAt: null, ackedAt: null },
      ],
      window,
      55 * MIN,
    );
    // The returned one was active its minute; the one still active has no time yet.
    expect([ahead.activations, ahead.activeMs, ahead.longestActiveMs]).toEqual([2, MIN, MIN]);
  });
});
