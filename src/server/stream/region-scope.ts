import type { UserScope } from '../modules/org/org.service.js';

/** A user's region scope (expanded to descendants), ready for per-item checks. */
export interface RegionScope {
  all: boolean;
  regions: ReadonlySet<number>;
  /** Identifies equal scopes, so sockets with equal subscriptions share one encoded batch. */
  key: string;
}

export function toRegionScope(s: UserScope): RegionScope {
  return s.all ? { all: true, regions: new Set(), key: '*' } : { all: false, regions: new Set(s.regionids), key: s.regionids.join(',') };
}

/** Tags without a region are visible to everyone with realtime:read. */
export function tagVisible(scope: RegionScope, regionid: number | null): boolean {
  return regionid === null || scope.all || scope.regions.has(regionid);
}

/** A position outside every region polygon (regionid 0) is shown only to users who see every region. */
export function positionVisible(scope: RegionScope, regionid: number): boolean {
  return scope.all || (regionid !== 0 && scope.regions.has(regionid));
}
