import { describe, expect, it } from 'vitest';
import { signInWaitMs } from '../../../src/shared/domain/sign-in-backoff';

// NIST SP 800-63B §5.2.2: the wait grows as failures accumulate; capped, never a permanent lock.
const rule = { free: 5, firstDelayMs: 30_000, maxDelayMs: 300_000 };

describe('signInWaitMs (NIST SP 800-63B §5.2.2, ASVS V2.2.1)', () => {
  it.each([
    [0, 0, 'no failure'],
    [4, 0, 'four typos cost nothing'],
    [5, 30_000, 'the fifth failure: the first delay'],
    [6, 60_000, 'doubles'],
    [7, 120_000, 'doubles again'],
    [8, 240_000, 'doubles again'],
    [9, 300_000, 'capped at the longest wait'],
    [50, 300_000, 'still capped, never a lockout'],
  ])('%i failures → wait %i ms (%s)', (failures, wait) => {
    expect(signInWaitMs(failures, rule)).toBe(wait);
  });

  it('with one free attempt the first failure already waits', () => {
    expect(signInWaitMs(0, { free: 1, firstDelayMs: 1000, maxDelayMs: 8000 })).toBe(0);
    expect(signInWaitMs(1, { free: 1, firstDelayMs: 1000, maxDelayMs: 8000 })).toBe(1000);
    expect(signInWaitMs(4, { free: 1, firstDelayMs: 1000, maxDelayMs: 8000 })).toBe(8000);
  });
});
