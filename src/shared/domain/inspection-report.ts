import { missedCheckRate, missedCheckRates, type InspectionTally, type RateDimension } from './inspection-rules.js';

/*
 * The inspection report and analysis (/IntelligentInspection/InspectionReport,
 * InspectionAnalyse): rounds by status and the missed-check rate of DOMAIN.md §9
 * — (due − done in window) ÷ due — per plan, person, department or region.
 * A round moved out by an approved invalid application (seed 2 §4) counts as
 * "excluded" and nowhere else.
 */

export interface ReportTally extends InspectionTally {
  /** The round's status as judged when it was over (seed 2 §4 statuses). */
  status: string;
  flagged: number;
  hiddenDangers: number;
}

export interface ReportRow {
  key: number | null;
  rounds: number;
  completed: number;
  incomplete: number;
  excluded: number;
  due: number;
  done: number;
  missed: number;
  rate: number | null;
  flagged: number;
  hiddenDangers: number;
}

const keyOf: Record<RateDimension, (t: InspectionTally) => number | string | null> = {
  plan: (t) => t.planId,
  person: (t) => t.personId,
  department: (t) => t.departmentId,
  region: (t) => t.regionId,
};

function rowOf(key: number | null, tallies: readonly ReportTally[], by: RateDimension | null): ReportRow {
  const kept = tallies.filter((t) => !t.excluded);
  const rate = by === null ? missedCheckRate(tallies) : (missedCheckRates(tallies, by)[0] ?? { due: 0, done: 0, missed: 0, rate: null });
  return {
    key,
    rounds: kept.length,
    completed: kept.filter((t) => t.status === 'completed').length,
    incomplete: kept.filter((t) => t.status === 'incomplete').length,
    excluded: tallies.length - kept.length,
    due: rate.due,
    done: rate.done,
    missed: rate.missed,
    rate: rate.rate,
    flagged: kept.reduce((s, t) => s + t.flagged, 0),
    hiddenDangers: tallies.reduce((s, t) => s + t.hiddenDangers, 0),
  };
}

/** The report's rows by `by` (the largest missed count first) and the overall row. */
export function inspectionReport(tallies: readonly ReportTally[], by: RateDimension): { overall: ReportRow; rows: ReportRow[] } {
  const groups = new Map<number | string | null, ReportTally[]>();
  for (const t of tallies) {
    const k = keyOf[by](t);
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  const rows = [...groups].map(([k, ts]) => rowOf(k === null ? null : Number(k), ts, by)).sort((a, b) => b.missed - a.missed || b.rounds - a.rounds);
  return { overall: rowOf(null, tallies, null), rows };
}
