import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type DashboardRow = Selectable<Database['dashboard']>;
export type DashboardVersionRow = Selectable<Database['dashboard_version']>;

/** The only place SQL of dashboards lives. */
export function createDashboardsRepository(db: Db) {
  return {
    list: () => db.selectFrom('dashboard').selectAll().orderBy('builtin', 'desc').orderBy('id').execute(),
    get: (tx: Tx | Db, id: number) => tx.selectFrom('dashboard').selectAll().where('id', '=', id).executeTakeFirst(),
    byKey: (tx: Tx | Db, key: string) => tx.selectFrom('dashboard').selectAll().where('key', '=', key).executeTakeFirst(),
    insert: (tx: Tx, values: Insertable<Database['dashboard']>) => tx.insertInto('dashboard').values(values).returningAll().executeTakeFirstOrThrow(),
    /** Writes the next version if the row is still at `expected`; false when someone saved meanwhile. */
    async update(tx: Tx, id: number, expected: number, values: Pick<DashboardRow, 'key' | 'name_zh' | 'name_en' | 'definition' | 'updated_at' | 'updated_by'>): Promise<boolean> {
      const r = await tx
        .updateTable('dashboard')
        .set({ ...values, version: expected + 1 })
        .where('id', '=', id)
        .where('version', '=', expected)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async addVersion(tx: Tx, values: Insertable<Database['dashboard_version']>): Promise<void> {
      await tx.insertInto('dashboard_version').values(values).execute();
    },
    versions: (id: number) => db.selectFrom('dashboard_version').selectAll().where('dashboard_id', '=', id).orderBy('version', 'desc').execute(),
    version: (tx: Tx | Db, id: number, version: number) =>
      tx.selectFrom('dashboard_version').selectAll().where('dashboard_id', '=', id).where('version', '=', version).executeTakeFirst(),
  };
}
