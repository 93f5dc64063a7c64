import {
  delegateOf,
  flowStatus,
  resolveStepApprovers,
  stepOverdue,
  type Delegation,
  type FlowDirectory,
} from '../../../shared/domain/flow-steps.js';
import { recordHref, type RecordDefinition, type StepApproversDef } from '../../../shared/records/definition.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import { docOf, type RecordRow } from './records.repository.js';
import { auditEntity, RECORD_TODO, todoRef } from './records.core.js';

/** To-do kind of the holders of a step's escalation role when the step waits longer than its limit. */
export const ESCALATION_TODO = 'record.escalation';

export type FlowTaskRow = {
  id: number;
  record_id: number;
  entity: string;
  round: number;
  state_code: number;
  userid: number;
  status: number;
  via_userid: number | null;
  opened_at: number;
  acted_at: number | null;
  escalated_at: number | null;
  reason: string;
};

const SYSTEM_ACTOR = { userid: null, loginname: 'system' };

/** The step (a workflow status's approvers) a record waits in. */
export function stepOf(def: RecordDefinition, status: number): StepApproversDef | undefined {
  return def.workflow?.states.find((s) => s.code === status)?.approvers;
}

/**
 * The tasks of approval flows (issue 18): one per approver of a step entered,
 * opened when a record enters the step (the step's approvers resolved from
 * the directory, a delegate in place of someone away), acted on by their
 * holder only; to-dos follow the tasks. Every read goes through the given
 * transaction (SQLite has one connection).
 */
