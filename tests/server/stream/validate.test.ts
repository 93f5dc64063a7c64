import { describe, expect, it } from 'vitest';
import { checkPosition, checkSample } from '../../../src/server/stream/validate.js';
import { positionItem, sampleItem } from '../../../src/shared/contracts/stream.js';

const T = Date.UTC(2026, 10, 22, 8, 0, 0);

/** Good items, then bad ones, each differing from a good item in one field. */
const samples: unknown[] = [
  { tag: 'TF-A.T101.LT', t: T, v: 12.5, q: 0 },
  { tag: 'x', t: T, v: -1e9 },
  { tag: 'x', t: T, v: 0, q: 1 },
  { tag: 'x', t: T, v: 0, q: 2, extra: 'ignored' },
  { tag: 'x'.repeat(128), t: 946_684_800_000, v: 1 },
  { tag: 'x', t: 4_102_444_800_000, v: 1 },
  null,
  undefined,
  42,
  'text',
  [],
  [{ tag: 'x', t: T, v: 1 }],
  {},
  { tag: '', t: T, v: 1 },
  { tag: 'x'.repeat(129), t: T, v: 1 },
  { tag: 5, t: T, v: 1 },
  { t: T, v: 1 },
  { tag: 'x', t: T / 1000, v: 1 },
  { tag: 'x', t: Math.floor(T / 1000), v: 1 },
  { tag: 'x', t: T + 0.5, v: 1 },
  { tag: 'x', t: String(T), v: 1 },
  { tag: 'x', t: 4_102_444_800_001, v: 1 },
  { tag: 'x', t: T, v: '1' },
  { tag: 'x', t: T, v: null },
  { tag: 'x', t: T, v: Infinity },
  { tag: 'x', t: T, v: NaN },
  { tag: 'x', t: T },
  { tag: 'x', t: T, v: 1, q: 3 },
  { tag: 'x', t: T, v: 1, q: -1 },
  { tag: 'x', t: T, v: 1, q: null },
  { tag: 'x', t: T, v: 1, q: '0' },
  { tag: 'x', t: T, v: 1, q: 0.5 },
];

const positions: unknown[] = [
  { tagId: 'P-0001', t: T, lon: 118.8, lat: 32.25, kind: 'person' },
  { tagId: 'V-01', t: T, lon: -180, lat: 90, floor: null, kind: 'vehicle' },
  { tagId: 'P-1', t: T, lon: 180, lat: -90, floor: 3, kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0, floor: -100, kind: 'person' },
  null,
  [],
  { tagId: 'P-1', t: T, lon: 180.0001, lat: 0, kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: -90.5, kind: 'person' },
  { tagId: 'P-1', t: T, lon: '118', lat: 0, kind: 'person' },
  { tagId: 'P-1', t: T, lat: 0, kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0, floor: 1.5, kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0, floor: 301, kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0, floor: '2', kind: 'person' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0, kind: 'animal' },
  { tagId: 'P-1', t: T, lon: 0, lat: 0 },
  { tagId: '', t: T, lon: 0, lat: 0, kind: 'person' },
  { tag: 'P-1', t: T, lon: 0, lat: 0, kind: 'person' },
  { tagId: 'P-1', t: 1, lon: 0, lat: 0, kind: 'person' },
  { tagId: 'P-1', t: T, lon: NaN, lat: 0, kind: 'person' },
];

describe('hand-written ingest checks', () => {
  it('agree with the zod sample schema on every good and bad sample', () => {
    for (const item of samples) {
      const fast = checkSample(item);
      const zod = sampleItem.safeParse(item).success;
      expect({ item, ok: fast === null }).toEqual({ item, ok: zod });
    }
    expect(samples.filter((s) => checkSample(s) === null)).toHaveLength(6);
  });

  it('agree with the zod position schema on every good and bad position', () => {
    for (const item of positions) {
      const fast = checkPosition(item);
      const zod = positionItem.safeParse(item).success;
      expect({ item, ok: fast === null }).toEqual({ item, ok: zod });
    }
    expect(positions.filter((p) => checkPosition(p) === null)).toHaveLength(4);
  });

  it('agree on randomly mutated items', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const values: unknown[] = [0, 1, 2, 3, -1, 0.5, T, T / 1000, 1e300, '', 'x', 'person', 'vehicle', null, undefined, true, [], {}, NaN, -180, 181, 90.1];
    const pick = () => values[Math.floor(rnd() * values.length)];
    for (let i = 0; i < 3000; i++) {
      const s: Record<string, unknown> = { tag: 'x', t: T, v: 1, q: 0 };
      const p: Record<string, unknown> = { tagId: 'p', t: T, lon: 1, lat: 1, floor: 1, kind: 'person' };
      s[['tag', 't', 'v', 'q'][i % 4]] = pick();
      p[['tagId', 't', 'lon', 'lat', 'floor', 'kind'][i % 6]] = pick();
      expect(checkSample(s) === null).toBe(sampleItem.safeParse(s).success);
      expect(checkPosition(p) === null).toBe(positionItem.safeParse(p).success);
    }
  });

  it('names the field in its reason', () => {
    expect(checkSample({ tag: 'x', t: T / 1000, v: 1 })).toMatch(/^t: .*epoch milliseconds/);
    expect(checkSample({ tag: 'x', t: T, v: 'a' })).toMatch(/^v:/);
    expect(checkSample({ tag: 'x', t: T, v: 1, q: 9 })).toMatch(/^q:/);
    expect(checkPosition({ tagId: 'p', t: T, lon: 1, lat: 1, kind: 'cat' })).toMatch(/^kind:/);
  });
});
