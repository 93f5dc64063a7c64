/*
 * Safety assessment reports of a major hazard source (issue 20 §2), by
 * 《危险化学品重大危险源监督管理暂行规定》(原国家安全监管总局令第40号):
 * - 第十一条: a source is assessed again once its assessment is three years
 *   old, and sooner when it changes (new build, rebuild or extension; a change
 *   of chemicals, quantities, process, storage or key equipment that affects
 *   its grade or risk): the re-assessment falls due at the change.
 * - 第二十三条: the source is filed with the local regulator within 15 days of
 *   the assessment report.
 * Dates are instants (ms); days are counted whole, from the report date.
 * Pure: the module and the pages pass the report's dates and the time now.
 */

const DAY_MS = 86_400_000;

/** 第十一条: years after which an assessment is due again. */
export const REASSESS_YEARS = 3;
/** 第二十三条: days after the report within which the source is filed. */
export const FILING_DAYS = 15;
/** Days before the re-assessment falls due when its to-do opens. */
export const REASSESS_NOTICE_DAYS = 30;

/** The plant's UTC offset when none is given: China (UTC+8, no daylight saving), as the plant calendar's. */
const CHINA_OFFSET_MIN = 480;

/**
 * `t` plus `years` calendar years on the plant's wall clock (a fixed UTC
 * offset, as in plant-calendar.ts); 29 February goes to 28 February in a
 * common year.
 */
export function addYears(t: number, years: number, utcOffsetMinutes = CHINA_OFFSET_MIN): number {
  const shift = utcOffsetMinutes * 60_000;
  // A Date shifted by the offset and read with the UTC getters is the local wall clock.
  const d = new Date(t + shift);
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  if (d.getUTCMonth() !== month) {
    d.setUTCDate(0);
  }
  return d.getTime() - shift;
}

/** 第十一条: re-assessment due = min(report + 3 years, the change's date when there is one). */
export function reassessmentDue(reportDate: number, changeDate: number | null, utcOffsetMinutes = CHINA_OFFSET_MIN): number {
  const regular = addYears(reportDate, REASSESS_YEARS, utcOffsetMinutes);
  return changeDate !== null && changeDate < regular ? changeDate : regular;
}

/** 第二十三条: late when filed more than 15 days after the report, or not filed and more than 15 days have passed. */
export function filingLate(reportDate: number, filedDate: number | null, now: number): boolean {
  const daysAfter = (t: number) => Math.floor((t - reportDate) / DAY_MS);
  return daysAfter(filedDate ?? now) > FILING_DAYS;
}

export type FilingState = 'filed' | 'filedLate' | 'pending' | 'late';
export type ReassessState = 'valid' | 'dueSoon' | 'overdue';

export interface ReportStatus {
  /** When the re-assessment falls due. */
  dueAt: number;
  /** Whole days from `now` to `dueAt` (negative: overdue). */
  daysLeft: number;
  reassess: ReassessState;
  /** The last day the source may be filed on time. */
  fileBy: number;
  filing: FilingState;
}

/** What a report's list and archive rows show: re-assessment due, soon (within 30 days) or overdue; filing on time or late. */
export function reportStatus(input: { reportDate: number; changeDate: number | null; filedDate: number | null; now: number }): ReportStatus {
  const dueAt = reassessmentDue(input.reportDate, input.changeDate);
  const daysLeft = Math.floor((dueAt - input.now) / DAY_MS);
  const late = filingLate(input.reportDate, input.filedDate, input.now);
  return {
    dueAt,
    daysLeft,
    reassess: input.now >= dueAt ? 'overdue' : input.now >= dueAt - REASSESS_NOTICE_DAYS * DAY_MS ? 'dueSoon' : 'valid',
    fileBy: input.reportDate + FILING_DAYS * DAY_MS,
    filing: input.filedDate !== null ? (late ? 'filedLate' : 'filed') : late ? 'late' : 'pending',
  };
}

/** When the re-assessment to-do opens: 30 days before it falls due. */
export function reassessNoticeAt(dueAt: number): number {
  return dueAt - REASSESS_NOTICE_DAYS * DAY_MS;
}
