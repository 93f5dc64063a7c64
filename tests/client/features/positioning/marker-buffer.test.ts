import { describe, expect, it } from 'vitest';
import { CATEGORY_INDEX, MarkerBuffer, MAX_GLIDE_MS } from '../../../../src/client/features/positioning/marker-buffer.js';
import { positionOnPath } from '../../../../src/client/features/positioning/playback.js';
import { activeAt, ReplayFrames } from '../../../../src/client/features/positioning/replay-frames.js';
import type { AlarmItem } from '../../../../src/shared/alarms/contracts.js';

const base = { serverNow: 0, staleMs: 5 * 60_000, floor: null, alarmed: new Set<string>() };

describe('MarkerBuffer', () => {
  it('places a first fix and glides to the next one over the fix interval', () => {
    const b = new MarkerBuffer();
    b.ingest([['P1', 1000, 10, 20, null, 0]], 0);
    expect(b.fill(0, base).features[0].geometry.coordinates).toEqual([10, 20]);
    b.ingest([['P1', 2000, 12, 24, null, 0]], 100);
    expect(b.gliding(600)).toBe(true);
    expect(b.fill(600, base).features[0].geometry.coordinates).toEqual([11, 22]);
    expect(b.fill(1100, base).features[0].geometry.coordinates).toEqual([12, 24]);
    expect(b.gliding(1100)).toBe(false);
  });

  it('starts a new glide from where the marker is drawn, ignores older fixes and caps long glides', () => {
    const b = new MarkerBuffer();
    b.ingest([['P1', 1000, 0, 0, null, 0]], 0);
    b.ingest([['P1', 2000, 10, 0, null, 0]], 0);
    // Half way (x = 5) a new fix arrives: the glide starts at 5, not at 10.
    b.ingest([['P1', 3000, 5, 10, null, 0]], 500);
    expect(b.fill(500, base).features[0].geometry.coordinates).toEqual([5, 0]);
    expect(b.fill(1000, base).features[0].geometry.coordinates).toEqual([5, 5]);
    b.ingest([['P1', 2500, 99, 99, null, 0]], 1000);
    expect(b.info('P1')).toMatchObject({ t: 3000, lon: 5, lat: 10 });
    b.ingest([['P1', 3000 + 3_600_000, 6, 10, null, 0]], 2000);
    expect(b.gliding(2000 + MAX_GLIDE_MS - 1)).toBe(true);
    expect(b.gliding(2000 + MAX_GLIDE_MS)).toBe(false);
  });

  it('marks stale, alarmed and selected markers and filters by floor and category', () => {
    const b = new MarkerBuffer(undefined, (id, kind) => (kind === 1 ? CATEGORY_INDEX.vehicle : id === 'C1' ? CATEGORY_INDEX.contractor : CATEGORY_INDEX.staff));
    b.ingest(
      [
        ['S1', 0, 1, 1, 2, 0],
        ['C1', 290_000, 2, 2, null, 0],
        ['V1', 100_000, 3, 3, null, 1],
      ],
      0,
    );
    const fc = b.fill(0, { ...base, serverNow: 300_001, alarmed: new Set(['C1']), selected: 'V1' });
    const byId = Object.fromEntries(fc.features.map((f) => [f.properties.id, f.properties]));
    expect(byId.S1).toMatchObject({ c: CATEGORY_INDEX.staff, s: 1, a: 0, sel: 0 });
    expect(byId.C1).toMatchObject({ c: CATEGORY_INDEX.contractor, s: 0, a: 1, sel: 0 });
    expect(byId.V1).toMatchObject({ c: CATEGORY_INDEX.vehicle, s: 0, a: 0, sel: 1 });
    expect(b.fill(0, { ...base, floor: 2 }).features.map((f) => f.properties.id)).toEqual(['S1']);
    expect(b.fill(0, { ...base, hidden: new Set([CATEGORY_INDEX.vehicle]) }).features.map((f) => f.properties.id)).toEqual(['S1', 'C1']);
    expect(b.floors()).toEqual([2]);
  });

  it('keeps the time a card entered its region until it leaves it', () => {
    const b = new MarkerBuffer((lon) => (lon < 10 ? 1 : 2));
    b.ingest([['P1', 1000, 1, 0, null, 0]], 0);
    b.ingest([['P1', 2000, 2, 0, null, 0]], 0);
    expect(b.info('P1')).toMatchObject({ regionid: 1, regionSince: 1000 });
    b.ingest([['P1', 3000, 11, 0, null, 0]], 0);
    expect(b.info('P1')).toMatchObject({ regionid: 2, regionSince: 3000 });
    b.setRegionSince('P1', 2500);
    expect(b.info('P1')!.regionSince).toBe(2500);
  });

  it('grows past its first capacity', () => {
    const b = new MarkerBuffer();
    b.ingest(
      Array.from({ length: 1000 }, (_, i) => [`P${i}`, 1, i, i, null, 0] as [string, number, number, number, null, 0]),
      0,
    );
    expect(b.size).toBe(1000);
    expect(b.fill(0, base).features[999].geometry.coordinates).toEqual([999, 999]);
  });
});

describe('positionOnPath', () => {
  const path = [
    { t: 0, lon: 0, lat: 0 },
    { t: 10, lon: 10, lat: 0 },
    { t: 20, lon: 10, lat: 20 },
  ];
  it('interpolates between the fixes around t and clamps at both ends', () => {
    expect(positionOnPath(path, -5)).toEqual([0, 0]);
    expect(positionOnPath(path, 5)).toEqual([5, 0]);
    expect(positionOnPath(path, 10)).toEqual([10, 0]);
    expect(positionOnPath(path, 15)).toEqual([10, 10]);
    expect(positionOnPath(path, 99)).toEqual([10, 20]);
    expect(positionOnPath([], 1)).toBeNull();
  });
});

describe('ReplayFrames', () => {
  const alarm = (over: Partial<AlarmItem>): AlarmItem => ({ activatedAt: 100, returnedAt: null, closedAt: null, ...over }) as AlarmItem;
  it('draws a card from its first to its last fix, between fixes linearly, red while alarmed', () => {
    const frames = new ReplayFrames(
      [
        { tagId: 'A', kind: 0, t: [0, 10], lon: [0, 10], lat: [0, 0] },
        { tagId: 'V', kind: 1, t: [5, 20], lon: [1, 1], lat: [1, 3] },
      ],
      (_id, kind) => (kind === 1 ? CATEGORY_INDEX.vehicle : CATEGORY_INDEX.staff),
    );
    expect(frames.fill(2, new Set()).features.map((f) => [f.properties.id, ...f.geometry.coordinates])).toEqual([['A', 2, 0]]);
    const at10 = frames.fill(12.5, new Set(['V'])).features.map((f) => [f.properties.id, f.properties.c, f.properties.a, ...f.geometry.coordinates]);
    expect(at10).toEqual([['V', CATEGORY_INDEX.vehicle, 1, 1, 2]]);
    expect(frames.fill(21, new Set()).features).toEqual([]);
  });
  it('tells whether an alarm was active at a time', () => {
    expect(activeAt(alarm({}), 99)).toBe(false);
    expect(activeAt(alarm({}), 100)).toBe(true);
    expect(activeAt(alarm({ returnedAt: 150 }), 150)).toBe(false);
    expect(activeAt(alarm({ closedAt: 200 }), 199)).toBe(true);
  });
});