export function createFlowTasks() {
  async function directory(tx: Tx | Db): Promise<FlowDirectory> {
    const [holders, regions] = await Promise.all([
      tx
        .selectFrom('user_role')
        .innerJoin('role', 'role.roleid', 'user_role.roleid')
        .innerJoin('users', 'users.userid', 'user_role.userid')
        .select(['role.rolecode', 'users.userid', 'users.deptid'])
        .where('users.enabled', '=', 1)
        .execute(),
      tx.selectFrom('region').select(['regionid', 'regionparentid', 'responsibles']).execute(),
    ]);
    const byRole = new Map<string, { userid: number; deptid: number }[]>();
    for (const h of holders) {
      byRole.set(h.rolecode, [...(byRole.get(h.rolecode) ?? []), { userid: h.userid, deptid: h.deptid }]);
    }
    const byRegion = new Map(
      regions.map((r) => {
        let responsibles: { role: string; userids: number[] }[] = [];
        try {
          responsibles = JSON.parse(r.responsibles) as typeof responsibles;
        } catch {
          responsibles = [];
        }
        return [r.regionid, { parent: r.regionparentid, responsibles }];
      }),
    );
    return { holders: (role) => byRole.get(role) ?? [], region: (id) => byRegion.get(id) };
  }

  async function delegations(tx: Tx | Db, now: number): Promise<Delegation[]> {
    const rows = await tx
      .selectFrom('record_flow_delegation')
      .selectAll()
      .where('revoked_at', 'is', null)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .execute();
    return rows.map((r) => ({
      from: r.from_userid,
      to: r.to_userid,
      entity: r.entity,
      start: Number(r.start_at),
      end: Number(r.end_at),
      revoked: false,
    }));
  }

  /** The tasks of the record's latest entry into a step (none: a record that waited before flows had tasks, or no step). */
  async function current(tx: Tx | Db, recordId: number): Promise<FlowTaskRow[]> {
    const last = await tx
      .selectFrom('record_flow_task')
      .select((eb) => eb.fn.max('round').as('round'))
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    if (last?.round === null || last?.round === undefined) {
      return [];
    }
    const rows = await tx
      .selectFrom('record_flow_task')
      .selectAll()
      .where('record_id', '=', recordId)
      .where('round', '=', Number(last.round))
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      ...r,
      opened_at: Number(r.opened_at),
      acted_at: r.acted_at === null ? null : Number(r.acted_at),
      escalated_at: r.escalated_at === null ? null : Number(r.escalated_at),
    }));
  }

  /** Who may act on the record now: the holders of its open tasks in its current step; for a record without tasks, the step's approvers resolved now. */
  async function approvers(tx: Tx | Db, def: RecordDefinition, row: RecordRow): Promise<number[]> {
    const tasks = (await current(tx, row.id)).filter((t) => t.state_code === row.status);
    if (tasks.length === 0) {
      const step = stepOf(def, row.status);
      if (!step || (await hasTasks(tx, row.id))) {
        return [];
      }
      // A record that waited before flows had tasks: its step's approvers from the definition, as they are now.
      return resolveStepApprovers(step, { values: docOf(row.doc), deptid: row.deptid, regionid: row.regionid }, await directory(tx));
    }
    return [...new Set(tasks.filter((t) => t.status === flowStatus.toProcess).map((t) => t.userid))];
  }

  async function hasTasks(tx: Tx | Db, recordId: number) {
    return Boolean(await tx.selectFrom('record_flow_task').select('id').where('record_id', '=', recordId).executeTakeFirst());
  }

  async function setStatus(tx: Tx, ids: number[], status: number, at: number, reason = '') {
    if (ids.length) {
      await tx.updateTable('record_flow_task').set({ status, acted_at: at, reason }).where('id', 'in', ids).execute();
    }
  }

  /** Tasks still waiting (or signed, waiting for the others) when the record leaves the step: signed ones passed, open ones unprocessed. */
  async function closeRest(tx: Tx, tasks: FlowTaskRow[], at: number) {
    await setStatus(
      tx,
      tasks.filter((t) => t.status === flowStatus.signedToProcess).map((t) => t.id),
      flowStatus.pass,
      at,
    );
    await setStatus(
      tx,
      tasks.filter((t) => t.status === flowStatus.toProcess).map((t) => t.id),
      flowStatus.unprocessed,
      at,
    );
  }

  async function todoFor(tx: Tx, def: RecordDefinition, row: RecordRow, userid: number, at: number) {
    await openTodo(tx, {
      userid,
      kind: RECORD_TODO,
      ref: todoRef(row.id),
      href: recordHref(def.entity, row.id),
      title: 'records.todoTitle',
      params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title: row.title },
      at,
    });
  }

  /**
   * The record entered status `row.status`: the previous step's tasks left
   * open become unprocessed, its to-dos close, and every approver of the new
   * step (or their delegate) gets a task and a to-do. Returns who waits.
   */
  async function enter(tx: Tx, def: RecordDefinition, row: RecordRow, at: number): Promise<number[]> {
    const before = await current(tx, row.id);
    await closeRest(tx, before, at);
    await tx.updateTable('todo').set({ status: 1 }).where('ref', '=', todoRef(row.id)).where('status', '=', 0).execute();
    const step = stepOf(def, row.status);
    if (!step) {
      return [];
    }
    const dir = await directory(tx);
    const people = resolveStepApprovers(step, { values: docOf(row.doc), deptid: row.deptid, regionid: row.regionid }, dir);
    const away = await delegations(tx, at);
    const round = (before[0]?.round ?? 0) + 1;
    const waiting: number[] = [];
    for (const p of people) {
      const who = delegateOf(p, def.entity, away, at);
      if (waiting.includes(who.userid)) {
        continue;
      }
      waiting.push(who.userid);
      await tx
        .insertInto('record_flow_task')
        .values({
          record_id: row.id,
          entity: def.entity,
          round,
          state_code: row.status,
          userid: who.userid,
          status: flowStatus.toProcess,
          via_userid: who.via,
          opened_at: at,
          acted_at: null,
          escalated_at: null,
        })
        .execute();
      await todoFor(tx, def, row, who.userid, at);
    }
    return waiting;
  }

  /** A task of someone else goes to `to` (transfer): the old one is marked transferred, the new one opens with a to-do. */
  async function transfer(tx: Tx, def: RecordDefinition, row: RecordRow, task: FlowTaskRow, to: number, reason: string, at: number) {
    await setStatus(tx, [task.id], flowStatus.transfer, at, reason);
    await completeTodos(tx, { kind: RECORD_TODO, ref: todoRef(row.id), userid: task.userid });
    await tx
      .insertInto('record_flow_task')
      .values({
        record_id: row.id,
        entity: def.entity,
        round: task.round,
        state_code: task.state_code,
        userid: to,
        status: flowStatus.toProcess,
        via_userid: task.userid,
        opened_at: at,
        acted_at: null,
        escalated_at: null,
      })
      .execute();
    await todoFor(tx, def, row, to, at);
  }

  /**
   * Open tasks whose step has a time limit that passed and that were not
   * escalated yet: the holders of the step's escalation role get a to-do
   * leading to the record, once per task, audited. Returns how many.
   */
  async function escalate(db: Db, definitionOf: (entity: string) => RecordDefinition | undefined, now: number): Promise<number> {
    const open = await db
      .selectFrom('record_flow_task')
      .selectAll()
      .where('status', '=', flowStatus.toProcess)
      .where('escalated_at', 'is', null)
      .execute();
    let n = 0;
    for (const t of open) {
      const def = definitionOf(t.entity);
      const step = def ? stepOf(def, t.state_code) : undefined;
      if (!def || !step?.escalateTo || !stepOverdue(Number(t.opened_at), step.limitHours, now)) {
        continue;
      }
      const escalateTo = step.escalateTo;
      await inTransaction(db, async (tx) => {
        const still = await tx
          .selectFrom('record_flow_task')
          .select('id')
          .where('id', '=', t.id)
          .where('escalated_at', 'is', null)
          .where('status', '=', flowStatus.toProcess)
          .executeTakeFirst();
        const row = await tx.selectFrom('record').select(['id', 'title']).where('id', '=', t.record_id).executeTakeFirst();
        if (!still || !row) {
          return;
        }
        await tx.updateTable('record_flow_task').set({ escalated_at: now }).where('id', '=', t.id).execute();
        const dir = await directory(tx);
        const targets = [...new Set(dir.holders(escalateTo).map((h) => h.userid))];
        for (const userid of targets) {
          await openTodo(tx, {
            userid,
            kind: ESCALATION_TODO,
            ref: `escalate:${t.id}`,
            href: recordHref(def.entity, t.record_id),
            title: 'records.escalationTodoTitle',
            params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title: row.title, hours: step.limitHours ?? 0 },
            at: now,
          });
        }
        await audit(tx, SYSTEM_ACTOR, 'record.flow.escalate', auditEntity(def), t.record_id, {
          task: t.id,
          userid: t.userid,
          to: escalateTo,
          targets,
        });
        n++;
      });
    }
    return n;
  }

  return { directory, current, approvers, setStatus, closeRest, enter, transfer, escalate };
}
export type FlowTasks = ReturnType<typeof createFlowTasks>;
