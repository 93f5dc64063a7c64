import { planTasks } from '../../../shared/domain/inspection-tasks.js';
import type { PlantCalendar } from '../../../shared/domain/plant-calendar.js';
import type { PointItem, taskDetail, taskList } from '../../../shared/inspections/contracts.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import {
  checkInOf,
  hhmm,
  HOUR,
  json,
  MINUTE,
  pointOf,
  scheduleOf,
  taskOf,
  type In,
  type InspectionsContext,
  type Out,
  type PlanItemOf,
} from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

/** Tasks are made this far ahead, so today's rounds are listed before they open. */
const AHEAD_MS = 12 * HOUR;
/** After a long stop the generator catches up at most this far back (missed rounds still count as missed). */
const LOOKBACK_MS = 31 * 24 * HOUR;
export const ROUND_TODO = 'inspection.round';

/**
 * Rounds (tasks): made from the enabled plans' cycles, each (plan, start)
 * once whoever runs the generator and how often; listed and shown judged
 * against their plan; the inspectors' to-dos of each round.
 */
export function createTasksService(ctx: InspectionsContext, planItem: PlanItemOf) {
  const { db, repo, now, scopeOf, sees, taskRow } = ctx;

  async function closeRoundTodos(taskId: number): Promise<void> {
    await inTransaction(db, async (tx) => {
      await completeTodos(tx, { kind: ROUND_TODO, ref: taskId });
      await createInspectionsRepository(tx).setTodoState(taskId, 2);
    });
  }

  /**
   * The inspectors' to-dos of each round: opened when its window opens (named
   * inspectors of an enabled plan), done when every point is checked or the
   * window with its tolerance has closed. Each step once (todo_state).
   */
  async function roundTodos(t: number, cal: PlantCalendar): Promise<void> {
    const plans = new Map((await repo.enabledPlans()).map((p) => [p.id, p]));
    const due = await repo.roundsToOpen(t);
    for (const r of due.filter((x) => plans.has(x.plan_id))) {
      const plan = plans.get(r.plan_id)!;
      await inTransaction(db, async (tx) => {
        for (const userid of json<number[]>(plan.inspector_ids, [])) {
          await openTodo(tx, {
            userid,
            kind: ROUND_TODO,
            ref: r.id,
            href: `/inspection/MobileInspection?task=${r.id}`,
            title: 'inspections.todo.round',
            params: { plan: plan.name, time: hhmm(cal, r.start) },
            at: r.start,
          });
        }
        await createInspectionsRepository(tx).setTodoState(r.id, 1, 0);
      });
    }
    for (const r of await repo.roundsWithOpenTodos()) {
      const tol = (plans.get(r.plan_id)?.tolerance_minutes ?? 0) * MINUTE;
      if (r.end + tol <= t || !plans.has(r.plan_id)) {
        await closeRoundTodos(r.id);
      }
    }
  }

  return {
    closeRoundTodos,

    /** Makes every enabled plan's tasks up to `at` + the look-ahead; each (plan, start) once, whoever runs it and how often. */
    generate: async (actor: Actor, at?: number): Promise<{ created: number }> => {
      const t = at ?? now();
      const cal = await ctx.calendar();
      let created = 0;
      for (const plan of await repo.enabledPlans()) {
        const from = Math.max(plan.generated_to, t - LOOKBACK_MS);
        const to = t + AHEAD_MS;
        if (from >= to) {
          continue;
        }
        const occ = planTasks(scheduleOf(plan), from, to, cal);
        created += await inTransaction(db, async (tx) => {
          const r = createInspectionsRepository(tx);
          const n = await r.insertTasks(plan, occ, now());
          await r.advanceGeneratedTo(plan.id, to);
          if (n > 0) {
            await audit(tx, actor, 'inspection.generate', 'inspectionPlan', plan.id, { from, to, created: n });
          }
          return n;
        });
      }
      await roundTodos(t, cal);
      return { created };
    },

    tasks: async (caller: AuthUser, input: In<(typeof taskList)['input']>): Promise<Out<typeof taskList>> => {
      const scope = await scopeOf(caller);
      const rows = (await repo.tasks({ planId: input.planId, from: input.from, to: input.to, invalid: input.invalid })).filter((r) =>
        sees(scope, r.regionid),
      );
      const plans = new Map((await repo.plans()).map((p) => [p.id, p]));
      const mine = rows.filter((r) => plans.has(r.plan_id) && (!input.mine || ctx.walks(caller, plans.get(r.plan_id)!)));
      const checks = await repo.checkInsOf(mine.map((r) => r.id));
      const names = await ctx.personNames();
      const t = now();
      let items = mine.map((r) => taskOf(r, plans.get(r.plan_id)!, checks, names, t));
      if (input.status) {
        items = items.filter((x) => x.status === input.status);
      }
      if (input.missed) {
        items = items.filter((x) => x.missed.length > 0 && x.status !== 'canceled');
      }
      if (input.mine) {
        // The inspector's list: in time order, the open round first.
        items.sort((a, b) => a.start - b.start);
      }
      return { items: items.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), total: items.length };
    },

    task: async (caller: AuthUser, id: number): Promise<Out<typeof taskDetail>> => {
      const r = await taskRow(caller, id);
      const plan = (await repo.plan(r.plan_id))!;
      const checks = await repo.checkInsOf([r.id]);
      const names = await ctx.personNames();
      const route = json<number[]>(r.route, []);
      const byId = new Map((await repo.pointsIn(route)).map((p) => [p.id, pointOf(p)]));
      return {
        task: taskOf(r, plan, checks, names, now()),
        plan: await planItem(plan),
        points: route.map((p) => byId.get(p)).filter((p): p is PointItem => p !== undefined),
        checkIns: checks.map((c) => checkInOf(c, names)),
      };
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
