import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type MeasureTaskRow = Selectable<Database['risk_measure_task']>;

const rowOf = (r: MeasureTaskRow): MeasureTaskRow => ({
  ...r,
  id: Number(r.id),
  measure_id: Number(r.measure_id),
  start_at: Number(r.start_at),
  end_at: Number(r.end_at),
  done_at: r.done_at === null ? null : Number(r.done_at),
});

/** The only SQL of the measure check tasks (`risk_measure_task`). */
export function createChecksRepository(db: Db | Tx) {
  return {
    /** Inserts the windows not stored yet (by `task_key`); answers how many were new. */
    async insertMissing(rows: { task_key: string; measure_id: number; start_at: number; end_at: number }[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const res = await db
          .insertInto('risk_measure_task')
          .values(rows.slice(i, i + 200).map((r) => ({ ...r, note: '' })))
          .onConflict((oc) => oc.column('task_key').doNothing())
          .executeTakeFirst();
        added += Number(res.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },
    /** Per measure: its latest check, and its windows closed unchecked by `t` (what the overdue rule reads). */
    async overdueInputs(t: number): Promise<{ lastDone: Map<number, number>; missed: { measure_id: number; start_at: number; end_at: number }[] }> {
      const [done, missed] = await Promise.all([
        db
          .selectFrom('risk_measure_task')
          .select(['measure_id', (eb) => eb.fn.max('done_at').as('last')])
          .where('done_at', 'is not', null)
          .groupBy('measure_id')
          .execute(),
        db.selectFrom('risk_measure_task').select(['measure_id', 'start_at', 'end_at']).where('done_at', 'is', null).where('end_at', '<=', t).execute(),
      ]);
      return {
        lastDone: new Map(done.map((d) => [Number(d.measure_id), Number(d.last)])),
        missed: missed.map((m) => ({ measure_id: Number(m.measure_id), start_at: Number(m.start_at), end_at: Number(m.end_at) })),
      };
    },
    async get(id: number): Promise<MeasureTaskRow | undefined> {
      const r = await db.selectFrom('risk_measure_task').selectAll().where('id', '=', id).executeTakeFirst();
      return r && rowOf(r);
    },
    /** Records a check once: false when the task was already checked. */
    async check(id: number, v: { done_at: number; done_by: string; result: string; note: string }): Promise<boolean> {
      const res = await db.updateTable('risk_measure_task').set(v).where('id', '=', id).where('done_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** The tasks of these measures that have started by `startedBy`, newest window first. */
    async list(measureIds: number[], startedBy: number, where: { state?: 'open' | 'done' | 'missed' | 'waiting'; now: number }, page: number, pageSize: number) {
      if (measureIds.length === 0) {
        return { rows: [] as MeasureTaskRow[], total: 0 };
      }
      let q = db.selectFrom('risk_measure_task').where('measure_id', 'in', measureIds).where('start_at', '<=', startedBy);
      switch (where.state) {
        case 'done':
          q = q.where('done_at', 'is not', null);
          break;
        case 'missed':
          q = q.where('done_at', 'is', null).where('end_at', '<=', where.now);
          break;
        case 'open':
          q = q.where('done_at', 'is', null).where('start_at', '<=', where.now).where('end_at', '>', where.now);
          break;
        case 'waiting':
          q = q.where('done_at', 'is', null).where('start_at', '>', where.now);
          break;
        case undefined:
          break;
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(rowOf), total: Number(count?.n ?? 0) };
    },
  };
}
