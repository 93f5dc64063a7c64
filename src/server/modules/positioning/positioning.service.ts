import type { ReplayResult, TrajectoryPoint, TrajectoryStatsResult } from '../../../shared/contracts/positioning.js';
import { trajectoryStats } from '../../../shared/domain/trajectory-stats.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { Historian } from '../../history/historian.js';
import { queryTrajectories, queryTrajectory } from '../../history/query.js';
import type { LiveCache } from '../../stream/live-cache.js';
import { inScope, toRegionScope } from '../../stream/region-scope.js';
import type { OrgService } from '../org/org.service.js';

export interface PositioningService {
  trajectory(user: AuthUser, q: { tagId: string; from: number; to: number; maxPoints: number }): Promise<TrajectoryPoint[]>;
  /** Stops, dwell per region, distance and speed of one path, from every fix the caller may see. */
  trajectoryStats(user: AuthUser, q: { tagId: string; from: number; to: number; stopMinutes: number }): Promise<TrajectoryStatsResult>;
  /** Everyone's fixes the user may see over a window, thinned to one per step and card. */
  replay(user: AuthUser, q: { from: number; to: number; stepMs: number }): Promise<ReplayResult>;
}

export function createPositioningService(store: Store, deps: { org: OrgService; live: LiveCache; history: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'> }): PositioningService {
  /** The fixes of one tag the user may see: each fix is placed in its region with the same polygons the live stream uses. */
  async function visibleFixes(user: AuthUser, tagId: string, from: number, to: number, maxPoints: number) {
    const [points, scope] = await Promise.all([
      queryTrajectory({ db: store.db, historian: deps.history }, tagId, from, to, maxPoints),
      deps.org.getUserScope(user.userid).then(toRegionScope),
    ]);
    return scope.all ? points : points.filter((p) => inScope(scope, deps.live.regions.locate(p.lon, p.lat)));
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
      const live = [...deps.live.positions()].map(([id]) => id);
      const [tracks, scope] = await Promise.all([
        queryTrajectories({ db: store.db, historian: deps.history }, q.from, q.to, q.stepMs, live),
        deps.org.getUserScope(user.userid).then(toRegionScope),
      ]);
      const items: ReplayResult['items'] = [];
      for (const [tagId, points] of tracks) {
        const item = { tagId, kind: points[0].kind, t: [] as number[], lon: [] as number[], lat: [] as number[] };
        for (const p of points) {
          if (scope.all || inScope(scope, deps.live.regions.locate(p.lon, p.lat))) {
            item.t.push(p.t);
            item.lon.push(p.lon);
            item.lat.push(p.lat);
          }
        }
        if (item.t.length > 0) {
          items.push(item);
        }
      }
      return { stepMs: q.stepMs, items };
    },
  };
}
