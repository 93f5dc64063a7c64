import type { Selectable } from 'kysely';
import type { Db } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import './schema.js';

export type IdentificationRow = Selectable<Database['major_hazard_identification']>;

/** The only place SQL of the kept identification results lives. */
export function createIdentificationRepository(db: Db) {
  return {
    all: (): Promise<IdentificationRow[]> => db.selectFrom('major_hazard_identification').selectAll().execute(),
    async upsert(row: IdentificationRow): Promise<void> {
      const { unit_id: _id, ...rest } = row;
      await db
        .insertInto('major_hazard_identification')
        .values(row)
        .onConflict((oc) => oc.column('unit_id').doUpdateSet(rest))
        .execute();
    },
    async removeExcept(ids: readonly number[]): Promise<void> {
      let q = db.deleteFrom('major_hazard_identification');
      if (ids.length > 0) {
        q = q.where('unit_id', 'not in', [...ids]);
      }
      await q.execute();
    },
  };
}
export type IdentificationRepository = ReturnType<typeof createIdentificationRepository>;
