import type { Db, Tx } from '../../store/db.js';

/**
 * SQL of roles and what they grant: a user's roles and permissions, who holds
 * a permission, role rows with their permissions and menus, and the menu
 * table. Part of the organisation's repository (org.repository.ts).
 */

export interface MenuRow {
  menuid: number;
  parentid: number;
  name: string;
  name_en: string;
  href: string;
  parameter: string;
  type: number;
  skiptype: number;
  eightyEightType: number;
  icon: string;
  sort: number;
}

export interface RoleRow {
  roleid: number;
  rolecode: string;
  rolename: string;
  rolename_en: string;
  description: string;
  permissions: string[];
  menuids: number[];
}

export function createRoleRepository(db: Db | Tx) {
  return {
    async access(userid: number) {
      const user = await db.selectFrom('users').select(['userid', 'enabled']).where('userid', '=', userid).executeTakeFirst();
      if (!user || user.enabled !== 1) {
        return { roles: [], permissions: [] };
      }
      const roles = await db
        .selectFrom('user_role')
        .innerJoin('role', 'role.roleid', 'user_role.roleid')
        .select(['role.roleid', 'role.rolecode'])
        .where('user_role.userid', '=', userid)
        .execute();
      const perms = roles.length
        ? await db
            .selectFrom('role_permission')
            .select('permission')
            .distinct()
            .where(
              'roleid',
              'in',
              roles.map((r) => r.roleid),
            )
            .execute()
        : [];
      return { roles: roles.map((r) => r.rolecode), permissions: perms.map((p) => p.permission) };
    },
    /** Enabled users whose roles grant `permission` (the administrator role grants every one), with their department. */
    holdersOf: (permission: string) =>
      db
        .selectFrom('users')
        .innerJoin('user_role', 'user_role.userid', 'users.userid')
        .innerJoin('role', 'role.roleid', 'user_role.roleid')
        .leftJoin('role_permission', (j) =>
          j.onRef('role_permission.roleid', '=', 'role.roleid').on('role_permission.permission', '=', permission),
        )
        .select(['users.userid', 'users.deptid'])
        .distinct()
        .where('users.enabled', '=', 1)
        .where((eb) => eb.or([eb('role.rolecode', '=', 'admin'), eb('role_permission.permission', '=', permission)]))
        .orderBy('users.userid')
        .execute(),

    // Menus

    allMenus: (): Promise<MenuRow[]> =>
      db
        .selectFrom('menu')
        .select(['menuid', 'parentid', 'name', 'name_en', 'href', 'parameter', 'type', 'skiptype', 'eightyEightType', 'icon', 'sort'])
        .orderBy('sort')
        .orderBy('menuid')
        .execute(),
    async grantedMenuIds(userid: number): Promise<number[]> {
      const rows = await db
        .selectFrom('role_menu')
        .innerJoin('user_role', 'user_role.roleid', 'role_menu.roleid')
        .select('role_menu.menuid')
        .distinct()
        .where('user_role.userid', '=', userid)
        .execute();
      return rows.map((r) => r.menuid);
    },
    async existingMenuIds(ids: number[]): Promise<number[]> {
      if (!ids.length) {
        return [];
      }
      const rows = await db.selectFrom('menu').select('menuid').where('menuid', 'in', ids).execute();
      return rows.map((r) => r.menuid);
    },

    // Roles

    async listRoles(roleids?: number[]): Promise<RoleRow[]> {
      if (roleids && !roleids.length) {
        return [];
      }
      let q = db.selectFrom('role').select(['roleid', 'rolecode', 'rolename', 'rolename_en', 'description']).orderBy('roleid');
      if (roleids) {
        q = q.where('roleid', 'in', roleids);
      }
      const roles = await q.execute();
      if (!roles.length) {
        return [];
      }
      const ids = roles.map((r) => r.roleid);
      const [perms, menus] = await Promise.all([
        db.selectFrom('role_permission').select(['roleid', 'permission']).where('roleid', 'in', ids).orderBy('permission').execute(),
        db.selectFrom('role_menu').select(['roleid', 'menuid']).where('roleid', 'in', ids).orderBy('menuid').execute(),
      ]);
      return roles.map((r) => ({
        ...r,
        permissions: perms.filter((p) => p.roleid === r.roleid).map((p) => p.permission),
        menuids: menus.filter((m) => m.roleid === r.roleid).map((m) => m.menuid),
      }));
    },
    getRole: (roleid: number) => db.selectFrom('role').select(['roleid', 'rolecode']).where('roleid', '=', roleid).executeTakeFirst(),
    roleByCode: (rolecode: string) => db.selectFrom('role').select('roleid').where('rolecode', '=', rolecode).executeTakeFirst(),
    async rolesByIds(roleids: number[]) {
      if (!roleids.length) {
        return [];
      }
      return db.selectFrom('role').select(['roleid', 'rolecode']).where('roleid', 'in', roleids).execute();
    },
    async insertRole(values: { rolecode: string; rolename: string; rolename_en: string; description: string }): Promise<number> {
      const r = await db.insertInto('role').values(values).returning('roleid').executeTakeFirstOrThrow();
      return r.roleid;
    },
    async updateRole(roleid: number, values: { rolecode: string; rolename: string; rolename_en: string; description: string }) {
      await db.updateTable('role').set(values).where('roleid', '=', roleid).execute();
    },
    async replaceRoleGrants(roleid: number, permissions: string[], menuids: number[]) {
      await db.deleteFrom('role_permission').where('roleid', '=', roleid).execute();
      await db.deleteFrom('role_menu').where('roleid', '=', roleid).execute();
      if (permissions.length) {
        await db
          .insertInto('role_permission')
          .values(permissions.map((permission) => ({ roleid, permission })))
          .execute();
      }
      if (menuids.length) {
        await db
          .insertInto('role_menu')
          .values(menuids.map((menuid) => ({ roleid, menuid })))
          .execute();
      }
    },
    async roleHolderCount(roleid: number): Promise<number> {
      const r = await db
        .selectFrom('user_role')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('roleid', '=', roleid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async roleHolderIds(roleid: number): Promise<number[]> {
      const rows = await db.selectFrom('user_role').select('userid').where('roleid', '=', roleid).execute();
      return rows.map((r) => r.userid);
    },
    async deleteRole(roleid: number) {
      await db.deleteFrom('role_permission').where('roleid', '=', roleid).execute();
      await db.deleteFrom('role_menu').where('roleid', '=', roleid).execute();
      await db.deleteFrom('role').where('roleid', '=', roleid).execute();
    },
  };
}
