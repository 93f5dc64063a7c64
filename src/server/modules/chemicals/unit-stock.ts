import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import type { Store } from '../../store/db.js';
import type { UnitStock } from '../major-hazard/port.js';
import type { RecordsPort } from '../records/port.js';

const EPS = 1e-9;

/**
 * The current stock of the stores bound to major hazard storage units
 * (`hazardUnit` of a store), summed per unit and substance from the
 * movements: what the identification shows beside each design maximum q.
 */
export function unitStockOf(store: Store, records: Pick<RecordsPort, 'allRecords'>): UnitStock {
  return async (unitIds) => {
    const wanted = new Set(unitIds);
    const unitOf = new Map<number, number>();
    for (const st of await records.allRecords(chemicalStoreLedger)) {
      if (typeof st.hazardUnit === 'number' && wanted.has(st.hazardUnit)) {
        unitOf.set(st.id, st.hazardUnit);
      }
    }
    const out = new Map<number, { cas: string; quantity: number }[]>();
    if (unitOf.size === 0) {
      return out;
    }
    const rows = await store.db
      .selectFrom('chemical_movement')
      .select(['store_id', 'cas', (eb) => eb.fn.sum<number>('delta').as('qty')])
      .where('store_id', 'in', [...unitOf.keys()])
      .groupBy(['store_id', 'cas'])
      .execute();
    const sums = new Map<number, Map<string, number>>();
    for (const r of rows) {
      const unit = unitOf.get(r.store_id)!;
      const bySubstance = sums.get(unit) ?? new Map<string, number>();
      bySubstance.set(r.cas, (bySubstance.get(r.cas) ?? 0) + Number(r.qty));
      sums.set(unit, bySubstance);
    }
    for (const [unit, bySubstance] of sums) {
      const list = [...bySubstance]
        .filter(([, q]) => q > EPS)
        .map(([cas, q]) => ({ cas, quantity: Math.round(q * 1e6) / 1e6 }))
        .sort((a, b) => a.cas.localeCompare(b.cas));
      out.set(unit, list);
    }
    return out;
  };
}
