/**
 * Writes the demo plant's 3D model and its bindings from the plant layout
 * (map-styles/demo-plant.geojson) and the simulator's tag list, with nothing
 * from the web: `models/demo-plant.glb` (glTF 2.0 binary, built by hand: one
 * unit box, cylinder and sphere, shared by every node through scale) and
 * `models/demo-plant.bindings.json` (node → kind, region, tags, level tag).
 *
 *   npx tsx scripts/make-demo-plant.ts
 *
 * Scene axes: metres, Y up, X east, −Z north, the site's centre at the origin.
 * Node names are the layout's codes (`TK-101`, `SP-201`, `R-101`, `PR-101`,
 * `B-OF-01`, `LB-01`); a tank or sphere has a child `<code>_fill` whose Y scale
 * is the level's share of the height; zones are flat plates `zone_<region>` (glTF loaders drop `.` and `:` from node names).
 */
import fs from 'node:fs';
import path from 'node:path';
import { lonLatToOffset } from '../src/shared/domain/geometry.js';
import { loadDemoLayout } from '../src/server/sim/plant-layout.js';
import { deriveTags } from '../src/server/sim/plant-tags.js';

type Vec3 = [number, number, number];
type Ring = [number, number][];

interface Feature {
  type: 'Feature';
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown> & { kind: string; code: string; name: string; name_en: string; region: string };
}

const root = path.resolve(import.meta.dirname, '..');
const geojson = JSON.parse(fs.readFileSync(path.join(root, 'map-styles/demo-plant.geojson'), 'utf8')) as { features: Feature[] };
const meta = JSON.parse(fs.readFileSync(path.join(root, 'map-styles/demo-plant.meta.json'), 'utf8')) as { origin: { lon: number; lat: number }; size_m: { x: number; y: number } };
const origin: [number, number] = [meta.origin.lon, meta.origin.lat];
const centre = { x: meta.size_m.x / 2, y: meta.size_m.y / 2 };

/** Layout metres (x east, y north) → scene [x, z]. */
const scene = (x: number, y: number): [number, number] => [round(x - centre.x), round(-(y - centre.y))];
const round = (v: number) => Math.round(v * 1000) / 1000;

function ringOf(f: Feature): Ring {
  const c = f.geometry.coordinates as number[][][] | number[][][][];
  const ring = (f.geometry.type === 'MultiPolygon' ? (c as number[][][][])[0][0] : (c as number[][][])[0]) as [number, number][];
  return ring.map((p) => lonLatToOffset(origin, p));
}

function bbox(ring: Ring) {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w: x1 - x0, d: y1 - y0 };
}

// ---- geometry: unit shapes centred at the origin (box and cylinder 1 m high, sphere 1 m across) ----

interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

function boxGeometry(): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const faces: [Vec3, Vec3, Vec3][] = [
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
  ];
  for (const [n, u, v] of faces) {
    const base = g.positions.length / 3;
    for (const [su, sv] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      g.positions.push(...([0, 1, 2].map((i) => 0.5 * (n[i] + su * u[i] + sv * v[i])) as Vec3));
      g.normals.push(...n);
    }
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

function cylinderGeometry(segments = 32): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const [x, z] = [Math.cos(a), Math.sin(a)];
    g.positions.push(0.5 * x, -0.5, 0.5 * z, 0.5 * x, 0.5, 0.5 * z);
    g.normals.push(x, 0, z, x, 0, z);
  }
  for (let i = 0; i < segments; i++) {
    const [a, b, c, d] = [2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3];
    g.indices.push(a, b, d, a, d, c);
  }
  for (const y of [0.5, -0.5]) {
    const centreIndex = g.positions.length / 3;
    g.positions.push(0, y, 0);
    g.normals.push(0, Math.sign(y), 0);
    for (let i = 0; i <= segments; i++) {
      const a = (i / segments) * Math.PI * 2;
      g.positions.push(0.5 * Math.cos(a), y, 0.5 * Math.sin(a));
      g.normals.push(0, Math.sign(y), 0);
    }
    for (let i = 0; i < segments; i++) {
      const [p, q] = [centreIndex + 1 + i, centreIndex + 2 + i];
      g.indices.push(...(y > 0 ? [centreIndex, q, p] : [centreIndex, p, q]));
    }
  }
  return g;
}

