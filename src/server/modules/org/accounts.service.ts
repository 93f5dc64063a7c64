import {
  accountSave,
  type accountGetList,
  type accountResetPassword,
  type accountSetEnabled,
  type AccountItem,
} from '../../../shared/org/contracts.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { withDescendants } from '../../../shared/tree.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, invalidInput } from '../../http/errors.js';
import { hashPassword } from '../../security/password.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import {
  ADMIN_ROLE,
  actorOf,
  checkNewPassword,
  offsetOf,
  outsideScope,
  unique,
  uniqueAs,
  type In,
  type OrgContext,
  type Out,
} from './org-context.js';
import { createOrgRepository } from './org.repository.js';
import { assertMayManageUser, deptTreePairs, inDepts } from './scope.js';

/** User accounts: the list, saving one (with its roles), enabling and disabling, a new password, the first administrator. */
export interface AccountService {
  accountList(caller: AuthUser, input: In<typeof accountGetList>): Promise<Out<typeof accountGetList>>;
  saveAccount(caller: AuthUser, input: In<typeof accountSave>): Promise<AccountItem>;
  setAccountEnabled(caller: AuthUser, input: In<typeof accountSetEnabled>): Promise<void>;
  resetPassword(caller: AuthUser, input: In<typeof accountResetPassword>): Promise<void>;
  /**
   * Creates an administrator (built-in admin role, sees all data) and, on an
   * empty installation, the company and its root department. Used by the CLI.
   */
  createAdministrator(input: NewAdministrator, actor: Actor): Promise<{ userid: number }>;
  /** The user id of a login name (a record's creator), or null when no such user. */
  useridOf(loginname: string): Promise<number | null>;
}

export interface NewAdministrator {
  loginname: string;
  username: string;
  password: string;
  /** Name of the company created when the installation has none yet. */
  companyName?: string;
}

