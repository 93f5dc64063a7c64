import { describe, expect, it } from 'vitest';
import { expectedPeriodMs, monitorState } from '../../../src/shared/domain/monitoring-status.js';

/* DOMAIN.md §5 (AQ 3035-2010 §5 continuous collection): a point silent beyond its expected period is 未监测. */
describe('monitoring point state', () => {
  const now = 1_000_000_000;
  it.each([
    ['no sample ever', null, 60_000, false, 'notMonitored'],
    ['a sample exactly one period old', { t: now - 60_000, q: 0 }, 60_000, false, 'normal'],
    ['a sample one ms beyond the period', { t: now - 60_001, q: 0 }, 60_000, false, 'notMonitored'],
    ['a silent tag with an alarm still open', { t: now - 60_001, q: 0 }, 60_000, true, 'notMonitored'],
    ['a fresh bad sample', { t: now, q: 2 }, 60_000, false, 'notMonitored'],
    ['a fresh uncertain sample', { t: now, q: 1 }, 60_000, false, 'normal'],
    ['a fresh sample with an open alarm', { t: now - 1000, q: 0 }, 60_000, true, 'alarm'],
  ] as const)('%s → %s', (_what, latest, period, alarm, state) => {
    expect(monitorState(latest, now, period, alarm)).toBe(state);
  });

  it.each([
    ['lel', null, 60_000],
    ['ppm', null, 60_000],
    ['pressure', undefined, 120_000],
    ['level', null, 300_000],
    ['unknown-kind', null, 300_000],
    ['lel', 30, 30_000],
    ['level', 0, 300_000],
  ] as const)('kind %s with device period %s → %s ms', (kind, override, ms) => {
    expect(expectedPeriodMs(kind, override)).toBe(ms);
  });
});
