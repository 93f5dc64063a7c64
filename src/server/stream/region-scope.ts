/** What the stream needs to know of a user's data-isolation scope (regions expanded to descendants). */
export interface StreamScope {
  all: boolean;
  regionids: readonly number[];
}

/** Looks up a user's scope; the org module provides it. */
export type ScopeOf = (userid: number) => Promise<StreamScope>;

/** A user's region scope (expanded to descendants), ready for per-item checks. */
export interface RegionScope {
  all: boolean;
  regions: ReadonlySet<number>;
  /** Identifies equal scopes, so sockets with equal subscriptions share one encoded batch. */
  key: string;
}

export function toRegionScope(s: StreamScope): RegionScope {
  return s.all ? { all: true, regions: new Set(), key: '*' } : { all: false, regions: new Set(s.regionids), key: [...s.regionids].sort((a, b) => a - b).join(',') };
}

/**
 * Whether an item of this region may reach the user. null: the item has no
 * region (a plant-wide tag), visible to everyone who may subscribe. 0: outside
 * every region (a position off the drawn areas), visible only to users who see
 * all regions, like any region outside a limited scope.
 */
export function inScope(scope: RegionScope, regionid: number | null): boolean {
  return regionid === null || scope.all || scope.regions.has(regionid);
}
