import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type PointRow = Selectable<Database['inspection_point']>;
export type PlanRow = Selectable<Database['inspection_plan']>;
export type TaskRow = Selectable<Database['inspection_task']>;
export type CheckInRow = Selectable<Database['inspection_checkin']>;
export type PointValues = Omit<Insertable<Database['inspection_point']>, 'id' | 'qr_code'>;
export type PlanValues = Omit<Insertable<Database['inspection_plan']>, 'id' | 'segments' | 'generated_to'>;
export type CheckInValues = Insertable<Database['inspection_checkin']>;

/** Filters of the task query (all optional). */
export interface TaskFilter {
  planId?: number;
  /** Rounds whose window ends after this. */
  from?: number;
  /** Rounds whose window starts before this. */
  to?: number;
  invalid?: string;
  limit?: number;
}

const CHUNK = 500;
async function chunked<T>(ids: readonly number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(...(await read(ids.slice(i, i + CHUNK))));
  }
  return out;
}

/** The only place SQL of inspections lives: points, plans, rounds (tasks), check-ins. Made on the store or on a transaction. */
export function createInspectionsRepository(db: Db | Tx) {
  return {
    // ---- points
    points: (regionid?: number) => {
      let q = db.selectFrom('inspection_point').selectAll().orderBy('id');
      if (regionid) {
        q = q.where('regionid', '=', regionid);
      }
      return q.execute();
    },
    point: (id: number) => db.selectFrom('inspection_point').selectAll().where('id', '=', id).executeTakeFirst(),
    pointsIn: (ids: readonly number[]) =>
      chunked(ids, (part) => db.selectFrom('inspection_point').selectAll().where('id', 'in', part).execute()),
    /** Points using any of these texts as QR code or NFC card id. */
    pointsWithKeys: (keys: readonly string[]) =>
      keys.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('inspection_point')
            .select(['id', 'qr_code', 'nfc_id'])
            .where((eb) => eb.or([eb('qr_code', 'in', [...keys]), eb('nfc_id', 'in', [...keys])]))
            .execute(),
    pointByNfc: (nfc: string, notId: number) =>
      db.selectFrom('inspection_point').select('id').where('nfc_id', '=', nfc).where('id', '!=', notId).executeTakeFirst(),
    insertPoint: async (values: PointValues & { qr_code: string }) =>
      Number((await db.insertInto('inspection_point').values(values).returning('id').executeTakeFirstOrThrow()).id),
    updatePoint: (id: number, values: Updateable<Database['inspection_point']>) =>
      db.updateTable('inspection_point').set(values).where('id', '=', id).execute(),
    deletePoint: (id: number) => db.deleteFrom('inspection_point').where('id', '=', id).execute(),

    // ---- plans
    plans: () => db.selectFrom('inspection_plan').selectAll().orderBy('id').execute(),
    enabledPlans: () => db.selectFrom('inspection_plan').selectAll().where('enabled', '=', 1).execute(),
    plan: (id: number) => db.selectFrom('inspection_plan').selectAll().where('id', '=', id).executeTakeFirst(),
    planNamesAndPoints: () => db.selectFrom('inspection_plan').select(['name', 'point_ids']).execute(),
    insertPlan: async (values: PlanValues & { segments: string; generated_to: number }) =>
      Number((await db.insertInto('inspection_plan').values(values).returning('id').executeTakeFirstOrThrow()).id),
    updatePlan: (id: number, values: Updateable<Database['inspection_plan']>) =>
      db.updateTable('inspection_plan').set(values).where('id', '=', id).execute(),
    /** Only forward: two generators racing leave the later bound. */
    advanceGeneratedTo: (id: number, to: number) =>
      db.updateTable('inspection_plan').set({ generated_to: to }).where('id', '=', id).where('generated_to', '<', to).execute(),
    deletePlan: (id: number) => db.deleteFrom('inspection_plan').where('id', '=', id).execute(),

    // ---- tasks (rounds)
    task: (id: number) => db.selectFrom('inspection_task').selectAll().where('id', '=', id).executeTakeFirst(),
    taskOrThrow: (id: number) => db.selectFrom('inspection_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    tasks: (f: TaskFilter) => {
      let q = db.selectFrom('inspection_task').selectAll().orderBy('start', 'desc').orderBy('id', 'desc');
      if (f.planId) {
        q = q.where('plan_id', '=', f.planId);
      }
      if (f.from !== undefined) {
        q = q.where('end', '>', f.from);
      }
      if (f.to !== undefined) {
        q = q.where('start', '<', f.to);
      }
      if (f.invalid) {
        q = q.where('invalid', '=', f.invalid);
      }
      return q.limit(f.limit ?? 5000).execute();
    },
    /** Rounds whose window ends in [start, end). */
    tasksEndingIn: (start: number, end: number) =>
      db.selectFrom('inspection_task').selectAll().where('end', '>=', start).where('end', '<', end).execute(),
    tasksOfPlanEndingAfter: (planId: number, t: number) =>
      db.selectFrom('inspection_task').selectAll().where('plan_id', '=', planId).where('end', '>', t).execute(),
    taskIdsOfPlan: async (planId: number) =>
      (await db.selectFrom('inspection_task').select('id').where('plan_id', '=', planId).execute()).map((r) => r.id),
    /** Rounds of these plans with a record: not over yet, or with a check-in. */
    recordTasks: (planIds: readonly number[], t: number) =>
      planIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('inspection_task')
            .select(['plan_id', 'id', 'end', 'start'])
            .where('plan_id', 'in', [...planIds])
            .where((eb) =>
              eb.or([
                eb('end', '>', t),
                eb.exists(
                  eb.selectFrom('inspection_checkin').select('id').whereRef('inspection_checkin.task_id', '=', 'inspection_task.id'),
                ),
              ]),
            )
            .execute(),
    /** Inserts each (plan, start) once; answers how many were new. */
    async insertTasks(plan: PlanRow, occ: readonly { start: number; end: number }[], createdAt: number): Promise<number> {
      let created = 0;
      for (const o of occ) {
        const r = await db
          .insertInto('inspection_task')
          .values({
            plan_id: plan.id,
            start: o.start,
            end: o.end,
            route: plan.point_ids,
            regionid: plan.regionid,
            deptid: plan.deptid,
            recorder_id: null,
            started_at: null,
            canceled: 0,
            terminated: 0,
            invalid: 'none',
            invalid_reason: '',
            invalid_applicant: null,
            invalid_approver: null,
            created_at: createdAt,
          })
          .onConflict((oc) => oc.columns(['plan_id', 'start']).doNothing())
          .returning('id')
          .execute();
        created += r.length;
      }
      return created;
    },
    /** Drops the plan's rounds not yet begun (no check-in) from `from` on. */
    async dropPending(planId: number, from: number): Promise<number> {
      const r = await db
        .deleteFrom('inspection_task')
        .where('plan_id', '=', planId)
        .where('start', '>=', from)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('inspection_checkin').select('id').whereRef('inspection_checkin.task_id', '=', 'inspection_task.id')),
          ),
        )
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    /** The round open at `t` and not begun by anyone is canceled (a plan deactivated). */
    cancelOpenUnbegun: (planId: number, t: number) =>
      db
        .updateTable('inspection_task')
        .set({ canceled: 1 })
        .where('plan_id', '=', planId)
        .where('end', '>', t)
        .where('start', '<=', t)
        .where('recorder_id', 'is', null)
        .execute(),
    deleteTasks: async (ids: readonly number[]) => {
      await chunked(ids, async (part) => {
        await db.deleteFrom('inspection_task').where('id', 'in', part).execute();
        return [];
      });
    },
    deleteTasksOfPlan: (planId: number) => db.deleteFrom('inspection_task').where('plan_id', '=', planId).execute(),
    setRecorder: (taskId: number, userid: number, t: number) =>
      db
        .updateTable('inspection_task')
        .set({ recorder_id: userid, started_at: t })
        .where('id', '=', taskId)
        .where('recorder_id', 'is', null)
        .execute(),
    setInvalid: (taskId: number, v: { invalid: string; invalid_reason?: string; invalid_applicant?: number; invalid_approver?: number }) =>
      db.updateTable('inspection_task').set(v).where('id', '=', taskId).execute(),
    /** Rounds open at `t` whose inspectors have no to-do yet. */
    roundsToOpen: (t: number) =>
      db
        .selectFrom('inspection_task')
        .selectAll()
        .where('todo_state', '=', 0)
        .where('canceled', '=', 0)
        .where('start', '<=', t)
        .where('end', '>', t)
        .execute(),
    roundsWithOpenTodos: () => db.selectFrom('inspection_task').select(['id', 'plan_id', 'end']).where('todo_state', '=', 1).execute(),
    setTodoState: (taskId: number, state: 1 | 2, from?: number) => {
      let q = db.updateTable('inspection_task').set({ todo_state: state }).where('id', '=', taskId);
      if (from !== undefined) {
        q = q.where('todo_state', '=', from);
      }
      return q.execute();
    },

    // ---- check-ins
    checkInsOf: (taskIds: readonly number[]) =>
      chunked(taskIds, (part) => db.selectFrom('inspection_checkin').selectAll().where('task_id', 'in', part).execute()),
    checkInAt: (taskId: number, pointId: number) =>
      db.selectFrom('inspection_checkin').selectAll().where('task_id', '=', taskId).where('point_id', '=', pointId).executeTakeFirst(),
    /** Ids of the given rounds that have a check-in. */
    begunTaskIds: async (taskIds: readonly number[]) =>
      new Set(
        (
          await chunked(taskIds, (part) => db.selectFrom('inspection_checkin').select('task_id').where('task_id', 'in', part).execute())
        ).map((r) => r.task_id),
      ),
    /** Inserts the check-in unless the point of the round is already checked (answers undefined then). */
    insertCheckIn: (values: CheckInValues) =>
      db
        .insertInto('inspection_checkin')
        .values(values)
        .onConflict((oc) => oc.columns(['task_id', 'point_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),
    deleteCheckInsOf: async (taskIds: readonly number[]) => {
      await chunked(taskIds, async (part) => {
        await db.deleteFrom('inspection_checkin').where('task_id', 'in', part).execute();
        return [];
      });
    },
    setHiddenDangers: (checkInId: number, ids: string) =>
      db.updateTable('inspection_checkin').set({ hidden_danger_ids: ids }).where('id', '=', checkInId).execute(),

    // ---- people
    // ---- audit (the operation log)
    /** The module's audit rows, newest first: `inspection.*` actions (or these), at in [from, to), at most `limit`. */
    auditRows: (f: { actions: readonly string[]; from?: number; to?: number; limit: number }) => {
      let q = db.selectFrom('audit_log').selectAll();
      q = f.actions.length > 0 ? q.where('action', 'in', [...f.actions]) : q.where('action', 'like', 'inspection.%');
      if (f.from !== undefined) {
        q = q.where('at', '>=', f.from);
      }
      if (f.to !== undefined) {
        q = q.where('at', '<', f.to);
      }
      return q.orderBy('id', 'desc').limit(f.limit).execute();
    },
    tasksIn: (ids: readonly number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('inspection_task').select(['id', 'plan_id']).where('id', 'in', [...ids]).execute(),
    userLogins: () => db.selectFrom('users').select(['userid', 'loginname']).execute(),
    userPhone: async (userid: number) =>
      (await db.selectFrom('users').select(['phone']).where('userid', '=', userid).executeTakeFirst())?.phone ?? null,
  };
}

export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
