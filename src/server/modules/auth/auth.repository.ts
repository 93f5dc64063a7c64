import type { Selectable } from 'kysely';
import { lockKeyInTransaction, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type RefreshTokenRow = Selectable<Database['refresh_token']>;

/** The only place SQL of the identity area lives. */
export function createAuthRepository(db: Db) {
  return {
    userByLoginname: (loginname: string) => db.selectFrom('users').selectAll().where('loginname', '=', loginname).executeTakeFirst(),
    userById: (userid: number, ex: Tx | Db = db) => ex.selectFrom('users').selectAll().where('userid', '=', userid).executeTakeFirst(),
    deptName: async (deptid: number) =>
      (await db.selectFrom('dept').select('deptname').where('deptid', '=', deptid).executeTakeFirst())?.deptname ?? '',
    deptNameEn: async (deptid: number) =>
      (await db.selectFrom('dept').select('deptname_en').where('deptid', '=', deptid).executeTakeFirst())?.deptname_en ?? '',
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
    /** Marks a token rotated, keeping its sealed successor; false when someone else rotated it first. */
    async markReplaced(tx: Tx, id: number, at: number, successor: string): Promise<boolean> {
      const r = await tx
        .updateTable('refresh_token')
        .set({ replaced_at: at, successor })
        .where('id', '=', id)
        .where('replaced_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    revokeFamily: (tx: Tx | Db, family_id: string, at: number) =>
      tx.updateTable('refresh_token').set({ revoked_at: at }).where('family_id', '=', family_id).where('revoked_at', 'is', null).execute(),
    revokeOtherFamilies: (tx: Tx | Db, userid: number, keepFamily: string, at: number) =>
      tx
        .updateTable('refresh_token')
        .set({ revoked_at: at })
        .where('userid', '=', userid)
        .where('family_id', '!=', keepFamily)
        .where('revoked_at', 'is', null)
        .execute(),
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

    /** Records a sign-in body's nonce; false when it was used before (the primary key decides, also between servers). */
    async claimNonce(nonce: string, expires_at: number): Promise<boolean> {
      const r = await db
        .insertInto('login_nonce')
        .values({ nonce, expires_at })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Reserves one sign-in attempt of `key` unless `max` attempts are already
     * counted since `since`: checked and written under a lock on the key, so
     * parallel attempts (on any server of the store) cannot all pass the check
     * before one of them is counted. Returns the attempt's id, or the time the
     * oldest counted attempt leaves the window.
     */
    /**
     * Counts an attempt of `key` before its password is checked, unless the key must still wait: `waitMs(failures)`
     * from its latest attempt. A key that stayed quiet `forgetMs` beyond the end of its wait starts again with none.
     */
    async reserveAttempt(
      key: string,
      attempt_id: string,
      now: number,
      waitMs: (failures: number) => number,
      forgetMs: number,
    ): Promise<{ reserved: true } | { reserved: false; freeAt: number }> {
      return db.transaction().execute(async (tx) => {
        await lockKeyInTransaction(tx, `login_attempt:${key}`);
        const counted = await tx
          .selectFrom('login_attempt')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('latest')])
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        const failures = Number(counted.n);
        const wait = waitMs(failures);
        const freeAt = Number(counted.latest ?? 0) + wait;
        if (failures > 0 && now > freeAt + forgetMs) {
          await tx.deleteFrom('login_attempt').where('key', '=', key).execute();
        } else if (wait > 0 && freeAt > now) {
          // Only a wait holds an attempt back: a parallel attempt that took its time a moment before another's
          // reservation (the clock is read before the lock) is not a failure to wait for.
          return { reserved: false, freeAt };
        }
        await tx.insertInto('login_attempt').values({ key, at: now, attempt_id }).execute();
        return { reserved: true };
      });
    },
    /** The password was right: the reserved attempt is not a failure. */
    releaseAttempt: (attempt_id: string) => db.deleteFrom('login_attempt').where('attempt_id', '=', attempt_id).execute(),
    /** Drops the attempts of keys quiet since `attemptsBefore` (a key keeps its failures while it goes on failing) and nonces past their expiry. */
    async pruneLoginState(attemptsBefore: number, now: number): Promise<void> {
      await db
        .deleteFrom('login_attempt')
        .where('key', 'in', (eb) => eb.selectFrom('login_attempt').select('key').groupBy('key').having((h) => h.fn.max('at'), '<=', attemptsBefore))
        .execute();
      await db.deleteFrom('login_nonce').where('expires_at', '<', now).execute();
    },
  };
}
