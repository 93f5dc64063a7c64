import { describe, expect, it } from 'vitest';
import { offsetToLonLat } from '../../src/shared/domain/geometry.js';
import { FIX_GAP_MS, trajectoryStats, type Fix } from '../../src/shared/domain/trajectory-stats.js';

const O: [number, number] = [118.8, 32.25];
/** A fix `x` metres east of the origin at second `s`. */
const at = (s: number, x: number, y = 0): Fix => {
  const [lon, lat] = offsetToLonLat(O, x, y);
  return { t: s * 1000, lon, lat };
};
/** Region 1 west of x = 100 m, region 2 east of it. */
const locate = (lon: number) => (lon < offsetToLonLat(O, 100, 0)[0] ? 1 : 2);

describe('trajectoryStats', () => {
  it('measures distance, top speed and time per region', () => {
    // 0–60 s walking 1 m/s east in region 1, then 60 s in region 2 at 2 m/s.
    const fixes = [...Array.from({ length: 61 }, (_, i) => at(i, 40 + i)), ...Array.from({ length: 60 }, (_, i) => at(61 + i, 102 + 2 * i))];
    const s = trajectoryStats(fixes, locate, { stopMs: 5 * 60_000 });
    expect(s.fixes).toBe(121);
    expect(s.distanceM).toBeCloseTo(60 + 2 + 59 * 2, 1);
    expect(s.maxSpeed).toBeCloseTo(2, 2);
    expect(s.coveredMs).toBe(120_000);
    expect(s.regions).toEqual([
      // The fix at 60 s lies on x = 100 m, the first point of region 2.
      { regionid: 1, dwellMs: 60_000, visits: 1 },
      { regionid: 2, dwellMs: 60_000, visits: 1 },
    ]);
    expect(s.stops).toEqual([]);
  });

  it('finds a stop longer than the limit and not a shorter one, and counts re-entries', () => {
    const fixes: Fix[] = [];
    let s = 0;
    // Stands at 10 m for 10 min (jitter of 3 m), walks to 150 m (region 2), stands 2 min, walks back to 50 m.
    for (; s <= 600; s += 10) {
      fixes.push(at(s, 10 + (s % 20 === 0 ? 3 : 0)));
    }
    for (let x = 30; x <= 150; x += 10, s += 10) {
      fixes.push(at(s, x));
    }
    const stand2 = s;
    for (; s <= stand2 + 120; s += 10) {
      fixes.push(at(s, 150));
    }
    for (let x = 140; x >= 50; x -= 10, s += 10) {
      fixes.push(at(s, x));
    }
    const r = trajectoryStats(fixes, locate, { stopMs: 5 * 60_000 });
    expect(r.stops).toHaveLength(1);
    expect(r.stops[0]).toMatchObject({ from: 0, to: 600_000, regionid: 1 });
    expect(r.regions.find((d) => d.regionid === 1)!.visits).toBe(2);
    expect(r.regions.find((d) => d.regionid === 2)!.visits).toBe(1);
    const shortStops = trajectoryStats(fixes, locate, { stopMs: 60_000 });
    expect(shortStops.stops.map((x) => x.regionid)).toEqual([1, 2]);
  });

  it('leaves gaps out of dwell and distance and ends a stop at a gap', () => {
    const fixes = [at(0, 0), at(10, 0), at(10 + FIX_GAP_MS / 1000 + 1, 0), at(20 + FIX_GAP_MS / 1000, 0)];
    const r = trajectoryStats(fixes, locate, { stopMs: 5000 });
    expect(r.coveredMs).toBe(10_000 + 9_000);
    expect(r.distanceM).toBe(0);
    expect(r.regions).toEqual([{ regionid: 1, dwellMs: 19_000, visits: 2 }]);
    expect(r.stops.map((x) => [x.from, x.to])).toEqual([
      [0, 10_000],
      [fixes[2].t, fixes[3].t],
    ]);
  });

  it('answers zeros for an empty path', () => {
    expect(trajectoryStats([], locate, { stopMs: 1 })).toEqual({ fixes: 0, distanceM: 0, coveredMs: 0, maxSpeed: 0, stops: [], regions: [] });
  });
});
