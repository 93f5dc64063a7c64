import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type CriterionRow = Selectable<Database['hidden_danger_criterion']>;

const norm = (r: CriterionRow): CriterionRow => ({
  ...r,
  no: Number(r.no),
  enabled: Number(r.enabled),
  updated_at: r.updated_at === null ? null : Number(r.updated_at),
});

/** SQL of the plant's 重大 criteria list (issue 24 §1). */
export function createCriteriaRepository(db: Db | Tx) {
  return {
    async all(): Promise<CriterionRow[]> {
      return (await db.selectFrom('hidden_danger_criterion').selectAll().orderBy('no').execute()).map(norm);
    },
    async get(no: number): Promise<CriterionRow | undefined> {
      const row = await db.selectFrom('hidden_danger_criterion').selectAll().where('no', '=', no).executeTakeFirst();
      return row && norm(row);
    },
    async update(row: CriterionRow): Promise<void> {
      const { no, ...rest } = row;
      await db.updateTable('hidden_danger_criterion').set(rest).where('no', '=', no).execute();
    },
  };
}
