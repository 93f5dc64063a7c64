import type { Db, Tx } from '../../store/db.js';

/** The only place SQL of the identity area lives. */
export function createAuthRepository(db: Db) {
  return {
    userByLoginname: (loginname: string) => db.selectFrom('users').selectAll().where('loginname', '=', loginname).executeTakeFirst(),
    userById: (userid: number, ex: Tx | Db = db) => ex.selectFrom('users').selectAll().where('userid', '=', userid).executeTakeFirst(),
    deptName: async (deptid: number) =>
      (await db.selectFrom('dept').select('deptname').where('deptid', '=', deptid).executeTakeFirst())?.deptname ?? '',
    async secret(name: string, create: () => string): Promise<string> {
      const found = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirst();
      if (found) {
        return found.value;
      }
      // Several nodes may start at once: the first insert wins, everyone reads it back.
      await db
        .insertInto('server_secret')
        .values({ name, value: create() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
    },
    insertRefreshToken: (tx: Tx | Db, row: { userid: number; family_id: string; token_hash: string; created_at: number; expires_at: number }) =>
      tx.insertInto('refresh_token').values(row).execute(),
    refreshTokenByHash: (tx: Tx | Db, token_hash: string) =>
      tx.selectFrom('refresh_token').selectAll().where('token_hash', '=', token_hash).executeTakeFirst(),
    /** Marks a token rotated; false when someone else rotated it first. */
    async markReplaced(tx: Tx, id: number, at: number): Promise<boolean> {
      const r = await tx
        .updateTable('refresh_token')
        .set({ replaced_at: at })
        .where('id', '=', id)
        .where('replaced_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    revokeFamily: (tx: Tx | Db, family_id: string, at: number) =>
      tx.updateTable('refresh_token').set({ revoked_at: at }).where('family_id', '=', family_id).where('revoked_at', 'is', null).execute(),
    async familyRevoked(family_id: string): Promise<boolean> {
      const live = await db
        .selectFrom('refresh_token')
        .select('id')
        .where('family_id', '=', family_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return !live;
    },
    setPassword: (tx: Tx, userid: number, password_hash: string) =>
      tx.updateTable('users').set({ password_hash, is_need_change_password: 0 }).where('userid', '=', userid).execute(),
    systemConfig: () => db.selectFrom('system_config').selectAll().execute(),
  };
}
