import type { userScope, userScopeGet, userScopeSave, DeptItem, RegionItem } from '../../../shared/org/contracts.js';
import type { z } from 'zod';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { actorOf, outsideScope, unique, type In, type OrgContext } from './org-context.js';
import { createOrgRepository } from './org.repository.js';
import { toRegionItem } from './regions.service.js';
import { assertMayManageUser, inDepts, inRegions, type UserScope } from './scope.js';

type UserScopeOut = z.input<typeof userScope>;

/** Data isolation: a user's scope, the departments and regions it opens, and reading and granting another user's scope. */
export interface IsolationService {
  getUserScope(userid: number): Promise<UserScope>;
  isolationDepts(caller: AuthUser): Promise<DeptItem[]>;
  isolationRegions(caller: AuthUser): Promise<RegionItem[]>;
  getScope(caller: AuthUser, input: In<typeof userScopeGet>): Promise<UserScopeOut>;
  saveScope(caller: AuthUser, input: In<typeof userScopeSave>): Promise<UserScopeOut>;
}

export function createIsolationService({ db, repo, events, getUserScope }: OrgContext): IsolationService {
  return {
    getUserScope,

    // The seed keys isolation by businessCode/businessType; one scope per user serves every business here.
    async isolationDepts(caller) {
      const scope = await getUserScope(caller.userid);
      return repo.listDepts(scope.all ? null : scope.deptids);
    },
    async isolationRegions(caller) {
      const scope = await getUserScope(caller.userid);
      return (await repo.listRegions(scope.all ? null : scope.regionids)).map(toRegionItem);
    },

    async getScope(caller, input) {
      const scope = await getUserScope(caller.userid);
      const target = await repo.account(input.userid);
      if (!target) {
        throw notFound('org.accountNotFound');
      }
      if (!inDepts(scope, target.deptid)) {
        throw outsideScope();
      }
      const s = await repo.scope(target.userid);
      return { userid: target.userid, isolation_all: s.all ? 1 : 0, deptids: s.deptids, regionids: s.regionids };
    },

    async saveScope(caller, input) {
      const scope = await getUserScope(caller.userid);
      const deptids = unique(input.deptids).sort((a, b) => a - b);
      const regionids = unique(input.regionids).sort((a, b) => a - b);
      // Nobody hands out data they cannot see themselves.
      if (input.isolation_all === 1 && !scope.all) {
        throw forbidden('org.grantAllNeedsAll');
      }
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        emit('user.changed', { userids: [target.userid] });
        if ((await r.listDepts(deptids)).length !== deptids.length) {
          throw badRequest('org.deptNotFound', ['deptids']);
        }
        if ((await r.listRegions(regionids)).length !== regionids.length) {
          throw badRequest('org.regionNotFound', ['regionids']);
        }
        if (!deptids.every((d) => inDepts(scope, d)) || !regionids.every((x) => inRegions(scope, x))) {
          throw outsideScope();
        }
        const before = await r.scope(target.userid);
        await r.replaceScope(target.userid, input.isolation_all === 1, deptids, regionids);
        await audit(tx, actorOf(caller), 'scope.save', 'users', target.userid, {
          loginname: target.loginname,
          before: { isolation_all: before.all ? 1 : 0, deptids: before.deptids, regionids: before.regionids },
          after: { isolation_all: input.isolation_all, deptids, regionids },
        });
      });
      const s = await repo.scope(input.userid);
      return { userid: input.userid, isolation_all: s.all ? 1 : 0, deptids: s.deptids, regionids: s.regionids };
    },
  };
}
