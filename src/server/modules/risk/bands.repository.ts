import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type BandTableRow = Selectable<Database['risk_band_table']>;
export type EvaluationRow = Selectable<Database['risk_evaluation']>;
export type UnitLevelRow = Selectable<Database['risk_unit_level']>;

/** SQL of the plant's band tables, the evaluations made with them and the units' inherent and residual levels. */
export function createBandsRepository(db: Db | Tx) {
  return {
    /** The newest band table of each method. */
    async currentTables(): Promise<BandTableRow[]> {
      const rows = await db.selectFrom('risk_band_table').selectAll().orderBy('id', 'desc').execute();
      const seen = new Set<string>();
      return rows.filter((r) => !seen.has(r.method) && seen.add(r.method)).map((r) => ({ ...r, id: Number(r.id), updated_at: Number(r.updated_at) }));
    },
    async addTable(row: Insertable<Database['risk_band_table']>): Promise<number> {
      const r = await db.insertInto('risk_band_table').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async addEvaluation(row: Insertable<Database['risk_evaluation']>): Promise<number> {
      const r = await db.insertInto('risk_evaluation').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async evaluations(entity: string, targetIds: number[] | null, page: number, pageSize: number): Promise<{ rows: EvaluationRow[]; total: number }> {
      if (targetIds !== null && targetIds.length === 0) {
        return { rows: [], total: 0 };
      }
      let q = db.selectFrom('risk_evaluation').where('entity', '=', entity);
      if (targetIds !== null) {
        q = q.where('target_id', 'in', targetIds);
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at), score: r.score === null ? null : Number(r.score) })), total: Number(count?.n ?? 0) };
    },
    /** The newest evaluation of each of the records given. */
    async latestEvaluations(entity: string): Promise<EvaluationRow[]> {
      const rows = await db.selectFrom('risk_evaluation').selectAll().where('entity', '=', entity).orderBy('id', 'desc').execute();
      const seen = new Set<number>();
      return rows
        .filter((r) => !seen.has(Number(r.target_id)) && seen.add(Number(r.target_id)))
        .map((r) => ({ ...r, id: Number(r.id), at: Number(r.at), score: r.score === null ? null : Number(r.score) }));
    },
    async unitLevels(): Promise<UnitLevelRow[]> {
      const rows = await db.selectFrom('risk_unit_level').selectAll().execute();
      return rows.map((r) => ({ ...r, unit_id: Number(r.unit_id), updated_at: Number(r.updated_at) }));
    },
    async unitLevel(unitId: number): Promise<UnitLevelRow | undefined> {
      return db.selectFrom('risk_unit_level').selectAll().where('unit_id', '=', unitId).executeTakeFirst();
    },
    async putUnitLevel(row: UnitLevelRow): Promise<void> {
      const existing = await db.selectFrom('risk_unit_level').select('unit_id').where('unit_id', '=', row.unit_id).executeTakeFirst();
      if (existing) {
        await db.updateTable('risk_unit_level').set(row).where('unit_id', '=', row.unit_id).execute();
      } else {
        await db.insertInto('risk_unit_level').values(row).execute();
      }
    },
  };
}
