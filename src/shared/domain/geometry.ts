/**
 * Plane and sphere geometry for the plant: point-in-polygon for regions (electronic
 * fences), great-circle distance, and conversions between local metres and lon/lat.
 *
 * Positions are [lon, lat] in degrees (WGS 84, GeoJSON order). Local metres are x east,
 * y north from an origin. Over a plant (up to about 2 km from the origin) the local
 * equirectangular approximation used here is off by at most about 10 cm, far below tag
 * accuracy (±3 m, AQ 3064.3-2025).
 */

/** [lon, lat] in degrees. */
export type LonLat = readonly [number, number];
/** A closed or open ring of positions; the closing position may be repeated or not. */
export type Ring = readonly LonLat[];
/** GeoJSON polygon coordinates: exterior ring first, then holes. */
export type PolygonCoords = readonly Ring[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: PolygonCoords;
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: readonly PolygonCoords[];
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

/**
 * Whether the point lies inside the ring (even–odd rule, ray cast to +x). A point exactly
 * on an edge may fall either way; fences are drawn with margins, so that does not matter.
 */
export function pointInRing(p: LonLat, ring: Ring): boolean {
  const [x, y] = p;
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/** Inside the exterior ring and outside every hole. */
export function pointInPolygon(p: LonLat, polygon: PolygonCoords): boolean {
  if (polygon.length === 0 || !pointInRing(p, polygon[0])) {
    return false;
  }
  for (let k = 1; k < polygon.length; k++) {
    if (pointInRing(p, polygon[k])) {
      return false;
    }
  }
  return true;
}

/** Point in a GeoJSON Polygon or MultiPolygon geometry. */
export function pointInGeometry(p: LonLat, geometry: PolygonGeometry | MultiPolygonGeometry): boolean {
  if (geometry.type === 'Polygon') {
    return pointInPolygon(p, geometry.coordinates);
  }
  return geometry.coordinates.some((poly) => pointInPolygon(p, poly));
}

/** Centre of the bounding box of a geometry's outer rings (of a rectangle: its middle), [lon, lat]. */
export function boundsCentre(geometry: PolygonGeometry | MultiPolygonGeometry): [number, number] {
  const rings = geometry.type === 'Polygon' ? [geometry.coordinates[0]] : geometry.coordinates.map((p) => p[0]);
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const ring of rings) {
    for (const [lon, lat] of ring ?? []) {
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    }
  }
  return [(minLon + maxLon) / 2, (minLat + maxLat) / 2];
}

/** Great-circle distance in metres (haversine on the mean-radius sphere). */
export function haversineDistance(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * Local metres (x east, y north) from `origin` → [lon, lat]. Local equirectangular
 * projection at the origin's latitude; scripts/build-plant-layout.mjs uses the same formula.
 */
export function offsetToLonLat(origin: LonLat, x: number, y: number): [number, number] {
  const lat = origin[1] + y / EARTH_RADIUS_M / RAD;
  const lon = origin[0] + x / (EARTH_RADIUS_M * Math.cos(origin[1] * RAD)) / RAD;
  return [lon, lat];
}

/** Inverse of offsetToLonLat: [x east, y north] in metres from `origin`. */
export function lonLatToOffset(origin: LonLat, p: LonLat): [number, number] {
  const y = (p[1] - origin[1]) * RAD * EARTH_RADIUS_M;
  const x = (p[0] - origin[0]) * RAD * EARTH_RADIUS_M * Math.cos(origin[1] * RAD);
  return [x, y];
}

/** Planar area of a polygon in m² (holes subtracted), computed in local metres around its first vertex. */
export function polygonArea(polygon: PolygonCoords): number {
  if (polygon.length === 0 || polygon[0].length === 0) {
    return 0;
  }
  const origin = polygon[0][0];
  const ringArea = (ring: Ring): number => {
    let sum = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = lonLatToOffset(origin, ring[i]);
      const [xj, yj] = lonLatToOffset(origin, ring[j]);
      sum += xj * yi - xi * yj;
    }
    return Math.abs(sum) / 2;
  };
  return polygon.reduce((acc, ring, k) => acc + (k === 0 ? ringArea(ring) : -ringArea(ring)), 0);
}

/** Why an area geometry is refused: a message code (src/shared/messages/org.ts) and where. */
export interface GeometryProblem {
  code: 'geometry.notClosed' | 'geometry.tooFewPoints' | 'geometry.selfIntersects' | 'geometry.zeroArea';
  /** Index path of the ring inside the geometry, e.g. [0] or [1, 0] for a MultiPolygon. */
  ring: number[];
  /** 1-based vertex numbers of the two crossing edges' starts, for a self-intersection. */
  vertices?: [number, number];
}

const samePoint = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** Orientation of (a, b, c): >0 counter-clockwise, <0 clockwise, 0 collinear. */
function orient(a: LonLat, b: LonLat, c: LonLat): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: LonLat, b: LonLat, p: LonLat): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd share any point (touching counts). */
export function segmentsIntersect(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
    return true;
  }
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * First pair of non-adjacent edges of a closed ring that cross or touch, as
 * 0-based edge indexes; null for a simple ring. O(n²), fine for fences of a
 * few hundred vertices.
 */
export function ringSelfIntersection(ring: Ring): [number, number] | null {
  const n = ring.length - 1; // edges of a closed ring
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Adjacent edges share a vertex by construction; the first and last edges too.
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        continue;
      }
      if (segmentsIntersect(ring[i], ring[i + 1], ring[j], ring[j + 1])) {
        return [i, j];
      }
    }
  }
  return null;
}

/**
 * Checks a region's polygon the way a map editor needs: every ring closed
 * (first position repeated last), at least 3 distinct corners, not crossing
 * itself, and not flat. Returns the first problem, or null.
 */
export function checkAreaGeometry(g: PolygonGeometry | MultiPolygonGeometry): GeometryProblem | null {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (let p = 0; p < polygons.length; p++) {
    for (let r = 0; r < polygons[p].length; r++) {
      const ring = polygons[p][r];
      const path = g.type === 'Polygon' ? [r] : [p, r];
      if (ring.length < 4) {
        return { code: 'geometry.tooFewPoints', ring: path };
      }
      if (!samePoint(ring[0], ring[ring.length - 1])) {
        return { code: 'geometry.notClosed', ring: path };
      }
      const crossing = ringSelfIntersection(ring);
      if (crossing) {
        return { code: 'geometry.selfIntersects', ring: path, vertices: [crossing[0] + 1, crossing[1] + 1] };
      }
    }
    if (polygonArea(polygons[p]) < 1) {
      return { code: 'geometry.zeroArea', ring: g.type === 'Polygon' ? [0] : [p, 0] };
    }
  }
  return null;
}
