import { describe, expect, it } from 'vitest';
import { interpolate, swingingDoor } from '../../../src/server/history/swinging-door.js';
import { mulberry32 as prng } from '../../../src/server/common/prng.js';

const T0 = Date.UTC(2026, 10, 1);
const seconds = (n: number) => Array.from({ length: n }, (_, i) => T0 + i * 1000);

/** The largest distance of an original sample from the line between the kept points around it. */
function worstError(t: number[], v: number[], keep: number[]): number {
  let worst = 0;
  for (let k = 0; k + 1 < keep.length; k++) {
    const a = keep[k];
    const b = keep[k + 1];
    for (let i = a; i <= b; i++) {
      worst = Math.max(worst, Math.abs(v[i] - interpolate(t[a], v[a], t[b], v[b], t[i])));
    }
  }
  return worst;
}

describe('swinging-door compression', () => {
  const r = prng(7);
  const noisy = seconds(600).map(() => 50 + (r() - 0.5) * 0.1);
  const walk: number[] = [];
  for (let i = 0, x = 20; i < 3600; i++) {
    x += (r() - 0.5) * 0.3;
    walk.push(Math.round(x * 100) / 100);
  }
  const sine = seconds(3600).map((_, i) => 100 * Math.sin(i / 300));
  const steps = seconds(600).map((_, i) => (Math.floor(i / 100) % 2) * 10);
  const ramp = seconds(600).map((_, i) => 10 + i * 0.25);
  const cases: { name: string; t: number[]; v: number[]; dev: number; kept: (n: number) => boolean }[] = [
    { name: 'straight ramp → 2 points', t: seconds(600), v: ramp, dev: 0.01, kept: (n) => n === 2 },
    { name: 'constant → 2 points', t: seconds(600), v: seconds(600).map(() => 3.5), dev: 0.5, kept: (n) => n === 2 },
    // Kept points are real samples: noise whose whole spread (0.1) fits in the deviation is dropped.
    { name: 'noise ±0.05 with a deviation of 0.1 → few points', t: seconds(600), v: noisy, dev: 0.1, kept: (n) => n <= 10 },
    { name: 'random walk, deviation 0.5 → well under a tenth', t: seconds(3600), v: walk, dev: 0.5, kept: (n) => n < 360 },
    { name: 'sine, deviation 0.1', t: seconds(3600), v: sine, dev: 0.1, kept: (n) => n < 400 },
    { name: 'square steps keep both sides of each edge', t: seconds(600), v: steps, dev: 0.1, kept: (n) => n === 12 },
    {
      name: 'irregular times, large values',
      t: seconds(1000).map((x, i) => x + ((i * 7919) % 997)),
      v: seconds(1000).map((_, i) => 1e9 + Math.sin(i / 30) * 1e3),
      dev: 1,
      kept: (n) => n < 450,
    },
  ];
  it.each(cases)('$name', ({ t, v, dev, kept }) => {
    const keep = swingingDoor(t, v, dev);
    expect(kept(keep.length), `${keep.length} points kept`).toBe(true);
    expect(keep[0]).toBe(0);
    expect(keep.at(-1)).toBe(t.length - 1);
    expect([...keep].sort((a, b) => a - b)).toEqual(keep);
    expect(new Set(keep).size).toBe(keep.length);
    // The guarantee: no original sample is further than the deviation from the line the kept points draw.
    expect(worstError(t, v, keep)).toBeLessThanOrEqual(dev);
  });

  it('never exceeds the deviation on random series, and a smaller deviation keeps more', () => {
    const rr = prng(11);
    for (let run = 0; run < 200; run++) {
      const n = 2 + Math.floor(rr() * 500);
      const t: number[] = [];
      const v: number[] = [];
      for (let i = 0, x = T0, y = rr() * 100; i < n; i++) {
        x += 1 + Math.floor(rr() * 5000);
        y += (rr() - 0.5) * (rr() < 0.05 ? 50 : 1);
        t.push(x);
        v.push(y);
      }
      const dev = 10 ** (rr() * 4 - 3);
      const keep = swingingDoor(t, v, dev);
      expect(worstError(t, v, keep)).toBeLessThanOrEqual(dev);
      expect(swingingDoor(t, v, dev / 10).length).toBeGreaterThanOrEqual(keep.length);
    }
  });

  it('is lossless without a deviation; keeps non-finite values and quality changes with their neighbours', () => {
    const t = seconds(10);
    const v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(swingingDoor(t, v, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(swingingDoor(t, v, Number.NaN)).toHaveLength(10);
    expect(swingingDoor(t, v, 0.5)).toEqual([0, 9]);
    expect(swingingDoor(t, [1, 2, 3, 4, Number.NaN, 6, 7, 8, 9, 10], 0.5)).toEqual([0, 3, 4, 5, 9]);
    expect(swingingDoor(t, v, 0.5, [0, 0, 0, 0, 0, 0, 1, 1, 1, 1])).toEqual([0, 5, 6, 9]);
  });
});
