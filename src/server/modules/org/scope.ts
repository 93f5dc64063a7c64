import { withDescendants } from '../../../shared/tree.js';
import type { AuthUser } from '../../http/app.js';
import { forbidden, notFound } from '../../http/errors.js';
import { ADMIN_ROLE, outsideScope } from './org-context.js';
import type { OrgRepository } from './org.repository.js';

/**
 * Data isolation: a user's scope of departments and regions (with every
 * descendant), whether a unit lies in it, and whether a caller may manage
 * an account. Every part of the organisation service checks through these.
 */

/** A user's data-isolation scope, expanded to every descendant department and region. */
export interface UserScope {
  all: boolean;
  deptids: number[];
  regionids: number[];
}

export const deptTreePairs = async (r: OrgRepository) => (await r.deptTree()).map((d): [number, number] => [d.deptid, d.parentdeptid]);
export const regionTreePairs = async (r: OrgRepository) =>
  (await r.regionTree()).map((d): [number, number] => [d.regionid, d.regionparentid]);

/** The stored scope of a user, expanded to the descendants of its departments and regions. */
export async function userScopeOf(repo: OrgRepository, userid: number): Promise<UserScope> {
  const s = await repo.scope(userid);
  if (s.all) {
    return { all: true, deptids: [], regionids: [] };
  }
  const [depts, regions] = await Promise.all([deptTreePairs(repo), regionTreePairs(repo)]);
  return { all: false, deptids: withDescendants(s.deptids, depts), regionids: withDescendants(s.regionids, regions) };
}

export const inDepts = (scope: UserScope, deptid: number) => scope.all || scope.deptids.includes(deptid);
export const inRegions = (scope: UserScope, regionid: number) => scope.all || scope.regionids.includes(regionid);

/**
 * Whether the caller may change this account: it must sit in a department of
 * the caller's scope, and accounts holding the administrator role are changed
 * by administrators only (org:manage alone must not be a way to take one over).
 */
export async function assertMayManageUser(r: OrgRepository, caller: AuthUser, scope: UserScope, userid: number) {
  const target = await r.account(userid);
  if (!target) {
    throw notFound('org.accountNotFound');
  }
  if (!inDepts(scope, target.deptid)) {
    throw outsideScope();
  }
  const roles = await r.rolesByIds(target.roleids);
  if (roles.some((x) => x.rolecode === ADMIN_ROLE) && !caller.roles.includes(ADMIN_ROLE)) {
    throw forbidden('org.adminAccountAdminOnly');
  }
  return target;
}
