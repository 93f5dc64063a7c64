import { describe, expect, it } from 'vitest';
import { LimitTracker, limitSeverity, limitState, type LimitState, type TagLimits } from '../../../src/shared/domain/limits.js';

const limits: TagLimits = { ll: 10, l: 20, h: 80, hh: 90, deadband: 2 };

/** Feeds values one after another and returns the state after each. */
function run(values: number[], l: TagLimits = limits): LimitState[] {
  let state: LimitState = 'normal';
  return values.map((v) => (state = limitState(v, l, state)));
}

describe('limitState', () => {
  it('is normal inside the limits', () => {
    expect(limitState(50, limits)).toBe('normal');
    expect(limitState(79.99, limits)).toBe('normal');
    expect(limitState(20.01, limits)).toBe('normal');
  });

  it('enters a state as soon as the value reaches the limit (no deadband on entry)', () => {
    expect(limitState(80, limits)).toBe('h');
    expect(limitState(90, limits)).toBe('hh');
    expect(limitState(20, limits)).toBe('l');
    expect(limitState(10, limits)).toBe('ll');
    expect(limitState(150, limits)).toBe('hh');
    expect(limitState(-5, limits)).toBe('ll');
  });

  it('returns from H only below H − deadband', () => {
    expect(run([81, 79, 78.5, 78, 77.9])).toEqual(['h', 'h', 'h', 'h', 'normal']);
  });

  it('returns from L only above L + deadband', () => {
    expect(run([19, 21, 22, 22.1])).toEqual(['l', 'l', 'l', 'normal']);
  });

  it('steps down from HH to H and then to normal, each with the deadband', () => {
    expect(run([95, 89, 88, 87.9, 79, 77])).toEqual(['hh', 'hh', 'hh', 'h', 'h', 'normal']);
  });

  it('steps up from LL to L and then to normal, each with the deadband', () => {
    expect(run([5, 11, 12, 12.1, 21, 23])).toEqual(['ll', 'll', 'll', 'l', 'l', 'normal']);
  });

  it('falls from HH straight to normal when the value drops far', () => {
    expect(run([95, 50])).toEqual(['hh', 'normal']);
  });

  it('a swing across to the other side is never held on the old side, even with a wide deadband', () => {
    const wide: TagLimits = { ll: null, l: 45, h: 50, hh: null, deadband: 10 };
    expect(run([55, 44], wide)).toEqual(['h', 'l']);
    expect(run([40, 51], wide)).toEqual(['l', 'h']);
  });

  it('with a zero deadband the return is at the limit itself', () => {
    const zero = { ...limits, deadband: 0 };
    expect(run([80, 79.99], zero)).toEqual(['h', 'normal']);
    expect(run([20, 20.01], zero)).toEqual(['l', 'normal']);
  });

  it('skips limits that are not set', () => {
    const onlyHigh: TagLimits = { ll: null, l: null, h: 25, hh: 50, deadband: 1 };
    expect(run([-1000, 25, 24.5, 23.9], onlyHigh)).toEqual(['normal', 'h', 'h', 'normal']);
    const none: TagLimits = { ll: null, l: null, h: null, hh: null, deadband: 0 };
    expect(run([1e9, -1e9], none)).toEqual(['normal', 'normal']);
  });

  it('a discrete tag (0/1) with H = 1 is in H while 1', () => {
    const discrete: TagLimits = { ll: null, l: null, h: 1, hh: null, deadband: 0 };
    expect(run([0, 1, 1, 0], discrete)).toEqual(['normal', 'h', 'h', 'normal']);
  });

  it('keeps the previous state for a value that is not a number', () => {
    expect(limitState(Number.NaN, limits, 'h')).toBe('h');
    expect(limitState(Number.POSITIVE_INFINITY, limits, 'normal')).toBe('normal');
  });

  it('treats a negative or missing deadband as zero', () => {
    expect(run([80, 79.5], { ...limits, deadband: -5 })).toEqual(['h', 'normal']);
    expect(run([80, 79.5], { ...limits, deadband: Number.NaN })).toEqual(['h', 'normal']);
  });

  it('is idempotent for a repeated value', () => {
    for (const prev of ['hh', 'h', 'normal', 'l', 'll'] as const) {
      for (const v of [5, 10, 11, 12.5, 20, 21, 50, 79, 80, 88, 90, 95]) {
        const once = limitState(v, limits, prev);
        expect(limitState(v, limits, once)).toBe(once);
      }
    }
  });
});

describe('limitSeverity', () => {
  it('ranks HH/LL above H/L above normal', () => {
    expect(limitSeverity('hh')).toBe(2);
    expect(limitSeverity('ll')).toBe(2);
    expect(limitSeverity('h')).toBe(1);
    expect(limitSeverity('l')).toBe(1);
    expect(limitSeverity('normal')).toBe(0);
  });
});

describe('LimitTracker', () => {
  it('keeps one state per tag', () => {
    const tracker = new LimitTracker();
    expect(tracker.update('a', 81, limits)).toBe('h');
    expect(tracker.update('b', 50, limits)).toBe('normal');
    expect(tracker.update('a', 79, limits)).toBe('h');
    expect(tracker.get('a')).toBe('h');
    tracker.delete('a');
    expect(tracker.get('a')).toBeUndefined();
    expect(tracker.update('a', 79, limits)).toBe('normal');
  });
});
