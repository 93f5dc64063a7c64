import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type LinkRow = Selectable<Database['public_link']>;

const SECRET_NAME = 'public-link';

/** The only place SQL of public links lives. */
export function createLinksRepository(db: Db) {
  return {
    /** The key tokens are made with, created once per store (every server on it makes the same tokens). */
    async secret(): Promise<Buffer> {
      await db
        .insertInto('server_secret')
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secret').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    },
    async insert(tx: Tx, values: Insertable<Database['public_link']>): Promise<LinkRow> {
      return tx.insertInto('public_link').values(values).returningAll().executeTakeFirstOrThrow();
    },
    get: (tx: Tx | Db, id: number) => tx.selectFrom('public_link').selectAll().where('id', '=', id).executeTakeFirst(),
    byHash: (tx: Tx | Db, hash: string) => tx.selectFrom('public_link').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    async revoke(tx: Tx, id: number, at: number, by: string): Promise<void> {
      await tx
        .updateTable('public_link')
        .set({ revoked_at: at, revoked_by: by })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async opened(tx: Tx, id: number, at: number): Promise<void> {
      await tx
        .updateTable('public_link')
        .set((eb) => ({ opens: eb('opens', '+', 1), last_opened_at: at }))
        .where('id', '=', id)
        .execute();
    },
    async list(filter: { kind?: string; status?: 'active' | 'expired' | 'revoked'; now: number }, offset: number, limit: number) {
      let q = db.selectFrom('public_link');
      if (filter.kind) {
        q = q.where('kind', '=', filter.kind);
      }
      if (filter.status === 'revoked') {
        q = q.where('revoked_at', 'is not', null);
      } else if (filter.status === 'expired') {
        q = q.where('revoked_at', 'is', null).where('expires_at', '<=', filter.now);
      } else if (filter.status === 'active') {
        q = q.where('revoked_at', 'is', null).where('expires_at', '>', filter.now);
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type LinksRepository = ReturnType<typeof createLinksRepository>;
