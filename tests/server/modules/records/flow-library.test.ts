import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionList, recordContracts } from '../../../../src/shared/records/contracts.js';
import { defineRecord, fieldTypes } from '../../../../src/shared/records/definition.js';
import { flowList } from '../../../../src/shared/records/flow-contracts.js';
import {
  enginButtonClick,
  enginRecordPage,
  flowBusinessCodes,
  flowBusinessRelationAdd,
  flowBusinessRelationDelete,
  flowLibraryAdd,
  flowLibraryDel,
  flowLibraryEdit,
  flowLibrarySearch,
  isRoleAuthorize,
} from '../../../../src/shared/records/flow-library-contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createLedger, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';

/**
 * The flow library (issue 18 item 2, seed `SearchFlowLibraryList`,
 * `FlowBusinessRelation` add and delete, `Engin/GetRecordPage`,
 * `Engin/ButtonClick`, `WAuthorization/IsRoleAuthorize`): a flow kept once,
 * bound to a ledger, edited for every bound ledger at once.
 */
for (const dialect of dialects) {
  describe(`flow library (${dialect})`, () => {
    let t: TestServer;
    let admin: Admin;
    let supervisor: User;
    let inspector: User;
    let operator: User;
    const def = defineRecord({
      area: 'LowCode',
      entity: 'FlowLibTest',
      name: { zh: '流程库测试台账', en: 'Flow library test' },
      fields: [
        { key: 'title', type: fieldTypes.text, label: { zh: '名称', en: 'Title' }, required: true },
        { key: 'owner', type: fieldTypes.person, label: { zh: '负责人', en: 'Owner' } },
      ],
      permissions: { view: [], edit: [], delete: [] },
    });
    const calls = recordContracts(def);
    const twoSteps = () => ({
      name: { zh: '两级审批', en: 'Two levels' },
      steps: [
        { label: { zh: '主管审核', en: 'Supervisor review' }, approvers: { roles: ['supervisor'] } },
        { label: { zh: '会签', en: 'Countersign' }, approvers: { userids: [inspector.userid, operator.userid], mode: 'all' as const } },
      ],
    });

    beforeAll(async () => {
      t = await startTestServer({ dialect });
      admin = await adminOf(t);
      [supervisor, inspector, operator] = [await userWithRole(t, 'supervisor'), await userWithRole(t, 'inspector'), await userWithRole(t, 'operator')];
      await createLedger(t, admin, def);
    });
    afterAll(() => t?.close());

    it('keeps a flow, binds it to a ledger whose records then follow its steps, and refuses what would strand a record', async () => {
      // Bad flows are refused by field; only administrators may keep flows.
      expectRefused(await call(t.url, flowLibraryAdd, { name: { zh: '空', en: '' }, steps: [] }, admin.token), 400, ['steps']);
      expectRefused(await call(t.url, flowLibraryAdd, { ...twoSteps(), steps: Array(6).fill(twoSteps().steps[0]) }, admin.token), 400, ['steps']);
      expectRefused(await call(t.url, flowLibraryAdd, twoSteps(), operator.token), 403);

      const flow = await ok(t, flowLibraryAdd, twoSteps(), admin.token);
      expect(flow).toMatchObject({ version: 1, ledgers: [], steps: [{ label: { zh: '主管审核' } }, { approvers: { mode: 'all' } }] });

      // Bound: the ledger's definition now holds the steps, labelled as the flow names them.
      const bound = await ok(t, flowBusinessRelationAdd, { entity: def.entity, flowId: flow.id }, admin.token);
      expect(bound).toMatchObject({ entity: def.entity, flowId: flow.id, builtin: false });
      const stored = (await ok(t, definitionList, {}, admin.token)).items.find((d) => d.entity === def.entity)!;
      expect(stored.definition.workflow?.states.map((s) => [s.code, s.label?.zh ?? null])).toEqual([
        [6, '主管审核'],
        [2, '会签'],
        [4, null],
        [-1, null],
      ]);
      expect((await ok(t, flowLibrarySearch, {}, admin.token)).items[0].ledgers.map((l) => l.entity)).toEqual([def.entity]);
      expect((await ok(t, flowBusinessCodes, {}, admin.token)).items.find((b) => b.entity === def.entity)?.flowId).toBe(flow.id);

      // A record starts at the first step and waits for the supervisor, who approves it through Engin/ButtonClick.
      const rec = await ok(t, calls.save, { title: '新设备投用' }, operator.token);
      expect(rec.status).toBe(6);
      const waiting = (await ok(t, flowList, { page: 1, pageSize: 20 }, supervisor.token)).items.filter((x) => x.entity === def.entity);
      expect(waiting.map((x) => x.recordId)).toEqual([rec.id]);
      expectRefused(await call(t.url, enginButtonClick, { entity: def.entity, id: rec.id, version: rec.version, action: 'approve1' }, operator.token), 403);
      const moved = await ok(t, enginButtonClick, { entity: def.entity, id: rec.id, version: rec.version, action: 'approve1' }, supervisor.token);
      expect(moved.status).toBe(2);
      const page = await ok(t, enginRecordPage, { entity: def.entity, page: 1, pageSize: 10 }, operator.token);
      expect(page.items.map((r) => [r.id, r.status])).toEqual([[rec.id, 2]]);
      expectRefused(await call(t.url, enginRecordPage, { entity: 'NoSuchLedger', page: 1, pageSize: 10 }, operator.token), 404);

      // One step only would strand the record waiting in the countersign: refused, nothing changed.
      const oneStep = { name: flow.name, steps: [twoSteps().steps[0]] };
      expectRefused(await call(t.url, flowLibraryEdit, { id: flow.id, version: 1, ...oneStep }, admin.token), 409, ['steps']);
      // A person field the ledger does not have: refused naming the ledger.
      const badField = { name: flow.name, steps: [...twoSteps().steps, { label: { zh: '负责人确认', en: '' }, approvers: { field: 'nosuch' } }] };
      expectRefused(await call(t.url, flowLibraryEdit, { id: flow.id, version: 1, ...badField }, admin.token), 400, ['steps']);
      expect((await ok(t, flowLibrarySearch, {}, admin.token)).items[0].version).toBe(1);

      // A third step by the record's owner field: the bound ledger follows at once, the record keeps its place.
      const three = { name: flow.name, steps: [...twoSteps().steps, { label: { zh: '负责人确认', en: 'Owner confirms' }, approvers: { field: 'owner' } }] };
      const edited = await ok(t, flowLibraryEdit, { id: flow.id, version: 1, ...three }, admin.token);
      expect(edited.version).toBe(2);
      expectRefused(await call(t.url, flowLibraryEdit, { id: flow.id, version: 1, ...three }, admin.token), 409, ['version']);
      const after = (await ok(t, definitionList, {}, admin.token)).items.find((d) => d.entity === def.entity)!;
      expect(after.definition.workflow?.states.map((s) => s.code)).toEqual([6, 2, 3, 4, -1]);
      expect(after.version).toBe(stored.version + 1);
      expect((await ok(t, calls.get, { id: rec.id }, admin.token)).record.status).toBe(2);

      // In use: not deleted. Unbound, the ledger keeps its steps; then the flow goes.
      expectRefused(await call(t.url, flowLibraryDel, { id: flow.id }, admin.token), 409, ['id']);
      expect((await ok(t, flowBusinessRelationDelete, { entity: def.entity }, admin.token)).flowId).toBeNull();
      expect((await ok(t, definitionList, {}, admin.token)).items.find((d) => d.entity === def.entity)!.definition.workflow?.states).toHaveLength(5);
      expect(await ok(t, flowLibraryDel, { id: flow.id }, admin.token)).toBeNull();
      expectRefused(await call(t.url, flowBusinessRelationAdd, { entity: def.entity, flowId: flow.id }, admin.token), 400, ['flowId']);

      // Every change is audited by who made it.
      const actions = await t.server.store.db.selectFrom('audit_log').select(['action', 'loginname']).where('action', 'like', 'flow%').orderBy('id').execute();
      expect(actions.map((a) => a.action)).toEqual(['flowLibrary.create', 'flowBinding.add', 'flowLibrary.update', 'flowBinding.delete', 'flowLibrary.delete']);
      expect(new Set(actions.map((a) => a.loginname))).toEqual(new Set([admin.loginname]));
    });

    it('leaves built-in ledgers with their modules’ flows', async () => {
      const flow = await ok(t, flowLibraryAdd, twoSteps(), admin.token);
      const builtin = (await ok(t, flowBusinessCodes, {}, admin.token)).items.find((b) => b.builtin)!;
      expectRefused(await call(t.url, flowBusinessRelationAdd, { entity: builtin.entity, flowId: flow.id }, admin.token), 400, ['entity']);
    });

    it('answers whether the caller holds a role or a permission', async () => {
      expect(await ok(t, isRoleAuthorize, { code: 'admin' }, admin.token)).toEqual({ authorized: true });
      expect(await ok(t, isRoleAuthorize, { code: 'admin' }, operator.token)).toEqual({ authorized: false });
      expect(await ok(t, isRoleAuthorize, { code: 'supervisor' }, supervisor.token)).toEqual({ authorized: true });
      expectRefused(await call(t.url, isRoleAuthorize, { code: '' }, operator.token), 400, ['code']);
    });
  });
}
