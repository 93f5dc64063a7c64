import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type DrawingRow = Selectable<Database['drawing']>;

/** The only place SQL of drawings lives. */
export function createDrawingsRepository() {
  return {
    list: (db: Db) => db.selectFrom('drawing').select(['id', 'name', 'bindings', 'updated_at', 'updated_by']).orderBy('id').execute(),
    get: (db: Db | Tx, id: number) => db.selectFrom('drawing').selectAll().where('id', '=', id).executeTakeFirst(),
    count: async (db: Db) => Number((await db.selectFrom('drawing').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    insert: (tx: Tx, values: Insertable<Database['drawing']>) => tx.insertInto('drawing').values(values).returningAll().executeTakeFirstOrThrow(),
    update: (tx: Tx, id: number, values: Omit<Insertable<Database['drawing']>, 'id'>) => tx.updateTable('drawing').set(values).where('id', '=', id).returningAll().executeTakeFirst(),
  };
}