function sphereGeometry(w = 24, h = 16): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (let j = 0; j <= h; j++) {
    const v = (j / h) * Math.PI;
    for (let i = 0; i <= w; i++) {
      const u = (i / w) * Math.PI * 2;
      const n: Vec3 = [Math.cos(u) * Math.sin(v), Math.cos(v), Math.sin(u) * Math.sin(v)];
      g.positions.push(...n.map((c) => 0.5 * c));
      g.normals.push(...n);
    }
  }
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const [a, b] = [j * (w + 1) + i, (j + 1) * (w + 1) + i];
      g.indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return g;
}

// ---- glTF assembly ----

const materials = {
  ground: [0.16, 0.2, 0.17, 1],
  road: [0.32, 0.33, 0.35, 1],
  zone: [0.3, 0.6, 0.4, 0.25],
  fence: [0.75, 0.75, 0.7, 1],
  bund: [0.55, 0.52, 0.46, 1],
  shell: [0.82, 0.85, 0.88, 0.35],
  fill: [0.2, 0.55, 0.95, 1],
  sphere: [0.9, 0.9, 0.92, 0.35],
  equipment: [0.7, 0.72, 0.75, 1],
  rack: [0.55, 0.42, 0.3, 1],
  building: [0.62, 0.66, 0.72, 1],
  bay: [0.8, 0.7, 0.3, 1],
} as const;
type MaterialName = keyof typeof materials;
const shapes = { box: boxGeometry(), cylinder: cylinderGeometry(), sphere: sphereGeometry() };
type Shape = keyof typeof shapes;

interface Node {
  name: string;
  mesh?: number;
  translation?: Vec3;
  scale?: Vec3;
  children?: number[];
  extras?: Record<string, unknown>;
}

const nodes: Node[] = [];
const meshKeys = new Map<string, number>();
const meshes: { name: string; primitives: { attributes: { POSITION: number; NORMAL: number }; indices: number; material: number }[] }[] = [];
const materialNames = Object.keys(materials) as MaterialName[];
const shapeNames = Object.keys(shapes) as Shape[];

function meshOf(shape: Shape, material: MaterialName): number {
  const key = `${shape}/${material}`;
  if (!meshKeys.has(key)) {
    const s = shapeNames.indexOf(shape);
    meshes.push({ name: key, primitives: [{ attributes: { POSITION: s * 3, NORMAL: s * 3 + 1 }, indices: s * 3 + 2, material: materialNames.indexOf(material) }] });
    meshKeys.set(key, meshes.length - 1);
  }
  return meshKeys.get(key)!;
}

function addNode(n: Node): number {
  nodes.push(n);
  return nodes.length - 1;
}

/** A shape standing on the ground (base at y = `base`), centred at layout metres (x, y). */
function solid(name: string, shape: Shape, material: MaterialName, x: number, y: number, size: Vec3, base = 0, extras?: Record<string, unknown>): number {
  const [sx, sz] = scene(x, y);
  return addNode({ name, mesh: meshOf(shape, material), translation: [sx, round(base + size[1] / 2), sz], scale: size.map(round) as Vec3, ...(extras ? { extras } : {}) });
}

// ---- bindings ----

export interface NodeBinding {
  node: string;
  kind: string;
  name: string;
  name_en: string;
  region: string;
  /** Tag ids of the node's device (every signal). */
  tags: string[];
  /** The tag whose value sets the fill (tanks and spheres). */
  levelTag?: string;
  /** Level range of `levelTag`: [lo, hi] in its unit. */
  levelRange?: [number, number];
  /** Code of the major hazard register's device the node stands for. */
  equipment?: string;
}

const layout = loadDemoLayout(path.join(root, 'map-styles/demo-plant.geojson'));
if (!layout) {
  throw new Error('map-styles/demo-plant.geojson is missing');
}
const tagsByDevice = new Map<string, ReturnType<typeof deriveTags>>();
for (const t of deriveTags(layout)) {
  tagsByDevice.set(t.device, [...(tagsByDevice.get(t.device) ?? []), t]);
}

const bindings: NodeBinding[] = [];
const roots: number[] = [];

