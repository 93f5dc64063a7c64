import type { Db, Tx } from '../../store/db.js';

/** Map settings: one JSON value per key (site plan, base map). The only place Kysely meets `map_setting`. */
export function createRegionMapRepository(db: Db | Tx) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('map_setting').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async put(key: string, value: unknown): Promise<void> {
      const text = JSON.stringify(value);
      const now = Date.now();
      const done = await db.updateTable('map_setting').set({ value: text, updated_at: now }).where('key', '=', key).executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) {
        await db.insertInto('map_setting').values({ key, value: text, updated_at: now }).execute();
      }
    },
    async remove(key: string): Promise<void> {
      await db.deleteFrom('map_setting').where('key', '=', key).execute();
    },
  };
}
