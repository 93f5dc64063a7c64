import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoRegions } from '../../src/server/store/seed-demo.js';
import {
  type LonLat,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  haversineDistance,
  lonLatToOffset,
  offsetToLonLat,
  pointInGeometry,
} from '../../src/shared/domain/geometry.js';

/** Invariants of map-styles/demo-plant.geojson (built by scripts/build-plant-layout.mjs). */

interface Feature {
  id: number;
  properties: Record<string, unknown> & { kind: string; code: string; name: string; name_en: string; region: string };
  geometry:
    | { type: 'Point'; coordinates: LonLat }
    | { type: 'LineString'; coordinates: LonLat[] }
    | PolygonGeometry
    | MultiPolygonGeometry;
}
interface Meta {
  origin: { lon: number; lat: number };
  bounds: [LonLat, LonLat];
  center: LonLat;
  zoom: number;
  regions: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'map-styles/demo-plant.geojson'), 'utf8')) as { features: Feature[] };
const meta = JSON.parse(fs.readFileSync(path.join(root, 'map-styles/demo-plant.meta.json'), 'utf8')) as Meta;
const features = layout.features;
const origin: LonLat = [meta.origin.lon, meta.origin.lat];

interface TreeNode {
  code: string;
  children?: TreeNode[];
}
const parentOf = new Map<string, string | null>();
(function walk(node: TreeNode, parent: string | null) {
  parentOf.set(node.code, parent);
  node.children?.forEach((c) => walk(c, node.code));
})(demoRegions, null);
const regionCodes = [...parentOf.keys()];

const areaFeatures = features.filter((f) => f.properties.kind === 'site' || f.properties.kind === 'region');
const regionGeom = new Map(areaFeatures.map((f) => [f.properties.code, f.geometry as PolygonGeometry | MultiPolygonGeometry]));
const ofKind = (kind: string) => features.filter((f) => f.properties.kind === kind);

function rings(g: PolygonGeometry | MultiPolygonGeometry): (readonly LonLat[])[] {
  return g.type === 'Polygon' ? g.coordinates.map((r) => [...r]) : g.coordinates.flatMap((p) => p.map((r) => [...r]));
}
function vertices(f: Feature): LonLat[] {
  switch (f.geometry.type) {
    case 'Point':
      return [f.geometry.coordinates];
    case 'LineString':
      return f.geometry.coordinates;
    case 'Polygon':
    case 'MultiPolygon':
      return rings(f.geometry).flat();
  }
}
/** Inside, or within 5 cm of an edge (rectangles that share the fence line). */
function insideOrOn(p: LonLat, g: PolygonGeometry | MultiPolygonGeometry): boolean {
  if (pointInGeometry(p, g)) {
    return true;
  }
  const [px, py] = lonLatToOffset(origin, p);
  return rings(g).some((ring) =>
    ring.some((a, i) => {
      if (i === 0) {
        return false;
      }
      const [ax, ay] = lonLatToOffset(origin, ring[i - 1]);
      const [bx, by] = lonLatToOffset(origin, a);
      const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
      return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))) < 0.05;
    }),
  );
}
function segmentsCross(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o = (p: LonLat, q: LonLat, r: LonLat) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}
function overlaps(g: PolygonGeometry | MultiPolygonGeometry, h: PolygonGeometry | MultiPolygonGeometry): boolean {
  const gr = rings(g);
  const hr = rings(h);
  if (gr.flat().some((p) => pointInGeometry(p, h)) || hr.flat().some((p) => pointInGeometry(p, g))) {
    return true;
  }
  return gr.some((r) => r.some((a, i) => i > 0 && hr.some((s) => s.some((c, k) => k > 0 && segmentsCross(r[i - 1], a, s[k - 1], c)))));
}

describe('demo plant layout: regions', () => {
  it('has exactly one polygon per region code of demoRegions, and no other', () => {
    for (const code of regionCodes) {
      expect(areaFeatures.filter((f) => f.properties.code === code), code).toHaveLength(1);
    }
    expect(areaFeatures.map((f) => f.properties.code).sort()).toEqual([...regionCodes].sort());
    expect(regionGeom.get('PLANT')).toBeDefined();
    expect(features.find((f) => f.properties.code === 'PLANT')?.properties.kind).toBe('site');
  });

  it('gives each region its parent from the tree', () => {
    for (const f of areaFeatures) {
      expect(f.properties.parent ?? null, f.properties.code).toBe(parentOf.get(f.properties.code));
      expect(f.properties.region).toBe(f.properties.code);
    }
  });

  it('keeps each region inside its parent and apart from its siblings', () => {
    for (const code of regionCodes) {
      const parent = parentOf.get(code);
      const g = regionGeom.get(code)!;
      if (parent) {
        for (const p of rings(g).flat()) {
          expect(insideOrOn(p, regionGeom.get(parent)!), `${code} vertex outside ${parent}`).toBe(true);
        }
      }
      const siblings = regionCodes.filter((c) => c !== code && parentOf.get(c) === parent);
      for (const s of siblings) {
        expect(overlaps(g, regionGeom.get(s)!), `${code} overlaps ${s}`).toBe(false);
      }
    }
  });

  it('lists the region codes in the meta file', () => {
    expect([...meta.regions].sort()).toEqual([...regionCodes].sort());
  });
});

