import { describe, expect, it } from 'vitest';
import { demoTagDefs } from '../demo/demo-plant.js';
import { INCIDENT_OFFSETS_S } from './incidents.js';
import { type PlantLayout, distance, insideRegion, loadDemoLayout, toLocal } from './plant-layout.js';
import type { TagDef } from './plant-tags.js';
import { buildRoadNetwork } from './road-network.js';
import { type SimulatorOptions, type TickOutput, createSimulator } from './simulator.js';

const layout = loadDemoLayout() as PlantLayout;
const tags = demoTagDefs(layout);
const byId = new Map(tags.map((t) => [t.id, t]));
/** 10:00 China Standard Time: day shift and day workers on site. */
const MORNING = Date.UTC(2026, 10, 23, 2, 0, 0);

function sim(over: Partial<SimulatorOptions> = {}) {
  const out: TickOutput[] = [];
  const s = createSimulator({
    layout,
    tags: { all: () => tags },
    sink: { samples: () => undefined, positions: () => undefined },
    seed: 7,
    rateHz: 1,
    timeScale: 1,
    startTime: MORNING,
    ...over,
  });
  return {
    s,
    out,
    run: (n: number, each?: (o: TickOutput, i: number) => void) => {
      for (let i = 1; i <= n; i++) {
        const o = s.tick();
        each?.(o, i);
      }
    },
  };
}

const value = (o: TickOutput, id: string) => o.samples.find((s) => s.tag === id)?.v;

describe('simulator determinism', () => {
  it('the same seed gives the same first 120 ticks of values and positions; another seed does not', () => {
    const a = sim();
    const b = sim();
    const c = sim({ seed: 8 });
    const ra: TickOutput[] = [];
    const rb: TickOutput[] = [];
    const rc: TickOutput[] = [];
    a.run(120, (o) => ra.push(o));
    b.run(120, (o) => rb.push(o));
    c.run(120, (o) => rc.push(o));
    expect(ra).toEqual(rb);
    expect(ra[0].samples.length).toBe(tags.length);
    expect(ra[119].positions.length).toBeGreaterThan(40);
    expect(JSON.stringify(rc)).not.toEqual(JSON.stringify(ra));
  });

  it('timestamps advance by exactly one period per tick', () => {
    const { run } = sim({ rateHz: 2 });
    const ts: number[] = [];
    run(4, (o) => ts.push(o.samples[0].t));
    expect(ts).toEqual([MORNING + 500, MORNING + 1000, MORNING + 1500, MORNING + 2000]);
  });

  it('delivers each tick to the ingest sink as source "sim"', () => {
    const calls: string[] = [];
    const s = createSimulator({
      layout,
      tags: { all: () => tags },
      sink: {
        samples: (items, source) => calls.push(`samples:${items.length}:${source}`),
        positions: (items, source) => calls.push(`positions:${items.length > 0}:${source}`),
      },
      seed: 1,
      rateHz: 1,
      timeScale: 1,
      startTime: MORNING,
    });
    s.tick();
    expect(calls).toEqual([`samples:${tags.length}:sim`, 'positions:true:sim']);
  });
});

describe('simulator plausibility', () => {
  it('without faults every value stays inside its range for an hour of plant time', () => {
    const { run } = sim({ faults: false, timeScale: 10 });
    let n = 0;
    const outside: string[] = [];
    run(360, (o) => {
      for (const s of o.samples) {
        const t = byId.get(s.tag)!;
        if (s.v < t.range_lo || s.v > t.range_hi || s.q !== 0) {
          outside.push(`${s.tag}=${s.v} q${s.q}`);
        }
        n++;
      }
    });
    expect(outside).toEqual([]);
    expect(n).toBe(360 * tags.length);
  });

  it('tank pressure follows temperature: LPG spheres between 0.3 and 1.5 MPa, refrigerated ammonia a few kPa', () => {
    const { run } = sim({ faults: false });
    run(60, (o) => {
      for (const sp of layout.spheres) {
        const v = value(o, `${sp.region}.${sp.code}.PT`)!;
        expect(v).toBeGreaterThan(0.3);
        expect(v).toBeLessThan(1.5);
      }
      const nh3 = layout.tanks.find((t) => t.roof === 'refrigerated')!;
      const p = value(o, `${nh3.region}.${nh3.code}.PT`)!;
      expect(p).toBeGreaterThan(0.5);
      expect(p).toBeLessThan(12);
    });
  });

  it('sensor faults: stuck values, bad quality and spikes past the range', () => {
    // A fault somewhere in the plant every 0.05 s of plant time: plenty in 10 minutes.
    const { run } = sim({ faultEveryS: 0.05, incidents: false });
    let bad = 0;
    let spikes = 0;
    const repeats = new Map<string, number>();
    const last = new Map<string, number>();
    run(600, (o) => {
      for (const s of o.samples) {
        const t = byId.get(s.tag)!;
        if (s.q === 2) {
          bad++;
        }
        if (s.v > t.range_hi || s.v < t.range_lo) {
          spikes++;
        }
        if (t.kind !== 'discrete' && last.get(s.tag) === s.v) {
          repeats.set(s.tag, (repeats.get(s.tag) ?? 0) + 1);
        }
        last.set(s.tag, s.v);
      }
    });
    expect(bad).toBeGreaterThan(0);
    expect(spikes).toBeGreaterThan(0);
    // A stuck transmitter repeats the same reading for minutes.
    expect(Math.max(...repeats.values())).toBeGreaterThan(120);
  });
});

