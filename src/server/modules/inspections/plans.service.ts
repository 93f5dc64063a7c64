import { withCycleChange, type PlanSegment } from '../../../shared/domain/inspection-tasks.js';
import { applyCycleChange, schedulePlanSchema, type SchedulePlan } from '../../../shared/domain/schedule.js';
import type { PlanItem, planCycleChange, planInput, planList } from '../../../shared/inspections/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { bool, HOUR, json, planOf, segmentsOf, type In, type InspectionsContext, type Out, type PlanRow } from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

/**
 * Inspection plans (seed 2 §3–§4): save, list, enable or deactivate, delete
 * (asks first when it has records) and the cycle change three ways. Rounds are
 * made by the task generator, which a save or an enable runs at once.
 */
export function createPlansService(ctx: InspectionsContext, generate: (actor: Actor) => Promise<unknown>) {
  const { db, repo, now, scopeOf, sees, planRow, recordCounts } = ctx;

  async function withRecords(r: PlanRow): Promise<PlanItem> {
    const t = now();
    return planOf(r, (await recordCounts([r.id], t)).get(r.id) ?? 0, t);
  }
  const reread = async (id: number) => withRecords((await repo.plan(id))!);

  function planValues(input: In<typeof planInput>) {
    return {
      name: input.name,
      responsible_id: input.responsibleId,
      inspector_ids: JSON.stringify(input.inspectorIds),
      regionid: input.regionid,
      deptid: input.deptid,
      effective_to: input.effectiveTo,
      pauses: JSON.stringify(input.pauses),
      reminder_hours: input.reminderHours,
      headcount: input.headcount,
      min_duration_min: input.minDurationMin,
      max_duration_min: input.maxDurationMin,
      min_gap_min: input.minGapMin,
      ordered: input.ordered ? 1 : 0,
      all_points: input.allPoints ? 1 : 0,
      record_misses: input.recordMisses ? 1 : 0,
      sign_at_points: input.signAtPoints ? 1 : 0,
      trouble_plan: input.troublePlan,
      tolerance_minutes: input.toleranceMinutes,
      enabled: input.enabled ? 1 : 0,
      point_ids: JSON.stringify(input.pointIds),
      updated_at: now(),
    };
  }

  /** Checks a plan as saved or imported, before it is written: dates, durations and points. */
  async function checkPlan(caller: AuthUser, input: In<typeof planInput>): Promise<void> {
    const scope = await scopeOf(caller);
    if (!sees(scope, input.regionid)) {
      throw badRequest('common.forbidden', ['regionid']);
    }
    const pauses = input.pauses.findIndex((p) => p.end < p.start);
    if (pauses >= 0) {
      throw badRequest('inspections.endBeforeStart', [`pauses.${pauses}.end`]);
    }
    if (input.minDurationMin !== null && input.maxDurationMin !== null && input.minDurationMin > input.maxDurationMin) {
      throw badRequest('inspections.plan.minAboveMax', ['minDurationMin']);
    }
    if (input.pointIds.length === 0) {
      throw badRequest('inspections.plan.pointsRequired', ['pointIds']);
    }
    const known = await repo.pointsIn([...new Set(input.pointIds)]);
    if (known.length !== new Set(input.pointIds).size) {
      throw badRequest('inspections.plan.unknownPoint', ['pointIds']);
    }
  }

  return {
    withRecords,
    checkPlan,

    plans: async (caller: AuthUser, input: In<(typeof planList)['input']>): Promise<Out<typeof planList>> => {
      const scope = await scopeOf(caller);
      const t = now();
      const rows = (await repo.plans()).filter(
        (r) =>
          sees(scope, r.regionid) &&
          (!input.name || r.name.includes(input.name)) &&
          (input.enabled === undefined || bool(r.enabled) === input.enabled),
      );
      const page = rows.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
      const counts = await recordCounts(
        page.map((r) => r.id),
        t,
      );
      return { items: page.map((r) => planOf(r, counts.get(r.id) ?? 0, t)), total: rows.length };
    },

    savePlan: async (caller: AuthUser, input: In<typeof planInput>): Promise<PlanItem> => {
      await checkPlan(caller, input);
      const scope = await scopeOf(caller);
      const t = now();
      const id = await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        const values = planValues(input);
        if (input.id) {
          const old = await r.plan(input.id);
          if (!old || !sees(scope, old.regionid)) {
            throw notFound();
          }
          // The cycle is changed through PlanCycleChange (seed 2 §4); a save changes the rest. Pending rounds are made again from the plan as saved.
          const segs = segmentsOf(old);
          segs[0] = { ...segs[0], from: input.effectiveFrom };
          await r.updatePlan(input.id, { ...values, segments: JSON.stringify(segs), generated_to: Math.min(old.generated_to, t) });
          await r.dropPending(input.id, t);
          await audit(tx, caller, 'inspection.planSave', 'inspectionPlan', input.id, { name: input.name });
          return input.id;
        }
        const segment: PlanSegment = { from: input.effectiveFrom, cycle: input.cycle, windowMinutes: input.windowMinutes };
        const newId = await r.insertPlan({ ...values, segments: JSON.stringify([segment]), generated_to: 0 });
        await audit(tx, caller, 'inspection.planSave', 'inspectionPlan', newId, { name: input.name, created: true });
        return newId;
      });
      await generate(caller);
      return reread(id);
    },

    enablePlan: async (caller: AuthUser, id: number, enabled: boolean): Promise<PlanItem> => {
      const row = await planRow(caller, id);
      const t = now();
      await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        await r.updatePlan(id, { enabled: enabled ? 1 : 0, generated_to: enabled ? t : row.generated_to, updated_at: t });
        if (!enabled) {
          // Rounds not yet begun go; the one open now, if begun, stays as it is.
          await r.dropPending(id, t);
          await r.cancelOpenUnbegun(id, t);
        }
        await audit(tx, caller, 'inspection.planEnable', 'inspectionPlan', id, { enabled });
      });
      if (enabled) {
        await generate(caller);
      }
      return reread(id);
    },

    deletePlan: async (caller: AuthUser, id: number, confirm: boolean): Promise<{ id: number }> => {
      const row = await planRow(caller, id);
      const records = (await recordCounts([id], now())).get(id) ?? 0;
      if (records > 0 && !confirm) {
        throw conflict('inspections.plan.deleteConfirm', ['confirm']);
      }
      await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        const tasks = await r.taskIdsOfPlan(id);
        await r.deleteCheckInsOf(tasks);
        await r.deleteTasksOfPlan(id);
        await r.deletePlan(id);
        await audit(tx, caller, 'inspection.planDelete', 'inspectionPlan', id, { name: row.name, tasks: tasks.length });
      });
      return { id };
    },

    changeCycle: async (caller: AuthUser, input: In<(typeof planCycleChange)['input']>): Promise<Out<typeof planCycleChange>> => {
      const row = await planRow(caller, input.id);
      if (input.mode === 'atTime' && input.at === undefined) {
        throw badRequest('inspections.plan.atRequired', ['at']);
      }
      const t = now();
      const at = input.mode === 'atTime' ? input.at! : t;
      const cal = await ctx.calendar();
      const segs = segmentsOf(row);
      const current = [...segs].filter((s) => s.from <= at).pop() ?? segs[0];
      const sp = (seg: Omit<PlanSegment, 'from'>, from: number): SchedulePlan =>
        schedulePlanSchema.parse({
          id: row.id,
          cycle: seg.cycle,
          windowMinutes: seg.windowMinutes,
          effectiveFrom: from,
          effectiveTo: row.effective_to,
          pauses: json(row.pauses, []),
        });
      return inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        const taskRows = await r.tasksOfPlanEndingAfter(row.id, Math.min(at, t) - 31 * 24 * HOUR);
        const begun = await r.begunTaskIds(taskRows.map((x) => x.id));
        const tasks = taskRows.map((x) => ({
          key: `${row.id}@${x.start}`,
          start: x.start,
          end: x.end,
          started: begun.has(x.id) || x.recorder_id !== null,
          id: x.id,
        }));
        const next = { cycle: input.cycle, windowMinutes: input.windowMinutes };
        const change = applyCycleChange(tasks, sp(current, current.from), sp(next, at), input.mode, at, cal);
        const drop = change.drop.map((d) => d.id);
        await r.deleteTasks(drop);
        const added = await r.insertTasks(row, change.add, now());
        const generatedTo = Math.max(row.generated_to, ...change.add.map((o) => o.start + 1));
        await r.updatePlan(row.id, {
          segments: JSON.stringify(withCycleChange(segs, next, change.switchAt)),
          generated_to: generatedTo,
          updated_at: t,
        });
        await audit(tx, caller, 'inspection.cycleChange', 'inspectionPlan', row.id, {
          mode: input.mode,
          switchAt: change.switchAt,
          cycle: input.cycle,
          dropped: drop.length,
          added,
        });
        return { switchAt: change.switchAt, dropped: drop.length, added };
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
