import { describe, expect, it } from 'vitest';
import {
  type LonLat,
  type MultiPolygonGeometry,
  EARTH_RADIUS_M,
  haversineDistance,
  lonLatToOffset,
  offsetToLonLat,
  pointInGeometry,
  pointInPolygon,
  pointInRing,
  polygonArea,
} from '../../../src/shared/domain/geometry.js';

const origin: LonLat = [118.8, 32.25];
/** A 100 m × 50 m rectangle from the origin, counter-clockwise and closed. */
const rect = (x0: number, y0: number, x1: number, y1: number): LonLat[] => [
  offsetToLonLat(origin, x0, y0),
  offsetToLonLat(origin, x1, y0),
  offsetToLonLat(origin, x1, y1),
  offsetToLonLat(origin, x0, y1),
  offsetToLonLat(origin, x0, y0),
];
const at = (x: number, y: number) => offsetToLonLat(origin, x, y);

describe('pointInRing / pointInPolygon', () => {
  const outer = rect(0, 0, 100, 50);
  const hole = rect(40, 10, 60, 40);

  it('finds points inside and outside a rectangle', () => {
    expect(pointInRing(at(50, 25), outer)).toBe(true);
    expect(pointInRing(at(1, 1), outer)).toBe(true);
    expect(pointInRing(at(-1, 25), outer)).toBe(false);
    expect(pointInRing(at(50, 51), outer)).toBe(false);
    expect(pointInRing(at(150, 25), outer)).toBe(false);
  });

  it('does not need the closing vertex and ignores winding direction', () => {
    expect(pointInRing(at(50, 25), outer.slice(0, 4))).toBe(true);
    expect(pointInRing(at(50, 25), [...outer].reverse())).toBe(true);
  });

  it('handles a concave (L-shaped) ring', () => {
    const l = [at(0, 0), at(100, 0), at(100, 20), at(20, 20), at(20, 80), at(0, 80)];
    expect(pointInRing(at(10, 70), l)).toBe(true);
    expect(pointInRing(at(90, 10), l)).toBe(true);
    expect(pointInRing(at(60, 60), l)).toBe(false);
  });

  it('excludes holes', () => {
    expect(pointInPolygon(at(50, 25), [outer, hole])).toBe(false);
    expect(pointInPolygon(at(20, 25), [outer, hole])).toBe(true);
    expect(pointInPolygon(at(20, 25), [])).toBe(false);
  });

  it('accepts Polygon and MultiPolygon geometries', () => {
    const multi: MultiPolygonGeometry = { type: 'MultiPolygon', coordinates: [[rect(0, 0, 10, 10)], [rect(100, 100, 110, 110)]] };
    expect(pointInGeometry(at(5, 5), multi)).toBe(true);
    expect(pointInGeometry(at(105, 105), multi)).toBe(true);
    expect(pointInGeometry(at(50, 50), multi)).toBe(false);
    expect(pointInGeometry(at(5, 5), { type: 'Polygon', coordinates: [rect(0, 0, 10, 10)] })).toBe(true);
  });
});

describe('haversineDistance', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineDistance(origin, origin)).toBe(0);
    const p: LonLat = [118.81, 32.26];
    expect(haversineDistance(origin, p)).toBeCloseTo(haversineDistance(p, origin), 9);
  });

  it('matches known arcs: 1° of latitude and a quarter meridian', () => {
    expect(haversineDistance([0, 0], [0, 1])).toBeCloseTo((Math.PI / 180) * EARTH_RADIUS_M, 6);
    expect(haversineDistance([0, 0], [0, 90])).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_M, 3);
    // Along a parallel the arc shrinks with cos(latitude).
    const east = haversineDistance([118.8, 32.25], [118.81, 32.25]);
    expect(east).toBeGreaterThan(940);
    expect(east).toBeLessThan(942);
  });

  it('agrees with the local offsets to within 10 cm across a plant', () => {
    for (const [x, y] of [
      [1500, 0],
      [0, 1000],
      [1500, 1000],
      [-300, 700],
    ]) {
      expect(Math.abs(haversineDistance(origin, at(x, y)) - Math.hypot(x, y))).toBeLessThan(0.1);
    }
  });
});

describe('offsetToLonLat / lonLatToOffset', () => {
  it('moves north by metres of latitude and east by metres scaled with cos(latitude)', () => {
    const [lon, lat] = offsetToLonLat(origin, 0, 111.195);
    expect(lon).toBe(origin[0]);
    expect(lat - origin[1]).toBeCloseTo(0.001, 6);
    const [lonE] = offsetToLonLat(origin, 1000, 0);
    expect(lonE - origin[0]).toBeCloseTo(1000 / ((Math.PI / 180) * EARTH_RADIUS_M * Math.cos((32.25 * Math.PI) / 180)), 12);
  });

  it('round-trips', () => {
    for (const [x, y] of [
      [0, 0],
      [123.4, -56.7],
      [1500, 1000],
      [-2000, 3000],
    ]) {
      const [bx, by] = lonLatToOffset(origin, offsetToLonLat(origin, x, y));
      expect(bx).toBeCloseTo(x, 6);
      expect(by).toBeCloseTo(y, 6);
    }
  });
});

describe('polygonArea', () => {
  it('gives the area of a rectangle in m², less its holes', () => {
    expect(polygonArea([rect(0, 0, 100, 50)])).toBeCloseTo(5000, 0);
    expect(polygonArea([rect(0, 0, 100, 50), rect(40, 10, 60, 40)])).toBeCloseTo(4400, 0);
    expect(polygonArea([])).toBe(0);
  });
});