function bind(f: Feature, kind: string): NodeBinding {
  const p = f.properties;
  const tags = tagsByDevice.get(p.code) ?? [];
  const level = tags.find((t) => t.kind === 'level');
  const b: NodeBinding = { node: p.code, kind, name: p.name, name_en: p.name_en, region: p.region, tags: tags.map((t) => t.id).sort() };
  if (level) {
    b.levelTag = level.id;
    b.levelRange = [level.range_lo, level.range_hi];
  }
  // The demo register (major-hazard/demo.ts) holds one device per tank and sphere, under the layout's code.
  if (kind === 'tank' || kind === 'sphere') {
    b.equipment = p.code;
  }
  bindings.push(b);
  return b;
}

// Ground and fence.
roots.push(solid('GROUND', 'box', 'ground', centre.x, centre.y, [meta.size_m.x + 40, 0.2, meta.size_m.y + 40], -0.2));
const fence: Vec3[] = [
  [centre.x, 0, meta.size_m.x],
  [centre.x, meta.size_m.y, meta.size_m.x],
];
fence.forEach(([x, y, len], i) => roots.push(solid(`FENCE-${i + 1}`, 'box', 'fence', x, y, [len, 2.4, 0.3])));
roots.push(solid('FENCE-3', 'box', 'fence', 0, centre.y, [0.3, 2.4, meta.size_m.y]));
roots.push(solid('FENCE-4', 'box', 'fence', meta.size_m.x, centre.y, [0.3, 2.4, meta.size_m.y]));

for (const f of geojson.features) {
  const p = f.properties;
  switch (p.kind) {
    case 'region': {
      if (p.is_group) {
        break;
      }
      const b = bbox(ringOf(f));
      roots.push(solid(`zone_${p.code}`, 'box', 'zone', b.cx, b.cy, [b.w, 0.05, b.d], 0.02));
      bindings.push({ node: `zone_${p.code}`, kind: 'zone', name: p.name, name_en: p.name_en, region: p.code, tags: [] });
      break;
    }
    case 'road': {
      const line = (f.geometry.coordinates as [number, number][]).map((q) => lonLatToOffset(origin, q));
      const width = Number(p.width_m ?? 8);
      line.slice(1).forEach((q, i) => {
        const a = line[i];
        const len = Math.hypot(q[0] - a[0], q[1] - a[1]);
        const horizontal = Math.abs(q[0] - a[0]) >= Math.abs(q[1] - a[1]);
        roots.push(solid(`${p.code}_${i + 1}`, 'box', 'road', (a[0] + q[0]) / 2, (a[1] + q[1]) / 2, horizontal ? [len + width, 0.06, width] : [width, 0.06, len + width], 0.04));
      });
      break;
    }
    case 'bund': {
      const b = bbox(ringOf(f));
      roots.push(solid(p.code, 'box', 'bund', b.cx, b.cy, [b.w, Number(p.height_m ?? 1), b.d]));
      break;
    }
    case 'tank':
    case 'sphere': {
      const d = Number(p.diameter_m);
      const h = Number(p.height_m);
      const b = bind(f, p.kind);
      const [sx, sz] = scene(Number(p.x_m), Number(p.y_m));
      const shape: Shape = p.kind === 'tank' ? 'cylinder' : 'sphere';
      const fill = addNode({ name: `${p.code}_fill`, mesh: meshOf('cylinder', 'fill'), translation: [0, -0.25, 0], scale: [0.94, 0.5, 0.94], extras: { fillOf: p.code } });
      // A sphere stands on legs: its centre is at height − radius; its fill is a cylinder inside it.
      const size: Vec3 = p.kind === 'tank' ? [d, h, d] : [d, d, d];
      const base = p.kind === 'tank' ? 0 : h - d;
      roots.push(
        addNode({
          name: p.code,
          mesh: meshOf(shape, p.kind === 'tank' ? 'shell' : 'sphere'),
          translation: [sx, round(base + size[1] / 2), sz],
          scale: size.map(round) as Vec3,
          children: [fill],
          extras: { kind: p.kind, levelTag: b.levelTag ?? null },
        }),
      );
      break;
    }
    case 'unit': {
      bind(f, 'unit');
      const h = Number(p.height_m ?? 5);
      const equipment = typeof p.equipment === 'string' ? p.equipment : '';
      if (p.diameter_m) {
        const d = Number(p.diameter_m);
        roots.push(solid(p.code, 'cylinder', 'equipment', Number(p.x_m), Number(p.y_m), [d, h, d], 0, { kind: 'unit', equipment }));
      } else {
        const b = bbox(ringOf(f));
        roots.push(solid(p.code, 'box', equipment === 'pipe_rack' ? 'rack' : 'equipment', b.cx, b.cy, [b.w, equipment === 'pipe_rack' ? 1.2 : h, b.d], equipment === 'pipe_rack' ? h - 1.2 : 0, { kind: 'unit', equipment }));
      }
      break;
    }
    case 'building': {
      const b = bbox(ringOf(f));
      bind(f, 'building');
      roots.push(solid(p.code, 'box', 'building', b.cx, b.cy, [b.w, Number(p.height_m ?? 6), b.d], 0, { kind: 'building' }));
      break;
    }
    case 'loading_bay': {
      const b = bbox(ringOf(f));
      bind(f, 'loading_bay');
      roots.push(solid(p.code, 'box', 'bay', b.cx, b.cy, [b.w, 0.5, b.d], 0, { kind: 'loading_bay' }));
      break;
    }
    default:
      break;
  }
}

