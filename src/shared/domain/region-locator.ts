import {
  pointInGeometry,
  polygonArea,
  type MultiPolygonGeometry,
  type PolygonGeometry,
} from './geometry.js';

/** A region polygon (electronic fence) with the regionid it stands for. */
export interface RegionShape {
  regionid: number;
  code: string;
  geometry: PolygonGeometry | MultiPolygonGeometry;
}

/** Which region a point falls in; positions are isolated by it. */
export interface RegionLocator {
  /** regionid of the most specific (smallest) region containing the point; 0 outside every region. */
  locate(lon: number, lat: number): number;
  /** Replaces the polygons (the plant layout was edited, or a test wants its own). */
  setShapes(shapes: readonly RegionShape[]): void;
  size(): number;
  /** Goes up at every setShapes: who placed points before can tell they must be placed again. */
  version(): number;
}

interface Prepared extends RegionShape {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

function prepare(shapes: readonly RegionShape[]): Prepared[] {
  const out = shapes.map((s) => {
    const polys = s.geometry.type === 'Polygon' ? [s.geometry.coordinates] : s.geometry.coordinates;
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    let area = 0;
    for (const poly of polys) {
      area += polygonArea(poly);
      for (const [lon, lat] of poly[0] ?? []) {
        minLon = Math.min(minLon, lon);
        maxLon = Math.max(maxLon, lon);
        minLat = Math.min(minLat, lat);
        maxLat = Math.max(maxLat, lat);
      }
    }
    return { ...s, minLon, minLat, maxLon, maxLat, area };
  });
  // Smallest first: nested regions (TF-A inside TF) resolve to the most specific one,
  // which is what a user scoped to TF-A only must see.
  out.sort((a, b) => a.area - b.area);
  return out;
}

export function createRegionLocator(shapes: readonly RegionShape[] = []): RegionLocator {
  let prepared = prepare(shapes);
  let version = 0;
  return {
    locate(lon, lat) {
      for (const s of prepared) {
        if (lon < s.minLon || lon > s.maxLon || lat < s.minLat || lat > s.maxLat) {
          continue;
        }
        if (pointInGeometry([lon, lat], s.geometry)) {
          return s.regionid;
        }
      }
      return 0;
    },
    setShapes(next) {
      prepared = prepare(next);
      version++;
    },
    size: () => prepared.length,
    version: () => version,
  };
}
