import { haversineDistance } from './geometry.js';

/** A fix as the statistics need it. */
export interface Fix {
  t: number;
  lon: number;
  lat: number;
}

/** A gap between fixes longer than this is the tag being off (out of coverage, switched off): it counts as neither dwell nor movement. */
export const FIX_GAP_MS = 5 * 60_000;
/**
 * A stop is a stretch of fixes within this radius of its first fix. 10 m covers the
 * accuracy of a moving tag (±5 m, AQ 3064.3-2025) on both ends.
 */
export const STOP_RADIUS_M = 10;

export interface TrajectoryStop {
  from: number;
  to: number;
  lon: number;
  lat: number;
  regionid: number;
}

export interface RegionDwell {
  /** 0: outside every region. */
  regionid: number;
  dwellMs: number;
  /** Times the path entered the region (the first fix counts as one). */
  visits: number;
}

export interface TrajectoryStats {
  fixes: number;
  /** Metres along the path, gaps left out. */
  distanceM: number;
  /** Time covered by fixes (gaps left out), ms. */
  coveredMs: number;
  /** Fastest segment, m/s (segments of at least `minSegmentMs`). */
  maxSpeed: number;
  stops: TrajectoryStop[];
  regions: RegionDwell[];
}

/**
 * Stops, time in each region, distance and speed of one path, oldest fix first.
 * Time between two fixes belongs to the region of the earlier one; a gap over
 * FIX_GAP_MS belongs to none. A stop is a run of fixes staying within
 * `radiusM` of its first fix for at least `stopMs`.
 */
export function trajectoryStats(
  fixes: readonly Fix[],
  locate: (lon: number, lat: number) => number,
  o: { stopMs: number; radiusM?: number; gapMs?: number; minSegmentMs?: number },
): TrajectoryStats {
  const radius = o.radiusM ?? STOP_RADIUS_M;
  const gap = o.gapMs ?? FIX_GAP_MS;
  const minSeg = o.minSegmentMs ?? 1000;
  const regionOf = fixes.map((f) => locate(f.lon, f.lat));
  const dwell = new Map<number, RegionDwell>();
  const stops: TrajectoryStop[] = [];
  let distanceM = 0;
  let coveredMs = 0;
  let maxSpeed = 0;
  let anchor = 0;
  const closeStop = (end: number) => {
    const a = fixes[anchor];
    if (end > anchor && fixes[end].t - a.t >= o.stopMs) {
      stops.push({ from: a.t, to: fixes[end].t, lon: a.lon, lat: a.lat, regionid: regionOf[anchor] });
    }
  };
  for (let i = 0; i < fixes.length; i++) {
    const r = regionOf[i];
    const d = dwell.get(r) ?? { regionid: r, dwellMs: 0, visits: 0 };
    dwell.set(r, d);
    const prev = i > 0 ? fixes[i - 1] : undefined;
    const dt = prev ? fixes[i].t - prev.t : Infinity;
    if (!prev || regionOf[i - 1] !== r || dt > gap) {
      d.visits++;
    }
    if (prev && dt <= gap) {
      const step = haversineDistance([prev.lon, prev.lat], [fixes[i].lon, fixes[i].lat]);
      distanceM += step;
      coveredMs += dt;
      dwell.get(regionOf[i - 1])!.dwellMs += dt;
      if (dt >= minSeg) {
        maxSpeed = Math.max(maxSpeed, step / (dt / 1000));
      }
    }
    // A stop ends at a gap (the tag went off) or when the path leaves the radius.
    if (i > anchor && (dt > gap || haversineDistance([fixes[anchor].lon, fixes[anchor].lat], [fixes[i].lon, fixes[i].lat]) > radius)) {
      closeStop(i - 1);
      anchor = i;
    }
  }
  if (fixes.length > 0) {
    closeStop(fixes.length - 1);
  }
  return {
    fixes: fixes.length,
    distanceM,
    coveredMs,
    maxSpeed,
    stops,
    regions: [...dwell.values()].sort((a, b) => b.dwellMs - a.dwellMs),
  };
}
