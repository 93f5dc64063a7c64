import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type NoticeRow = Selectable<Database['commitment_notice']>;
export type ConfigRow = Selectable<Database['commitment_config']>;

/** The only SQL of the commitments module. */
export function createCommitmentsRepository(db: Db) {
  return {
    byDay: (tx: Tx | Db, day: string) => tx.selectFrom('commitment_notice').selectAll().where('day', '=', day).executeTakeFirst(),
    get: (tx: Tx | Db, id: number) => tx.selectFrom('commitment_notice').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (tx: Tx, values: Insertable<Database['commitment_notice']>) => tx.insertInto('commitment_notice').values(values).returningAll().executeTakeFirstOrThrow(),
    /** Changes a notice still in draft; false when it was signed meanwhile. */
    async updateDraft(tx: Tx, id: number, values: Updateable<Database['commitment_notice']>): Promise<boolean> {
      const r = await tx.updateTable('commitment_notice').set(values).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async list(input: { status?: string; offset: number; limit: number }) {
      let q = db.selectFrom('commitment_notice');
      if (input.status) {
        q = q.where('status', '=', input.status);
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('day', 'desc').limit(input.limit).offset(input.offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    config: (tx: Tx | Db) => tx.selectFrom('commitment_config').selectAll().where('id', '=', 1).executeTakeFirst(),
    async saveConfig(tx: Tx, values: Omit<ConfigRow, 'id'>): Promise<void> {
      const exists = await tx.selectFrom('commitment_config').select('id').where('id', '=', 1).executeTakeFirst();
      if (exists) {
        await tx.updateTable('commitment_config').set(values).where('id', '=', 1).execute();
      } else {
        await tx.insertInto('commitment_config').values({ id: 1, ...values }).execute();
      }
    },
  };
}
export type CommitmentsRepository = ReturnType<typeof createCommitmentsRepository>;
