import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogList,
  deptDelete,
  deptList,
  deptSave,
  getJsonMenus,
  postDelete,
  postSave,
  regionDelete,
  regionGetList,
  regionSave,
  roleDelete,
  roleList,
  roleSave,
  roleWebMenuGetList,
} from '../../../../src/shared/org/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, flattenMenus, orgIds } from './org-fixtures.js';

describe.each(dialects)('org changes, conflicts and audit (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let ids: Awaited<ReturnType<typeof orgIds>>;

  /** The administrator's audit rows (the demo simulator writes its own beside them, at any moment). */
  const auditTotal = async () => (await call(t.url, auditLogList, { pageSize: 1, loginname: 'admin' }, admin)).body.data!.total;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    ids = await orgIds(t.url, admin);
  });
  afterAll(() => t?.close());

  describe('audit', () => {
    it('DeptSave writes an audit row naming who, what and which record', async () => {
      const before = Date.now();
      const r = await call(
        t.url,
        deptSave,
        { parentdeptid: ids.dept.get('PROD')!, deptname: '质检车间', deptname_en: 'QA', deptcode: 'PROD-QA' },
        admin,
      );
      expect(r.body.IsSuccess).toBe(true);
      const dept = r.body.data!;
      expect(dept).toEqual(expect.objectContaining({ deptcode: 'PROD-QA', parentdeptid: ids.dept.get('PROD'), deptname: '质检车间' }));

      const log = await call(t.url, auditLogList, { entity: 'dept' }, admin);
      const row = log.body.data!.items[0];
      expect(row).toEqual(
        expect.objectContaining({ loginname: 'admin', action: 'create', entity: 'dept', entity_id: String(dept.deptid) }),
      );
      expect(row.at).toBeGreaterThanOrEqual(before);
      expect(JSON.parse(row.detail)).toEqual(expect.objectContaining({ deptcode: 'PROD-QA' }));
    });

    it('a refused save writes no audit row', async () => {
      const before = await auditTotal();
      expectRefused(await call(t.url, deptSave, { parentdeptid: 0, deptname: 'Dup', deptcode: 'HQ' }, admin), 409, ['deptcode']);
      expectRefused(await call(t.url, deptDelete, { deptid: ids.dept.get('PROD')! }, admin), 409);
      expect(await auditTotal()).toBe(before);
    });

    it('the change and its audit row commit together: when the audit write fails, the change is rolled back', async () => {
      const db = t.server.store.db;
      await sql`alter table audit_log rename to audit_log_off`.execute(db);
      let r;
      try {
        r = await call(t.url, deptSave, { parentdeptid: ids.dept.get('HQ')!, deptname: 'Ghost', deptcode: 'GHOST' }, admin);
      } finally {
        await sql`alter table audit_log_off rename to audit_log`.execute(db);
      }
      expectRefused(r, 500);
      const depts = await call(t.url, deptList, {}, admin);
      expect(depts.body.data!.map((d) => d.deptcode)).not.toContain('GHOST');
    });

    it('AuditLogList is newest first and filters by login name, entity and time', async () => {
      const supervisor = await demoToken(t.url, 'supervisor');
      const all = await call(t.url, auditLogList, { pageSize: 100 }, supervisor);
      const items = all.body.data!.items;
      expect(items.length).toBeGreaterThan(2);
      for (let i = 1; i < items.length; i++) {
        expect(items[i - 1].at).toBeGreaterThanOrEqual(items[i].at);
      }
      const byUser = await call(t.url, auditLogList, { loginname: 'supervisor' }, supervisor);
      expect(byUser.body.data!.items.every((i) => i.loginname === 'supervisor')).toBe(true);
      expect(byUser.body.data!.total).toBeGreaterThan(0);
      const future = await call(t.url, auditLogList, { from: Date.now() + 60_000 }, supervisor);
      expect(future.body.data).toEqual({ items: [], total: 0 });
      const past = await call(t.url, auditLogList, { to: 1 }, supervisor);
      expect(past.body.data!.total).toBe(0);
      const paged = await call(t.url, auditLogList, { page: 2, pageSize: 1 }, supervisor);
      expect(paged.body.data!.items[0].id).toBe(items[1].id);
    });
  });

  describe('malformed input', () => {
    it('missing deptname → 400 naming deptname', async () => {
      const r = await call(t.url, deptSave, { parentdeptid: 0, deptcode: 'NONAME' }, admin);
      expectRefused(r, 400, ['deptname']);
    });

    it('wrong types → 400 naming each field', async () => {
      const r = await call(t.url, deptSave, { parentdeptid: 'top', deptname: 42, deptcode: 'has space' }, admin);
      expectRefused(r, 400, ['parentdeptid', 'deptname', 'deptcode']);
    });

    it('a body that is not JSON → 400, not 500', async () => {
      const res = await fetch(t.url + deptSave.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{"deptname":',
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { IsSuccess: boolean };
      expect(body.IsSuccess).toBe(false);
    });
  });

  describe('departments', () => {
    it('a duplicate deptcode → 409 naming deptcode', async () => {
      expectRefused(await call(t.url, deptSave, { parentdeptid: ids.dept.get('HQ')!, deptname: 'Again', deptcode: 'SAFE' }, admin), 409, [
        'deptcode',
      ]);
    });

    it('a parent that does not exist → 400 naming parentdeptid', async () => {
      expectRefused(await call(t.url, deptSave, { parentdeptid: 99999, deptname: 'Orphan', deptcode: 'ORPHAN' }, admin), 400, [
        'parentdeptid',
      ]);
    });

    it('a department cannot become its own ancestor', async () => {
      const prod = ids.dept.get('PROD')!;
      const self = await call(t.url, deptSave, { deptid: prod, parentdeptid: prod, deptname: '生产部', deptcode: 'PROD' }, admin);
      expectRefused(self, 400, ['parentdeptid']);
      const under = await call(
        t.url,
        deptSave,
        { deptid: prod, parentdeptid: ids.dept.get('PROD-1')!, deptname: '生产部', deptcode: 'PROD' },
        admin,
      );
      expectRefused(under, 400, ['parentdeptid']);
    });

    it('renaming keeps the code free for itself and moves under another parent', async () => {
      const r = await call(
        t.url,
        deptSave,
        { deptid: ids.dept.get('EQUIP')!, parentdeptid: ids.dept.get('PROD')!, deptname: '设备科', deptcode: 'EQUIP' },
        admin,
      );
      expect(r.body.IsSuccess).toBe(true);
      expect(r.body.data).toEqual(expect.objectContaining({ deptname: '设备科', parentdeptid: ids.dept.get('PROD') }));
      const log = await call(t.url, auditLogList, { entity: 'dept' }, admin);
      expect(log.body.data!.items[0]).toEqual(expect.objectContaining({ action: 'update', entity_id: String(ids.dept.get('EQUIP')) }));
    });

    it('deleting a department with children, users or posts → 409; a bare one goes', async () => {
      expectRefused(await call(t.url, deptDelete, { deptid: ids.dept.get('PROD')! }, admin), 409);
      expectRefused(await call(t.url, deptDelete, { deptid: ids.dept.get('CONTRACTOR')! }, admin), 409);
      const leaf = await call(t.url, deptSave, { parentdeptid: ids.dept.get('HQ')!, deptname: 'Temp', deptcode: 'TEMP' }, admin);
      const ok = await call(t.url, deptDelete, { deptid: leaf.body.data!.deptid }, admin);
      expect(ok.body).toEqual(expect.objectContaining({ IsSuccess: true, data: {} }));
      const depts = await call(t.url, deptList, {}, admin);
      expect(depts.body.data!.map((d) => d.deptcode)).not.toContain('TEMP');
      const log = await call(t.url, auditLogList, { entity: 'dept' }, admin);
      expect(log.body.data!.items[0]).toEqual(expect.objectContaining({ action: 'delete', entity_id: String(leaf.body.data!.deptid) }));
    });

    it('an unknown deptid → 404', async () => {
      expectRefused(await call(t.url, deptDelete, { deptid: 99999 }, admin), 404);
    });
  });

  describe('regions', () => {
    it('a duplicate regioncode → 409; a missing parent → 400', async () => {
      expectRefused(await call(t.url, regionSave, { regionparentid: 0, regionname: 'Again', regioncode: 'TF' }, admin), 409, [
        'regioncode',
      ]);
      expectRefused(await call(t.url, regionSave, { regionparentid: 99999, regionname: 'Lost', regioncode: 'LOST' }, admin), 400, [
        'regionparentid',
      ]);
    });

    it('deleting a region with sub-regions → 409; a leaf goes and is audited', async () => {
      expectRefused(await call(t.url, regionDelete, { regionid: ids.region.get('TF')! }, admin), 409);
      const r = await call(t.url, regionSave, { regionparentid: ids.region.get('TF')!, regionname: '新罐组', regioncode: 'TF-D' }, admin);
      expect(r.body.data).toEqual(expect.objectContaining({ regioncode: 'TF-D', regionparentid: ids.region.get('TF') }));
      const del = await call(t.url, regionDelete, { regionid: r.body.data!.regionid }, admin);
      expect(del.body.IsSuccess).toBe(true);
      const all = await call(t.url, regionGetList, { isallregionid: 1 }, admin);
      expect(all.body.data!.map((x) => x.regioncode)).not.toContain('TF-D');
      const log = await call(t.url, auditLogList, { entity: 'region', pageSize: 2 }, admin);
      expect(log.body.data!.items.map((i) => i.action)).toEqual(['delete', 'create']);
    });
  });

  describe('posts', () => {
    it('saves a post; a duplicate name in the same department → 409; a held post cannot be deleted', async () => {
      const dept = ids.dept.get('PROD-2')!;
      const r = await call(t.url, postSave, { postname: '精馏操作工', deptid: dept }, admin);
      expect(r.body.data).toEqual(expect.objectContaining({ postname: '精馏操作工', deptid: dept }));
      expectRefused(await call(t.url, postSave, { postname: '精馏操作工', deptid: dept }, admin), 409, ['postname']);
      expectRefused(await call(t.url, postSave, { postname: 'Nowhere', deptid: 99999 }, admin), 400, ['deptid']);
      const held = t.server.store.db.selectFrom('users').select('postid').where('loginname', '=', 'operator');
      const { postid } = await held.executeTakeFirstOrThrow();
      expectRefused(await call(t.url, postDelete, { postid: postid! }, admin), 409);
      expect((await call(t.url, postDelete, { postid: r.body.data!.postid }, admin)).body.IsSuccess).toBe(true);
    });
  });

  describe('roles', () => {
    const roleOf = async (code: string) => (await call(t.url, roleList, {}, admin)).body.data!.find((r) => r.rolecode === code)!;

    it('RoleSave replaces permissions and menus, and the sidebar follows', async () => {
      const menus = flattenMenus((await call(t.url, roleWebMenuGetList, {}, admin)).body.data!);
      const menuId = (href: string) => menus.find((m) => m.href === href)!.menuid;
      const contractorRole = await roleOf('contractor');
      const base = { roleid: contractorRole.roleid, rolecode: 'contractor', rolename: contractorRole.rolename };

      const widened = await call(
        t.url,
        roleSave,
        { ...base, permissions: ['audit:read'], menuids: [...contractorRole.menuids, menuId('/system/auditLog')] },
        admin,
      );
      expect(widened.body.IsSuccess).toBe(true);
      const contractor = await demoToken(t.url, 'contractor');
      const sidebar = flattenMenus((await call(t.url, getJsonMenus, {}, contractor)).body.data!).map((m) => m.href);
      expect(sidebar).toContain('/system/auditLog');
      expect((await call(t.url, auditLogList, {}, contractor)).body.IsSuccess).toBe(true);

      const narrowed = await call(t.url, roleSave, { ...base, permissions: [], menuids: [menuId('/orgnization/ToDoCenter')] }, admin);
      expect(narrowed.body.data).toEqual(expect.objectContaining({ permissions: [], menuids: [menuId('/orgnization/ToDoCenter')] }));
      const after = flattenMenus((await call(t.url, getJsonMenus, {}, contractor)).body.data!).map((m) => m.href);
      expect(after).toEqual(['/No.88/SystemManagement', '/orgnization/ToDoCenter']);
      expectRefused(await call(t.url, auditLogList, {}, contractor), 403);
    });

    it("a built-in role's code cannot change; unknown menus and duplicate codes are refused", async () => {
      const operatorRole = await roleOf('operator');
      expectRefused(await call(t.url, roleSave, { roleid: operatorRole.roleid, rolecode: 'operator2', rolename: 'x' }, admin), 400, [
        'rolecode',
      ]);
      expectRefused(await call(t.url, roleSave, { rolecode: 'viewer', rolename: 'Viewer', menuids: [99999] }, admin), 400, ['menuids']);
      expectRefused(await call(t.url, roleSave, { rolecode: 'operator', rolename: 'Copy' }, admin), 409, ['rolecode']);
      expectRefused(await call(t.url, roleSave, { rolecode: 'bad', rolename: 'Bad', permissions: ['root:everything'] }, admin), 400, [
        'permissions.0',
      ]);
    });

    it('the administrator role keeps every permission', async () => {
      const adminRole = await roleOf('admin');
      const r = await call(
        t.url,
        roleSave,
        {
          roleid: adminRole.roleid,
          rolecode: 'admin',
          rolename: adminRole.rolename,
          permissions: ['org:read'],
          menuids: adminRole.menuids,
        },
        admin,
      );
      expectRefused(r, 400, ['permissions']);
      expect((await roleOf('admin')).permissions).toEqual(adminRole.permissions);
    });

    it('a role users hold, or the built-in admin role, cannot be deleted; an unused custom role can', async () => {
      expectRefused(await call(t.url, roleDelete, { roleid: (await roleOf('admin')).roleid }, admin), 409);
      expectRefused(await call(t.url, roleDelete, { roleid: (await roleOf('operator')).roleid }, admin), 409);
      const created = await call(
        t.url,
        roleSave,
        { rolecode: 'visitor-host', rolename: '访客接待', permissions: ['realtime:read'] },
        admin,
      );
      expect(created.body.data).toEqual(expect.objectContaining({ rolecode: 'visitor-host', permissions: ['realtime:read'], menuids: [] }));
      const del = await call(t.url, roleDelete, { roleid: created.body.data!.roleid }, admin);
      expect(del.body.IsSuccess).toBe(true);
      expect(await roleOf('visitor-host')).toBeUndefined();
      const log = await call(t.url, auditLogList, { entity: 'role', pageSize: 2 }, admin);
      expect(log.body.data!.items.map((i) => i.action)).toEqual(['delete', 'create']);
    });
  });
});
