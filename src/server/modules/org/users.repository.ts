import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../store/db.js';

/**
 * SQL of user accounts: the account list and rows, the data-isolation scope
 * as stored, passwords, refresh tokens and password-reset links. Part of the
 * organisation's repository (org.repository.ts).
 */

/** Matches `needle` anywhere, ignoring ASCII case, the same on SQLite and PostgreSQL. */
function containsText(column: string, needle: string): Expression<SqlBool> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
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

export interface AccountFilter {
  /** null: every department. */
  deptids: number[] | null;
  keyword?: string;
  offset: number;
  limit: number;
}

export function createUserRepository(db: Db | Tx) {
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

    // Password-reset links

    /** The reset row of a token, by the token's hash. */
    resetByTokenHash: (tokenHash: string) =>
      db.selectFrom('password_reset').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    /** Marks the user's unused reset links used (a new link replaces them). */
    async expireOpenResets(userid: number, now: number) {
      await db.updateTable('password_reset').set({ used_at: now }).where('userid', '=', userid).where('used_at', 'is', null).execute();
    },
    async insertReset(values: { token_hash: string; userid: number; created_by: string; created_at: number; expires_at: number }) {
      await db
        .insertInto('password_reset')
        .values({ ...values, used_at: null })
        .execute();
    },
    /** Marks a reset link used if it is still unused; whether this call was the one that did. */
    async claimReset(tokenHash: string, now: number): Promise<boolean> {
      const claimed = await db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows ?? 0) === 1;
    },
  };
}
