import { describe, expect, it } from 'vitest';
import { inspectionReport, type ReportTally } from '../../../src/shared/domain/inspection-report.js';

const round = (p: Partial<ReportTally>): ReportTally => ({
  planId: 1,
  personId: 10,
  departmentId: 100,
  regionId: 1000,
  due: 3,
  done: 3,
  excluded: false,
  status: 'completed',
  flagged: 0,
  hiddenDangers: 0,
  ...p,
});

/*
 * DOMAIN.md §9: missed-check rate = (due − done in window) ÷ due; seed 2 §4:
 * an approved invalid application moves a round out of the statistics.
 */
describe('inspection report (DOMAIN.md §9, seed 2 §4)', () => {
  const cases: { name: string; tallies: ReportTally[]; by: 'plan' | 'person' | 'department' | 'region'; overall: Partial<ReturnType<typeof inspectionReport>['overall']>; rows: number }[] = [
    { name: 'nothing due: no rate', tallies: [], by: 'plan', overall: { rounds: 0, due: 0, rate: null }, rows: 0 },
    { name: 'all done: rate 0', tallies: [round({}), round({})], by: 'plan', overall: { rounds: 2, completed: 2, due: 6, done: 6, missed: 0, rate: 0 }, rows: 1 },
    {
      name: 'one incomplete round of three points with one done: 2 of 6 missed (§9)',
      tallies: [round({}), round({ done: 1, status: 'incomplete' })],
      by: 'plan',
      overall: { rounds: 2, completed: 1, incomplete: 1, due: 6, done: 4, missed: 2, rate: 2 / 6 },
      rows: 1,
    },
    {
      name: 'an approved invalid round is left out of the rate and the rounds, counted as excluded (seed 2 §4)',
      tallies: [round({}), round({ done: 0, status: 'incomplete', excluded: true })],
      by: 'person',
      overall: { rounds: 1, excluded: 1, due: 3, done: 3, missed: 0, rate: 0 },
      rows: 1,
    },
    {
      name: 'flagged check-ins and hidden dangers are summed; rows per region',
      tallies: [round({ regionId: 1, flagged: 1, hiddenDangers: 2 }), round({ regionId: 2, flagged: 2 })],
      by: 'region',
      overall: { flagged: 3, hiddenDangers: 2 },
      rows: 2,
    },
  ];
  it.each(cases)('$name', ({ tallies, by, overall, rows }) => {
    const r = inspectionReport(tallies, by);
    expect(r.overall).toMatchObject(overall);
    expect(r.rows).toHaveLength(rows);
  });

  it('rows come with the largest missed count first', () => {
    const r = inspectionReport([round({ planId: 1 }), round({ planId: 2, done: 0, status: 'incomplete' })], 'plan');
    expect(r.rows.map((x) => x.key)).toEqual([2, 1]);
    expect(r.rows[0]).toMatchObject({ missed: 3, rate: 1 });
  });
});
