import { describe, expect, it } from 'vitest';
import { computeAlarmKpi, type KpiOccurrence } from '../../../src/shared/domain/alarm-kpi.js';

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
 * D1…D9 (low) = 12, a flood; 20–30 min: E eleven times 50 s apart (high) =
 * 11, the flood goes on; 40–50 min: F (urgent). G opened 30 h before and is
 * still active and shelved.
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

  it('one flood episode of two intervals, a third of the time', () => {
    expect(k.floodEpisodes).toEqual([{ from: 10 * MIN, to: 30 * MIN, alarms: 23 }]);
    expect(k.floodTimePct).toBe(33.3);
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
