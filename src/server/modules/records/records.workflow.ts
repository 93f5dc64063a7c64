import { type RecordDefinition } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { completeTodos } from '../../common/todos.js';
import { flowStatus, stepDoneAfterPass } from '../../../shared/domain/flow-steps.js';
import { createFlowTasks, stepOf } from './records.flow-tasks.js';
import { docOf, type RecordRow } from './records.repository.js';
import type { RecordsService } from './records.service.js';
import { RECORD_TODO, todoRef, auditEntity, granted, itemOf, changesOf, type RecordsCore } from './records.core.js';

/** Workflow of a record: transitions between statuses by its definition, module-held steps, the to-dos of waiting approvers. */
export function createRecordWorkflow(core: RecordsCore) {
  const { store, deps, repo, visible, visibleRow, checkSave, publishChanged } = core;
  const flows = createFlowTasks();
  function mayEdit(caller: AuthUser, def: RecordDefinition, row: RecordRow): boolean {
    // A record in a workflow is edited in its first status only; afterwards it moves by transitions.
    return granted(caller, def.permissions.edit) && (!def.workflow || row.status === def.workflow.initial);
  }

  /** The transitions the caller may take now; `approvers`: who the record waits for (`flows.approvers`). */
  function actionsFor(caller: AuthUser, def: RecordDefinition, row: RecordRow, approvers: number[]): string[] {
    if (!def.workflow) {
      return [];
    }
    return def.workflow.transitions
      .filter((t) => t.from.includes(row.status) && granted(caller, t.grant) && (!t.approverOnly || approvers.includes(caller.userid)))
      .map((t) => t.action);
  }

  const methods: Pick<RecordsService, 'transition' | 'step' | 'flowAct'> = {
    async transition(caller, def, input) {
      const wf = def.workflow;
      if (!wf) {
        throw badRequest('records.noWorkflow');
      }
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (before.version !== input.version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        const t = wf.transitions.find((x) => x.action === input.action);
        if (!t || !t.from.includes(before.status)) {
          throw badRequest('records.noSuchTransition', ['action']);
        }
        if (!granted(caller, t.grant)) {
          throw forbidden('records.noPermission');
        }
        const tasks = (await flows.current(tx, before.id)).filter((x) => x.state_code === before.status);
        const mine = tasks.find((x) => x.userid === caller.userid && x.status === flowStatus.toProcess);
        if (t.approverOnly && !(await flows.approvers(tx, def, before)).includes(caller.userid)) {
          throw forbidden('records.notApprover');
        }
        for (const need of t.inputs) {
          if (!input[need]) {
            throw badRequest('validation.required', [need]);
          }
        }
        const now = Date.now();
        const rejecting = t.to === -1 || t.to === wf.initial;
        const mode = stepOf(def, before.status)?.mode ?? 'any';
        // Countersign (会签): the caller signs; the record stays until every approver of the step has.
        const waits = t.approverOnly && mine && !rejecting && !stepDoneAfterPass(mode, tasks, caller.userid);
        const to = waits ? before.status : t.to;
        const doc = docOf(before.doc);
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: to,
          doc,
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await repo.addStep(tx, {
          record_id: row.id,
          at: now,
          userid: caller.userid,
          loginname: caller.loginname,
          action: t.action,
          from_status: before.status,
          to_status: to,
          reason: input.reason,
          signature: input.signature,
        });
        if (mine) {
          await flows.setStatus(
            tx,
            [mine.id],
            waits ? flowStatus.signedToProcess : rejecting ? flowStatus.reject : flowStatus.pass,
            now,
            input.reason,
          );
        }
        if (waits) {
          await completeTodos(tx, { kind: RECORD_TODO, ref: todoRef(row.id), userid: caller.userid });
          await audit(tx, caller, 'record.flow.sign', auditEntity(def), row.id, {
            action: t.action,
            status: before.status,
            reason: input.reason,
          });
        } else {
          await flows.enter(tx, def, row, now);
          await audit(tx, caller, 'record.transition', auditEntity(def), row.id, {
            action: t.action,
            from: before.status,
            to: t.to,
            reason: input.reason,
          });
        }
        publishChanged(emit, def, [row], 'transition');
        return itemOf(row);
      });
    },

    async flowAct(caller, def, input) {
      if (!def.workflow) {
        throw badRequest('records.noWorkflow');
      }
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (before.version !== input.version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        let tasks = (await flows.current(tx, before.id)).filter((x) => x.state_code === before.status);
        if (tasks.length === 0 && (await flows.approvers(tx, def, before)).includes(caller.userid)) {
          // A record that waited before flows had tasks: its step's tasks open now, from the definition.
          await flows.enter(tx, def, before, Date.now());
          tasks = await flows.current(tx, before.id);
        }
        const mine = tasks.find((x) => x.userid === caller.userid && x.status === flowStatus.toProcess);
        if (!mine) {
          throw forbidden('records.notApprover');
        }
        const now = Date.now();
        let to = before.status;
        if (input.action === 'sendBack') {
          const back = await tx
            .selectFrom('record_step')
            .select(['from_status'])
            .where('record_id', '=', before.id)
            .where('to_status', '=', before.status)
            .where('from_status', '!=', before.status)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (!back) {
            throw badRequest('records.noPreviousStep', ['action']);
          }
          to = back.from_status;
        } else {
          const target = input.touserid;
          if (!target) {
            throw badRequest('validation.required', ['touserid']);
          }
          const user = await tx
            .selectFrom('users')
            .select(['userid'])
            .where('userid', '=', target)
            .where('enabled', '=', 1)
            .executeTakeFirst();
          if (!user || target === caller.userid) {
            throw badRequest('records.transferTarget', ['touserid']);
          }
          if (tasks.some((x) => x.userid === target && x.status === flowStatus.toProcess)) {
            throw conflict('records.transferHolder', ['touserid']);
          }
        }
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: to,
          doc: docOf(before.doc),
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await repo.addStep(tx, {
          record_id: row.id,
          at: now,
          userid: caller.userid,
          loginname: caller.loginname,
          action: input.action,
          from_status: before.status,
          to_status: to,
          reason: input.reason,
          signature: '',
        });
        if (input.action === 'sendBack') {
          await flows.setStatus(tx, [mine.id], flowStatus.pending, now, input.reason);
          await flows.enter(tx, def, row, now);
          await audit(tx, caller, 'record.flow.sendBack', auditEntity(def), row.id, { from: before.status, to, reason: input.reason });
        } else {
          await flows.transfer(tx, def, row, mine, input.touserid!, input.reason, now);
          await audit(tx, caller, 'record.flow.transfer', auditEntity(def), row.id, {
            status: before.status,
            to: input.touserid,
            reason: input.reason,
          });
        }
        publishChanged(emit, def, [row], 'transition');
        return itemOf(row);
      });
    },

    async step(caller, def, input, decide) {
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (input.version !== undefined && before.version !== input.version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        const decision = await decide(itemOf(before), tx);
        const doc = { ...docOf(before.doc), ...(decision.set ?? {}) };
        // The step's own actor's files: checked like a save, but the place (isolation) stays the record's.
        const { fileIds } = await checkSave(tx, caller, def, { all: true, deptids: [], regionids: [] }, doc, before.id);
        const now = Date.now();
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: decision.to,
          doc,
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await repo.linkFiles(tx, row.id, fileIds);
        await repo.addStep(tx, {
          record_id: row.id,
          at: now,
          userid: caller.userid,
          loginname: caller.loginname,
          action: input.action,
          from_status: before.status,
          to_status: decision.to,
          reason: input.reason ?? '',
          signature: '',
        });
        await audit(tx, caller, 'record.transition', auditEntity(def), row.id, {
          action: input.action,
          from: before.status,
          to: decision.to,
          reason: input.reason,
          changes: changesOf(def.fields, docOf(before.doc), doc),
        });
        const item = itemOf(row);
        await decision.after?.(tx, item);
        publishChanged(emit, def, [row], 'transition');
        return item;
      });
    },
  };
  return { ...methods, flows, mayEdit, actionsFor };
}
export type RecordWorkflow = ReturnType<typeof createRecordWorkflow>;
