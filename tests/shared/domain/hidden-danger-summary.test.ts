import { describe, expect, it } from 'vitest';
import { summariseHiddenDangers, summaryPeriods, type SummaryFact } from '../../../src/shared/domain/hidden-danger-summary.js';
import { calendarOf } from '../../../src/shared/domain/plant-calendar.js';

const cal = calendarOf();
const at = (month: number, day: number, hour = 10) => cal.fromLocal(2025, month, day, hour);
const fact = (p: Partial<SummaryFact>): SummaryFact => ({
  status: 'found',
  grade: 'general',
  deptid: 1,
  regionid: 10,
  created: at(1, 5),
  deadline: null,
  rectifiedAt: null,
  closedAt: null,
  money: null,
  ...p,
});

/*
 * Issue 24 §1, TroubleCleanupSummary: "quarterly and yearly summaries" of the
 * hidden-danger loop (DOMAIN.md §8): found, closed, overdue, 重大 and money,
 * per plant-local quarter and for the year, by department and region.
 */
describe('the hidden-danger cleanup summary (issue 24 §1, TroubleCleanupSummary)', () => {
  it('quarters are the plant\'s local calendar quarters: a danger found at 23:30 local on 31 March is Q1, at 00:30 on 1 April is Q2', () => {
    const p = summaryPeriods(2025, cal);
    expect(p.map((x) => x.period)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'year']);
    expect(p[1].from).toBe(Date.parse('2025-04-01T00:00:00+08:00'));
    expect(p[4]).toMatchObject({ from: Date.parse('2025-01-01T00:00:00+08:00'), to: Date.parse('2026-01-01T00:00:00+08:00') });
    const s = summariseHiddenDangers([fact({ created: cal.fromLocal(2025, 3, 31, 23, 30) }), fact({ created: cal.fromLocal(2025, 4, 1, 0, 30) })], 2025, cal, at(12, 31));
    expect(s.map((x) => x.found)).toEqual([1, 1, 0, 0, 2]);
  });

  const now = at(8, 15);
  const facts: SummaryFact[] = [
    // Q1: found, 重大, 5000 元, closed in Q2, rectified in time.
    fact({ grade: 'major', money: 5000, deadline: at(3, 1), rectifiedAt: at(2, 20), closedAt: at(4, 2), status: 'closed' }),
    // Q1: found, deadline in Q2, rectified late: overdue in Q2.
    fact({ created: at(2, 1), deptid: 2, regionid: 20, money: 300.5, deadline: at(5, 1), rectifiedAt: at(5, 9), status: 'rectified' }),
    // Q3: found, deadline passed (before now) and still not rectified: overdue in Q3.
    fact({ created: at(7, 1), deptid: 2, regionid: 20, deadline: at(8, 1), status: 'assigned' }),
    // Q3: deadline after now: not overdue yet.
    fact({ created: at(7, 2), deadline: at(9, 30), status: 'assigned', money: 100 }),
    // Voided: counts nowhere.
    fact({ created: at(1, 9), grade: 'major', money: 9999, status: 'voided' }),
    // Another year: counts nowhere.
    fact({ created: cal.fromLocal(2024, 12, 30), closedAt: cal.fromLocal(2024, 12, 31), status: 'closed' }),
  ];

  it.each([
    ['Q1', { found: 2, closed: 0, overdue: 0, major: 1, money: 5300.5 }],
    ['Q2', { found: 0, closed: 1, overdue: 1, major: 0, money: 0 }],
    ['Q3', { found: 2, closed: 0, overdue: 1, major: 0, money: 100 }],
    ['Q4', { found: 0, closed: 0, overdue: 0, major: 0, money: 0 }],
    ['year', { found: 4, closed: 1, overdue: 2, major: 1, money: 5400.5 }],
  ])('%s: found by creation, closed by 销号 time, overdue by deadline passed unrectified, 重大 and money of those found', (period, figures) => {
    const s = summariseHiddenDangers(facts, 2025, cal, now).find((x) => x.period === period)!;
    expect(s).toMatchObject(figures);
  });

  it('splits each period by department and region, with a group only where something happened', () => {
    const year = summariseHiddenDangers(facts, 2025, cal, now).find((x) => x.period === 'year')!;
    expect(year.byDept).toEqual([
      { key: '1', found: 2, closed: 1, overdue: 0, major: 1, money: 5100 },
      { key: '2', found: 2, closed: 0, overdue: 2, major: 0, money: 300.5 },
    ]);
    expect(year.byRegion.map((g) => [g.key, g.found, g.overdue])).toEqual([
      ['10', 2, 0],
      ['20', 2, 2],
    ]);
    const q4 = summariseHiddenDangers(facts, 2025, cal, now).find((x) => x.period === 'Q4')!;
    expect(q4.byDept).toEqual([]);
  });
});
