import type { PositionTuple } from '../../../shared/contracts/channel';

/** Marker colour classes: the person's type from the roster, or a vehicle. */
export const markerCategories = ['staff', 'contractor', 'visitor', 'vehicle', 'unknown'] as const;
export type MarkerCategory = (typeof markerCategories)[number];
export const CATEGORY_INDEX: Readonly<Record<MarkerCategory, number>> = { staff: 0, contractor: 1, visitor: 2, vehicle: 3, unknown: 4 };

/** Longest glide between two fixes: a fix after a long gap jumps instead of crawling for minutes. */
export const MAX_GLIDE_MS = 5000;

/** Properties of one marker feature, short keys because they cross to the map's worker every frame. */
export interface MarkerProps {
  /** Card (tag) id. */
  id: string;
  /** Category index (CATEGORY_INDEX). */
  c: number;
  /** 1 when the card has an open alarm. */
  a: 0 | 1;
  /** 1 when the last fix is older than the stale limit. */
  s: 0 | 1;
  /** 1 for the selected marker. */
  sel: 0 | 1;
}

export interface MarkerFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: MarkerProps;
}

export interface MarkerCollection {
  type: 'FeatureCollection';
  features: MarkerFeature[];
}

export interface FillOptions {
  /** Server time now, epoch ms (fix times are server times). */
  serverNow: number;
  /** A marker whose last fix is older than this is drawn stale. */
  staleMs: number;
  /** Only markers on this floor; null: every floor. */
  floor: number | null;
  /** Cards with an open alarm. */
  alarmed: ReadonlySet<string>;
  /** Categories left out (by index). */
  hidden?: ReadonlySet<number>;
  selected?: string | null;
}

/** A growable column of numbers. */
function grow<T extends Float64Array | Int32Array | Uint8Array>(a: T, n: number): T {
  if (n <= a.length) {
    return a;
  }
  const next = new (a.constructor as new (len: number) => T)(Math.max(n, a.length * 2));
  next.set(a);
  return next;
}

/**
 * The live positions of one map, outside React: fixes from the stream go into
 * typed columns (one slot per card), and each animation frame `fill` writes
 * the markers, glided from where they were drawn to their newest fix over the
 * fix interval, into one reused GeoJSON collection for the map's GPU source.
 * Nothing here renders React; 20,000 cards cost one pass over the columns.
 */
export class MarkerBuffer {
  private readonly index = new Map<string, number>();
  readonly ids: string[] = [];
  private fromLon = new Float64Array(256);
  private fromLat = new Float64Array(256);
  private toLon = new Float64Array(256);
  private toLat = new Float64Array(256);
  /** Local clock (performance/Date) when the glide to the newest fix began. */
  private startAt = new Float64Array(256);
  private dur = new Float64Array(256);
  /** Server time of the newest fix. */
  private fixT = new Float64Array(256);
  /** NaN outdoors. */
  private floorOf = new Float64Array(256);
  private category = new Uint8Array(256);
  /** Region the newest fix lies in (0 outside every region) and the fix time it was entered at. */
  private region = new Int32Array(256);
  private regionSince = new Float64Array(256);
  private readonly features: MarkerFeature[] = [];
  private readonly collection: MarkerCollection = { type: 'FeatureCollection', features: [] };
  private glideUntil = 0;

  constructor(
    /** Region of a point (0 outside every region); by default none is tracked. */
    private locate: (lon: number, lat: number) => number = () => 0,
    private categoryOf: (id: string, kind: 0 | 1) => number = (_id, kind) => (kind === 1 ? CATEGORY_INDEX.vehicle : CATEGORY_INDEX.unknown),
  ) {}

  get size(): number {
    return this.ids.length;
  }

  indexOf(id: string): number | undefined {
    return this.index.get(id);
  }

  /** Replaces the region lookup (regions were edited); regions are re-read at each card's next fix. */
  setLocator(locate: (lon: number, lat: number) => number): void {
    this.locate = locate;
    for (let i = 0; i < this.ids.length; i++) {
      const r = locate(this.toLon[i], this.toLat[i]);
      if (r !== this.region[i]) {
        this.region[i] = r;
      }
    }
  }

  /** Replaces the category lookup (the roster loaded) and re-reads every card's category. */
  setCategoryOf(categoryOf: (id: string, kind: 0 | 1) => number): void {
    this.categoryOf = categoryOf;
    for (let i = 0; i < this.ids.length; i++) {
      const kind = this.category[i] === CATEGORY_INDEX.vehicle ? 1 : 0;
      this.category[i] = categoryOf(this.ids[i], kind);
    }
  }

