/**
 * The demo plant layout (map-styles/demo-plant.geojson, built by
 * scripts/build-plant-layout.mjs) as typed data, and the offline plant style prepared for
 * a map: label language and absolute URLs.
 */
import type { StyleSpecification } from 'maplibre-gl';
import metaJson from '../../../map-styles/demo-plant.meta.json';
import styleJson from '../../../map-styles/plant-style.json';
import {
  type LonLat,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  pointInGeometry,
} from '../../shared/domain/geometry';

export interface PlantMeta {
  name: string;
  name_en: string;
  /** South-west corner of the site fence; features carry local metres x_m (east), y_m (north) from it. */
  origin: { lon: number; lat: number; description: string; earth_radius_m: number };
  size_m: { x: number; y: number };
  /** [[west, south], [east, north]] of the site. */
  bounds: [LonLat, LonLat];
  center: LonLat;
  zoom: number;
  bearing: number;
  pitch: number;
  min_zoom: number;
  max_zoom: number;
  /** Region codes, the same as demoRegions in the server's seed. */
  regions: string[];
  feature_counts: Record<string, number>;
}

export const plantMeta = metaJson as unknown as PlantMeta;

/** Served by the server from map-styles/ (and proxied by the Vite dev server). */
export const PLANT_LAYOUT_URL = '/map-styles/demo-plant.geojson';
export const PLANT_STYLE_URL = '/map-styles/plant-style.json';
/** Id of the layout's source in the plant style. */
export const PLANT_SOURCE_ID = 'plant';

export type Language = 'zh' | 'en';

// ───────────────────────── feature properties ─────────────────────────

interface BaseProps {
  code: string;
  name: string;
  name_en: string;
  /** Code of the region the feature lies in ('PLANT' for site-wide features such as roads). */
  region: string;
  /** Local metres from the origin (centre of a footprint). */
  x_m?: number;
  y_m?: number;
}
export type RegionCategory = 'storage' | 'process' | 'logistics' | 'warehouse' | 'utility' | 'admin';
export interface SiteProps extends BaseProps {
  kind: 'site';
  parent: null;
  area_m2: number;
}
export interface RegionProps extends BaseProps {
  kind: 'region';
  parent: string;
  /** Has child regions (TF, PU, GT); its polygon encloses theirs. */
  is_group: boolean;
  category: RegionCategory;
  area_m2: number;
}
export interface RoadProps extends BaseProps {
  kind: 'road';
  width_m: number;
}
export interface BuildingProps extends BaseProps {
  kind: 'building';
  height_m: number;
  building_kind: string;
}
export interface BundProps extends BaseProps {
  kind: 'bund';
  height_m: number;
}
export interface SubstanceProps {
  /** Chinese name (GB 18218-2018 Table 1 wording). */
  substance: string;
  substance_en: string;
  cas: string;
}
export interface TankProps extends BaseProps, SubstanceProps {
  kind: 'tank';
  diameter_m: number;
  height_m: number;
  capacity_m3: number;
  roof: 'internal_floating' | 'fixed' | 'refrigerated';
  bund: string;
  /** Density of the stored liquid, t/m³, to turn level into mass. */
  density_t_m3: number;
}
export interface SphereProps extends BaseProps, SubstanceProps {
  kind: 'sphere';
  diameter_m: number;
  height_m: number;
  capacity_m3: number;
  design_pressure_mpa: number;
  bund: string;
  density_t_m3: number;
}
export type EquipmentKind = 'reactor' | 'column' | 'furnace' | 'heat_exchanger' | 'vessel' | 'pump' | 'pipe_rack';
export interface UnitProps extends BaseProps, SubstanceProps {
  kind: 'unit';
  equipment: EquipmentKind;
  height_m: number;
  diameter_m?: number;
}
export interface LoadingBayProps extends BaseProps {
  kind: 'loading_bay';
  product: string;
  product_en: string;
  cas: string;
  mode: 'pressure' | 'top_loading';
}
export interface GateProps extends BaseProps {
  kind: 'gate';
  gate_kind: 'people' | 'logistics';
  lanes: number;
}
export type DetectedGas = 'combustible' | 'NH3' | 'Cl2' | 'H2S';
export interface GasDetectorProps extends BaseProps {
  kind: 'gas_detector';
  gas: DetectedGas;
  detector_kind: 'lel' | 'ppm';
  unit: '%LEL' | 'ppm';
  range_max: number;
  /** Default first and second alarm set points (GB/T 50493-2019 §5.5.3), in `unit`. */
  alarm_1: number;
  alarm_2: number;
  /** Code of the tank, equipment or building the detector watches. */
  target: string;
}
export interface CameraProps extends BaseProps {
  kind: 'camera';
  camera_kind: 'bullet' | 'dome' | 'ex_ptz' | 'ex_bullet';
  /** Viewing direction, degrees clockwise from north. */
  bearing_deg: number;
  explosion_proof: boolean;
}

interface PointGeometry {
  type: 'Point';
  coordinates: LonLat;
}
interface LineStringGeometry {
  type: 'LineString';
  coordinates: LonLat[];
}
interface Feature<P, G> {
  type: 'Feature';
  id: number;
  properties: P;
  geometry: G;
}

