import type { z } from 'zod';
import { flowStatus } from '../../../shared/domain/flow-steps.js';
import type { DelegationItem, delegationAdd, FlowTaskItem } from '../../../shared/records/flow-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { ADMIN_ROLE, granted, offsetOf, type RecordsCore } from './records.core.js';
import { stepOf } from './records.flow-tasks.js';
import type { RecordWorkflow } from './records.workflow.js';

const BUILT_IN_ACTIONS = [
  { action: 'sendBack', label: { zh: '退回上一步', en: 'Send back one step' }, needsReason: true },
  { action: 'transfer', label: { zh: '转办', en: 'Transfer' }, needsReason: false },
];
const isAdmin = (caller: AuthUser) => caller.roles.includes(ADMIN_ROLE);

/**
 * Approval flows across ledgers: the caller's tasks (`/flowReview/approval`),
 * one entry point for every flow action, delegations (FlowAuthorization) and
 * the escalation of overdue steps.
 */
export function createRecordFlows(core: RecordsCore, workflow: RecordWorkflow) {
  const { store, definitions } = core;
  const userNames = async (ids: number[]) => {
    const unique = [...new Set(ids)];
    const rows = unique.length
      ? await store.db.selectFrom('users').select(['userid', 'username']).where('userid', 'in', unique).execute()
      : [];
    return new Map(rows.map((r) => [r.userid, r.username]));
  };
  /**
   * For tasks that came by a transfer: the reason the one before gave (their
   * task, marked transferred, on the same record, round and step). By task id.
   */
  const reasonsOfTransfers = async (rows: { id: number; record_id: number; round: number; state_code: number; via_userid: number | null }[]) => {
    const via = rows.filter((r) => r.via_userid !== null);
    const out = new Map<number, string>();
    if (!via.length) {
      return out;
    }
    const handed = await store.db
      .selectFrom('record_flow_task')
      .select(['id', 'record_id', 'round', 'state_code', 'userid', 'reason'])
      .where('record_id', 'in', [...new Set(via.map((r) => r.record_id))])
      .where('status', '=', flowStatus.transfer)
      .orderBy('id')
      .execute();
    for (const r of via) {
      const from = handed.filter((h) => h.record_id === r.record_id && h.round === r.round && h.state_code === r.state_code && h.userid === r.via_userid && h.id < r.id).at(-1);
      if (from) {
        out.set(r.id, from.reason);
      }
    }
    return out;
  };
  const delegationOf = (
    r: {
      id: number;
      from_userid: number;
      to_userid: number;
      entity: string;
      start_at: number;
      end_at: number;
      reason: string;
      revoked_at: number | null;
      created_by: string;
    },
    names: Map<number, string>,
  ): DelegationItem => ({
    id: r.id,
    fromUserid: r.from_userid,
    fromName: names.get(r.from_userid) ?? `#${r.from_userid}`,
    toUserid: r.to_userid,
    toName: names.get(r.to_userid) ?? `#${r.to_userid}`,
    entity: r.entity,
    start: Number(r.start_at),
    end: Number(r.end_at),
    reason: r.reason,
    revoked: r.revoked_at !== null,
    createdBy: r.created_by,
  });

  return {
    /** Acts on a record of ledger `entity`: a transition of its workflow, or send back / transfer. */
    async flowCheck(
      caller: AuthUser,
      input: { entity: string; id: number; version: number; action: string; reason: string; signature: string; touserid?: number },
    ) {
      const def = definitions.get(input.entity);
      if (!def) {
        throw notFound('records.noSuchLedger', { entity: input.entity });
      }
      if (input.action === 'sendBack' || input.action === 'transfer') {
        if (input.action === 'sendBack' && !input.reason) {
          throw badRequest('validation.required', ['reason']);
        }
        return workflow.flowAct(caller, def, {
          id: input.id,
          version: input.version,
          action: input.action,
          reason: input.reason,
          touserid: input.touserid,
        });
      }
      return workflow.transition(caller, def, {
        id: input.id,
        version: input.version,
        action: input.action,
        reason: input.reason,
        signature: input.signature,
      });
    },

    /** The caller's tasks waiting (`done` false) or acted on, newest first, with what they may do on each. */
    async flowList(
      caller: AuthUser,
      input: { page: number; pageSize: number; done: boolean },
    ): Promise<{ items: FlowTaskItem[]; total: number }> {
      let q = store.db
        .selectFrom('record_flow_task as t')
        .innerJoin('record as r', 'r.id', 't.record_id')
        .where('t.userid', '=', caller.userid);
      q = input.done ? q.where('t.status', '!=', flowStatus.toProcess) : q.where('t.status', '=', flowStatus.toProcess);
      const [rows, count] = await Promise.all([
        q
          .select([
            't.id',
            't.record_id',
            't.entity',
            't.state_code',
            't.round',
            't.status',
            't.via_userid',
            't.opened_at',
            't.acted_at',
            't.reason',
            'r.title',
            'r.status as record_status',
            'r.version',
          ])
          .orderBy('t.id', 'desc')
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      ]);
      const names = await userNames(rows.flatMap((r) => (r.via_userid === null ? [] : [r.via_userid])));
      const viaReasons = await reasonsOfTransfers(rows);
      const items = rows.map((r): FlowTaskItem => {
        const def = definitions.get(r.entity);
        const open = r.status === flowStatus.toProcess && r.record_status === r.state_code;
        const transitions =
          def?.workflow && open
            ? def.workflow.transitions
                .filter((t) => t.approverOnly && t.from.includes(r.record_status) && granted(caller, t.grant))
                .map((t) => ({
                  action: t.action,
                  label: { zh: t.label.zh, en: t.label.en || t.label.zh },
                  needsReason: t.inputs.includes('reason'),
                }))
            : [];
        return {
          id: r.id,
          recordId: r.record_id,
          entity: r.entity,
          ledger: { zh: def?.name.zh ?? r.entity, en: def?.name.en || def?.name.zh || r.entity },
          title: r.title,
          recordStatus: r.record_status,
          stepStatus: r.state_code,
          version: r.version,
          status: r.status,
          mode: (def && stepOf(def, r.state_code)?.mode) ?? 'any',
          viaName: r.via_userid === null ? '' : (names.get(r.via_userid) ?? `#${r.via_userid}`),
          viaReason: viaReasons.get(r.id) ?? '',
          opened: Number(r.opened_at),
          acted: r.acted_at === null ? null : Number(r.acted_at),
          reason: r.reason,
          actions: open ? [...transitions, ...BUILT_IN_ACTIONS] : [],
        };
      });
      return { items, total: Number(count?.n ?? 0) };
    },

    async delegationSearch(caller: AuthUser, input: { page: number; pageSize: number }) {
      let q = store.db.selectFrom('record_flow_delegation');
      if (!isAdmin(caller)) {
        q = q.where((eb) => eb.or([eb('from_userid', '=', caller.userid), eb('to_userid', '=', caller.userid)]));
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(input.pageSize).offset(offsetOf(input)).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      ]);
      const names = await userNames(rows.flatMap((r) => [r.from_userid, r.to_userid]));
      return { items: rows.map((r) => delegationOf(r, names)), total: Number(count?.n ?? 0) };
    },

    async delegationAdd(caller: AuthUser, input: z.output<typeof delegationAdd.input>) {
      const from = input.fromuserid ?? caller.userid;
      if (from !== caller.userid && !isAdmin(caller)) {
        throw forbidden('records.noPermission');
      }
      const ledger = input.entity ? definitions.get(input.entity) : undefined;
      if (input.entity && !ledger) {
        throw badRequest('records.noSuchLedger', ['entity'], { entity: input.entity });
      }
      if (ledger && !ledger.workflow) {
        throw badRequest('records.delegation.noFlow', ['entity'], { entity: input.entity });
      }
      return inTransaction(store.db, async (tx) => {
        const to = await tx
          .selectFrom('users')
          .select('userid')
          .where('userid', '=', input.touserid)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (!to || input.touserid === from) {
          throw badRequest('records.transferTarget', ['touserid']);
        }
        const now = Date.now();
        const row = await tx
          .insertInto('record_flow_delegation')
          .values({
            from_userid: from,
            to_userid: input.touserid,
            entity: input.entity,
            start_at: input.start,
            end_at: input.end,
            reason: input.reason,
            created_at: now,
            created_by: caller.loginname,
            revoked_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(tx, caller, 'record.flow.delegate', 'record.flowDelegation', row.id, {
          from,
          to: input.touserid,
          entity: input.entity,
          start: input.start,
          end: input.end,
        });
        const names = new Map(
          (await tx.selectFrom('users').select(['userid', 'username']).where('userid', 'in', [from, input.touserid]).execute()).map((u) => [
            u.userid,
            u.username,
          ]),
        );
        return delegationOf(row, names);
      });
    },

    async delegationRevoke(caller: AuthUser, input: { id: number }) {
      return inTransaction(store.db, async (tx) => {
        const row = await tx.selectFrom('record_flow_delegation').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!row || (row.from_userid !== caller.userid && !isAdmin(caller))) {
          throw notFound('records.delegationNotFound');
        }
        const now = Date.now();
        const done = await tx
          .updateTable('record_flow_delegation')
          .set({ revoked_at: row.revoked_at ?? now })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(tx, caller, 'record.flow.revokeDelegation', 'record.flowDelegation', row.id, {});
        const names = new Map(
          (
            await tx.selectFrom('users').select(['userid', 'username']).where('userid', 'in', [row.from_userid, row.to_userid]).execute()
          ).map((u) => [u.userid, u.username]),
        );
        return delegationOf(done, names);
      });
    },

    /** Overdue steps' escalation to-dos (once per task); returns how many tasks were escalated. */
    escalateDue(now: number) {
      return workflow.flows.escalate(store.db, (e) => definitions.get(e), now);
    },
  };
}
export type RecordFlows = ReturnType<typeof createRecordFlows>;
