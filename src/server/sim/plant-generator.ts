import type { TagMeta } from '../stream/tag-registry.js';
import type { Person, PersonRole } from './movers.js';
import type { DetectorFeature, PlantFeature, PlantLayout, Pt, RegionFeature, RoadFeature, VesselFeature } from './plant-layout.js';
import { type TagDef, deriveTags, sosTag } from './plant-tags.js';
import { rngFor } from '../common/prng.js';

/**
 * A plant of any size for benchmarks, without a map: square blocks of 200 m
 * on a road grid, each block a region with four tanks, two process units and
 * four gas detectors (24 tags). The same seed gives the same plant.
 */

export interface GeneratedPlant {
  layout: PlantLayout;
  /** Exactly the number of process tags asked for. */
  tags: TagDef[];
  /** The SOS tags of `people`. */
  sosTags: TagDef[];
  people: Person[];
  /** The tags as the stream's registry holds them; block i is region id i + 1. */
  meta: TagMeta[];
}

export interface GeneratorOptions {
  seed?: number;
  /** People on site all the time (default: one per 100 tags, at least 10). */
  people?: number;
}

const BLOCK_M = 200;
const TAGS_PER_BLOCK = 24;
/** Geographic origin of generated plants (arbitrary, inland China). */
const ORIGIN = { lon: 118.7, lat: 32.1 };

export function generatePlantTags(n: number, opts: GeneratorOptions = {}): GeneratedPlant {
  const seed = opts.seed ?? 1;
  const blocks = Math.max(1, Math.ceil(n / TAGS_PER_BLOCK));
  const side = Math.ceil(Math.sqrt(blocks));
  const size = side * BLOCK_M;
  const layout: PlantLayout = {
    origin: ORIGIN,
    size: { x: size, y: size },
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
  const feature = (kind: string, code: string, region: string, at: Pt, props: Record<string, unknown> = {}): PlantFeature => ({
    kind,
    code,
    name: code,
    name_en: code,
    region,
    at,
    props,
  });
  for (let b = 0; b < blocks; b++) {
    const bx = (b % side) * BLOCK_M;
    const by = Math.floor(b / side) * BLOCK_M;
    const region = `R${String(b + 1).padStart(5, '0')}`;
    const ring: Pt[] = [
      { x: bx + 10, y: by + 10 },
      { x: bx + BLOCK_M - 10, y: by + 10 },
      { x: bx + BLOCK_M - 10, y: by + BLOCK_M - 10 },
      { x: bx + 10, y: by + BLOCK_M - 10 },
      { x: bx + 10, y: by + 10 },
    ];
    const r: RegionFeature = { code: region, name: region, name_en: region, parent: null, rings: [ring] };
    layout.regions.push(r);
    for (let i = 0; i < 4; i++) {
      const at = { x: bx + 50 + (i % 2) * 100, y: by + 50 + Math.floor(i / 2) * 100 };
      const tank: VesselFeature = {
        ...feature('tank', `${region}-TK${i + 1}`, region, at),
        diameter_m: 16,
        height_m: 15,
        capacity_m3: 3000,
        substance: '甲苯',
        substance_en: 'toluene',
        roof: 'internal_floating',
        design_pressure_mpa: null,
      };
      layout.tanks.push(tank);
      const d: DetectorFeature = {
        ...feature('gas_detector', `${region}-GD${i + 1}`, region, { x: at.x + 10, y: at.y }),
        gas: 'combustible',
        detector_kind: 'lel',
        unit: '%LEL',
        range_max: 100,
        alarm_1: 25,
        alarm_2: 50,
        target: tank.code,
      };
      layout.detectors.push(d);
    }
    layout.units.push(
      feature('unit', `${region}-R1`, region, { x: bx + 100, y: by + 30 }, { equipment: 'reactor', substance_en: 'toluene' }),
    );
    layout.units.push(
      feature('unit', `${region}-T1`, region, { x: bx + 100, y: by + 170 }, { equipment: 'column', substance_en: 'toluene' }),
    );
  }
  // The road grid runs along the block edges.
  for (let i = 0; i <= side; i++) {
    const c = i * BLOCK_M;
    const h: RoadFeature = { code: `RH${i}`, name: `RH${i}`, width_m: 8, points: [] };
    const v: RoadFeature = { code: `RV${i}`, name: `RV${i}`, width_m: 8, points: [] };
    for (let j = 0; j <= side; j++) {
      h.points.push({ x: j * BLOCK_M, y: c });
      v.points.push({ x: c, y: j * BLOCK_M });
    }
    layout.roads.push(h, v);
  }
  layout.gates.push(feature('gate', 'GATE-N', 'GT', { x: 0, y: 0 }));
  const tags = deriveTags(layout).slice(0, n);

  const rng = rngFor(seed, 'generated-roster');
  const roles: PersonRole[] = [
    'operator',
    'operator',
    'operator',
    'operator',
    'operator',
    'operator',
    'inspector',
    'contractor',
    'contractor',
    'visitor',
  ];
  const count = opts.people ?? Math.max(10, Math.round(n / 100));
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const role = roles[i % roles.length];
    people.push({
      card: `G-${String(i + 1).padStart(6, '0')}`,
      name: `P${i + 1}`,
      role,
      team: 'always',
      area: role === 'inspector' ? '*' : layout.regions[rng.int(layout.regions.length)].code,
    });
  }
  const regionId = new Map(layout.regions.map((r, i) => [r.code, i + 1]));
  const meta: TagMeta[] = tags.map((t) => ({
    id: t.id,
    regionid: regionId.get(t.region) ?? null,
    kind: t.kind,
    ll: t.ll,
    l: t.l,
    h: t.h,
    hh: t.hh,
    deadband: t.deadband,
  }));
  return { layout, tags, sosTags: people.map((p) => sosTag(p.card, p.name)), people, meta };
}
