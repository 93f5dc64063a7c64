import { describe, expect, it } from 'vitest';
import { decodePositions, decodeSamples, encodePositions, encodeSamples } from '../../../src/server/history/codec.js';

/** Small deterministic PRNG (mulberry32): the property runs are repeatable. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTREMES = [0, -0, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 2 ** 53, -(2 ** 53) + 1, 0.1, 1 / 3, 123456.789, -42];
const T0 = Date.UTC(2026, 10, 1);

function randomDouble(r: () => number): number {
  // Any finite double from random bits.
  for (;;) {
    const b = new Uint32Array([Math.floor(r() * 2 ** 32), Math.floor(r() * 2 ** 32)]);
    const x = new Float64Array(b.buffer)[0];
    if (Number.isFinite(x)) {
      return x;
    }
  }
}

function series(r: () => number, kind: number, n: number): number[] {
  switch (kind) {
    case 0:
      return Array.from({ length: n }, () => Math.round((50 + r() * 10) * 100) / 100);
    case 1:
      return Array.from({ length: n }, () => randomDouble(r));
    case 2:
      return Array.from({ length: n }, () => EXTREMES[Math.floor(r() * EXTREMES.length)]);
    case 3:
      return Array.from({ length: n }, () => 7);
    default:
      return Array.from({ length: n }, (_, i) => Math.sin(i / 10) * 1000 + r());
  }
}

function times(r: () => number, kind: number, n: number): number[] {
  let t = T0 + Math.floor(r() * 1e6);
  return Array.from({ length: n }, () => {
    t += kind === 0 ? 1000 : kind === 1 ? Math.floor(r() * 5000) : Math.floor(r() * 3) * 1000 - 1000;
    return t;
  });
}

const same = (a: ArrayLike<number>, b: number[]) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) {
    if (!Object.is(a[i], b[i])) {
      expect({ i, got: a[i] }).toEqual({ i, got: b[i] });
    }
  }
};

describe('history codec', () => {
  it('round-trips samples bit for bit: random doubles, extremes, -0, constants, decimals; any time steps', () => {
    const r = prng(42);
    for (let run = 0; run < 300; run++) {
      const n = run % 50 === 0 ? 0 : 1 + Math.floor(r() * 700);
      const t = times(r, run % 3, n);
      const v = series(r, run % 5, n);
      const q = Array.from({ length: n }, () => (r() < 0.9 ? 0 : Math.floor(r() * 256)));
      const c = decodeSamples(encodeSamples({ n, t, v, q }));
      expect(c.n).toBe(n);
      same(c.t, t);
      same(c.v, v);
      same(c.q, q);
    }
  });

  it('round-trips positions, NaN floors included', () => {
    const r = prng(7);
    for (let run = 0; run < 100; run++) {
      const n = 1 + Math.floor(r() * 500);
      const t = times(r, run % 3, n);
      const lon = Array.from({ length: n }, () => Math.round((116 + r()) * 1e7) / 1e7);
      const lat = series(r, run % 5, n);
      const floor = Array.from({ length: n }, () => (r() < 0.5 ? Number.NaN : Math.floor(r() * 5) - 1));
      const kind = Array.from({ length: n }, () => (r() < 0.5 ? 0 : 1));
      const c = decodePositions(encodePositions({ n, t, lon, lat, floor, kind }));
      same(c.t, t);
      same(c.lon, lon);
      same(c.lat, lat);
      same(c.floor, floor);
      same(c.kind, kind);
    }
  });

  it('compresses regular 1 Hz decimal data to a few bytes per sample', () => {
    const r = prng(1);
    const n = 600;
    const t = times(r, 0, n);
    let x = 50;
    const v = Array.from({ length: n }, () => (x = Math.round((x + (r() - 0.5) * 0.2) * 100) / 100));
    const q = new Array<number>(n).fill(0);
    const bytes = encodeSamples({ n, t, v, q }).length;
    expect(bytes / n).toBeLessThan(2);
  });

  it('refuses a damaged chunk instead of returning wrong data', () => {
    const buf = encodeSamples({ n: 10, t: times(prng(3), 0, 10), v: series(prng(3), 1, 10), q: new Array<number>(10).fill(0) });
    expect(() => decodeSamples(buf.subarray(0, buf.length - 40))).toThrow(/truncated|bad run/);
    const wrong = buf.slice();
    wrong[0] = 9;
    expect(() => decodeSamples(wrong)).toThrow(/version/);
  });
});
