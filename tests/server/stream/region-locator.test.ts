import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegionLocator, readRegionShapes } from '../../../src/server/stream/region-locator.js';
import { offsetToLonLat } from '../../../src/shared/domain/geometry.js';

const ids = new Map([
  ['TF', 2],
  ['TF-A', 3],
  ['TF-B', 4],
  ['LS', 10],
  ['PU-2', 8],
]);
const origin = [118.8, 32.25] as const;

describe('region locator', () => {
  it('places points of the demo plant layout in the most specific region', () => {
    const shapes = readRegionShapes(path.resolve('map-styles/demo-plant.geojson'), ids);
    // Only codes with a region row are used.
    expect(shapes.map((s) => s.code).sort()).toEqual(['LS', 'PU-2', 'TF', 'TF-A', 'TF-B']);
    const loc = createRegionLocator(shapes);
    // Centres from the layout's local metres (x_m, y_m properties).
    expect(loc.locate(...offsetToLonLat(origin, 207.5, 260))).toBe(3);
    expect(loc.locate(...offsetToLonLat(origin, 532.5, 372.5))).toBe(4);
    expect(loc.locate(...offsetToLonLat(origin, 875, 160))).toBe(10);
    expect(loc.locate(...offsetToLonLat(origin, 520, 670))).toBe(8);
    // In the tank farm but in none of its sub-areas: the tank farm itself.
    expect(loc.locate(...offsetToLonLat(origin, 420, 260))).toBe(2);
    expect(loc.locate(0, 0)).toBe(0);
  });

  it('gives no region when the layout file is missing', () => {
    expect(readRegionShapes('/nonexistent/plant.geojson', ids)).toEqual([]);
    expect(createRegionLocator([]).locate(118.8, 32.25)).toBe(0);
  });
});