export type PlantFeature =
  | Feature<SiteProps, PolygonGeometry>
  | Feature<RegionProps, PolygonGeometry | MultiPolygonGeometry>
  | Feature<RoadProps, LineStringGeometry>
  | Feature<BuildingProps, PolygonGeometry>
  | Feature<BundProps, PolygonGeometry>
  | Feature<TankProps, PolygonGeometry>
  | Feature<SphereProps, PolygonGeometry>
  | Feature<UnitProps, PolygonGeometry>
  | Feature<LoadingBayProps, PolygonGeometry>
  | Feature<GateProps, PointGeometry>
  | Feature<GasDetectorProps, PointGeometry>
  | Feature<CameraProps, PointGeometry>;
export type PlantFeatureKind = PlantFeature['properties']['kind'];
export type PlantFeatureOf<K extends PlantFeatureKind> = Extract<PlantFeature, { properties: { kind: K } }>;

export interface PlantLayout {
  type: 'FeatureCollection';
  bbox: [number, number, number, number];
  features: PlantFeature[];
}

/** Fetches the layout GeoJSON from the server. */
export async function fetchPlantLayout(signal?: AbortSignal): Promise<PlantLayout> {
  const res = await fetch(PLANT_LAYOUT_URL, { signal, headers: { Accept: 'application/geo+json, application/json' } });
  if (!res.ok) {
    throw new Error(`plant layout: HTTP ${res.status} for ${PLANT_LAYOUT_URL}`);
  }
  const body = (await res.json()) as Partial<PlantLayout>;
  if (body.type !== 'FeatureCollection' || !Array.isArray(body.features)) {
    throw new Error('plant layout: not a GeoJSON FeatureCollection');
  }
  return body as PlantLayout;
}

export function featuresOfKind<K extends PlantFeatureKind>(layout: PlantLayout, kind: K): PlantFeatureOf<K>[] {
  return layout.features.filter((f): f is PlantFeatureOf<K> => f.properties.kind === kind);
}

/**
 * Region codes whose polygon contains the point, innermost first (e.g. ['TF-A', 'TF', 'PLANT']);
 * empty outside the site.
 */
export function regionsAt(layout: PlantLayout, p: LonLat): string[] {
  const areas = layout.features.filter(
    (f): f is PlantFeatureOf<'site'> | PlantFeatureOf<'region'> => f.properties.kind === 'site' || f.properties.kind === 'region',
  );
  const parent = new Map(areas.map((f) => [f.properties.code, f.properties.parent]));
  const depth = (code: string): number => {
    const up = parent.get(code);
    return up ? 1 + depth(up) : 0;
  };
  return areas
    .filter((f) => pointInGeometry(p, f.geometry))
    .map((f) => f.properties.code)
    .sort((a, b) => depth(b) - depth(a));
}

// ───────────────────────── style ─────────────────────────

/** Layers of the plant style that name a feature a user may click (flat and extruded variants). */
export const PLANT_INTERACTIVE_LAYERS = [
  'tank',
  'tank-flat',
  'sphere',
  'sphere-flat',
  'unit-equipment',
  'unit-flat',
  'building',
  'building-flat',
  'building-ground',
  'loading-bay',
  'gas-detector',
  'camera',
  'gate',
  'region-fill',
];

/** Property pairs the labels show in both languages: the style puts the Chinese one first. */
const LABEL_PAIRS = ['name', 'substance', 'product'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function swapLanguage(expr: Json): Json {
  if (!Array.isArray(expr)) {
    return expr;
  }
  if (expr.length === 2 && expr[0] === 'get' && typeof expr[1] === 'string') {
    const key = expr[1];
    const base = key.endsWith('_en') ? key.slice(0, -3) : key;
    if (LABEL_PAIRS.includes(base)) {
      return ['get', key === base ? `${base}_en` : base];
    }
  }
  return expr.map(swapLanguage);
}

/**
 * How the plant is drawn: '2d' a flat plan (seen from above), '3d' extruded tanks, units and
 * buildings (tilted). Style layers say which view they belong to in metadata `plantwatch:view`.
 */
export type PlantView = '2d' | '3d';
/** Pitch (degrees) above which a plant map shows the 3D layers. */
export const PLANT_3D_PITCH = 10;

/**
 * The offline plant style for a map: labels lead with `language` (the other language
 * follows, smaller), only the layers of `view` are visible, and the root-relative URLs of
 * glyphs and sources become absolute for `origin` (a worker resolves relative URLs against
 * its own script, not the page).
 */
export function plantStyle(language: Language, origin: string, view: PlantView = '2d'): StyleSpecification {
  const base = styleJson as unknown as StyleSpecification;
  const abs = (url: string) => (url.startsWith('/') ? origin.replace(/\/$/, '') + url : url);
  const sources: StyleSpecification['sources'] = {};
  for (const [id, src] of Object.entries(base.sources)) {
    sources[id] = src.type === 'geojson' && typeof src.data === 'string' ? { ...src, data: abs(src.data) } : src;
  }
  const layers = base.layers.map((layer) => {
    let out = layer;
    const layerView = (layer.metadata as Record<string, unknown> | undefined)?.['plantwatch:view'];
    if (layerView === '2d' || layerView === '3d') {
      out = { ...out, layout: { ...out.layout, visibility: layerView === view ? 'visible' : 'none' } };
    }
    if (language === 'en' && out.type === 'symbol' && out.layout?.['text-field'] !== undefined) {
      out = { ...out, layout: { ...out.layout, 'text-field': swapLanguage(out.layout['text-field'] as Json) } } as typeof layer;
    }
    return out;
  });
  return { ...base, glyphs: base.glyphs ? abs(base.glyphs) : undefined, sources, layers };
}
