import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../../../../src/shared/modules.js';
import { orgShared } from '../../../../src/shared/org/manifest.js';
import {
  accountSave,
  auditLogList,
  dataIsolationRoleList,
  deptList,
  deptSave,
  getJsonMenus,
  getMenuPermissionConfig,
  myTodoList,
  myTodoStats,
  roleWebMenuGetList,
} from '../../../../src/shared/org/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, flattenMenus } from './org-fixtures.js';

describe.each(dialects)('org permissions and menus (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
  });
  afterAll(() => t?.close());

  describe('permission denial', () => {
    it('a contractor calling DeptSave gets HTTP 403 and nothing is created', async () => {
      const contractor = await demoToken(t.url, 'contractor');
      const r = await call(t.url, deptSave, { parentdeptid: 0, deptname: 'Rogue', deptcode: 'ROGUE' }, contractor);
      expectRefused(r, 403);
      const admin = await demoToken(t.url, 'admin');
      const depts = await call(t.url, deptList, {}, admin);
      expect(depts.body.data!.map((d) => d.deptcode)).not.toContain('ROGUE');
    });

    it('no token → 401 on every kind of call', async () => {
      expectRefused(await call(t.url, deptSave, { parentdeptid: 0, deptname: 'X', deptcode: 'X' }), 401);
      expectRefused(await call(t.url, deptList, {}), 401);
      expectRefused(await call(t.url, getJsonMenus, {}), 401);
      expectRefused(await call(t.url, myTodoStats, {}), 401);
    });

    it('a forged token → 401', async () => {
      expectRefused(await call(t.url, getJsonMenus, {}, 'eyJhbGciOiJIUzI1NiJ9.e30.invalid'), 401);
    });

    it('a reader (org:read, no org:manage) cannot save an account', async () => {
      const supervisor = await demoToken(t.url, 'supervisor');
      const r = await call(
        t.url,
        accountSave,
        { loginname: 'sneaky', username: 'Sneaky', deptid: 1, roleids: [1], initialPassword: 'Sneaky12345' },
        supervisor,
      );
      expectRefused(r, 403);
    });

    it('operators cannot read the audit log, roles or the full menu tree', async () => {
      const operator = await demoToken(t.url, 'operator');
      expectRefused(await call(t.url, auditLogList, {}, operator), 403);
      expectRefused(await call(t.url, dataIsolationRoleList, {}, operator), 403);
      expectRefused(await call(t.url, roleWebMenuGetList, {}, operator), 403);
    });
  });

  describe('menus', () => {
    it("the contractor's menu is the SystemManagement directory with ToDoCenter, their own approvals and delegations, and the ledgers everyone reads, nothing to manage", async () => {
      const contractor = await demoToken(t.url, 'contractor');
      const r = await call(t.url, getJsonMenus, {}, contractor);
      expect(r.body.IsSuccess).toBe(true);
      const menus = r.body.data!;
      // Two systems: the system directory, and the safety system with the permits a contractor applies for (GB 30871: the work's own unit applies).
      expect(menus).toHaveLength(2);
      const safety = menus.find((m) => m.href !== '/No.88/SystemManagement')!;
      const permits = flattenMenus([safety]).map((m) => m.href);
      expect(permits).toEqual(expect.arrayContaining(['/SafetyWorkPermit', '/SafetyWorkPermit/WorkingBillSafety', '/SafetyWorkPermit/WorkMapShow']));
      // Besides the permits: the permit work a contractor takes part in (its JSA, gas analyses, blinds, reports, who was in
      // the work zone of a permit of its region); nothing else.
      const permitWork = ['/SafetyWorkPermit', '/SafetyWorkPermitNew', '/JSA', '/Examine', '/BlindPlate', '/autoWorkingBillReport'];
      expect(permits.filter((h) => !permitWork.some((p) => h === p || h.startsWith(`${p}/`)))).toEqual([safety.href]);
      expect(permits).not.toContain('/JSA/ApplyConfig');
      expect(permits).not.toContain('/autoWorkingBillReport/confirmSetting');
      menus.splice(menus.indexOf(safety), 1);
      expect(menus[0]).toEqual(expect.objectContaining({ href: '/No.88/SystemManagement', type: 1, eightyEightType: 0 }));
      expect(menus[0].childs.map((c) => c.href)).toEqual([
        '/orgnization/ToDoCenter',
        // Anyone may be an approver (a person field, a transfer) and delegate their approvals (issue 18).
        '/flowReview',
        '/FlowAuthorization',
        '/system/announcement',
        '/Notice/NoticeList',
        '/SafeSign/SafeSignList',
      ]);
      expect(menus[0].childs[0].childs).toEqual([]);
    });

    it("the administrator's menu holds every foundation page, sorted, with the user's company", async () => {
      const admin = await demoToken(t.url, 'admin');
      const r = await call(t.url, getJsonMenus, {}, admin);
      const all = flattenMenus(r.body.data!);
      expect(all.map((m) => m.href)).toEqual(expect.arrayContaining(orgShared.menus.map((m) => m.href)));
      const system = r.body.data!.find((m) => m.href === '/No.88/SystemManagement')!;
      const expectedOrder = menus
        .filter((m) => m.parent === '/No.88/SystemManagement')
        .sort((a, b) => a.sort - b.sort)
        .map((m) => m.href);
      expect(system.childs.map((c) => c.href)).toEqual(expectedOrder);
      const cids = new Set(all.map((m) => m.c_id));
      expect(cids.size).toBe(1);
      expect([...cids][0]).toBeGreaterThan(0);
    });

    it('GetMenuPermissionConfig lists exactly the granted hrefs', async () => {
      const contractor = await demoToken(t.url, 'contractor');
      const r = await call(t.url, getMenuPermissionConfig, {}, contractor);
      const granted = r.body.data!.items.map((i) => i.menuUrl);
      // The low-code directory stays granted though it shows nothing to a contractor: record details (to-dos) are permitted by it.
      expect(granted).toEqual(
        expect.arrayContaining([
          '/No.88/SystemManagement',
          '/orgnization/ToDoCenter',
          '/Notice/NoticeList',
          '/low-code-platform',
          '/system/announcement',
        ]),
      );
      expect(granted.filter((u) => /list-view-record|form-detail|announcementDetail/.test(u))).toEqual([]);
      // Nothing that manages the organisation, the system or the ledgers' definitions.
      expect(
        granted.filter((u) =>
          /orgnization\/(personnel|role|data-isolation)|auditLog|list-view$|WorkTypeConfig|addAnnouncement|SafeSignTypeList/.test(u),
        ),
      ).toEqual([]);
      expect(r.body.data!.total).toBe(granted.length);
      const supervisor = await demoToken(t.url, 'supervisor');
      const s = await call(t.url, getMenuPermissionConfig, {}, supervisor);
      expect(s.body.data!.items.map((i) => i.menuUrl)).toContain('/system/auditLog');
    });

    it('RoleWebMenuGetList returns the whole tree for role editing', async () => {
      const supervisor = await demoToken(t.url, 'supervisor');
      const r = await call(t.url, roleWebMenuGetList, {}, supervisor);
      const everyMenu = menus.map((m) => m.href);
      expect(
        flattenMenus(r.body.data!)
          .map((m) => m.href)
          .sort(),
      ).toEqual([...new Set(everyMenu)].sort());
    });
  });

  describe('to-dos', () => {
    it("counts and lists the caller's open to-dos, newest first", async () => {
      const operator = await demoToken(t.url, 'operator');
      // The demo gives the operator to-dos of the shell and of modules (a permit to sign, a danger to rectify …).
      const db = t.server.store.db;
      const me = await db.selectFrom('users').select('userid').where('loginname', '=', 'operator').executeTakeFirstOrThrow();
      const open = await db.selectFrom('todo').select('id').where('userid', '=', me.userid).where('status', '=', 0).execute();
      expect(open.length).toBeGreaterThanOrEqual(3);
      const stats = await call(t.url, myTodoStats, {}, operator);
      expect(stats.body.data).toEqual({ todoCount: open.length });
      const list = await call(t.url, myTodoList, { pageSize: 2 }, operator);
      expect(list.body.data!.total).toBe(open.length);
      expect(list.body.data!.items).toHaveLength(2);
      expect(list.body.data!.items[0].created_at).toBeGreaterThan(list.body.data!.items[1].created_at);
    });

    it("closing a to-do removes it from the count (only open ones count; other users' don't)", async () => {
      const operator = await demoToken(t.url, 'operator');
      const db = t.server.store.db;
      const me = await db.selectFrom('users').select('userid').where('loginname', '=', 'operator').executeTakeFirstOrThrow();
      const before = (await call(t.url, myTodoStats, {}, operator)).body.data!.todoCount;
      const first = await db.selectFrom('todo').select('id').where('userid', '=', me.userid).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('todo').set({ status: 1 }).where('id', '=', first.id).execute();
      const stats = await call(t.url, myTodoStats, {}, operator);
      expect(stats.body.data).toEqual({ todoCount: before - 1 });
      const list = await call(t.url, myTodoList, {}, operator);
      expect(list.body.data!.items.map((i) => i.id)).not.toContain(first.id);
    });
  });
});
