import type { Db } from '../../store/db.js';

export interface ZoneHistoryRow {
  regionid: number;
  t: number;
  from_level: number | null;
  to_level: number;
  residual: number | null;
  causes: string[];
}

/** The only SQL of the risk module: the zones' history. */
export function createRiskRepository(db: Db) {
  return {
    async addHistory(rows: ZoneHistoryRow[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await db
        .insertInto('risk_zone_history')
        .values(rows.map((r) => ({ ...r, causes: JSON.stringify(r.causes) })))
        .execute();
    },
    /** Rows newest first: one zone or the zones given (null: every zone), within [from, to). */
    async history(filter: { regionids: number[] | null; from?: number; to?: number }, page: number, pageSize: number) {
      const base = () => {
        let q = db.selectFrom('risk_zone_history');
        if (filter.regionids !== null) {
          q = filter.regionids.length === 0 ? q.where('regionid', '=', -1) : q.where('regionid', 'in', filter.regionids);
        }
        if (filter.from !== undefined) {
          q = q.where('t', '>=', filter.from);
        }
        if (filter.to !== undefined) {
          q = q.where('t', '<', filter.to);
        }
        return q;
      };
      const [rows, count] = await Promise.all([
        base()
          .selectAll()
          .orderBy('t', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return {
        items: rows.map((r) => ({ id: Number(r.id), regionid: Number(r.regionid), t: Number(r.t), from: r.from_level, to: r.to_level, residual: r.residual, causes: JSON.parse(r.causes) as string[] })),
        total: Number(count?.n ?? 0),
      };
    },
  };
}
export type RiskRepository = ReturnType<typeof createRiskRepository>;