describe('scripted incidents', () => {
  it('a leak raises the source detector past HH and its neighbours by distance, then subsides', () => {
    const { s, run } = sim({ faults: false });
    const peaks = new Map<string, number>();
    const finals = new Map<string, number>();
    run(1200, (o, i) => {
      for (const smp of o.samples) {
        if (byId.get(smp.tag)!.model.type === 'gas') {
          peaks.set(smp.tag, Math.max(peaks.get(smp.tag) ?? 0, smp.v));
          if (i === 1200) {
            finals.set(smp.tag, smp.v);
          }
        }
      }
    });
    const leak = s.events.find((e) => e.kind === 'leak')!;
    expect(leak.atS).toBe(INCIDENT_OFFSETS_S.leak);
    const source = layout.detectors.find((d) => d.code === leak.subject)!;
    const idOf = (code: string) => {
      const d = layout.detectors.find((x) => x.code === code)!;
      return `${d.region}.${d.code}.AT`;
    };
    const src = byId.get(idOf(source.code))!;
    expect(peaks.get(src.id)).toBeGreaterThan(src.hh!);
    const others = layout.detectors.filter((d) => d.code !== source.code && d.gas === source.gas);
    const near = others.filter((d) => distance(d.at, source.at) < 25);
    const far = others.filter((d) => distance(d.at, source.at) > 200);
    expect(near.length).toBeGreaterThan(0);
    for (const d of near) {
      const t = byId.get(idOf(d.code))!;
      expect(peaks.get(t.id), d.code).toBeGreaterThan(t.h!);
    }
    for (const d of far) {
      expect(peaks.get(idOf(d.code)), d.code).toBeLessThan(5);
    }
    // The nearer, the higher.
    const sorted = [...near, ...others.filter((d) => distance(d.at, source.at) < 100)]
      .map((d) => ({ d: distance(d.at, source.at), peak: peaks.get(idOf(d.code))! }))
      .sort((a, b) => a.d - b.d);
    expect(sorted[0].peak).toBeGreaterThan(sorted[sorted.length - 1].peak);
    // Twenty minutes later it is over.
    expect(finals.get(src.id)).toBeLessThan(5);
  });

  it('an overfilling tank crosses H, then HH, then is drawn down', () => {
    const { s, run } = sim({ faults: false });
    let crossedH = 0;
    let crossedHH = 0;
    let max = 0;
    let last = 0;
    run(1200, (o, i) => {
      const ev = s.events.find((e) => e.kind === 'overfill');
      if (!ev) {
        return;
      }
      const tank = layout.tanks.find((t) => t.code === ev.subject)!;
      const tag = byId.get(`${tank.region}.${tank.code}.LT`)!;
      const v = value(o, tag.id)!;
      if (!crossedH && v >= tag.h!) {
        crossedH = i;
      }
      if (!crossedHH && v >= tag.hh!) {
        crossedHH = i;
      }
      max = Math.max(max, v);
      last = v;
      expect(v).toBeLessThanOrEqual(tag.range_hi);
    });
    expect(crossedH).toBeGreaterThan(INCIDENT_OFFSETS_S.overfill);
    expect(crossedHH).toBeGreaterThan(crossedH);
    expect(crossedHH).toBeLessThan(INCIDENT_OFFSETS_S.overfill + 600);
    expect(last).toBeLessThan(max);
  });

  it('restricted-area entry, man-down and SOS happen to people on site', () => {
    const { s, run } = sim({ faults: false });
    const tfb = layout.regions.find((r) => r.code === 'TF-B')!;
    let intruderInside = false;
    const stillPositions: { x: number; y: number }[] = [];
    const sosValues: number[] = [];
    run(700, (_o, i) => {
      const intrusion = s.events.find((e) => e.kind === 'intrusion');
      const snap = s.snapshot();
      if (intrusion) {
        const m = snap.find((x) => x.id === intrusion.subject)!;
        intruderInside ||= insideRegion(m, tfb);
      }
      const down = s.events.find((e) => e.kind === 'man-down');
      if (down && i > INCIDENT_OFFSETS_S.manDown && i < INCIDENT_OFFSETS_S.manDown + 300) {
        const m = snap.find((x) => x.id === down.subject)!;
        expect(m.phase).toBe('still');
        stillPositions.push(m);
      }
      const sos = s.events.find((e) => e.kind === 'sos');
      if (sos) {
        sosValues.push(value(_o, `person.${sos.subject}.sos`)!);
      }
    });
    expect(intruderInside).toBe(true);
    // Man-down: no movement beyond a small radius (DOMAIN.md §4), only the tag's noise.
    const c = stillPositions[0];
    expect(Math.max(...stillPositions.map((p) => distance(p, c)))).toBeLessThan(3);
    // SOS: 1 for 90 s from its start, then 0 again.
    expect(sosValues.slice(0, 90).every((v) => v === 1)).toBe(true);
    expect(sosValues.slice(95).every((v) => v === 0)).toBe(true);
  });
});

