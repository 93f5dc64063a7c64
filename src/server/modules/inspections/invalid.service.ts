import { checkInvalidApplication } from '../../../shared/domain/inspection-rules.js';
import type { invalidApply, invalidApprove, TaskItem } from '../../../shared/inspections/contracts.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { fail, type In, type InspectionsContext } from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

const INVALID_TODO = 'inspection.invalid';

/**
 * Invalid-inspection applications (seed 2 §4–§5): by the recorder or a
 * responsible person, with reason and approver; an approved round is moved out
 * of the statistics.
 */
export function createInvalidService(ctx: InspectionsContext, taskItem: (caller: AuthUser, id: number) => Promise<TaskItem>) {
  const { db, repo } = ctx;

  return {
    applyInvalid: async (caller: AuthUser, input: In<(typeof invalidApply)['input']>): Promise<TaskItem> => {
      const task = await ctx.taskRow(caller, input.taskId);
      const plan = (await repo.plan(task.plan_id))!;
      const application = task.invalid === 'pending' || task.invalid === 'approved' || task.invalid === 'rejected' ? task.invalid : 'none';
      const issues = checkInvalidApplication(
        { recorderId: task.recorder_id ?? -1, responsibleIds: [plan.responsible_id], application },
        caller.userid,
        { reason: input.reason, approverId: input.approverId },
        await ctx.rules(),
      );
      if (issues.length > 0) {
        const who = issues.find((i) => i.field === '(body)');
        if (who && who.code !== 'inspections.invalid.alreadyApplied') {
          throw forbidden(who.code);
        }
        if (who) {
          throw conflict(who.code);
        }
        fail(issues);
      }
      await inTransaction(db, async (tx) => {
        await createInspectionsRepository(tx).setInvalid(task.id, {
          invalid: 'pending',
          invalid_reason: input.reason!.trim(),
          invalid_applicant: caller.userid,
          invalid_approver: input.approverId!,
        });
        await openTodo(tx, {
          userid: input.approverId!,
          kind: INVALID_TODO,
          ref: task.id,
          href: `/inspection/InvalidQuery?id=${task.id}`,
          title: 'inspections.todo.invalid',
          params: { plan: plan.name },
        });
        await audit(tx, caller, 'inspection.invalidApply', 'inspectionTask', task.id, { reason: input.reason, approver: input.approverId });
      });
      return taskItem(caller, task.id);
    },

    decideInvalid: async (caller: AuthUser, input: In<(typeof invalidApprove)['input']>): Promise<TaskItem> => {
      const task = await ctx.taskRow(caller, input.taskId);
      if (task.invalid !== 'pending') {
        throw conflict('inspections.invalid.notPending');
      }
      if (task.invalid_approver !== caller.userid && !ctx.isAdmin(caller)) {
        throw forbidden('inspections.invalid.notApprover');
      }
      await inTransaction(db, async (tx) => {
        await createInspectionsRepository(tx).setInvalid(task.id, { invalid: input.approve ? 'approved' : 'rejected' });
        await completeTodos(tx, { kind: INVALID_TODO, ref: task.id });
        await audit(tx, caller, 'inspection.invalidDecide', 'inspectionTask', task.id, { approve: input.approve });
      });
      return taskItem(caller, task.id);
    },
  };
}

export type InvalidService = ReturnType<typeof createInvalidService>;
