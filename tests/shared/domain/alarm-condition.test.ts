import { describe, expect, it } from 'vitest';
import { evaluateCondition, initialCondition, type ConditionConfig, type ConditionState } from '../../../src/shared/domain/alarm-condition.js';

/** Feeds [t, value] pairs; returns the changes with their times. */
function run(cfg: ConditionConfig, samples: [number, number][], s: ConditionState = initialCondition) {
  const changes: string[] = [];
  for (const [t, v] of samples) {
    const r = evaluateCondition(cfg, s, v, t);
    s = r.state;
    if (r.change) {
      changes.push(`${r.change}@${t}`);
    }
  }
  return changes;
}

const high: ConditionConfig = { kind: 'high', limit: 80, deadband: 2, onDelayMs: 0, offDelayMs: 0 };

describe('alarm condition (limit, deadband, on/off delay)', () => {
  it('activates at the limit and clears only past limit − deadband', () => {
    expect(run(high, [[0, 79.9], [1, 80], [2, 79], [3, 78.5], [4, 78], [5, 77.9]])).toEqual(['activate@1', 'clear@5']);
  });

  it('a low alarm mirrors it', () => {
    const low: ConditionConfig = { kind: 'low', limit: 10, deadband: 1, onDelayMs: 0, offDelayMs: 0 };
    expect(run(low, [[0, 10.1], [1, 10], [2, 10.9], [3, 11], [4, 11.1]])).toEqual(['activate@1', 'clear@4']);
  });

  it('an on-delay ignores a value that crosses for less than the delay', () => {
    const cfg = { ...high, onDelayMs: 5000 };
    expect(run(cfg, [[0, 85], [3000, 85], [4000, 70], [6000, 85], [10_000, 86], [11_000, 86]])).toEqual(['activate@11000']);
  });

  it('an off-delay keeps the alarm through a short dip below the deadband', () => {
    const cfg = { ...high, offDelayMs: 3000 };
    expect(run(cfg, [[0, 90], [1000, 70], [2000, 90], [5000, 70], [7000, 70], [8000, 70]])).toEqual(['activate@0', 'clear@8000']);
  });

  it('a discrete alarm follows its alarm value', () => {
    const cfg: ConditionConfig = { kind: 'discrete', limit: 1, deadband: 0, onDelayMs: 0, offDelayMs: 0 };
    expect(run(cfg, [[0, 0], [1, 1], [2, 1], [3, 0]])).toEqual(['activate@1', 'clear@3']);
  });

  it('a value that is not finite changes nothing', () => {
    expect(run(high, [[0, 90], [1, Number.NaN], [2, Number.POSITIVE_INFINITY]])).toEqual(['activate@0']);
  });
});
