import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type CameraRow = Selectable<Database['wall_camera']>;
export type NoticeRow = Selectable<Database['wall_notice']>;
type CameraValues = Omit<Insertable<Database['wall_camera']>, 'id'>;
type NoticeValues = Omit<Insertable<Database['wall_notice']>, 'id'>;

/** The only place SQL of the wall's cameras, notices, frame allow-list and home dashboards lives. */
export function createWallRepository(db: Db) {
  return {
    cameras: () => db.selectFrom('wall_camera').selectAll().orderBy('sort').orderBy('id').execute(),
    camera: (tx: Tx | Db, id: number) => tx.selectFrom('wall_camera').selectAll().where('id', '=', id).executeTakeFirst(),
    insertCamera: (tx: Tx, v: CameraValues) => tx.insertInto('wall_camera').values(v).returningAll().executeTakeFirstOrThrow(),
    updateCamera: (tx: Tx, id: number, v: CameraValues) => tx.updateTable('wall_camera').set(v).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    async deleteCamera(tx: Tx, id: number): Promise<void> {
      await tx.deleteFrom('wall_camera').where('id', '=', id).execute();
    },
    notices: () => db.selectFrom('wall_notice').select(['id', 'title', 'updated_at', 'updated_by']).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute(),
    notice: (tx: Tx | Db, id: number) => tx.selectFrom('wall_notice').selectAll().where('id', '=', id).executeTakeFirst(),
    insertNotice: (tx: Tx, v: NoticeValues) => tx.insertInto('wall_notice').values(v).returningAll().executeTakeFirstOrThrow(),
    updateNotice: (tx: Tx, id: number, v: NoticeValues) => tx.updateTable('wall_notice').set(v).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    async deleteNotice(tx: Tx, id: number): Promise<void> {
      await tx.deleteFrom('wall_notice').where('id', '=', id).execute();
    },
    origins: async (tx: Tx | Db = db) => (await tx.selectFrom('wall_frame_origin').select('origin').orderBy('origin').execute()).map((r) => r.origin),
    async replaceOrigins(tx: Tx, origins: readonly string[]): Promise<void> {
      await tx.deleteFrom('wall_frame_origin').execute();
      if (origins.length > 0) {
        await tx.insertInto('wall_frame_origin').values(origins.map((origin) => ({ origin }))).execute();
      }
    },
    homes: () => db.selectFrom('dashboard_home').selectAll().orderBy('sort').execute(),
    async replaceHomes(tx: Tx, items: readonly { role: string; key: string }[]): Promise<void> {
      await tx.deleteFrom('dashboard_home').execute();
      if (items.length > 0) {
        await tx.insertInto('dashboard_home').values(items.map((h, sort) => ({ role: h.role, dashboard_key: h.key, sort }))).execute();
      }
    },
  };
}
