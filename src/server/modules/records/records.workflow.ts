import { recordHref, type RecordDefinition } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Tx } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import { openTodo } from '../../common/todos.js';
import { docOf, type RecordRow } from './records.repository.js';
import type { RecordsService } from './records.service.js';
import { RECORD_TODO, todoRef, auditEntity, granted, itemOf, approversOf, changesOf, type RecordsCore } from './records.core.js';

/** Workflow of a record: transitions between statuses by its definition, module-held steps, the to-dos of waiting approvers. */
export function createRecordWorkflow(core: RecordsCore) {
  const { store, deps, repo, visible, visibleRow, checkSave, publishChanged } = core;
  /**
   * The to-dos of a record's waiting approvers: the previous step's close,
   * each approver of the new one gets one leading to the record, titled by a
   * message code so it reads in the user's language.
   */
  async function approverTodos(tx: Tx, def: RecordDefinition, id: number, title: string, userids: number[], at: number) {
    await repo.closeTodos(tx, todoRef(id));
    for (const userid of userids) {
      await openTodo(tx, {
        userid,
        kind: RECORD_TODO,
        ref: todoRef(id),
        href: recordHref(def.entity, id),
        title: 'records.todoTitle',
        params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title },
        at,
      });
    }
  }

  function mayEdit(caller: AuthUser, def: RecordDefinition, row: RecordRow): boolean {
    // A record in a workflow is edited in its first status only; afterwards it moves by transitions.
    return granted(caller, def.permissions.edit) && (!def.workflow || row.status === def.workflow.initial);
  }

  function actionsFor(caller: AuthUser, def: RecordDefinition, row: RecordRow): string[] {
    if (!def.workflow) {
      return [];
    }
    const approvers = approversOf(def, row.status, docOf(row.doc));
    return def.workflow.transitions
      .filter((t) => t.from.includes(row.status) && granted(caller, t.grant) && (!t.approverOnly || approvers.includes(caller.userid)))
      .map((t) => t.action);
  }

  const methods: Pick<RecordsService, 'transition' | 'step'> = {
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
        const doc = docOf(before.doc);
        if (t.approverOnly && !approversOf(def, before.status, doc).includes(caller.userid)) {
          throw forbidden('records.notApprover');
        }
        for (const need of t.inputs) {
          if (!input[need]) {
            throw badRequest('validation.required', [need]);
          }
        }
        const now = Date.now();
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: t.to,
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
          to_status: t.to,
          reason: input.reason,
          signature: input.signature,
        });
        await approverTodos(tx, def, row.id, row.title, approversOf(def, t.to, doc), now);
        await audit(tx, caller, 'record.transition', auditEntity(def), row.id, {
          action: t.action,
          from: before.status,
          to: t.to,
          reason: input.reason,
        });
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
  return { ...methods, approverTodos, mayEdit, actionsFor };
}
export type RecordWorkflow = ReturnType<typeof createRecordWorkflow>;
