import type { StatisticsResult } from '../../../shared/positioning/contracts.js';
import { trajectoryStats } from '../../../shared/domain/trajectory-stats.js';
import type { TrajectoryPoint } from '../../history/query.js';

const HOUR = 3600_000;

/**
 * Hourly head counts and dwell per region from each card's (visible) fixes:
 * a card counts once per hour in each region it was seen in; dwell is the time
 * between consecutive fixes, credited to the region of the earlier one.
 */
export function positionStatistics(
  tracks: ReadonlyMap<string, readonly TrajectoryPoint[]>,
  from: number,
  to: number,
  locate: (lon: number, lat: number) => number,
): Pick<StatisticsResult, 'hours' | 'regions'> {
  const start = from - (from % HOUR);
  const hours: number[] = [];
  for (let h = start; h < to; h += HOUR) {
    hours.push(h);
  }
  const regions = new Map<number, { people: Set<string>[]; vehicles: Set<string>[]; dwellMs: number; cards: Set<string> }>();
  const entry = (r: number) => {
    let e = regions.get(r);
    if (!e) {
      e = { people: hours.map(() => new Set()), vehicles: hours.map(() => new Set()), dwellMs: 0, cards: new Set() };
      regions.set(r, e);
    }
    return e;
  };
  for (const [card, fixes] of tracks) {
    for (const p of fixes) {
      const e = entry(locate(p.lon, p.lat));
      const h = Math.floor((p.t - start) / HOUR);
      (p.kind === 1 ? e.vehicles : e.people)[h]?.add(card);
      e.cards.add(card);
    }
    for (const d of trajectoryStats(fixes, locate, { stopMs: Infinity }).regions) {
      entry(d.regionid).dwellMs += d.dwellMs;
    }
  }
  return {
    hours,
    regions: [...regions]
      .map(([regionid, e]) => ({
        regionid,
        people: e.people.map((s) => s.size),
        vehicles: e.vehicles.map((s) => s.size),
        dwellMs: e.dwellMs,
        cards: e.cards.size,
      }))
      .sort((a, b) => b.dwellMs - a.dwellMs),
  };
}
