import type { PositionColumns, SampleColumns } from './bus.js';
import type { RegionLocator } from '../../shared/domain/region-locator.js';

/** Latest value of a tag. Entries are updated in place: one object per tag for the life of the process. */
export interface LiveSample {
  t: number;
  v: number;
  q: number;
}

/** Latest fix of a person or vehicle. */
export interface LivePosition {
  t: number;
  lon: number;
  lat: number;
  /** null outdoors. */
  floor: number | null;
  /** 0 person, 1 vehicle. */
  kind: number;
  /** 0 outside every region. */
  regionid: number;
}

export interface LatestSample {
  tag: string;
  t: number;
  v: number;
  q: number;
}

/**
 * The live cache: latest value and quality per tag, latest position per
 * person/vehicle, in memory. Fed by ingest before the bus, so whoever reads it
 * after a batch is published sees that batch.
 */
export interface LiveCache {
  /** Latest values of the given tags, in their order; tags without a value yet are left out. */
  latest(tagIds: readonly string[]): LatestSample[];
  get(tagId: string): LiveSample | undefined;
  position(targetId: string): LivePosition | undefined;
  positions(): IterableIterator<[string, LivePosition]>;
  /** Region polygons used to place positions (data isolation, trajectories). */
  readonly regions: RegionLocator;
  applySamples(batch: SampleColumns): void;
  applyPositions(batch: PositionColumns): void;
  stats(): { tags: number; targets: number };
}

export function createLiveCache(regions: RegionLocator): LiveCache {
  const values = new Map<string, LiveSample>();
  const fixes = new Map<string, LivePosition>();
  return {
    regions,
    latest(tagIds) {
      const out: LatestSample[] = [];
      for (const tag of tagIds) {
        const e = values.get(tag);
        if (e) {
          out.push({ tag, t: e.t, v: e.v, q: e.q });
        }
      }
      return out;
    },
    get: (tagId) => values.get(tagId),
    position: (id) => fixes.get(id),
    positions: () => fixes.entries(),
    applySamples(b) {
      for (let i = 0; i < b.n; i++) {
        const tag = b.tag[i];
        const e = values.get(tag);
        if (e === undefined) {
          values.set(tag, { t: b.t[i], v: b.v[i], q: b.q[i] });
        } else if (b.t[i] >= e.t) {
          // A late sample (gateway backlog) goes to history but never replaces a newer live value.
          e.t = b.t[i];
          e.v = b.v[i];
          e.q = b.q[i];
        }
      }
    },
    applyPositions(b) {
      for (let i = 0; i < b.n; i++) {
        const id = b.id[i];
        const floor = Number.isNaN(b.floor[i]) ? null : b.floor[i];
        const e = fixes.get(id);
        if (e === undefined) {
          fixes.set(id, { t: b.t[i], lon: b.lon[i], lat: b.lat[i], floor, kind: b.kind[i], regionid: b.region[i] });
        } else if (b.t[i] >= e.t) {
          e.t = b.t[i];
          e.lon = b.lon[i];
          e.lat = b.lat[i];
          e.floor = floor;
          e.kind = b.kind[i];
          e.regionid = b.region[i];
        }
      }
    },
    stats: () => ({ tags: values.size, targets: fixes.size }),
  };
}
