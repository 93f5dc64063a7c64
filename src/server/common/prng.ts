/**
 * Seeded pseudo-random numbers for the simulator. Math.random cannot be
 * seeded, and a demo or a test must replay the same plant from the same seed.
 * Each tag, person and incident draws from its own stream (seeded from the
 * plant seed and its id), so adding one tag does not change the others.
 */

/** mulberry32: 32-bit state, fast, good enough for process noise (not for secrets). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string mixed with a number: a stable 32-bit seed for one named stream. */
export function hashSeed(seed: number, name: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche so that names differing in the last character still diverge early.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  let spare: number | null = null;
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (n) => Math.floor(next() * n),
    normal() {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return s;
      }
      let u = 0;
      while (u === 0) {
        u = next();
      }
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) {
        throw new Error('pick from an empty list');
      }
      return items[Math.floor(next() * items.length)];
    },
  };
}

/** A named stream of the plant seed. */
export const rngFor = (seed: number, name: string): Rng => createRng(hashSeed(seed, name));
