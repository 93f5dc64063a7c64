import { describe, expect, it } from 'vitest';
import { generatePlantTags } from './plant-generator.js';
import { createSimulator } from './simulator.js';
import { tagFields } from '../../shared/realtime/contracts.js';

describe('generatePlantTags', () => {
  it('makes exactly n tags with unique ids and valid limits, the same for the same seed', () => {
    const a = generatePlantTags(50_000, { seed: 3 });
    expect(a.tags).toHaveLength(50_000);
    expect(new Set(a.tags.map((t) => t.id)).size).toBe(50_000);
    expect(a.meta).toHaveLength(50_000);
    expect(a.people).toHaveLength(500);
    for (const t of a.tags.slice(0, 2000)) {
      expect(tagFields.safeParse({ ...t, regionid: null }).success, t.id).toBe(true);
    }
    const b = generatePlantTags(5000, { seed: 3, people: 500 });
    expect(b.tags).toHaveLength(5000);
    expect(generatePlantTags(5000, { seed: 3, people: 500 })).toEqual(b);
  });

  it('runs a simulator of 5,000 tags and 1,000 people, everyone on site and moving', () => {
    const plant = generatePlantTags(5000, { seed: 1, people: 1000 });
    const sim = createSimulator({
      layout: plant.layout,
      tags: { all: () => [...plant.tags, ...plant.sosTags] },
      people: plant.people,
      sink: { samples: () => 0, positions: () => 0 },
      seed: 1,
      rateHz: 1,
      timeScale: 1,
      startTime: Date.UTC(2026, 0, 1),
    });
    const first = sim.tick();
    expect(first.samples).toHaveLength(6000);
    expect(first.positions).toHaveLength(1000);
    const start = performance.now();
    let last = first;
    for (let i = 0; i < 20; i++) {
      last = sim.tick();
    }
    // Generous: a tick of this plant takes a few milliseconds.
    expect((performance.now() - start) / 20).toBeLessThan(200);
    const moved = last.positions.filter((p, i) => p.lon !== first.positions[i].lon || p.lat !== first.positions[i].lat);
    expect(moved.length).toBe(1000);
  });
});
