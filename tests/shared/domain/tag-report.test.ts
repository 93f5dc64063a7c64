import { describe, expect, it } from 'vitest';
import { calendarOf } from '../../../src/shared/domain/plant-calendar.js';
import { duePeriods, isWebhookUrl, reportPeriodOf, retryDelayMs, tagFigures, type ReportSchedule } from '../../../src/shared/domain/tag-report.js';

/* Scheduled tag reports (issue 20 §7): periods on the plant's wall clock (UTC+8), figures from rollup buckets. */

const cal = calendarOf();
const H = 3_600_000;
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => cal.fromLocal(y, mo, d, h, mi);

describe('reportPeriodOf', () => {
  const cases: [ReportSchedule, number, number, number][] = [
    ['shift', at(2026, 11, 20, 7, 59), at(2026, 11, 20, 0), at(2026, 11, 20, 8)],
    ['shift', at(2026, 11, 20, 8), at(2026, 11, 20, 8), at(2026, 11, 20, 16)],
    ['shift', at(2026, 11, 20, 23, 30), at(2026, 11, 20, 16), at(2026, 11, 21, 0)],
    ['daily', at(2026, 11, 20, 0), at(2026, 11, 20), at(2026, 11, 21)],
    ['daily', at(2026, 11, 20, 23, 59), at(2026, 11, 20), at(2026, 11, 21)],
    ['monthly', at(2026, 2, 28, 12), at(2026, 2, 1), at(2026, 3, 1)],
    ['monthly', at(2026, 12, 31, 23), at(2026, 12, 1), at(2027, 1, 1)],
  ];
  it.each(cases)('%s at %i is [%i, %i)', (schedule, t, start, end) => {
    expect(reportPeriodOf(schedule, t, cal)).toEqual({ start, end });
  });
  it('a local day starts at 16:00 UTC the day before (UTC+8)', () => {
    expect(reportPeriodOf('daily', Date.UTC(2026, 10, 20, 3), cal).start).toBe(Date.UTC(2026, 10, 19, 16));
  });
});

describe('duePeriods', () => {
  it('lists the whole periods ended by now from the one containing `since`, oldest first', () => {
    const ps = duePeriods('shift', at(2026, 11, 20, 10), at(2026, 11, 21, 9), 100, cal);
    expect(ps.map((p) => (p.start - at(2026, 11, 20)) / H)).toEqual([8, 16, 24]);
  });
  it('nothing while the period is still running; at most `max`', () => {
    expect(duePeriods('daily', at(2026, 11, 20, 1), at(2026, 11, 20, 23), 100, cal)).toEqual([]);
    expect(duePeriods('daily', at(2026, 1, 1), at(2026, 12, 31), 5, cal)).toHaveLength(5);
  });
});

describe('tagFigures', () => {
  const limits = { ll: 5, l: 20, h: 80, hh: 95 };
  const cases: [string, { t: number; min: number; max: number; avg: number; n: number }[], object][] = [
    ['no samples', [], { min: null, max: null, avg: null, n: 0, aboveMs: 0, belowMs: 0 }],
    [
      'mean weighted by sample counts; a bucket counts beyond a limit by its average',
      [
        { t: 0, min: 70, max: 99, avg: 85, n: 1 },
        { t: 60_000, min: 10, max: 30, avg: 19, n: 3 },
        { t: 120_000, min: 50, max: 50, avg: 50, n: 2 },
      ],
      { min: 10, max: 99, avg: (85 + 57 + 100) / 6, n: 6, aboveMs: 60_000, belowMs: 60_000 },
    ],
    ['a bucket whose max passes H but whose average does not is not above', [{ t: 0, min: 60, max: 90, avg: 79, n: 4 }], { aboveMs: 0 }],
  ];
  it.each(cases)('%s', (_name, buckets, expected) => {
    expect(tagFigures(buckets, limits, 60_000)).toMatchObject(expected);
  });
  it('falls back to HH and LL when H and L are not set', () => {
    const f = tagFigures([{ t: 0, min: 0, max: 100, avg: 96, n: 1 }, { t: 60_000, min: 0, max: 1, avg: 1, n: 1 }], { ll: 5, l: null, h: null, hh: 95 }, 60_000);
    expect([f.aboveMs, f.belowMs]).toEqual([60_000, 60_000]);
  });
});

describe('webhook rules', () => {
  it.each([
    ['https://example.com/hook', true],
    ['http://10.0.0.5:8080/r?x=1', true],
    ['ftp://example.com', false],
    ['example.com/hook', false],
    ['', false],
  ])('%s is an http(s) URL: %s', (url, ok) => expect(isWebhookUrl(url)).toBe(ok));
  it('retries 30 s doubling up to an hour, never giving up', () => {
    expect([1, 2, 3, 8, 50].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
