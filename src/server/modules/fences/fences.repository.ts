import type { Selectable } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { Db, Tx } from '../../store/db.js';

export type FenceRuleRow = Selectable<Database['fence_rule']>;
export type MusterRow = Selectable<Database['muster']>;

/** The only place SQL of fences and musters lives. */
export function createFencesRepository(db: Db | Tx) {
  return {
    rules: () => db.selectFrom('fence_rule').selectAll().orderBy('regionid').execute(),
    rule: (regionid: number) => db.selectFrom('fence_rule').selectAll().where('regionid', '=', regionid).executeTakeFirst(),
    async upsertRule(row: FenceRuleRow) {
      const updated = await db.updateTable('fence_rule').set({ doc: row.doc, updated_at: row.updated_at, updated_by: row.updated_by }).where('regionid', '=', row.regionid).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db.insertInto('fence_rule').values(row).execute();
      }
    },
    deleteRule: async (regionid: number) => Number((await db.deleteFrom('fence_rule').where('regionid', '=', regionid).executeTakeFirst()).numDeletedRows),
    openMuster: () => db.selectFrom('muster').selectAll().where('ended_at', 'is', null).orderBy('id', 'desc').executeTakeFirst(),
    lastMuster: () => db.selectFrom('muster').selectAll().orderBy('id', 'desc').executeTakeFirst(),
    insertMuster: (m: { started_at: number; started_by: string; reason: string }) => db.insertInto('muster').values(m).returningAll().executeTakeFirstOrThrow(),
    endMuster: (id: number, at: number, by: string) => db.updateTable('muster').set({ ended_at: at, ended_by: by }).where('id', '=', id).where('ended_at', 'is', null).execute(),
  };
}
