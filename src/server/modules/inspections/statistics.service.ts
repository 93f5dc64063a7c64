import { inspectionReport, type ReportTally } from '../../../shared/domain/inspection-report.js';
import { missedCheckRate, missedCheckRates, validateStatisticsQuery } from '../../../shared/domain/inspection-rules.js';
import { safeInspectionLedger } from '../../../shared/inspections/ledgers.js';
import type { inspectionReport as reportCall, safeInspectionAnalysis } from '../../../shared/inspections/report-contracts.js';
import type { missedRate } from '../../../shared/inspections/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { fail, json, MINUTE, taskOf, type In, type InspectionsContext, type Out, type PlanRow, type TaskRow } from './inspections.context.js';

export type StatisticsBy = 'plan' | 'person' | 'department' | 'region';

/** One finished round as the statistics count it. */
export interface RoundTally extends ReportTally {
  task: TaskRow;
  plan: PlanRow;
}

/**
 * Inspection statistics: the missed-check rate (due − done in window) ÷ due
 * per plan, person, department and region (DOMAIN.md §9) over rounds that are
 * over, approved invalid rounds left out.
 */
export function createStatisticsService(ctx: InspectionsContext) {
  const { repo, now, scopeOf, sees } = ctx;

  /** The finished rounds ending in [start, end) in the caller's regions, each tallied. */
  async function tallies(caller: AuthUser, start: number, end: number): Promise<RoundTally[]> {
    const scope = await scopeOf(caller);
    const t = now();
    const plans = new Map((await repo.plans()).map((p) => [p.id, p]));
    const rows = (await repo.tasksEndingIn(start, end)).filter((r) => sees(scope, r.regionid) && plans.has(r.plan_id) && r.canceled === 0);
    const checks = await repo.checkInsOf(rows.map((r) => r.id));
    const out: RoundTally[] = [];
    for (const r of rows) {
      const plan = plans.get(r.plan_id)!;
      // Only rounds that are over count (their window and tolerance closed).
      if (r.end + plan.tolerance_minutes * MINUTE > t) {
        continue;
      }
      const route = new Set(json<number[]>(r.route, []));
      const all = checks.filter((c) => c.task_id === r.id);
      const mine = all.filter((c) => route.has(c.point_id));
      const inspectors = json<number[]>(plan.inspector_ids, []);
      out.push({
        task: r,
        plan,
        planId: r.plan_id,
        personId: r.recorder_id ?? (inspectors.length === 1 ? inspectors[0] : null),
        departmentId: r.deptid,
        regionId: r.regionid,
        due: route.size,
        done: new Set(mine.map((c) => c.point_id)).size,
        excluded: r.invalid === 'approved',
        status: taskOf(r, plan, all, new Map(), t).status,
        flagged: all.filter((c) => c.status === 'flagged').length,
        hiddenDangers: all.reduce((n, c) => n + json<number[]>(c.hidden_danger_ids, []).length, 0),
      });
    }
    return out;
  }

  /** The name of a statistics key of a dimension. */
  async function namer(by: StatisticsBy): Promise<(key: number | null) => string> {
    const plans = new Map((await repo.plans()).map((p) => [p.id, p.name]));
    const names = await ctx.deps.records.orgNames();
    return (key) => {
      if (key === null) {
        return '—';
      }
      switch (by) {
        case 'plan':
          return plans.get(key) ?? String(key);
        case 'person':
          return names.person.get(key)?.zh ?? String(key);
        case 'department':
          return names.dept.get(key)?.zh ?? String(key);
        case 'region':
          return names.region.get(key)?.zh ?? String(key);
      }
    };
  }

  /** Seed 2 §5: item, start and end are required. */
  function checkQuery(input: { item?: unknown; start?: number | null; end?: number | null }): void {
    const issues = validateStatisticsQuery({ item: input.item, start: input.start, end: input.end });
    if (issues.length > 0) {
      fail(issues);
    }
  }

  return {
    tallies,
    namer,

    /** Rounds by status and the missed-check rate per plan, person, department or region (report, analysis, export). */
    report: async (caller: AuthUser, input: In<(typeof reportCall)['input']>): Promise<Out<typeof reportCall>> => {
      checkQuery(input);
      const by = input.item!;
      const r = inspectionReport(await tallies(caller, input.start!, input.end!), by);
      const nameOf = await namer(by);
      return { overall: { ...r.overall, name: '' }, rows: r.rows.map((x) => ({ ...x, name: nameOf(x.key) })) };
    },

    /** Safety inspections (ledger SafeInspection) in the caller's regions, counted by kind, region, department or month. */
    safeAnalysis: async (caller: AuthUser, input: In<(typeof safeInspectionAnalysis)['input']>): Promise<Out<typeof safeInspectionAnalysis>> => {
      checkQuery(input);
      const by = input.item!;
      const scope = await scopeOf(caller);
      const cal = await ctx.calendar();
      const names = await ctx.deps.records.orgNames();
      const kinds = new Map(safeInspectionLedger.fields.find((f) => f.key === 'kind')!.options!.map((o) => [o.value, o.label.zh]));
      const rows = new Map<string, { key: string; name: string; checks: number; completed: number; items: number; unqualified: number; problems: number; dangers: number }>();
      for (const rec of await ctx.deps.records.allRecords(safeInspectionLedger)) {
        const date = typeof rec.date === 'number' ? rec.date : rec.created;
        const region = typeof rec.region === 'number' ? rec.region : null;
        if (rec.status === -1 || date < input.start! || date >= input.end! || (region !== null && !sees(scope, region)) || (region === null && !scope.all)) {
          continue;
        }
        let key: string;
        let name: string;
        if (by === 'kind') {
          key = typeof rec.kind === 'string' ? rec.kind : '';
          name = kinds.get(key) ?? key;
        } else if (by === 'region' || by === 'dept') {
          const id = by === 'region' ? region : typeof rec.dept === 'number' ? rec.dept : null;
          key = String(id ?? '');
          name = id === null ? '—' : ((by === 'region' ? names.region : names.dept).get(id)?.zh ?? key);
        } else {
          const p = cal.localParts(date);
          key = `${p.year}-${String(p.month).padStart(2, '0')}`;
          name = key;
        }
        const items = Array.isArray(rec.items) ? (rec.items as Record<string, unknown>[]) : [];
        const row = rows.get(key) ?? { key, name, checks: 0, completed: 0, items: 0, unqualified: 0, problems: 0, dangers: 0 };
        row.checks++;
        row.completed += rec.status === 4 ? 1 : 0;
        row.items += items.length;
        row.unqualified += items.filter((i) => i.result === 'fail').length;
        row.problems += typeof rec.problems === 'number' ? rec.problems : 0;
        row.dangers += typeof rec.dangers === 'number' ? rec.dangers : 0;
        rows.set(key, row);
      }
      return { rows: [...rows.values()].sort((a, b) => (by === 'month' ? a.key.localeCompare(b.key) : b.checks - a.checks)) };
    },

    missedRate: async (caller: AuthUser, input: In<(typeof missedRate)['input']>): Promise<Out<typeof missedRate>> => {
      checkQuery(input);
      const by = input.item!;
      const rows = await tallies(caller, input.start!, input.end!);
      const nameOf = await namer(by);
      return {
        overall: missedCheckRate(rows),
        rows: missedCheckRates(rows, by).map((x) => ({
          ...x,
          key: x.key === null ? null : Number(x.key),
          name: nameOf(x.key === null ? null : Number(x.key)),
        })),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
