import { describe, expect, it } from 'vitest';
import { dangerFigures, percent, type DangerFact } from '../../../src/shared/domain/dual-prevention-performance.js';

const NOW = 1_000_000;
const f = (status: DangerFact['status'], deadline: number | null = null, closedAt: number | null = null): DangerFact => ({ status, deadline, closedAt });

/** DOMAIN.md §8: the loop find → register → assign → rectify → verify → close; overdue items escalate. */
describe('dual-prevention figures (DOMAIN.md §8, seed PerformanceMetricsBoard)', () => {
  it.each([
    ['nothing found: no rate, not 0 % nor 100 %', [], { found: 0, closed: 0, open: 0, overdue: 0, rectifyRate: null, onTimeRate: null }],
    ['voided reports are in neither count', [f('closed', NOW, NOW - 1), f('voided'), f('voided')], { found: 3, voided: 2, closed: 1, open: 0, rectifyRate: 100, onTimeRate: 100 }],
    ['one of three closed: 33.3 %', [f('closed', NOW, NOW - 5), f('assigned', NOW + 10), f('registered')], { closed: 1, open: 2, overdue: 0, rectifyRate: 33.3 }],
    ['assigned with its deadline passed is overdue; rectified awaiting acceptance is not', [f('assigned', NOW - 1), f('assigned', NOW), f('rectified', NOW - 50)], { overdue: 2, open: 3 }],
    ['closed after the deadline is not on time; closed without a deadline is not rated', [f('closed', NOW, NOW + 1), f('closed', NOW, NOW), f('closed', null, NOW)], { closed: 3, closedOnTime: 1, onTimeRate: 50, rectifyRate: 100 }],
  ] as const)('%s', (_name, facts, expected) => {
    expect(dangerFigures(facts, NOW)).toMatchObject(expected);
  });

  it('rounds percentages to one decimal', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 4)).toBe(0);
    expect(percent(1, 0)).toBeNull();
  });
});
