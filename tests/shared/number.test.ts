import { describe, expect, it } from 'vitest';
import { numberFormatter } from '../../src/shared/number.js';

describe('numberFormatter (seed 1 §9)', () => {
  it('returns numbers below 1000 as they are', () => {
    expect(numberFormatter(0, 1)).toBe('0');
    expect(numberFormatter(999, 1)).toBe('999');
    expect(numberFormatter(12.345, 1)).toBe('12.345');
    expect(numberFormatter(-999, 1)).toBe('-999');
  });

  it('uses k, M, G, T, P, E in steps of 1000', () => {
    expect(numberFormatter(1000, 1)).toBe('1k');
    expect(numberFormatter(1e6, 1)).toBe('1M');
    expect(numberFormatter(1e9, 1)).toBe('1G');
    expect(numberFormatter(1e12, 1)).toBe('1T');
    expect(numberFormatter(1e15, 1)).toBe('1P');
    expect(numberFormatter(1e18, 1)).toBe('1E');
  });

  it('keeps at most the given decimals and drops trailing zeros', () => {
    expect(numberFormatter(1500, 1)).toBe('1.5k');
    expect(numberFormatter(1234, 2)).toBe('1.23k');
    expect(numberFormatter(1200, 2)).toBe('1.2k');
    expect(numberFormatter(1234567, 0)).toBe('1M');
    expect(numberFormatter(2_500_000, 3)).toBe('2.5M');
  });

  it('moves up a suffix when rounding reaches 1000', () => {
    expect(numberFormatter(999_999, 1)).toBe('1M');
    expect(numberFormatter(999_950, 1)).toBe('1M');
    expect(numberFormatter(999_940, 1)).toBe('999.9k');
  });

  it('stays at E beyond 1e21', () => {
    expect(numberFormatter(5e21, 0)).toBe('5000E');
  });

  it('keeps the sign and passes non-finite values through', () => {
    expect(numberFormatter(-1500, 1)).toBe('-1.5k');
    expect(numberFormatter(Number.NaN, 1)).toBe('NaN');
    expect(numberFormatter(Number.POSITIVE_INFINITY, 1)).toBe('Infinity');
  });
});