describe('people and trucks', () => {
  it('about 60 people on site by day, fewer at night', () => {
    const day = sim();
    day.run(1);
    const night = sim({ startTime: Date.UTC(2026, 10, 22, 18, 0, 0) });
    night.run(1);
    const count = (x: ReturnType<typeof sim>) => x.s.snapshot().filter((m) => m.kind === 'person' && m.phase !== 'offsite').length;
    expect(count(day)).toBeGreaterThanOrEqual(50);
    expect(count(day)).toBeLessThanOrEqual(70);
    expect(count(night)).toBeLessThan(30);
    expect(count(night)).toBeGreaterThan(10);
  });

  it('people walking the roads stay on them, and everyone stays inside the site', () => {
    const net = buildRoadNetwork(layout.roads);
    const { s, run } = sim({ faults: false });
    let onRoad = 0;
    const outside: string[] = [];
    const offRoad: string[] = [];
    run(900, (o, i) => {
      for (const p of o.positions) {
        const at = toLocal(layout.origin, p.lon, p.lat);
        if (at.x < 0 || at.y < 0 || at.x > layout.size.x + 0.5 || at.y > layout.size.y + 0.5) {
          outside.push(`${p.tagId}@${i}`);
        }
      }
      if (i % 3 === 0) {
        for (const m of s.snapshot()) {
          if (m.phase === 'road') {
            onRoad++;
            // Positions are noisy (σ 0.8 m, AQ 3064.3 accuracy): within a lane of the centre line.
            if (net.distanceToRoad(m) > 4.5) {
              offRoad.push(`${m.id}@${i}`);
            }
          }
        }
      }
    });
    expect(outside).toEqual([]);
    expect(offRoad).toEqual([]);
    expect(onRoad).toBeGreaterThan(300);
  });

  it('tank trucks come in at the south gate, load at a bay (earthing, flow) and leave', () => {
    // Ten plant seconds per tick: two plant hours.
    const { s, run } = sim({ faults: false, timeScale: 10 });
    const bayCodes = new Set(layout.loadingBays.map((b) => b.code));
    const visited = new Set<string>();
    let loadingSeen = false;
    let trucksGone = 0;
    const onSite = new Set<string>();
    run(720, (o) => {
      for (const m of s.snapshot().filter((x) => x.kind === 'vehicle')) {
        if (m.phase !== 'offsite') {
          onSite.add(m.id);
        } else if (onSite.delete(m.id)) {
          trucksGone++;
        }
        if (m.phase === 'dwell' && bayCodes.has(m.place)) {
          visited.add(m.place);
          const bay = layout.loadingBays.find((b) => b.code === m.place)!;
          if ((value(o, `${bay.region}.${bay.code}.FT`) ?? 0) > 30) {
            loadingSeen = true;
            expect(value(o, `${bay.region}.${bay.code}.GS`)).toBe(1);
          }
        }
      }
    });
    expect(visited.size).toBeGreaterThan(1);
    expect(loadingSeen).toBe(true);
    expect(trucksGone).toBeGreaterThan(0);
  });
});

describe('a simulator on user tags only', () => {
  it('moves a tag the layout does not know inside its normal band', () => {
    const custom: TagDef = {
      ...tags[0],
      id: 'X.Y.Z',
      ll: 10,
      l: 20,
      h: 80,
      hh: 90,
      range_lo: 0,
      range_hi: 100,
      model: { type: 'generic' },
    };
    const s = createSimulator({
      layout: null,
      tags: { all: () => [custom] },
      sink: { samples: () => 0, positions: () => 0 },
      faults: false,
      seed: 1,
      rateHz: 1,
      timeScale: 1,
      startTime: MORNING,
    });
    for (let i = 0; i < 300; i++) {
      const o = s.tick();
      expect(o.positions).toEqual([]);
      const v = o.samples[0].v;
      expect(v).toBeGreaterThan(20);
      expect(v).toBeLessThan(80);
    }
  });
});