export function createAccountService({ db, repo, events, getUserScope }: OrgContext): AccountService {
  return {
    async useridOf(loginname) {
      return (await repo.userByLoginname(loginname))?.userid ?? null;
    },
    async accountList(caller, input) {
      const scope = await getUserScope(caller.userid);
      let deptids: number[] | null = scope.all ? null : scope.deptids;
      if (input.deptid !== undefined) {
        const wanted = withDescendants([input.deptid], await deptTreePairs(repo));
        deptids = deptids === null ? wanted : wanted.filter((d) => deptids!.includes(d));
      }
      return repo.accountPage({ deptids, keyword: input.keyword || undefined, offset: offsetOf(input), limit: input.pageSize });
    },

    async saveAccount(caller, input) {
      if (input.userid === undefined && input.initialPassword === undefined) {
        throw badRequest('org.newAccountNeedsPassword', ['initialPassword']);
      }
      if (input.userid !== undefined && input.initialPassword !== undefined) {
        throw badRequest('org.useResetPassword', ['initialPassword']);
      }
      if (input.initialPassword !== undefined) {
        checkNewPassword(input.initialPassword, 'initialPassword');
      }
      const passwordHash = input.initialPassword === undefined ? null : await hashPassword(input.initialPassword);
      const scope = await getUserScope(caller.userid);
      const roleids = unique(input.roleids);
      const userid = await uniqueAs('org.loginnameExists', 'loginname', () =>
        transactThenPublish(db, events, async (tx, emit) => {
          const r = createOrgRepository(tx);
          const existing = input.userid ? await assertMayManageUser(r, caller, scope, input.userid) : undefined;
          const dept = await r.getDept(input.deptid);
          if (!dept) {
            throw badRequest('org.deptNotFound', ['deptid']);
          }
          if (!inDepts(scope, dept.deptid)) {
            throw outsideScope();
          }
          const postid = input.postid ?? null;
          if (postid !== null) {
            const post = await r.getPost(postid);
            if (!post || post.deptid !== dept.deptid) {
              throw badRequest('org.postNotInDept', ['postid']);
            }
          }
          const dup = await r.userByLoginname(input.loginname);
          if (dup && dup.userid !== existing?.userid) {
            throw conflict('org.loginnameExists', ['loginname']);
          }
          const roles = await r.rolesByIds(roleids);
          if (roles.length !== roleids.length) {
            throw badRequest('org.roleNotFound', ['roleids']);
          }
          const grantsAdmin = roles.some((x) => x.rolecode === ADMIN_ROLE);
          if (grantsAdmin && !caller.roles.includes(ADMIN_ROLE)) {
            throw forbidden('org.grantAdminAdminOnly');
          }
          if (existing?.userid === caller.userid && caller.roles.includes(ADMIN_ROLE) && !grantsAdmin) {
            throw badRequest('org.cannotDropOwnAdmin', ['roleids']);
          }
          const values = {
            loginname: input.loginname,
            username: input.username,
            phone: input.phone,
            deptid: dept.deptid,
            postid,
            c_id: dept.c_id,
          };
          let id: number;
          if (existing) {
            id = existing.userid;
            await r.updateUser(id, values);
          } else {
            id = await r.insertUser({
              ...values,
              password_hash: passwordHash!,
              is_need_change_password: 1,
              isolation_all: 0,
              created_at: Date.now(),
            });
          }
          await r.replaceUserRoles(id, roleids);
          const after = { ...values, roleids };
          await audit(tx, actorOf(caller), existing ? 'update' : 'create', 'users', id, existing ? { before: existing, after } : after);
          emit('user.changed', { userids: [id] });
          return id;
        }),
      );
      return (await repo.account(userid))!;
    },

    async setAccountEnabled(caller, input) {
      if (input.userid === caller.userid && input.enabled === 0) {
        throw badRequest('org.cannotDisableSelf', ['userid']);
      }
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        await r.setEnabled(target.userid, input.enabled);
        if (input.enabled === 0) {
          await r.revokeRefreshTokens(target.userid, Date.now());
          emit('session.revoked', { userid: target.userid });
        }
        emit('user.changed', { userids: [target.userid] });
        await audit(tx, actorOf(caller), input.enabled ? 'enable' : 'disable', 'users', target.userid, { loginname: target.loginname });
      });
    },

    async resetPassword(caller, input) {
      checkNewPassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        await r.setPassword(target.userid, passwordHash, true);
        await r.revokeRefreshTokens(target.userid, Date.now());
        emit('session.revoked', { userid: target.userid });
        await audit(tx, actorOf(caller), 'password.reset', 'users', target.userid, { loginname: target.loginname });
      });
    },

    async createAdministrator(input, actor) {
      const loginname = accountSave.input.shape.loginname.safeParse(input.loginname);
      if (!loginname.success) {
        throw invalidInput(fieldIssues(loginname.error.issues).map((i) => ({ ...i, field: 'loginname' })));
      }
      const username = accountSave.input.shape.username.safeParse(input.username);
      if (!username.success) {
        throw invalidInput(fieldIssues(username.error.issues).map((i) => ({ ...i, field: 'username' })));
      }
      checkNewPassword(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      return uniqueAs('org.loginnameExists', 'loginname', () =>
        inTransaction(db, async (tx) => {
          const r = createOrgRepository(tx);
          if (await r.userByLoginname(loginname.data)) {
            throw conflict('org.loginnameExists', ['loginname']);
          }
          const adminRole = await r.roleByCode(ADMIN_ROLE);
          if (!adminRole) {
            throw new Error('built-in admin role missing: base data not synced');
          }
          let company = await r.firstCompany();
          if (!company) {
            const name = input.companyName?.trim() || 'Plantwatch';
            const values = { name, shortname: name.slice(0, 20), code: 'default' };
            company = { id: await r.insertCompany(values), name };
            await audit(tx, actor, 'create', 'company', company.id, values);
          }
          let dept = await r.firstRootDept();
          if (!dept) {
            const values = { parentdeptid: 0, deptname: company.name, deptname_en: '', deptcode: 'ROOT', c_id: company.id, sort: 0 };
            dept = { ...values, deptid: await r.insertDept(values) };
            await audit(tx, actor, 'create', 'dept', dept.deptid, values);
          }
          const values = {
            loginname: loginname.data,
            username: username.data,
            phone: '',
            deptid: dept.deptid,
            postid: null,
            c_id: dept.c_id,
            is_need_change_password: 0,
            isolation_all: 1,
          };
          const userid = await r.insertUser({ ...values, password_hash: passwordHash, created_at: Date.now() });
          await r.replaceUserRoles(userid, [adminRole.roleid]);
          await audit(tx, actor, 'create', 'users', userid, { ...values, roleids: [adminRole.roleid] });
          return { userid };
        }),
      );
    },
  };
}
