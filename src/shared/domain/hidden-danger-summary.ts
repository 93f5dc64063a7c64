import type { HiddenDangerStatus } from './hidden-danger.js';
import type { PlantCalendar } from './plant-calendar.js';

/**
 * TroubleCleanupSummary (issue 24 §1: "quarterly and yearly summaries";
 * DOMAIN.md §8, the hidden-danger loop): the plant's 隐患治理 summary of one
 * year, per quarter and for the whole year, overall and by department and
 * region. Periods are the plant's local calendar quarters. A voided danger
 * counts nowhere (it was not a danger).
 *
 * - found: dangers registered (created) in the period;
 * - closed: dangers closed (销号) in the period, whenever found;
 * - overdue: dangers whose rectification deadline fell in the period (and
 *   before the summary's "now") and that were not rectified by it;
 * - major: dangers found in the period graded 重大;
 * - money: the rectification money (元) of the dangers found in the period.
 */
export interface SummaryFact {
  status: HiddenDangerStatus;
  grade: string;
  deptid: number | null;
  regionid: number | null;
  created: number;
  deadline: number | null;
  rectifiedAt: number | null;
  closedAt: number | null;
  money: number | null;
}

export interface SummaryFigures {
  found: number;
  closed: number;
  overdue: number;
  major: number;
  money: number;
}

export interface SummaryGroup extends SummaryFigures {
  /** The department or region id as text; '' for none. */
  key: string;
}

export interface SummaryPeriod extends SummaryFigures {
  /** 'Q1'…'Q4' or 'year'. */
  period: string;
  from: number;
  to: number;
  byDept: SummaryGroup[];
  byRegion: SummaryGroup[];
}

export const summaryPeriodNames = ['Q1', 'Q2', 'Q3', 'Q4', 'year'] as const;

/** The year's four local quarters and the year itself, each [from, to). */
export function summaryPeriods(year: number, calendar: PlantCalendar): { period: string; from: number; to: number }[] {
  const start = (month: number) => calendar.fromLocal(year, month, 1);
  const quarters = [1, 4, 7, 10].map((m, i) => ({ period: `Q${i + 1}`, from: start(m), to: start(m + 3) }));
  return [...quarters, { period: 'year', from: start(1), to: start(13) }];
}

const zero = (): SummaryFigures => ({ found: 0, closed: 0, overdue: 0, major: 0, money: 0 });
const inside = (t: number | null, from: number, to: number) => t !== null && t >= from && t < to;

/** Adds one danger's contribution to a period's figures. */
function add(f: SummaryFigures, d: SummaryFact, from: number, to: number, now: number): boolean {
  let counted = false;
  if (inside(d.created, from, to)) {
    f.found += 1;
    f.major += d.grade === 'major' ? 1 : 0;
    f.money += d.money ?? 0;
    counted = true;
  }
  if (d.status === 'closed' && inside(d.closedAt, from, to)) {
    f.closed += 1;
    counted = true;
  }
  if (d.deadline !== null && inside(d.deadline, from, Math.min(to, now + 1)) && d.deadline <= now && (d.rectifiedAt === null || d.rectifiedAt > d.deadline)) {
    f.overdue += 1;
    counted = true;
  }
  return counted;
}

function groups(facts: SummaryFact[], key: (d: SummaryFact) => number | null, from: number, to: number, now: number): SummaryGroup[] {
  const map = new Map<string, SummaryGroup>();
  for (const d of facts) {
    const k = String(key(d) ?? '');
    const g = map.get(k) ?? { key: k, ...zero() };
    if (add(g, d, from, to, now)) {
      map.set(k, g);
    }
  }
  return [...map.values()].map((g) => ({ ...g, money: round2(g.money) })).sort((a, b) => b.found - a.found || a.key.localeCompare(b.key));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The summary of `year` as of `now` (deadlines after `now` are not overdue yet). */
export function summariseHiddenDangers(facts: SummaryFact[], year: number, calendar: PlantCalendar, now: number): SummaryPeriod[] {
  const live = facts.filter((d) => d.status !== 'voided');
  return summaryPeriods(year, calendar).map(({ period, from, to }) => {
    const f = zero();
    live.forEach((d) => add(f, d, from, to, now));
    return {
      period,
      from,
      to,
      ...f,
      money: round2(f.money),
      byDept: groups(live, (d) => d.deptid, from, to, now),
      byRegion: groups(live, (d) => d.regionid, from, to, now),
    };
  });
}
