import fs from 'node:fs';
import path from 'node:path';

/**
 * The plant as the simulator and the tag seed see it, read from the plant
 * layout GeoJSON (map-styles/demo-plant.geojson). Geometry is kept in local
 * metres (x east, y north from the south-west corner of the site), because
 * walking speeds, leak spread and detector distances are all in metres.
 */

export interface Pt {
  x: number;
  y: number;
}

/** A map feature with the properties every kind carries; `props` keeps the rest as the map has them. */
export interface PlantFeature {
  kind: string;
  code: string;
  name: string;
  name_en: string;
  /** Region code (matches the region table's regioncode). */
  region: string;
  /** Representative point (the map's x_m/y_m, else the centroid). */
  at: Pt;
  props: Record<string, unknown>;
}

export interface VesselFeature extends PlantFeature {
  diameter_m: number;
  height_m: number;
  capacity_m3: number;
  substance: string;
  substance_en: string;
  /** Tanks: internal_floating, fixed, refrigerated…; spheres: ''. */
  roof: string;
  /** Spheres: design pressure in MPa (gauge). */
  design_pressure_mpa: number | null;
}

export interface DetectorFeature extends PlantFeature {
  /** 'combustible', or the toxic gas (NH3, Cl2, H2S, CO…). */
  gas: string;
  detector_kind: 'lel' | 'ppm';
  unit: string;
  range_max: number | null;
  /** First and second alarm settings from the map (GB/T 50493-2019 §5.5.2), when given. */
  alarm_1: number | null;
  alarm_2: number | null;
  /** Code of the equipment the detector watches. */
  target: string;
}

export interface RoadFeature {
  code: string;
  name: string;
  width_m: number;
  points: Pt[];
}

export interface RegionFeature {
  code: string;
  name: string;
  name_en: string;
  parent: string | null;
  /** Outer rings of the region's polygons. */
  rings: Pt[][];
}

export interface PlantLayout {
  /** Geographic origin of the local metres (south-west corner). */
  origin: { lon: number; lat: number };
  /** Extent of the site in metres. */
  size: { x: number; y: number };
  regions: RegionFeature[];
  tanks: VesselFeature[];
  spheres: VesselFeature[];
  /** Process equipment; `props.equipment` says which (reactor, column, vessel, heat_exchanger, furnace, pump, pipe_rack). */
  units: PlantFeature[];
  detectors: DetectorFeature[];
  buildings: PlantFeature[];
  loadingBays: PlantFeature[];
  gates: PlantFeature[];
  roads: RoadFeature[];
}

/** Mean Earth radius (IUGG), the one the layout generator used. */
const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

/** Equirectangular projection around the origin: metres-accurate over a site of a few kilometres. */
export function toLocal(origin: { lon: number; lat: number }, lon: number, lat: number): Pt {
  return {
    x: (lon - origin.lon) * RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD),
    y: (lat - origin.lat) * RAD * EARTH_RADIUS_M,
  };
}

export function toLonLat(origin: { lon: number; lat: number }, p: Pt): { lon: number; lat: number } {
  return {
    lon: origin.lon + p.x / (RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD)),
    lat: origin.lat + p.y / (RAD * EARTH_RADIUS_M),
  };
}

type Position = number[];
interface Geometry {
  type: string;
  coordinates?: unknown;
}
interface Feature {
  type: 'Feature';
  properties: Record<string, unknown> | null;
  geometry: Geometry | null;
}
interface FeatureCollection {
  type: 'FeatureCollection';
  bbox?: number[];
  features: Feature[];
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

function isPosition(v: unknown): v is Position {
  return Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number';
}

/** Every coordinate of a geometry, whatever its nesting. */
function positions(coords: unknown, out: Position[] = []): Position[] {
  if (isPosition(coords)) {
    out.push(coords);
  } else if (Array.isArray(coords)) {
    for (const c of coords) {
      positions(c, out);
    }
  }
  return out;
}

/** Outer rings of a Polygon or MultiPolygon. */
function outerRings(g: Geometry): Position[][] {
  if (g.type === 'Polygon' && Array.isArray(g.coordinates) && g.coordinates.length) {
    return [positions(g.coordinates[0])];
  }
  if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates)) {
    return (g.coordinates as unknown[]).filter((p): p is unknown[] => Array.isArray(p) && p.length > 0).map((p) => positions(p[0]));
  }
  return [];
}

function lines(g: Geometry): Position[][] {
  if (g.type === 'LineString') {
    return [positions(g.coordinates)];
  }
  if (g.type === 'MultiLineString' && Array.isArray(g.coordinates)) {
    return (g.coordinates as unknown[]).map((l) => positions(l));
  }
  return [];
}

