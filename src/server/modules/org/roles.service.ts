import type { roleDelete, roleSave, RoleItem } from '../../../shared/org/contracts.js';
import { permissions as declaredPermissions } from '../../../shared/modules.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { builtInRoles } from '../../store/seed-base.js';
import { transactThenPublish } from '../../stream/bus.js';
import { ADMIN_ROLE, actorOf, unique, uniqueAs, type In, type OrgContext } from './org-context.js';
import { createOrgRepository } from './org.repository.js';

/** Roles and permissions: what a user may do, who holds a permission, and editing roles. */
export interface RoleService {
  /** Role and permission codes of an enabled user; empty lists when the user is missing or disabled. */
  getAccess(userid: number): Promise<UserAccess>;
  /** Enabled users holding a permission (administrators included), with their department: who a module's to-dos go to. */
  holdersOf(permission: string): Promise<{ userid: number; deptid: number }[]>;
  roleList(): Promise<RoleItem[]>;
  saveRole(caller: AuthUser, input: In<typeof roleSave>): Promise<RoleItem>;
  deleteRole(caller: AuthUser, input: In<typeof roleDelete>): Promise<void>;
}

export interface UserAccess {
  roles: string[];
  permissions: string[];
}

/** A code some area declares (a role may hold only those). */
const isPermissionCode = (p: string) => Object.prototype.hasOwnProperty.call(declaredPermissions, p);
const builtInRoleCodes = new Set<string>(builtInRoles.map((r) => r.rolecode));

export function createRoleService({ db, repo, events }: OrgContext): RoleService {
  return {
    getAccess: (userid) => repo.access(userid),
    holdersOf: (permission) => repo.holdersOf(permission),

    roleList: () => repo.listRoles(),

    async saveRole(caller, input) {
      const permissions: string[] = [...new Set(input.permissions)].sort();
      const unknown = input.permissions.flatMap((p, i) => (isPermissionCode(p) ? [] : [{ p, field: `permissions.${i}` }]));
      if (unknown.length) {
        throw badRequest(
          'org.unknownPermission',
          unknown.map((u) => u.field),
          { permissions: unknown.map((u) => u.p).join(', ') },
        );
      }
      const menuids = unique(input.menuids).sort((a, b) => a - b);
      // org:manage must not be a way to hand out more than the caller holds.
      const beyond = permissions.filter((p) => !caller.permissions.has(p));
      if (beyond.length) {
        throw forbidden('org.cannotGrantBeyond', { permissions: beyond.join(', ') });
      }
      const roleid = await uniqueAs('org.roleCodeExists', 'rolecode', () =>
        transactThenPublish(db, events, async (tx, emit) => {
          const r = createOrgRepository(tx);
          const [existing] = input.roleid ? await r.listRoles([input.roleid]) : [];
          if (input.roleid && !existing) {
            throw notFound('org.roleNotFound');
          }
          if (existing && builtInRoleCodes.has(existing.rolecode) && input.rolecode !== existing.rolecode) {
            throw badRequest('org.builtInRoleCode', ['rolecode']);
          }
          if (existing?.rolecode === ADMIN_ROLE) {
            if (!caller.roles.includes(ADMIN_ROLE)) {
              throw forbidden('org.adminRoleAdminOnly');
            }
            if (existing.permissions.some((p) => !permissions.includes(p))) {
              throw badRequest('org.adminRoleKeepsAll', ['permissions']);
            }
          }
          const dup = await r.roleByCode(input.rolecode);
          if (dup && dup.roleid !== existing?.roleid) {
            throw conflict('org.roleCodeExists', ['rolecode']);
          }
          if ((await r.existingMenuIds(menuids)).length !== menuids.length) {
            throw badRequest('org.menuNotFound', ['menuids']);
          }
          const values = {
            rolecode: input.rolecode,
            rolename: input.rolename,
            rolename_en: input.rolename_en,
            description: input.description,
          };
          let id: number;
          if (existing) {
            id = existing.roleid;
            await r.updateRole(id, values);
          } else {
            id = await r.insertRole(values);
          }
          await r.replaceRoleGrants(id, permissions, menuids);
          const after = { ...values, permissions, menuids };
          await audit(tx, actorOf(caller), existing ? 'update' : 'create', 'role', id, existing ? { before: existing, after } : after);
          if (existing) {
            emit('user.changed', { userids: await r.roleHolderIds(id) });
          }
          return id;
        }),
      );
      return (await repo.listRoles([roleid]))[0];
    },

    async deleteRole(caller, input) {
      await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const [role] = await r.listRoles([input.roleid]);
        if (!role) {
          throw notFound('org.roleNotFound');
        }
        // Built-in roles come back at the next start (syncBaseData), so deleting one would only strip its grants.
        if (builtInRoleCodes.has(role.rolecode)) {
          throw conflict('org.builtInRoleDelete', ['roleid']);
        }
        const holders = await r.roleHolderCount(role.roleid);
        if (holders > 0) {
          throw conflict('org.roleHeld', ['roleid'], { count: holders });
        }
        await r.deleteRole(role.roleid);
        await audit(tx, actorOf(caller), 'delete', 'role', role.roleid, role);
      });
    },
  };
}
