import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type EscalationRuleRow = Selectable<Database['risk_escalation_rule']>;

const norm = (r: EscalationRuleRow): EscalationRuleRow => ({
  ...r,
  hold_ms: Number(r.hold_ms),
  enabled: Number(r.enabled),
  sort: Number(r.sort),
  updated_at: r.updated_at === null ? null : Number(r.updated_at),
});

/** SQL of the live escalation rule rows (issue 21 §5). */
export function createRulesRepository(db: Db | Tx) {
  return {
    async all(): Promise<EscalationRuleRow[]> {
      const rows = await db.selectFrom('risk_escalation_rule').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map(norm);
    },
    async get(id: string): Promise<EscalationRuleRow | undefined> {
      const row = await db.selectFrom('risk_escalation_rule').selectAll().where('id', '=', id).executeTakeFirst();
      return row && norm(row);
    },
    async nextSort(): Promise<number> {
      const r = await db.selectFrom('risk_escalation_rule').select((eb) => eb.fn.max('sort').as('m')).executeTakeFirst();
      return Number(r?.m ?? 0) + 10;
    },
    async put(row: EscalationRuleRow, exists: boolean): Promise<void> {
      if (exists) {
        const { id, ...rest } = row;
        await db.updateTable('risk_escalation_rule').set(rest).where('id', '=', id).execute();
      } else {
        await db.insertInto('risk_escalation_rule').values(row).execute();
      }
    },
    async delete(id: string): Promise<number> {
      const r = await db.deleteFrom('risk_escalation_rule').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