describe('demo plant layout: features', () => {
  it('has unique codes, names in both languages and a known region on every feature', () => {
    const codes = features.map((f) => f.properties.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const f of features) {
      expect(typeof f.properties.name, f.properties.code).toBe('string');
      expect(f.properties.name.length).toBeGreaterThan(0);
      expect(f.properties.name_en.length).toBeGreaterThan(0);
      expect(parentOf.has(f.properties.region), `${f.properties.code} region ${f.properties.region}`).toBe(true);
    }
  });

  it('places every point inside the polygon of its region', () => {
    const points = features.filter((f) => f.geometry.type === 'Point');
    expect(points.length).toBeGreaterThan(100);
    for (const f of points) {
      const p = (f.geometry as { coordinates: LonLat }).coordinates;
      expect(pointInGeometry(p, regionGeom.get(f.properties.region)!), `${f.properties.code} outside ${f.properties.region}`).toBe(true);
    }
  });

  it('places every footprint (tank, building, unit, bay, bund) inside its region', () => {
    for (const f of features.filter((q) => q.geometry.type === 'Polygon' && q.properties.kind !== 'region' && q.properties.kind !== 'site')) {
      for (const p of vertices(f)) {
        expect(pointInGeometry(p, regionGeom.get(f.properties.region)!), `${f.properties.code} outside ${f.properties.region}`).toBe(true);
      }
    }
  });

  it('keeps roads inside the site fence', () => {
    for (const f of ofKind('road')) {
      for (const p of vertices(f)) {
        expect(insideOrOn(p, regionGeom.get('PLANT')!), f.properties.code).toBe(true);
      }
    }
  });

  it('records local metres (x_m, y_m) that match the coordinates (same projection as geometry.ts)', () => {
    for (const f of features.filter((q) => q.geometry.type === 'Point')) {
      const [lon, lat] = offsetToLonLat(origin, f.properties.x_m as number, f.properties.y_m as number);
      expect(haversineDistance([lon, lat], (f.geometry as { coordinates: LonLat }).coordinates)).toBeLessThan(0.05);
    }
  });

  it('has realistic counts', () => {
    expect(ofKind('site')).toHaveLength(1);
    expect(ofKind('tank').length).toBeGreaterThanOrEqual(16);
    expect(ofKind('tank').length).toBeLessThanOrEqual(24);
    expect(ofKind('sphere')).toHaveLength(4);
    expect(ofKind('loading_bay').length).toBeGreaterThanOrEqual(6);
    expect(ofKind('loading_bay').length).toBeLessThanOrEqual(8);
    expect(ofKind('gas_detector').length).toBeGreaterThanOrEqual(60);
    expect(ofKind('gas_detector').length).toBeLessThanOrEqual(100);
    expect(ofKind('camera').length).toBeGreaterThanOrEqual(15);
    expect(ofKind('building').length).toBeGreaterThan(10);
    for (const unit of ['PU-1', 'PU-2', 'PU-3']) {
      expect(ofKind('unit').filter((f) => f.properties.region === unit).length, unit).toBeGreaterThanOrEqual(3);
    }
    expect(ofKind('gate').map((f) => f.properties.region).sort()).toEqual(['GT-N', 'GT-S']);
    expect(ofKind('loading_bay').every((f) => f.properties.region === 'LS')).toBe(true);
  });

  it('describes tanks, spheres, units, roads and buildings with their dimensions', () => {
    for (const f of [...ofKind('tank'), ...ofKind('sphere')]) {
      expect(f.properties.diameter_m, f.properties.code).toBeGreaterThan(0);
      expect(f.properties.capacity_m3, f.properties.code).toBeGreaterThan(0);
      expect(f.properties.substance, f.properties.code).toMatch(/\p{Script=Han}/u);
      expect(f.properties.substance_en, f.properties.code).toMatch(/^[A-Za-z]/);
    }
    for (const f of [...ofKind('tank'), ...ofKind('unit'), ...ofKind('building')]) {
      expect(typeof f.properties.height_m, f.properties.code).toBe('number');
    }
    for (const f of ofKind('road')) {
      expect(f.properties.width_m, f.properties.code).toBeGreaterThan(0);
    }
  });

  it('spaces tanks and spheres at least 0.6 D shell to shell (GB 50160-2008 Table 6.2.8)', () => {
    const vessels = [...ofKind('tank'), ...ofKind('sphere')].map((f) => ({
      code: f.properties.code,
      x: f.properties.x_m as number,
      y: f.properties.y_m as number,
      d: f.properties.diameter_m as number,
    }));
    for (const [i, a] of vessels.entries()) {
      for (const b of vessels.slice(i + 1)) {
        const gap = Math.hypot(a.x - b.x, a.y - b.y) - a.d / 2 - b.d / 2;
        expect(gap, `${a.code}–${b.code}`).toBeGreaterThanOrEqual(0.6 * Math.max(a.d, b.d));
      }
    }
  });

  it('puts combustible detectors on flammables and toxic ones at ammonia and chlorine', () => {
    const detectors = ofKind('gas_detector');
    for (const f of detectors) {
      const { gas, detector_kind } = f.properties;
      expect(['combustible', 'NH3', 'Cl2', 'H2S']).toContain(gas);
      expect(detector_kind).toBe(gas === 'combustible' ? 'lel' : 'ppm');
      expect(f.properties.alarm_1 as number).toBeLessThan(f.properties.alarm_2 as number);
    }
    const by = (region: string, gas: string) => detectors.filter((f) => f.properties.region === region && f.properties.gas === gas).length;
    expect(by('TF-C', 'NH3')).toBeGreaterThanOrEqual(4);
    expect(by('PU-3', 'Cl2')).toBeGreaterThanOrEqual(4);
    expect(by('TF-A', 'combustible')).toBeGreaterThanOrEqual(16);
    expect(by('TF-B', 'combustible')).toBeGreaterThanOrEqual(4);
    expect(by('LS', 'combustible')).toBeGreaterThanOrEqual(6);
    // Every tank has a detector watching it, of the right gas.
    for (const t of ofKind('tank')) {
      const watching = detectors.filter((d) => d.properties.target === t.properties.code);
      expect(watching.length, t.properties.code).toBeGreaterThan(0);
      expect(watching.every((d) => d.properties.gas === (t.properties.substance_en === 'ammonia' ? 'NH3' : 'combustible'))).toBe(true);
    }
  });

  it('connects all roads into one network that reaches the gates and the main areas', () => {
    const key = (p: LonLat) => `${p[0].toFixed(7)},${p[1].toFixed(7)}`;
    const parent = new Map<string, string>();
    const find = (k: string): string => {
      const p = parent.get(k) ?? k;
      if (p === k) {
        return k;
      }
      const r = find(p);
      parent.set(k, r);
      return r;
    };
    const roads = ofKind('road');
    for (const f of roads) {
      const pts = vertices(f).map(key);
      pts.forEach((k) => parent.set(k, find(k)));
      for (let i = 1; i < pts.length; i++) {
        parent.set(find(pts[i]), find(pts[0]));
      }
    }
    const components = new Set(roads.map((f) => find(key(vertices(f)[0]))));
    expect(components.size).toBe(1);

    // Points every 5 m along the centre lines, in local metres.
    const roadPoints = roads.flatMap((f) => {
      const pts = vertices(f).map((p) => lonLatToOffset(origin, p));
      return pts.slice(1).flatMap(([bx, by], i) => {
        const [ax, ay] = pts[i];
        const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 5));
        return Array.from({ length: n + 1 }, (_, k) => [ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
      });
    });
    for (const code of ['GT-N', 'GT-S', 'LS', 'TF-A', 'TF-B', 'TF-C', 'PU-1', 'PU-2', 'PU-3', 'WH', 'OF', 'CR', 'UT']) {
      const corners = rings(regionGeom.get(code)!).flat().map((p) => lonLatToOffset(origin, p));
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs) - 30, Math.max(...xs) + 30, Math.min(...ys) - 30, Math.max(...ys) + 30];
      const near = roadPoints.some(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
      expect(near, `no road within 30 m of ${code}`).toBe(true);
    }
  });

  it('frames the plant in the meta bounds and centre', () => {
    const [[w, s], [e, n]] = meta.bounds;
    for (const f of features) {
      for (const [lon, lat] of vertices(f)) {
        expect(lon >= w - 1e-9 && lon <= e + 1e-9 && lat >= s - 1e-9 && lat <= n + 1e-9, f.properties.code).toBe(true);
      }
    }
    expect(pointInGeometry(meta.center, regionGeom.get('PLANT')!)).toBe(true);
    const width = haversineDistance([w, s], [e, s]);
    const height = haversineDistance([w, s], [w, n]);
    expect(width).toBeGreaterThan(1400);
    expect(width).toBeLessThan(1600);
    expect(height).toBeGreaterThan(900);
    expect(height).toBeLessThan(1100);
  });
});
