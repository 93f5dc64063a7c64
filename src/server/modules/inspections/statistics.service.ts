import {
  missedCheckRate,
  missedCheckRates,
  validateStatisticsQuery,
  type InspectionTally,
} from '../../../shared/domain/inspection-rules.js';
import type { missedRate } from '../../../shared/inspections/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { fail, json, MINUTE, type In, type InspectionsContext, type Out, type PlanRow, type TaskRow } from './inspections.context.js';

export type StatisticsBy = 'plan' | 'person' | 'department' | 'region';

/** One finished round as the statistics count it. */
export interface RoundTally extends InspectionTally {
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
      const mine = checks.filter((c) => c.task_id === r.id && route.has(c.point_id));
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

  return {
    tallies,
    namer,

    missedRate: async (caller: AuthUser, input: In<(typeof missedRate)['input']>): Promise<Out<typeof missedRate>> => {
      const issues = validateStatisticsQuery({ item: input.item, start: input.start, end: input.end });
      if (issues.length > 0) {
        fail(issues);
      }
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
