import { sql, type Expression, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

/** Matches `needle` anywhere, ignoring ASCII case, the same on SQLite and PostgreSQL. */
function containsText(column: string, needle: string): Expression<SqlBool> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

export { isUniqueViolation } from '../../store/unique-violation.js';

export interface DeptRow {
  deptid: number;
  parentdeptid: number;
  deptname: string;
  deptname_en: string;
  deptcode: string;
  c_id: number;
  sort: number;
}

/** A region without its polygon (which only the map calls read), and whether it has one. */
export type RegionRow = Omit<Selectable<Database['region']>, 'geometry'> & { has_geometry: number };
export type RegionValues = Omit<Insertable<Database['region']>, 'regionid'>;
/** A region with its polygon text, for maps and fences. */
export type RegionShapeRow = Pick<Selectable<Database['region']>, 'regionid' | 'regioncode' | 'regionname' | 'regionname_en' | 'regionparentid' | 'kind' | 'floors'> & {
  geometry: string;
};

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

export interface AccountRow {
  userid: number;
  loginname: string;
  username: string;
  phone: string;
  deptid: number;
  deptname: string;
  deptname_en: string;
  postid: number | null;
  postname: string;
  enabled: number;
  roleids: number[];
  rolenames: string[];
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

export interface AccountFilter {
  /** null: every department. */
  deptids: number[] | null;
  keyword?: string;
  offset: number;
  limit: number;
}

export interface AuditFilter {
  loginname?: string;
  entity?: string;
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

const deptColumns = ['deptid', 'parentdeptid', 'deptname', 'deptname_en', 'deptcode', 'c_id', 'sort'] as const;
const regionColumns = [
  'regionid',
  'regionparentid',
  'regionname',
  'regionname_en',
  'regioncode',
  'c_id',
  'sort',
  'fullname',
  'fullcode',
  'pinyincode',
  'description',
  'nfccard',
  'defaultexpand',
  'responsibles',
  'kind',
  'floors',
  'updated_at',
] as const;
const hasGeometry = sql<number>`case when geometry is null then 0 else 1 end`.as('has_geometry');

export type OrgRepository = ReturnType<typeof createOrgRepository>;

/** The only place SQL of the organisation area lives. Pass a transaction to run the calls inside it. */
export function createOrgRepository(db: Db | Tx) {
  async function accountRows(where: { userids?: number[]; filter?: AccountFilter }): Promise<AccountRow[]> {
    let q = db
      .selectFrom('users')
      .leftJoin('dept', 'dept.deptid', 'users.deptid')
      .leftJoin('post', 'post.postid', 'users.postid')
      .select([
        'users.userid',
        'users.loginname',
        'users.username',
        'users.phone',
        'users.deptid',
        'users.postid',
        'users.enabled',
        'dept.deptname',
        'dept.deptname_en',
        'post.postname',
      ])
      .orderBy('users.userid');
    if (where.userids) {
      q = q.where('users.userid', 'in', where.userids);
    }
    const f = where.filter;
    if (f) {
      if (f.deptids) {
        q = q.where('users.deptid', 'in', f.deptids);
      }
      if (f.keyword) {
        const kw = f.keyword;
        q = q.where((eb) =>
          eb.or([containsText('users.loginname', kw), containsText('users.username', kw), containsText('users.phone', kw)]),
        );
      }
      q = q.limit(f.limit).offset(f.offset);
    }
    const users = await q.execute();
    if (!users.length) {
      return [];
    }
    const roles = await db
      .selectFrom('user_role')
      .innerJoin('role', 'role.roleid', 'user_role.roleid')
      .select(['user_role.userid', 'role.roleid', 'role.rolename'])
      .where(
        'user_role.userid',
        'in',
        users.map((u) => u.userid),
      )
      .orderBy('role.roleid')
      .execute();
    return users.map((u) => {
      const mine = roles.filter((r) => r.userid === u.userid);
      return {
        userid: u.userid,
        loginname: u.loginname,
        username: u.username,
        phone: u.phone,
        deptid: u.deptid,
        deptname: u.deptname ?? '',
        deptname_en: u.deptname_en ?? '',
        postid: u.postid,
        postname: u.postname ?? '',
        enabled: u.enabled,
        roleids: mine.map((r) => r.roleid),
        rolenames: mine.map((r) => r.rolename),
      };
    });
  }

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
        .leftJoin('role_permission', (j) => j.onRef('role_permission.roleid', '=', 'role.roleid').on('role_permission.permission', '=', permission))
        .select(['users.userid', 'users.deptid'])
        .distinct()
        .where('users.enabled', '=', 1)
        .where((eb) => eb.or([eb('role.rolecode', '=', 'admin'), eb('role_permission.permission', '=', permission)]))
        .orderBy('users.userid')
        .execute(),
    /** The scope rows as stored, without descendants. */
    async scope(userid: number) {
      const user = await db.selectFrom('users').select('isolation_all').where('userid', '=', userid).executeTakeFirst();
      const deptids = await db.selectFrom('user_dept_scope').select('deptid').where('userid', '=', userid).orderBy('deptid').execute();
      const regionids = await db
        .selectFrom('user_region_scope')
        .select('regionid')
        .where('userid', '=', userid)
        .orderBy('regionid')
        .execute();
      return {
        all: user?.isolation_all === 1,
        deptids: deptids.map((d) => d.deptid),
        regionids: regionids.map((r) => r.regionid),
      };
    },
    async replaceScope(userid: number, all: boolean, deptids: number[], regionids: number[]) {
      await db
        .updateTable('users')
        .set({ isolation_all: all ? 1 : 0 })
        .where('userid', '=', userid)
        .execute();
      await db.deleteFrom('user_dept_scope').where('userid', '=', userid).execute();
      await db.deleteFrom('user_region_scope').where('userid', '=', userid).execute();
      if (deptids.length) {
        await db
          .insertInto('user_dept_scope')
          .values(deptids.map((deptid) => ({ userid, deptid })))
          .execute();
      }
      if (regionids.length) {
        await db
          .insertInto('user_region_scope')
          .values(regionids.map((regionid) => ({ userid, regionid })))
          .execute();
      }
    },
    deptTree: () => db.selectFrom('dept').select(['deptid', 'parentdeptid']).execute(),
    regionTree: () => db.selectFrom('region').select(['regionid', 'regionparentid']).execute(),

    // Company

    firstCompany: () => db.selectFrom('company').select(['id', 'name']).orderBy('id').executeTakeFirst(),
    async insertCompany(values: { name: string; shortname: string; code: string }) {
      const r = await db.insertInto('company').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    // Menus and to-dos

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
    async openTodoCount(userid: number): Promise<number> {
      const r = await db
        .selectFrom('todo')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userid', '=', userid)
        .where('status', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    openTodos: (userid: number, offset: number, limit: number) =>
      db
        .selectFrom('todo')
        .select(['id', 'title', 'href', 'created_at', 'title_code', 'title_params'])
        .where('userid', '=', userid)
        .where('status', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    // Departments

    async listDepts(ids: number[] | null): Promise<DeptRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db.selectFrom('dept').select(deptColumns).orderBy('parentdeptid').orderBy('sort').orderBy('deptid');
      if (ids) {
        q = q.where('deptid', 'in', ids);
      }
      return q.execute();
    },
    getDept: (deptid: number): Promise<DeptRow | undefined> =>
      db.selectFrom('dept').select(deptColumns).where('deptid', '=', deptid).executeTakeFirst(),
    deptByCode: (deptcode: string) => db.selectFrom('dept').select('deptid').where('deptcode', '=', deptcode).executeTakeFirst(),
    firstRootDept: () =>
      db.selectFrom('dept').select(deptColumns).where('parentdeptid', '=', 0).orderBy('sort').orderBy('deptid').executeTakeFirst(),
    async insertDept(values: Omit<DeptRow, 'deptid'>): Promise<number> {
      const r = await db.insertInto('dept').values(values).returning('deptid').executeTakeFirstOrThrow();
      return r.deptid;
    },
    async updateDept(deptid: number, values: Omit<DeptRow, 'deptid'>) {
      await db.updateTable('dept').set(values).where('deptid', '=', deptid).execute();
    },
    /** What still hangs on a department: child departments, users, posts. */
    async deptDependants(deptid: number) {
      const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
      const [children, users, posts] = await Promise.all([
        count(
          db
            .selectFrom('dept')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('parentdeptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('deptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('post')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('deptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
      ]);
      return { children, users, posts };
    },
    async deleteDept(deptid: number) {
      await db.deleteFrom('user_dept_scope').where('deptid', '=', deptid).execute();
      await db.deleteFrom('dept').where('deptid', '=', deptid).execute();
    },

    // Regions

    async listRegions(ids: number[] | null): Promise<RegionRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db.selectFrom('region').select([...regionColumns, hasGeometry]).orderBy('regionparentid').orderBy('sort').orderBy('regionid');
      if (ids) {
        q = q.where('regionid', 'in', ids);
      }
      return q.execute();
    },
    getRegion: (regionid: number): Promise<RegionRow | undefined> =>
      db.selectFrom('region').select([...regionColumns, hasGeometry]).where('regionid', '=', regionid).executeTakeFirst(),
    regionByCode: (regioncode: string) =>
      db.selectFrom('region').select('regionid').where('regioncode', '=', regioncode).executeTakeFirst(),
    async insertRegion(values: RegionValues): Promise<number> {
      const r = await db.insertInto('region').values(values).returning('regionid').executeTakeFirstOrThrow();
      return r.regionid;
    },
    async updateRegion(regionid: number, values: Updateable<Database['region']>) {
      await db.updateTable('region').set(values).where('regionid', '=', regionid).execute();
    },
    /** Regions that have a polygon, with it; `ids` null for every region. */
    async regionShapes(ids: number[] | null): Promise<RegionShapeRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db
        .selectFrom('region')
        .select(['regionid', 'regioncode', 'regionname', 'regionname_en', 'regionparentid', 'kind', 'floors', 'geometry'])
        .where('geometry', 'is not', null)
        .orderBy('regionid');
      if (ids) {
        q = q.where('regionid', 'in', ids);
      }
      return (await q.execute()) as RegionShapeRow[];
    },
    async regionChildCount(regionid: number): Promise<number> {
      const r = await db
        .selectFrom('region')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('regionparentid', '=', regionid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async deleteRegion(regionid: number) {
      await db.deleteFrom('user_region_scope').where('regionid', '=', regionid).execute();
      await db.deleteFrom('region').where('regionid', '=', regionid).execute();
    },

    // Posts

    async listPosts(deptids: number[] | null) {
      if (deptids && !deptids.length) {
        return [];
      }
      let q = db.selectFrom('post').select(['postid', 'postname', 'postname_en', 'deptid']).orderBy('deptid').orderBy('postid');
      if (deptids) {
        q = q.where('deptid', 'in', deptids);
      }
      return q.execute();
    },
    getPost: (postid: number) =>
      db.selectFrom('post').select(['postid', 'postname', 'postname_en', 'deptid', 'c_id']).where('postid', '=', postid).executeTakeFirst(),
    postByName: (deptid: number, postname: string) =>
      db.selectFrom('post').select('postid').where('deptid', '=', deptid).where('postname', '=', postname).executeTakeFirst(),
    async insertPost(values: { postname: string; postname_en: string; deptid: number; c_id: number }): Promise<number> {
      const r = await db.insertInto('post').values(values).returning('postid').executeTakeFirstOrThrow();
      return r.postid;
    },
    async updatePost(postid: number, values: { postname: string; postname_en: string; deptid: number; c_id: number }) {
      await db.updateTable('post').set(values).where('postid', '=', postid).execute();
    },
    async postHolderCount(postid: number): Promise<number> {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('postid', '=', postid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async deletePost(postid: number) {
      await db.deleteFrom('post').where('postid', '=', postid).execute();
    },

    // Accounts

    async accountPage(filter: AccountFilter): Promise<{ items: AccountRow[]; total: number }> {
      if (filter.deptids && !filter.deptids.length) {
        return { items: [], total: 0 };
      }
      let count = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
      if (filter.deptids) {
        count = count.where('deptid', 'in', filter.deptids);
      }
      if (filter.keyword) {
        const kw = filter.keyword;
        count = count.where((eb) => eb.or([containsText('loginname', kw), containsText('username', kw), containsText('phone', kw)]));
      }
      const [items, total] = await Promise.all([accountRows({ filter }), count.executeTakeFirstOrThrow()]);
      return { items, total: Number(total.n) };
    },
    async account(userid: number): Promise<AccountRow | undefined> {
      const [row] = await accountRows({ userids: [userid] });
      return row;
    },
    getUser: (userid: number) =>
      db
        .selectFrom('users')
        .select(['userid', 'loginname', 'username', 'deptid', 'enabled', 'c_id'])
        .where('userid', '=', userid)
        .executeTakeFirst(),
    userByLoginname: (loginname: string) => db.selectFrom('users').select('userid').where('loginname', '=', loginname).executeTakeFirst(),
    async insertUser(values: {
      loginname: string;
      username: string;
      phone: string;
      password_hash: string;
      deptid: number;
      postid: number | null;
      c_id: number;
      is_need_change_password: number;
      isolation_all: number;
      created_at: number;
    }): Promise<number> {
      const r = await db
        .insertInto('users')
        .values({ ...values, headimg: '', enabled: 1 })
        .returning('userid')
        .executeTakeFirstOrThrow();
      return r.userid;
    },
    async updateUser(
      userid: number,
      values: { loginname: string; username: string; phone: string; deptid: number; postid: number | null; c_id: number },
    ) {
      await db.updateTable('users').set(values).where('userid', '=', userid).execute();
    },
    async replaceUserRoles(userid: number, roleids: number[]) {
      await db.deleteFrom('user_role').where('userid', '=', userid).execute();
      if (roleids.length) {
        await db
          .insertInto('user_role')
          .values(roleids.map((roleid) => ({ userid, roleid })))
          .execute();
      }
    },
    async setEnabled(userid: number, enabled: number) {
      await db.updateTable('users').set({ enabled }).where('userid', '=', userid).execute();
    },
    async setPassword(userid: number, passwordHash: string, mustChange: boolean) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, is_need_change_password: mustChange ? 1 : 0 })
        .where('userid', '=', userid)
        .execute();
    },
    /** Ends every session of the user: their refresh tokens can no longer be exchanged. */
    async revokeRefreshTokens(userid: number, now: number) {
      await db.updateTable('refresh_token').set({ revoked_at: now }).where('userid', '=', userid).where('revoked_at', 'is', null).execute();
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

    // Audit log

    async auditPage(f: AuditFilter) {
      let base = db.selectFrom('audit_log');
      if (f.loginname) {
        base = base.where('loginname', '=', f.loginname);
      }
      if (f.entity) {
        base = base.where('entity', '=', f.entity);
      }
      if (f.from !== undefined) {
        base = base.where('at', '>=', f.from);
      }
      if (f.to !== undefined) {
        base = base.where('at', '<=', f.to);
      }
      const [items, total] = await Promise.all([
        base
          .select(['id', 'at', 'loginname', 'action', 'entity', 'entity_id', 'detail'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: items.map((i) => ({ ...i, at: Number(i.at) })), total: Number(total.n) };
    },
  };
}
