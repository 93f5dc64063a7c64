import { describe, expect, it } from 'vitest';
import { addYears, filingLate, reassessmentDue, reassessNoticeAt, reportStatus } from '../../../src/shared/domain/evaluation-report';

/*
 * 《危险化学品重大危险源监督管理暂行规定》(总局令第40号):
 * 第十一条 re-assessment three years after the report, sooner at a change;
 * 第二十三条 filing within 15 days of the report.
 */
const day = (s: string) => Date.parse(`${s}T00:00:00+08:00`);
const at = (s: string) => Date.parse(`${s}+08:00`);

describe('re-assessment due (第十一条)', () => {
  it.each([
    ['three years on, no change', '2024-03-10', null, '2027-03-10'],
    ['a change before three years brings it forward', '2024-03-10', '2025-06-01', '2025-06-01'],
    ['a change after three years does not push it back', '2024-03-10', '2028-01-01', '2027-03-10'],
    ['a change on the report day is due that day', '2024-03-10', '2024-03-10', '2024-03-10'],
    ['29 February goes to 28 February three years on', '2024-02-29', null, '2027-02-28'],
    ['end of month stays', '2023-12-31', null, '2026-12-31'],
  ])('%s', (_case, report, change, due) => {
    expect(reassessmentDue(day(report), change === null ? null : day(change))).toBe(day(due));
  });

  it('adds calendar years, not 365-day years', () => {
    expect(addYears(day('2023-03-01'), 3)).toBe(day('2026-03-01'));
  });

  it('the to-do opens 30 days before the due date', () => {
    expect(reassessNoticeAt(day('2027-03-10'))).toBe(day('2027-02-08'));
  });
});

describe('filing within 15 days (第二十三条)', () => {
  it.each([
    ['filed on day 15 is on time', '2024-03-10', '2024-03-25', '2024-04-30T12:00:00', false],
    ['filed on day 16 is late', '2024-03-10', '2024-03-26', '2024-04-30T12:00:00', true],
    ['filed on the report day is on time', '2024-03-10', '2024-03-10', '2024-03-10T18:00:00', false],
    ['not filed, day 15 evening: not late yet', '2024-03-10', null, '2024-03-25T23:00:00', false],
    ['not filed, day 16: late', '2024-03-10', null, '2024-03-26T08:00:00', true],
  ])('%s', (_case, report, filed, now, late) => {
    expect(filingLate(day(report), filed === null ? null : day(filed), at(now))).toBe(late);
  });
});

describe('a report’s status', () => {
  it.each([
    ['new report, not filed yet', '2024-03-10', null, null, '2024-03-12T09:00:00', 'valid', 'pending'],
    ['filed on time, two years on', '2024-03-10', null, '2024-03-20', '2026-03-10T09:00:00', 'valid', 'filed'],
    ['within 30 days of the due date', '2024-03-10', null, '2024-03-20', '2027-02-20T09:00:00', 'dueSoon', 'filed'],
    ['past the due date', '2024-03-10', null, '2024-04-20', '2027-03-10T09:00:00', 'overdue', 'filedLate'],
    ['a change made it overdue', '2024-03-10', '2024-09-01', null, '2024-09-02T09:00:00', 'overdue', 'late'],
  ])('%s', (_case, report, change, filed, now, reassess, filing) => {
    const s = reportStatus({ reportDate: day(report), changeDate: change === null ? null : day(change), filedDate: filed === null ? null : day(filed), now: at(now) });
    expect({ reassess: s.reassess, filing: s.filing }).toEqual({ reassess, filing });
  });
});

describe('calendar years on the plant’s clock', () => {
  it('a plant at UTC+0 counts its own days', () => {
    const utcDay = (s: string) => Date.parse(`${s}T00:00:00Z`);
    expect(addYears(utcDay('2024-02-29'), 3, 0)).toBe(utcDay('2027-02-28'));
    expect(reassessmentDue(utcDay('2024-03-10'), null, 0)).toBe(utcDay('2027-03-10'));
  });
});
