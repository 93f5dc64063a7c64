import {
  POSITIONING_ALARM_TYPES,
  type ReplayResult,
  type StatisticsResult,
  type TrajectoryPoint,
  type TrajectoryStatsResult,
} from '../../../shared/positioning/contracts.js';
import { trajectoryStats } from '../../../shared/domain/trajectory-stats.js';
import { zoneVisits, type ZoneVisit } from '../../../shared/domain/zone-visits.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { Historian } from '../../history/historian.js';
import { queryTrajectories, queryTrajectory, type TrajectoryPoint as Fix } from '../../history/query.js';
import type { LiveCache } from '../../stream/live-cache.js';
import { inScope, toRegionScope } from '../../stream/region-scope.js';
import type { AlarmsPort as AlarmService } from '../alarms/port.js';
import type { OrgPort as OrgService } from '../org/port.js';
import type { RegionNames } from './positioning.export.js';
import { positionStatistics } from './positioning.statistics.js';

export interface PositioningService {
  trajectory(user: AuthUser, q: { tagId: string; from: number; to: number; maxPoints: number }): Promise<TrajectoryPoint[]>;
  /** Stops, dwell per region, distance and speed of one path, from every fix the caller may see. */
  trajectoryStats(user: AuthUser, q: { tagId: string; from: number; to: number; stopMinutes: number }): Promise<TrajectoryStatsResult>;
  /** Everyone's fixes the user may see over a window, thinned to one per step and card. */
  replay(user: AuthUser, q: { from: number; to: number; stepMs: number }): Promise<ReplayResult>;
  /** Hourly head counts, dwell per region and positioning alarm counts over a range, in the user's regions. */
  statistics(user: AuthUser, q: { from: number; to: number }): Promise<StatisticsResult>;
  /** Names of every region, for the statistics export. */
  regionNames(): Promise<RegionNames>;
  /** Stays of every tag inside a circle over a window (the positioning port; no isolation). */
  zoneVisits(q: { lng: number; lat: number; radiusM: number; from: number; to: number }): Promise<ZoneVisit[]>;
}

/**
 * Fixes read for a work zone's visits: one per step and tag, the step a
 * 2000th of the window between 1 s and 10 s (a day's permit reads a fix every
 * 10 s per tag at most); a silence longer than ZONE_GAP_MS ends a stay.
 */
const zoneStepMs = (from: number, to: number) => Math.min(10_000, Math.max(1000, Math.ceil((to - from) / 2000)));
const ZONE_GAP_MS = 5 * 60_000;

/** Statistics sample each card once a minute: enough for hourly counts and dwell in minutes. */
const STATISTICS_STEP_MS = 60_000;
const ALARM_PAGE = 500;

export function createPositioningService(
  store: Store,
  deps: {
    org: OrgService;
    live: LiveCache;
    history: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'>;
    alarms: Pick<AlarmService, 'historyList'>;
  },
): PositioningService {
  /** The fixes of one tag the user may see: each fix is placed in its region with the same polygons the live stream uses. */
  async function visibleFixes(user: AuthUser, tagId: string, from: number, to: number, maxPoints: number) {
    const [points, scope] = await Promise.all([
      queryTrajectory({ db: store.db, historian: deps.history }, tagId, from, to, maxPoints),
      deps.org.getUserScope(user.userid).then(toRegionScope),
    ]);
    return scope.all ? points : points.filter((p) => inScope(scope, deps.live.regions.locate(p.lon, p.lat)));
  }
  /** Every card's fixes over a window, one per step, without the fixes in regions outside the user's scope. */
  async function visibleTracks(user: AuthUser, from: number, to: number, stepMs: number) {
    const live = [...deps.live.positions()].map(([id]) => id);
    const [tracks, scope] = await Promise.all([
      queryTrajectories({ db: store.db, historian: deps.history }, from, to, stepMs, live),
      deps.org.getUserScope(user.userid).then(toRegionScope),
    ]);
    const out = new Map<string, Fix[]>();
    for (const [id, points] of tracks) {
      const mine = scope.all ? points : points.filter((p) => inScope(scope, deps.live.regions.locate(p.lon, p.lat)));
      if (mine.length > 0) {
        out.set(id, mine);
      }
    }
    return out;
  }
  return {
    async trajectory(user, q) {
      const visible = await visibleFixes(user, q.tagId, q.from, q.to, q.maxPoints);
      return visible.map((p) => ({ t: p.t, lon: p.lon, lat: p.lat, floor: p.floor }));
    },
    async trajectoryStats(user, q) {
      const fixes = await visibleFixes(user, q.tagId, q.from, q.to, Number.MAX_SAFE_INTEGER);
      return trajectoryStats(fixes, (lon, lat) => deps.live.regions.locate(lon, lat), { stopMs: q.stopMinutes * 60_000 });
    },
    async replay(user, q) {
      const items: ReplayResult['items'] = [];
      for (const [tagId, points] of await visibleTracks(user, q.from, q.to, q.stepMs)) {
        items.push({
          tagId,
          kind: points[0].kind,
          t: points.map((p) => p.t),
          lon: points.map((p) => p.lon),
          lat: points.map((p) => p.lat),
        });
      }
      return { stepMs: q.stepMs, items };
    },
    async statistics(user, q) {
      const tracks = await visibleTracks(user, q.from, q.to, STATISTICS_STEP_MS);
      const counts = new Map<string, { type: string; regionid: number | null; count: number }>();
      for (let page = 1; ; page++) {
        const { list, total } = await deps.alarms.historyList(user, {
          from: q.from,
          to: q.to,
          types: POSITIONING_ALARM_TYPES,
          pageIndex: page,
          pageSize: ALARM_PAGE,
        });
        for (const a of list) {
          const key = `${a.type}\u0000${a.regionid ?? ''}`;
          const c = counts.get(key) ?? { type: a.type, regionid: a.regionid, count: 0 };
          c.count++;
          counts.set(key, c);
        }
        if (list.length === 0 || page * ALARM_PAGE >= total) {
          break;
        }
      }
      return {
        ...positionStatistics(tracks, q.from, q.to, (lon, lat) => deps.live.regions.locate(lon, lat)),
        alarms: [...counts.values()],
      };
    },
    async zoneVisits(q) {
      const live = [...deps.live.positions()].map(([id]) => id);
      const tracks = await queryTrajectories({ db: store.db, historian: deps.history }, q.from, q.to, zoneStepMs(q.from, q.to), live);
      return zoneVisits(tracks, { centre: [q.lng, q.lat], radiusM: q.radiusM }, { gapMs: ZONE_GAP_MS, kindOf: (id) => tracks.get(id)?.[0]?.kind ?? 0 });
    },
    async regionNames() {
      const { regions } = await deps.org.allDeptsAndRegions();
      return new Map(regions.map((r) => [r.regionid, r]));
    },
  };
}
