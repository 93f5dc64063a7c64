import type { TrajectoryPoint } from '../../../shared/contracts/positioning.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { Historian } from '../../history/historian.js';
import { queryTrajectory } from '../../history/query.js';
import type { LiveCache } from '../../stream/live-cache.js';
import { inScope, toRegionScope } from '../../stream/region-scope.js';
import type { OrgService } from '../org/org.service.js';

export interface PositioningService {
  trajectory(user: AuthUser, q: { tagId: string; from: number; to: number; maxPoints: number }): Promise<TrajectoryPoint[]>;
}

export function createPositioningService(store: Store, deps: { org: OrgService; live: LiveCache; history: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'> }): PositioningService {
  return {
    async trajectory(user, q) {
      const [points, scope] = await Promise.all([
        queryTrajectory({ db: store.db, historian: deps.history }, q.tagId, q.from, q.to, q.maxPoints),
        deps.org.getUserScope(user.userid).then(toRegionScope),
      ]);
      // Data isolation: each fix is placed in its region with the same polygons the live stream uses.
      const visible = scope.all ? points : points.filter((p) => inScope(scope, deps.live.regions.locate(p.lon, p.lat)));
      return visible.map((p) => ({ t: p.t, lon: p.lon, lat: p.lat, floor: p.floor }));
    },
  };
}