// ---- binary ----

const chunks: Buffer[] = [];
const bufferViews: { buffer: 0; byteOffset: number; byteLength: number; target: number }[] = [];
const accessors: Record<string, unknown>[] = [];
let offset = 0;
function pushView(data: Buffer, target: number) {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.length, target });
  chunks.push(padded);
  offset += padded.length;
  return bufferViews.length - 1;
}
for (const shape of shapeNames) {
  const g = shapes[shape];
  const pos = Buffer.from(new Float32Array(g.positions).buffer);
  const nor = Buffer.from(new Float32Array(g.normals).buffer);
  const idx = Buffer.from(new Uint16Array(g.indices).buffer);
  const count = g.positions.length / 3;
  const min = [0, 1, 2].map((i) => Math.min(...g.positions.filter((_, k) => k % 3 === i)));
  const max = [0, 1, 2].map((i) => Math.max(...g.positions.filter((_, k) => k % 3 === i)));
  accessors.push({ bufferView: pushView(pos, 34962), componentType: 5126, count, type: 'VEC3', min, max });
  accessors.push({ bufferView: pushView(nor, 34962), componentType: 5126, count, type: 'VEC3' });
  accessors.push({ bufferView: pushView(idx, 34963), componentType: 5123, count: g.indices.length, type: 'SCALAR' });
}
const bin = Buffer.concat(chunks);

const gltf = {
  asset: { version: '2.0', generator: 'plantwatch scripts/make-demo-plant.ts' },
  scene: 0,
  scenes: [{ name: 'demo-plant', nodes: roots }],
  nodes,
  meshes,
  materials: materialNames.map((name) => {
    const c = materials[name];
    return { name, pbrMetallicRoughness: { baseColorFactor: c, metallicFactor: name === 'shell' || name === 'sphere' || name === 'equipment' ? 0.4 : 0, roughnessFactor: 0.7 }, ...(c[3] < 1 ? { alphaMode: 'BLEND' } : {}) };
  }),
  accessors,
  bufferViews,
  buffers: [{ byteLength: bin.length }],
};

function glb(json: object, binary: Buffer): Buffer {
  const text = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + binary.length, 8);
  const jh = Buffer.alloc(8);
  jh.writeUInt32LE(jsonChunk.length, 0);
  jh.writeUInt32LE(0x4e4f534a, 4);
  const bh = Buffer.alloc(8);
  bh.writeUInt32LE(binary.length, 0);
  bh.writeUInt32LE(0x004e4942, 4);
  return Buffer.concat([header, jh, jsonChunk, bh, binary]);
}

fs.mkdirSync(path.join(root, 'models'), { recursive: true });
fs.writeFileSync(path.join(root, 'models/demo-plant.glb'), glb(gltf, bin));
const bindingsFile = {
  model: 'demo-plant',
  file: 'demo-plant.glb',
  name: '演示化工厂区',
  name_en: 'Demo chemical plant',
  /** Geographic origin of the layout metres; the scene's origin is the site's centre. */
  origin: meta.origin,
  centre_m: centre,
  nodes: bindings,
};
fs.writeFileSync(path.join(root, 'models/demo-plant.bindings.json'), `${JSON.stringify(bindingsFile, null, 1)}\n`);
console.log(`models/demo-plant.glb: ${nodes.length} nodes, ${meshes.length} meshes; ${bindings.length} bindings`);
