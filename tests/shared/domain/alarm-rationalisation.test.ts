import { describe, expect, it } from 'vitest';
import { consequenceClasses, proposedPriority, responseTimeClasses } from '../../../src/shared/domain/alarm-rationalisation.js';

describe('proposedPriority (consequence × time to respond)', () => {
  // prettier-ignore
  const table: [typeof consequenceClasses[number], typeof responseTimeClasses[number], number][] = [
    ['minor', 'gt30', 4], ['minor', 'm10to30', 4], ['minor', 'm3to10', 3], ['minor', 'lt3', 3],
    ['moderate', 'gt30', 4], ['moderate', 'm10to30', 3], ['moderate', 'm3to10', 3], ['moderate', 'lt3', 2],
    ['major', 'gt30', 3], ['major', 'm10to30', 3], ['major', 'm3to10', 2], ['major', 'lt3', 1],
    ['severe', 'gt30', 3], ['severe', 'm10to30', 2], ['severe', 'm3to10', 1], ['severe', 'lt3', 1],
  ];
  it.each(table)('%s consequence, %s to respond → priority %i', (c, r, p) => {
    expect(proposedPriority(c, r)).toBe(p);
  });

  it('covers every pair of classes', () => {
    expect(table).toHaveLength(consequenceClasses.length * responseTimeClasses.length);
  });

  it('never proposes a lower priority for a more severe consequence or less time', () => {
    for (let ci = 1; ci < consequenceClasses.length; ci++) {
      for (const r of responseTimeClasses) {
        expect(proposedPriority(consequenceClasses[ci], r)!).toBeLessThanOrEqual(proposedPriority(consequenceClasses[ci - 1], r)!);
      }
    }
    for (const c of consequenceClasses) {
      for (let ri = 1; ri < responseTimeClasses.length; ri++) {
        expect(proposedPriority(c, responseTimeClasses[ri])!).toBeLessThanOrEqual(proposedPriority(c, responseTimeClasses[ri - 1])!);
      }
    }
  });

  it('proposes nothing until both are recorded', () => {
    expect(proposedPriority(null, 'lt3')).toBeNull();
    expect(proposedPriority('severe', null)).toBeNull();
  });
});
