import type { z } from 'zod';
import { defaultMapColors, type MapColorItem, type mapColorsOutput } from '../../../shared/risk-map/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Store, type Tx } from '../../store/db.js';

type Colors = z.output<typeof mapColorsOutput>;

/** The palette of the four-colour maps: stored per level, the standard colours until a plant changes them; every change audited. */
export function createRiskMapService(store: Store, now: () => number = Date.now) {
  async function read(db: Db | Tx): Promise<Colors> {
    const rows = await db.selectFrom('risk_map_color').selectAll().execute();
    const byLevel = new Map(rows.map((r) => [Number(r.level), r]));
    const items = defaultMapColors.map((d): MapColorItem => {
      const r = byLevel.get(d.level);
      return r ? { level: d.level, color: r.color, opacity: Number(r.opacity_milli) / 1000 } : d;
    });
    const last = [...rows].sort((a, b) => Number(b.updated_at) - Number(a.updated_at))[0];
    return { items, updatedAt: last ? Number(last.updated_at) : null, updatedBy: last?.updated_by ?? null };
  }

  return {
    colors: () => read(store.db),
    async save(user: AuthUser, items: MapColorItem[]): Promise<Colors> {
      const t = now();
      return inTransaction(store.db, async (tx) => {
        const before = await read(tx);
        for (const c of [...items].sort((a, b) => a.level - b.level)) {
          const values = { color: c.color.toUpperCase(), opacity_milli: Math.round(c.opacity * 1000), updated_at: t, updated_by: user.loginname };
          const r = await tx.updateTable('risk_map_color').set(values).where('level', '=', c.level).executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) {
            await tx.insertInto('risk_map_color').values({ level: c.level, ...values }).execute();
          }
        }
        const after = await read(tx);
        await audit(tx, user, 'riskMap.colors.save', 'risk_map_color', 'all', { before: before.items, after: after.items });
        return after;
      });
    },
  };
}
