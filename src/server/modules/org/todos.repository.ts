import type { Db, Tx } from '../../store/db.js';

/** SQL of a user's to-dos as the to-do centre reads them. Part of the organisation's repository (org.repository.ts). */
export function createTodoRepository(db: Db | Tx) {
  return {
    async openTodoCount(userid: number): Promise<number> {
      const r = await db
        .selectFrom('todo')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userid', '=', userid)
        .where('status', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    openTodos: (userid: number, offset: number, limit: number) =>
      db
        .selectFrom('todo')
        .select(['id', 'title', 'href', 'created_at', 'title_code', 'title_params'])
        .where('userid', '=', userid)
        .where('status', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    getTodo: (id: number) => db.selectFrom('todo').select(['id', 'href', 'kind', 'userid']).where('id', '=', id).executeTakeFirst(),
    async markTodoDone(id: number) {
      await db.updateTable('todo').set({ status: 1 }).where('id', '=', id).execute();
    },
  };
}
