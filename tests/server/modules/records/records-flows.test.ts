import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowStatus } from '../../../../src/shared/domain/flow-steps.js';
import { myTodoList } from '../../../../src/shared/org/contracts.js';
import { definitionSave, recordContracts } from '../../../../src/shared/records/contracts.js';
import { defineRecord } from '../../../../src/shared/records/definition.js';
import { delegationAdd, delegationRevoke, delegationSearch, flowCheck, flowList } from '../../../../src/shared/records/flow-contracts.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

/**
 * A three-step flow (issue 18 "Approvals"): a role step (supervisors), a
 * countersign of two named people, the hazard-inspection chief of the
 * record's region; with one send-back and one transfer on the way.
 */
function flowLedger(names: { inspector: number; operator: number }) {
  const def = defineRecord({
    area: 'LowCode',
    entity: `Flow${Date.now() % 1000000}`,
    name: { zh: '审批流程台账', en: 'Flow ledger' },
    fields: [
      { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true },
      { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
      { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    ],
    isolation: { dept: 'dept', region: 'region' },
    workflow: {
      initial: 6,
      states: [
        { code: 6, approvers: { roles: ['supervisor'], limitHours: 2, escalateTo: 'admin' } },
        { code: 2, approvers: { userids: [names.inspector, names.operator], mode: 'all' } },
        { code: 3, approvers: { regionRole: 'hazardChief' } },
        { code: 4 },
        { code: -1 },
      ],
      transitions: [
        { action: 'approve1', label: { zh: '通过', en: 'Approve' }, from: [6], to: 2, approverOnly: true },
        { action: 'approve2', label: { zh: '会签', en: 'Countersign' }, from: [2], to: 3, approverOnly: true },
        { action: 'approve3', label: { zh: '通过', en: 'Approve' }, from: [3], to: 4, approverOnly: true },
        { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: [6, 2, 3], to: -1, approverOnly: true, inputs: ['reason'] },
      ],
    },
  });
  return { def, calls: recordContracts(def) };
}

for (const dialect of dialects) {
  describe(`record approval flows (${dialect})`, () => {
    let ts: TestServer;
    const tok: Record<'admin' | 'supervisor' | 'operator' | 'inspector', string> = { admin: '', supervisor: '', operator: '', inspector: '' };
    let users: Map<string, number>;
    let ledger: ReturnType<typeof flowLedger>;
    let ids: Awaited<ReturnType<typeof orgIds>>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      for (const u of ['admin', 'supervisor', 'operator', 'inspector'] as const) {
        tok[u] = await demoToken(ts.url, u);
      }
      ids = await orgIds(ts.url, tok.admin);
      users = new Map((await ts.server.store.db.selectFrom('users').select(['userid', 'loginname']).execute()).map((u) => [u.loginname, u.userid]));
      // The tank farm's hazard-inspection chief is the administrator.
      await ts.server.store.db
        .updateTable('region')
        .set({ responsibles: JSON.stringify([{ role: 'hazardChief', userids: [users.get('admin')!] }]) })
        .where('regionid', '=', ids.region.get('TF')!)
        .execute();
      ledger = flowLedger({ inspector: users.get('inspector')!, operator: users.get('operator')! });
      const saved = await call(ts.url, definitionSave, { definition: ledger.def }, tok.admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    });
    afterAll(() => ts?.close());

    const pending = async (who: keyof typeof tok) => (await call(ts.url, flowList, { page: 1, pageSize: 50, done: false }, tok[who])).body.data!.items.filter((t) => t.entity === ledger.def.entity);
    const done = async (who: keyof typeof tok) => (await call(ts.url, flowList, { page: 1, pageSize: 50, done: true }, tok[who])).body.data!.items.filter((t) => t.entity === ledger.def.entity);
    const act = (who: keyof typeof tok, rec: { id: number; version: number }, action: string, extra: { reason?: string; touserid?: number } = {}) =>
      call(ts.url, flowCheck, { entity: ledger.def.entity, id: rec.id, version: rec.version, action, ...extra }, tok[who]);
    const todos = async (who: keyof typeof tok, id: number) =>
      (await call(ts.url, myTodoList, { page: 1, pageSize: 100 }, tok[who])).body.data!.items.filter((t) => t.href.endsWith(`id=${id}`));

    it('runs role step, countersign of two, region-responsible step, with one send-back and one transfer; to-dos and audit follow', async () => {
      const created = await call(ts.url, ledger.calls.save, { title: '动火作业', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')! }, tok.operator);
      expect(created.body.IsSuccess, JSON.stringify(created.body.error)).toBe(true);
      let rec = created.body.data!;
      expect(rec.status).toBe(6);

      // Role step: the supervisors wait; nobody else may act.
      expect((await pending('supervisor')).map((t) => t.recordId)).toEqual([rec.id]);
      expect(await todos('supervisor', rec.id)).toHaveLength(1);
      expectRefused(await act('operator', rec, 'approve1'), 403);
      let r = await act('supervisor', rec, 'approve1');
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      rec = r.body.data!;
      expect(rec.status).toBe(2);
      expect(await todos('supervisor', rec.id)).toHaveLength(0);

      // Countersign: the first signature keeps the record in the step.
      expect((await pending('inspector')).map((t) => t.recordId)).toEqual([rec.id]);
      expect((await pending('operator')).map((t) => t.mode)).toEqual(['all']);
      r = await act('inspector', rec, 'approve2');
      rec = r.body.data!;
      expect(rec.status).toBe(2);
      expect((await done('inspector'))[0].status).toBe(flowStatus.signedToProcess);

      // Send back one step: a reason is required; the role step waits again.
      expectRefused(await act('operator', rec, 'sendBack'), 400, ['reason']);
      r = await act('operator', rec, 'sendBack', { reason: '缺少气体分析' });
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      rec = r.body.data!;
      expect(rec.status).toBe(6);
      expect((await done('operator'))[0].status).toBe(flowStatus.pending);
      expect(await todos('operator', rec.id)).toHaveLength(0);
      expect((await pending('supervisor')).map((t) => t.recordId)).toEqual([rec.id]);
      rec = (await act('supervisor', rec, 'approve1')).body.data!;
      expect(rec.status).toBe(2);

      // Transfer: the inspector hands the task to the supervisor (not to someone who already holds one).
      expectRefused(await act('inspector', rec, 'transfer', { touserid: users.get('operator')! }), 409, ['touserid']);
      r = await act('inspector', rec, 'transfer', { touserid: users.get('supervisor')!, reason: '出差' });
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      rec = r.body.data!;
      expect((await done('inspector'))[0].status).toBe(flowStatus.transfer);
      const sup = await pending('supervisor');
      // The new approver sees who handed it on and why.
      expect(sup.map((t) => [t.recordId, t.viaName, t.viaReason])).toEqual([[rec.id, '张巡检', '出差']]);
      expectRefused(await act('inspector', rec, 'approve2'), 403);

      // The countersign completes with both remaining approvers.
      rec = (await act('operator', rec, 'approve2')).body.data!;
      expect(rec.status).toBe(2);
      rec = (await act('supervisor', rec, 'approve2')).body.data!;
      expect(rec.status).toBe(3);

      // Region-responsible step: the tank farm's hazard-inspection chief.
      expect((await pending('admin')).map((t) => t.recordId)).toEqual([rec.id]);
      expect(await todos('admin', rec.id)).toHaveLength(1);
      rec = (await act('admin', rec, 'approve3')).body.data!;
      expect(rec.status).toBe(4);
      expect(await pending('admin')).toHaveLength(0);

      // Every action is audited, and the timeline has each step.
      const detail = (await call(ts.url, ledger.calls.get, { id: rec.id }, tok.admin)).body.data!;
      expect(detail.audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['record.create', 'record.transition', 'record.flow.sign', 'record.flow.sendBack', 'record.flow.transfer']),
      );
      expect(detail.steps.map((s) => s.action)).toEqual(['approve1', 'approve2', 'sendBack', 'approve1', 'transfer', 'approve2', 'approve2', 'approve3']);
      const audits = await ts.server.store.db.selectFrom('audit_log').select(['action', 'loginname']).where('entity', '=', `record.${ledger.def.entity}`).where('entity_id', '=', String(rec.id)).execute();
      expect(audits.filter((a) => a.action === 'record.flow.sign').map((a) => a.loginname).sort()).toEqual(['inspector', 'operator']);
    });

    it('a delegation sends new tasks to the delegate until revoked; an overdue step escalates once', async () => {
      const add = await call(ts.url, delegationAdd, { touserid: users.get('inspector')!, entity: ledger.def.entity, start: Date.now() - 1000, end: Date.now() + 3_600_000, reason: '休假' }, tok.supervisor);
      expect(add.body.IsSuccess, JSON.stringify(add.body.error)).toBe(true);
      expectRefused(await call(ts.url, delegationAdd, { touserid: users.get('inspector')!, start: 10, end: 5 }, tok.supervisor), 400, ['end']);
      // A ledger without an approval flow has nothing to hand on (the page's picker offers only ledgers with one).
      const noFlow = await call(ts.url, delegationAdd, { touserid: users.get('inspector')!, entity: 'SafeSignType', start: Date.now(), end: Date.now() + 60_000 }, tok.supervisor);
      expectRefused(noFlow, 400, ['entity']);
      expect(noFlow.body.error.code).toBe('records.delegation.noFlow');
      const list = (await call(ts.url, delegationSearch, { page: 1, pageSize: 20 }, tok.inspector)).body.data!;
      expect(list.items.map((d) => [d.fromName, d.toName])).toEqual([['王主管', '张巡检']]);
      expectRefused(await call(ts.url, delegationRevoke, { id: add.body.data!.id }, tok.inspector), 404);

      const rec = (await call(ts.url, ledger.calls.save, { title: '受限空间', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')! }, tok.operator)).body.data!;
      const mine = (await pending('inspector')).filter((t) => t.recordId === rec.id);
      expect(mine.map((t) => t.viaName)).toEqual(['王主管']);
      expect((await pending('supervisor')).filter((t) => t.recordId === rec.id)).toHaveLength(0);
      const revoked = await call(ts.url, delegationRevoke, { id: add.body.data!.id }, tok.supervisor);
      expect(revoked.body.data!.revoked).toBe(true);

      const records = ts.server.port(recordsPort);
      expect(await records.escalateDue(Date.now())).toBe(0);
      expect(await records.escalateDue(Date.now() + 3 * 3_600_000)).toBeGreaterThanOrEqual(1);
      expect(await records.escalateDue(Date.now() + 4 * 3_600_000)).toBe(0);
      const esc = await ts.server.store.db.selectFrom('todo').select(['userid', 'kind']).where('kind', '=', 'record.escalation').where('href', 'like', `%id=${rec.id}`).execute();
      expect(esc.map((t) => t.userid)).toContain(users.get('admin')!);
      const audited = await ts.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'record.flow.escalate').where('entity_id', '=', String(rec.id)).execute();
      expect(audited).toHaveLength(1);
    });

    it('a record waiting from before flows had tasks is acted on by its step approvers, and gets tasks from then on', async () => {
      let rec = (await call(ts.url, ledger.calls.save, { title: '旧记录', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')! }, tok.operator)).body.data!;
      await ts.server.store.db.deleteFrom('record_flow_task').where('record_id', '=', rec.id).execute();
      const legacy = (await call(ts.url, ledger.calls.get, { id: rec.id }, tok.supervisor)).body.data!;
      expect(legacy.approvers).toEqual([users.get('supervisor')!]);
      expect(legacy.actions).toEqual(['approve1', 'reject']);
      rec = (await act('supervisor', rec, 'approve1')).body.data!;
      expect(rec.status).toBe(2);
      expect((await pending('inspector')).filter((t) => t.recordId === rec.id)).toHaveLength(1);
    });
  });
}
