import { describe, expect, it } from 'vitest';
import { createRegionLocator, type RegionShape } from '../../../src/shared/domain/region-locator.js';
import { offsetToLonLat, type LonLat } from '../../../src/shared/domain/geometry.js';

const origin: LonLat = [118.8, 32.25];

/** A rectangle in local metres around the origin, as a closed GeoJSON ring. */
function rect(regionid: number, code: string, x0: number, y0: number, x1: number, y1: number): RegionShape {
  const ring = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ].map(([x, y]) => offsetToLonLat(origin, x, y));
  return { regionid, code, geometry: { type: 'Polygon', coordinates: [ring] } };
}

describe('region locator', () => {
  const farm = rect(2, 'TF', 0, 0, 600, 400);
  const tankA = rect(3, 'TF-A', 50, 50, 300, 300);
  const loading = rect(10, 'LS', 700, 0, 900, 200);

  it('places a point in the most specific (smallest) region containing it', () => {
    const loc = createRegionLocator([farm, tankA, loading]);
    expect(loc.locate(...offsetToLonLat(origin, 100, 100))).toBe(3);
    expect(loc.locate(...offsetToLonLat(origin, 450, 100))).toBe(2);
    expect(loc.locate(...offsetToLonLat(origin, 800, 100))).toBe(10);
    expect(loc.locate(...offsetToLonLat(origin, 650, 100))).toBe(0);
  });

  it('follows new polygons at once and gives no region without any', () => {
    const loc = createRegionLocator([farm]);
    const p = offsetToLonLat(origin, 100, 100);
    expect(loc.locate(...p)).toBe(2);
    loc.setShapes([farm, tankA]);
    expect(loc.locate(...p)).toBe(3);
    loc.setShapes([]);
    expect(loc.locate(...p)).toBe(0);
  });
});
