import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoTagDefs } from '../demo/demo-plant.js';
import { loadDemoLayout, parsePlantLayout, toLocal, toLonLat } from './plant-layout.js';
import { deriveTags } from './plant-tags.js';
import { buildRoadNetwork } from './road-network.js';
import { tagFields } from '../../shared/realtime/contracts.js';

const mini = parsePlantLayout(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/mini-plant.geojson'), 'utf8')));

describe('plant layout', () => {
  it('reads every documented feature kind into local metres', () => {
    expect(mini.tanks.map((t) => t.code)).toEqual(['TK-1']);
    expect(mini.spheres[0]).toMatchObject({ code: 'SP-1', region: 'TF-B', design_pressure_mpa: 1.77 });
    expect(mini.detectors.map((d) => [d.code, d.detector_kind, d.gas])).toEqual([
      ['GD-1', 'lel', 'combustible'],
      ['GD-2', 'lel', 'combustible'],
      ['GD-3', 'ppm', 'NH3'],
    ]);
    expect(mini.roads.map((r) => r.code)).toEqual(['R1', 'R2']);
    // Without a bbox the origin is the south-west corner of the data.
    expect(mini.origin).toEqual({ lon: 120, lat: 30 });
    const sp = mini.spheres[0].at;
    expect(sp.x).toBeGreaterThan(150);
    expect(sp.y).toBeGreaterThan(100);
  });

  it('projects to metres and back within a millimetre', () => {
    const o = { lon: 118.8, lat: 32.25 };
    const p = toLocal(o, 118.8159505, 32.2589932);
    // The demo map's generator: 1500 m × 1000 m for this box.
    expect(p.x).toBeCloseTo(1500, 0);
    expect(p.y).toBeCloseTo(1000, 0);
    const back = toLonLat(o, p);
    expect(back.lon).toBeCloseTo(118.8159505, 8);
    expect(back.lat).toBeCloseTo(32.2589932, 8);
  });

  it('joins roads that cross without a shared vertex', () => {
    const net = buildRoadNetwork(mini.roads);
    const west = net.attach({ x: 20, y: 55 });
    const north = net.attach({ x: 116, y: 185 });
    const route = net.route(west, north);
    expect(route).not.toBeNull();
    // West along R1 to the crossing, then north along R2.
    const length = route!.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - route![i].x, p.y - route![i].y), 0);
    expect(length).toBeGreaterThan(220);
    expect(length).toBeLessThan(240);
  });

  it('derives tags with ordered limits that pass the TagSave validation', () => {
    const tags = deriveTags(mini);
    expect(tags.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        'P.TK-1.LT',
        'P.TK-1.TT',
        'P.TK-1.PT',
        'TF-B.SP-1.PT',
        'TF-B.GD-1.AT',
        'P.GD-3.AT',
        'P.P-1.FT',
        'P.LB-1.FT',
        'P.LB-1.GS',
      ]),
    );
    for (const t of tags) {
      const r = tagFields.safeParse({ ...t, regionid: null });
      expect(r.success, `${t.id}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
    const nh3 = tags.find((t) => t.id === 'P.GD-3.AT')!;
    // GB/T 50493-2019 §5.5.2 defaults for NH3 when the map gives none.
    expect(nh3).toMatchObject({ kind: 'ppm', h: 25, hh: 50 });
    const level = tags.find((t) => t.id === 'P.TK-1.LT')!;
    expect(level).toMatchObject({ range_hi: 10, ll: 1, l: 1.5, h: 8.5, hh: 9 });
  });

  it('gives the demo plant several hundred tags, each region code a real region', () => {
    const layout = loadDemoLayout();
    expect(layout).not.toBeNull();
    const tags = demoTagDefs(layout!);
    expect(tags.length).toBeGreaterThan(300);
    expect(new Set(tags.map((t) => t.id)).size).toBe(tags.length);
    const regions = new Set(layout!.regions.map((r) => r.code));
    for (const t of tags) {
      if (t.region) {
        expect(regions.has(t.region), t.id).toBe(true);
      }
    }
    const kinds = new Set(tags.map((t) => t.kind));
    expect([...kinds].sort()).toEqual(['discrete', 'flow', 'lel', 'level', 'ppm', 'pressure', 'temperature']);
    // Every tank has level, temperature and pressure; every detector its concentration.
    for (const tank of layout!.tanks) {
      for (const s of ['LT', 'TT', 'PT']) {
        expect(tags.some((t) => t.id === `${tank.region}.${tank.code}.${s}`)).toBe(true);
      }
    }
    expect(tags.filter((t) => t.kind === 'lel' || t.kind === 'ppm').length).toBe(layout!.detectors.length);
  });
});
