import fs from 'node:fs';
import {
  pointInGeometry,
  polygonArea,
  type MultiPolygonGeometry,
  type PolygonGeometry,
} from '../../shared/domain/geometry.js';

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
    },
    size: () => prepared.length,
  };
}

interface LayoutFeature {
  properties?: { kind?: unknown; code?: unknown } | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/**
 * Reads the region polygons (features with `kind: 'region'`, property `code`)
 * of a plant layout GeoJSON and maps each code to its regionid. Codes without a
 * region row are skipped: isolation can only use regions the organisation knows.
 */
export function readRegionShapes(geojsonPath: string, regionIdByCode: ReadonlyMap<string, number>): RegionShape[] {
  if (!fs.existsSync(geojsonPath)) {
    return [];
  }
  const doc = JSON.parse(fs.readFileSync(geojsonPath, 'utf8')) as { features?: LayoutFeature[] };
  const shapes: RegionShape[] = [];
  for (const f of doc.features ?? []) {
    const code = f.properties?.code;
    const type = f.geometry?.type;
    if (f.properties?.kind !== 'region' || typeof code !== 'string' || (type !== 'Polygon' && type !== 'MultiPolygon')) {
      continue;
    }
    const regionid = regionIdByCode.get(code);
    if (regionid !== undefined) {
      shapes.push({ regionid, code, geometry: f.geometry as PolygonGeometry | MultiPolygonGeometry });
    }
  }
  return shapes;
}