/** Reads a plant layout FeatureCollection with the properties documented in map-styles (kind, code, name, name_en, region…). */
export function parsePlantLayout(geojson: unknown): PlantLayout {
  const fc = geojson as FeatureCollection;
  if (!fc || fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    throw new Error('plant layout: not a GeoJSON FeatureCollection');
  }
  // The local origin is the south-west corner of the data, as the layout's x_m/y_m are.
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  if (fc.bbox && fc.bbox.length >= 4) {
    [minLon, minLat, maxLon, maxLat] = fc.bbox;
  } else {
    for (const f of fc.features) {
      for (const [lon, lat] of positions(f.geometry?.coordinates)) {
        minLon = Math.min(minLon, lon);
        minLat = Math.min(minLat, lat);
        maxLon = Math.max(maxLon, lon);
        maxLat = Math.max(maxLat, lat);
      }
    }
  }
  if (!Number.isFinite(minLon)) {
    throw new Error('plant layout: no coordinates');
  }
  const origin = { lon: minLon, lat: minLat };
  const far = toLocal(origin, maxLon, maxLat);
  const layout: PlantLayout = {
    origin,
    size: { x: far.x, y: far.y },
    regions: [],
    tanks: [],
    spheres: [],
    units: [],
    detectors: [],
    buildings: [],
    loadingBays: [],
    gates: [],
    roads: [],
  };
  const local = (p: Position) => toLocal(origin, p[0], p[1]);

  for (const f of fc.features) {
    const p = f.properties ?? {};
    const g = f.geometry;
    if (!g) {
      continue;
    }
    const kind = str(p.kind);
    const code = str(p.code);
    const pts = positions(g.coordinates).map(local);
    if (!code || pts.length === 0) {
      continue;
    }
    const x = num(p.x_m);
    const y = num(p.y_m);
    const at = x !== null && y !== null ? { x, y } : centroid(pts);
    const base: PlantFeature = { kind, code, name: str(p.name, code), name_en: str(p.name_en), region: str(p.region), at, props: p };
    switch (kind) {
      case 'region':
      case 'site':
        layout.regions.push({
          code,
          name: base.name,
          name_en: base.name_en,
          parent: kind === 'site' ? null : str(p.parent) || null,
          rings: outerRings(g).map((r) => r.map(local)),
        });
        break;
      case 'tank':
      case 'sphere': {
        const v: VesselFeature = {
          ...base,
          diameter_m: num(p.diameter_m) ?? 20,
          height_m: num(p.height_m) ?? 15,
          capacity_m3: num(p.capacity_m3) ?? 0,
          substance: str(p.substance),
          substance_en: str(p.substance_en),
          roof: str(p.roof),
          design_pressure_mpa: num(p.design_pressure_mpa),
        };
        (kind === 'tank' ? layout.tanks : layout.spheres).push(v);
        break;
      }
      case 'gas_detector': {
        const dk = str(p.detector_kind).toLowerCase();
        const gas = str(p.gas, 'combustible');
        const lel = dk === 'lel' || dk === 'combustible' || dk === 'flammable' || (dk === '' && gas === 'combustible');
        layout.detectors.push({
          ...base,
          gas,
          detector_kind: lel ? 'lel' : 'ppm',
          unit: str(p.unit, lel ? '%LEL' : 'ppm'),
          range_max: num(p.range_max),
          alarm_1: num(p.alarm_1),
          alarm_2: num(p.alarm_2),
          target: str(p.target),
        });
        break;
      }
      case 'unit':
        layout.units.push(base);
        break;
      case 'building':
        layout.buildings.push(base);
        break;
      case 'loading_bay':
        layout.loadingBays.push(base);
        break;
      case 'gate':
        layout.gates.push(base);
        break;
      case 'road':
        for (const l of lines(g)) {
          layout.roads.push({ code, name: base.name, width_m: num(p.width_m) ?? 6, points: l.map(local) });
        }
        break;
      default:
        break;
    }
  }
  return layout;
}

function centroid(pts: Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const p of pts) {
    x += p.x;
    y += p.y;
  }
  return { x: x / pts.length, y: y / pts.length };
}

/** Ray casting; points on the boundary may fall either way, which is fine for regions metres wide. */
export function insideRing(p: Pt, ring: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

export function insideRegion(p: Pt, region: RegionFeature): boolean {
  return region.rings.some((r) => insideRing(p, r));
}

export const distance = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The demo plant's layout file, relative to the working directory as the static map files are. */
export const DEMO_LAYOUT_FILE = path.resolve('map-styles/demo-plant.geojson');

/** Reads the demo layout; null when the file is missing (a deployment without the demo map). */
export function loadDemoLayout(file = DEMO_LAYOUT_FILE): PlantLayout | null {
  if (!fs.existsSync(file)) {
    return null;
  }
  return parsePlantLayout(JSON.parse(fs.readFileSync(file, 'utf8')));
}
