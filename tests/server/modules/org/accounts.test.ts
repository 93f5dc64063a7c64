import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { refreshToken } from '../../../../src/shared/auth/contracts.js';
import { REFRESH_TOKEN_ERROR } from '../../../../src/shared/contracts/envelope.js';
import {
  accountGetList,
  accountResetPassword,
  accountSave,
  accountSetEnabled,
  auditLogList,
  getJsonMenus,
  roleList,
  roleSave,
  userScopeSave,
} from '../../../../src/shared/org/contracts.js';
import { call, login } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from './org-fixtures.js';

describe.each(dialects)('org accounts (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let ids: Awaited<ReturnType<typeof orgIds>>;
  let roles: Map<string, number>;

  const userid = async (loginname: string) => {
    const r = await call(t.url, accountGetList, { keyword: loginname, pageSize: 100 }, admin);
    return r.body.data!.items.find((u) => u.loginname === loginname)!.userid;
  };

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    ids = await orgIds(t.url, admin);
    roles = new Map((await call(t.url, roleList, {}, admin)).body.data!.map((r) => [r.rolecode, r.roleid]));
  });
  afterAll(() => t?.close());

  const expectRefreshRefused = async (token: string) => {
    const r = await call(t.url, refreshToken, { refreshToken: token });
    expect(r.httpStatus).toBe(401);
    expect(r.body.IsSuccess).toBe(false);
    expect(r.body.error.code).toBe(REFRESH_TOKEN_ERROR);
  };

  const newAccount = (loginname: string, extra: Record<string, unknown> = {}) => ({
    loginname,
    username: '新员工',
    phone: '13900000000',
    deptid: ids.dept.get('PROD-1')!,
    roleids: [roles.get('operator')!],
    initialPassword: 'Welcome2026',
    ...extra,
  });

  it('creating an account without an initial password → 400 naming initialPassword', async () => {
    const { initialPassword: _omit, ...body } = newAccount('nopass');
    expectRefused(await call(t.url, accountSave, body, admin), 400, ['initialPassword']);
  });

  it('a weak initial password is refused', async () => {
    expectRefused(await call(t.url, accountSave, newAccount('weakpass', { initialPassword: 'abcdefgh' }), admin), 400, ['initialPassword']);
  });

  it('a new account must change its password at first sign-in, and its creation is audited', async () => {
    const r = await call(t.url, accountSave, newAccount('newbie'), admin);
    expect(r.body.IsSuccess).toBe(true);
    expect(r.body.data).toEqual(
      expect.objectContaining({
        loginname: 'newbie',
        deptid: ids.dept.get('PROD-1'),
        deptname: '合成车间',
        roleids: [roles.get('operator')],
        enabled: 1,
      }),
    );
    const signIn = await login(t.url, 'newbie', 'Welcome2026');
    expect(signIn.body.IsSuccess).toBe(true);
    expect(signIn.body.data!.userInfo.isNeedChangePassword).toBe(1);

    const log = await call(t.url, auditLogList, { entity: 'users', loginname: 'admin' }, admin);
    const row = log.body.data!.items[0];
    expect(row).toEqual(expect.objectContaining({ action: 'create', entity_id: String(r.body.data!.userid) }));
    expect(row.detail).not.toMatch(/Welcome2026|password_hash|argon2/);
  });

  it('a duplicate login name → 409 naming loginname; unknown roles, departments or posts → 400', async () => {
    expectRefused(await call(t.url, accountSave, newAccount('operator'), admin), 409, ['loginname']);
    expectRefused(await call(t.url, accountSave, newAccount('ghostrole', { roleids: [99999] }), admin), 400, ['roleids']);
    expectRefused(await call(t.url, accountSave, newAccount('ghostdept', { deptid: 99999 }), admin), 400, ['deptid']);
    expectRefused(await call(t.url, accountSave, newAccount('ghostpost', { postid: 99999 }), admin), 400, ['postid']);
    expectRefused(await call(t.url, accountSave, newAccount('noroles', { roleids: [] }), admin), 400, ['roleids']);
  });

  it('editing an account keeps its password and replaces its roles', async () => {
    const id = await userid('newbie');
    const { initialPassword: _omit, ...body } = newAccount('newbie', {
      userid: id,
      username: '老员工',
      roleids: [roles.get('inspector')!],
    });
    const r = await call(t.url, accountSave, body, admin);
    expect(r.body.data).toEqual(expect.objectContaining({ userid: id, username: '老员工', roleids: [roles.get('inspector')] }));
    expect((await login(t.url, 'newbie', 'Welcome2026')).body.IsSuccess).toBe(true);
  });

  it('an administrator cannot disable him/herself', async () => {
    const r = await call(t.url, accountSetEnabled, { userid: await userid('admin'), enabled: 0 }, admin);
    expectRefused(r, 400, ['userid']);
    expect((await call(t.url, getJsonMenus, {}, admin)).body.IsSuccess).toBe(true);
  });

  it('a disabled account cannot sign in and its open session ends; enabling restores it', async () => {
    const id = await userid('inspector');
    const before = await login(t.url, 'inspector', DEFAULT_DEMO_PASSWORD);
    const token = before.body.data!.accessToken;
    expect((await call(t.url, accountSetEnabled, { userid: id, enabled: 0 }, admin)).body.IsSuccess).toBe(true);

    expectRefused(await call(t.url, getJsonMenus, {}, token), 401);
    expect((await login(t.url, 'inspector', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(false);
    await expectRefreshRefused(before.body.data!.refreshToken);

    expect((await call(t.url, accountSetEnabled, { userid: id, enabled: 1 }, admin)).body.IsSuccess).toBe(true);
    expect((await login(t.url, 'inspector', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
    const log = await call(t.url, auditLogList, { entity: 'users', pageSize: 2 }, admin);
    expect(log.body.data!.items.map((i) => i.action)).toEqual(['enable', 'disable']);
  });

  it('a password reset forces a change at next sign-in and revokes the refresh tokens', async () => {
    const id = await userid('operator');
    const session = await login(t.url, 'operator', DEFAULT_DEMO_PASSWORD);
    expect(session.body.data!.userInfo.isNeedChangePassword).toBe(0);

    expectRefused(await call(t.url, accountResetPassword, { userid: id, newPassword: '12345678' }, admin), 400, ['newPassword']);
    const r = await call(t.url, accountResetPassword, { userid: id, newPassword: 'Reset2026pw' }, admin);
    expect(r.body.IsSuccess).toBe(true);

    await expectRefreshRefused(session.body.data!.refreshToken);
    const row = await t.server.store.db.selectFrom('refresh_token').select('revoked_at').where('userid', '=', id).execute();
    expect(row.length).toBeGreaterThan(0);
    expect(row.every((x) => x.revoked_at !== null)).toBe(true);

    expect((await login(t.url, 'operator', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(false);
    const again = await login(t.url, 'operator', 'Reset2026pw');
    expect(again.body.data!.userInfo.isNeedChangePassword).toBe(1);
    const log = await call(t.url, auditLogList, { entity: 'users' }, admin);
    expect(log.body.data!.items.find((i) => i.action === 'password.reset')).toEqual(expect.objectContaining({ entity_id: String(id) }));
  });

  describe('an org manager who is not an administrator', () => {
    let manager: string;

    beforeAll(async () => {
      const role = await call(
        t.url,
        roleSave,
        { rolecode: 'org-manager', rolename: '组织管理员', permissions: ['org:read', 'org:manage'] },
        admin,
      );
      const supervisorId = await userid('supervisor');
      const { initialPassword: _omit, ...body } = newAccount('supervisor', {
        userid: supervisorId,
        username: '王主管',
        deptid: ids.dept.get('SAFE-CENTER')!,
        roleids: [roles.get('supervisor')!, role.body.data!.roleid],
      });
      expect((await call(t.url, accountSave, body, admin)).body.IsSuccess).toBe(true);
      const scope = await call(
        t.url,
        userScopeSave,
        { userid: supervisorId, isolation_all: 0, deptids: [ids.dept.get('SAFE')!], regionids: [ids.region.get('TF')!] },
        admin,
      );
      expect(scope.body.IsSuccess).toBe(true);
      manager = await demoToken(t.url, 'supervisor');
    });

    it('cannot grant the administrator role or change an administrator', async () => {
      expectRefused(
        await call(t.url, accountSave, newAccount('wannabe', { deptid: ids.dept.get('SAFE')!, roleids: [roles.get('admin')!] }), manager),
        403,
      );
      expectRefused(await call(t.url, accountResetPassword, { userid: await userid('admin'), newPassword: 'Takeover2026' }, manager), 403);
      expect((await login(t.url, 'admin', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
    });

    it('cannot hand out permissions or data it does not have', async () => {
      expectRefused(
        await call(t.url, roleSave, { rolecode: 'superuser', rolename: 'Super', permissions: ['system:config'] }, manager),
        403,
      );
      const inspectorId = await userid('inspector');
      expectRefused(await call(t.url, userScopeSave, { userid: inspectorId, isolation_all: 1 }, manager), 403);
      expectRefused(
        await call(t.url, userScopeSave, { userid: inspectorId, isolation_all: 0, deptids: [ids.dept.get('PROD')!] }, manager),
        403,
      );
      expectRefused(
        await call(t.url, userScopeSave, { userid: inspectorId, isolation_all: 0, regionids: [ids.region.get('PU')!] }, manager),
        403,
      );
    });

    it('cannot create accounts or reset passwords outside its departments, but can inside', async () => {
      expectRefused(await call(t.url, accountSave, newAccount('outsider'), manager), 403);
      expectRefused(
        await call(t.url, accountResetPassword, { userid: await userid('contractor'), newPassword: 'Outside2026' }, manager),
        403,
      );
      const inside = await call(t.url, accountSave, newAccount('insider', { deptid: ids.dept.get('SAFE-CENTER')! }), manager);
      expect(inside.body.IsSuccess).toBe(true);
    });
  });
});