  private slot(id: string, kind: 0 | 1): number {
    let i = this.index.get(id);
    if (i !== undefined) {
      return i;
    }
    i = this.ids.length;
    const n = i + 1;
    this.fromLon = grow(this.fromLon, n);
    this.fromLat = grow(this.fromLat, n);
    this.toLon = grow(this.toLon, n);
    this.toLat = grow(this.toLat, n);
    this.startAt = grow(this.startAt, n);
    this.dur = grow(this.dur, n);
    this.fixT = grow(this.fixT, n);
    this.floorOf = grow(this.floorOf, n);
    this.category = grow(this.category, n);
    this.region = grow(this.region, n);
    this.regionSince = grow(this.regionSince, n);
    this.ids.push(id);
    this.index.set(id, i);
    this.fixT[i] = -Infinity;
    this.category[i] = this.categoryOf(id, kind);
    this.features.push({
      type: 'Feature',
      id: i,
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: { id, c: this.category[i], a: 0, s: 0, sel: 0 },
    });
    return i;
  }

  /**
   * Takes a batch of fixes at local time `now`. A card's first fix places it;
   * a newer fix starts a glide from where the marker is drawn now to the fix,
   * lasting the interval between the two fixes (at most MAX_GLIDE_MS). An
   * older fix than the one held (a refill racing the stream) is ignored.
   */
  ingest(items: readonly PositionTuple[], now: number): void {
    for (const [id, t, lon, lat, floor, kind] of items) {
      const i = this.slot(id, kind);
      const prevT = this.fixT[i];
      if (t <= prevT) {
        continue;
      }
      if (prevT === -Infinity) {
        this.fromLon[i] = lon;
        this.fromLat[i] = lat;
        this.dur[i] = 0;
      } else {
        const [x, y] = this.positionAt(i, now);
        this.fromLon[i] = x;
        this.fromLat[i] = y;
        this.dur[i] = Math.min(MAX_GLIDE_MS, t - prevT);
      }
      this.toLon[i] = lon;
      this.toLat[i] = lat;
      this.startAt[i] = now;
      this.fixT[i] = t;
      this.floorOf[i] = floor ?? NaN;
      const r = this.locate(lon, lat);
      if (prevT === -Infinity || r !== this.region[i]) {
        this.region[i] = r;
        this.regionSince[i] = t;
      }
      this.glideUntil = Math.max(this.glideUntil, now + this.dur[i]);
    }
  }

  /** Where card slot `i` is drawn at local time `now`. */
  positionAt(i: number, now: number): [number, number] {
    const d = this.dur[i];
    const k = d <= 0 ? 1 : Math.min(1, Math.max(0, (now - this.startAt[i]) / d));
    return [this.fromLon[i] + (this.toLon[i] - this.fromLon[i]) * k, this.fromLat[i] + (this.toLat[i] - this.fromLat[i]) * k];
  }

  /** Whether some marker is still gliding at `now` (the map needs another frame). */
  gliding(now: number): boolean {
    return now < this.glideUntil;
  }

  /** What the card list and the card need of one card. */
  info(
    id: string,
  ): { t: number; lon: number; lat: number; floor: number | null; regionid: number; regionSince: number; category: number } | undefined {
    const i = this.index.get(id);
    if (i === undefined) {
      return undefined;
    }
    return {
      t: this.fixT[i],
      lon: this.toLon[i],
      lat: this.toLat[i],
      floor: Number.isNaN(this.floorOf[i]) ? null : this.floorOf[i],
      regionid: this.region[i],
      regionSince: this.regionSince[i],
      category: this.category[i],
    };
  }

  /** Sets when a card entered its current region, learnt from its trajectory (the stream only knows since the page opened). */
  setRegionSince(id: string, t: number): void {
    const i = this.index.get(id);
    if (i !== undefined) {
      this.regionSince[i] = Math.min(this.regionSince[i], t);
    }
  }

  /** Floors seen on the fixes held, ascending. */
  floors(): number[] {
    const s = new Set<number>();
    for (let i = 0; i < this.ids.length; i++) {
      if (!Number.isNaN(this.floorOf[i])) {
        s.add(this.floorOf[i]);
      }
    }
    return [...s].sort((a, b) => a - b);
  }

  /** The markers at local time `now`, into the one reused collection (valid until the next call). */
  fill(now: number, o: FillOptions): MarkerCollection {
    const out = this.collection.features;
    out.length = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (o.floor !== null && this.floorOf[i] !== o.floor) {
        continue;
      }
      const c = this.category[i];
      if (o.hidden?.has(c)) {
        continue;
      }
      const f = this.features[i];
      const d = this.dur[i];
      const k = d <= 0 ? 1 : Math.min(1, Math.max(0, (now - this.startAt[i]) / d));
      f.geometry.coordinates[0] = this.fromLon[i] + (this.toLon[i] - this.fromLon[i]) * k;
      f.geometry.coordinates[1] = this.fromLat[i] + (this.toLat[i] - this.fromLat[i]) * k;
      const p = f.properties;
      p.c = c;
      p.a = o.alarmed.has(p.id) ? 1 : 0;
      p.s = o.serverNow - this.fixT[i] > o.staleMs ? 1 : 0;
      p.sel = p.id === o.selected ? 1 : 0;
      out.push(f);
    }
    return this.collection;
  }
}
