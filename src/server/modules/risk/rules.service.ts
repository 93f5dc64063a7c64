import type { Subscription } from 'rxjs';
import { escalationRuleSchema, type EscalationRule } from '../../../shared/domain/risk-escalation.js';
import type { EscalationRuleItem } from '../../../shared/risk/rule-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { StreamBus } from '../../stream/bus.js';
import { createRulesRepository, type EscalationRuleRow } from './rules.repository.js';

export interface RulesDeps {
  db: Db;
  bus: Pick<StreamBus, 'publish' | 'onOtherServers'>;
  /** The rows changed (here or on another server): the live levels are computed again with them. */
  onRulesChanged: (rules: readonly EscalationRule[]) => void;
  onError: (err: unknown, what: string) => void;
}

function itemOf(row: EscalationRuleRow): EscalationRuleItem {
  const rule = escalationRuleSchema.parse({
    id: row.id,
    kind: row.kind,
    match: JSON.parse(row.match) as unknown,
    effect: JSON.parse(row.effect) as unknown,
    holdMs: row.hold_ms,
    enabled: row.enabled === 1,
    ...(row.name_zh ? { name: { zh: row.name_zh, en: row.name_en ?? '' } } : {}),
  });
  return { ...rule, sort: row.sort, updated: row.updated_at, updatedBy: row.updated_by };
}

const ruleOf = ({ sort: _s, updated: _u, updatedBy: _b, ...rule }: EscalationRuleItem): EscalationRule => rule;

/**
 * The live escalation rules as rows an administrator edits (issue 21 §5,
 * DOMAIN.md §6): read from the store at start, saved and deleted with an
 * audit row in the same transaction, applied at once to this server's live
 * state and, through `risk.rulesChanged`, read again by every other server.
 */
export function createRulesService(deps: RulesDeps) {
  let items: EscalationRuleItem[] = [];
  const repo = createRulesRepository(deps.db);

  async function load(): Promise<void> {
    items = (await repo.all()).map(itemOf);
    deps.onRulesChanged(items.map(ruleOf));
  }

  const subs: Subscription[] = [
    deps.bus.onOtherServers('risk.rulesChanged').subscribe(() => void load().catch((err) => deps.onError(err, 'escalation rules reload'))),
  ];

  return {
    load,
    list: (): EscalationRuleItem[] => items,
    rules: (): EscalationRule[] => items.map(ruleOf),
    async save(caller: AuthUser, rule: EscalationRule): Promise<EscalationRuleItem> {
      const at = Date.now();
      const row = await inTransaction(deps.db, async (tx) => {
        const r = createRulesRepository(tx);
        const before = await r.get(rule.id);
        const next: EscalationRuleRow = {
          id: rule.id,
          kind: rule.kind,
          match: JSON.stringify(rule.match),
          effect: JSON.stringify(rule.effect),
          hold_ms: rule.holdMs,
          enabled: rule.enabled ? 1 : 0,
          name_zh: rule.name?.zh ?? null,
          name_en: rule.name ? rule.name.en : null,
          sort: before?.sort ?? (await r.nextSort()),
          updated_at: at,
          updated_by: caller.loginname,
        };
        await r.put(next, before !== undefined);
        await audit(tx, caller, 'risk.rule.save', 'risk_escalation_rule', rule.id, { before: before ? ruleOf(itemOf(before)) : null, after: rule });
        return next;
      });
      await load();
      deps.bus.publish('risk.rulesChanged', { ids: [rule.id] });
      return itemOf(row);
    },
    async delete(caller: AuthUser, id: string): Promise<{ id: string }> {
      await inTransaction(deps.db, async (tx) => {
        const r = createRulesRepository(tx);
        const before = await r.get(id);
        if (!before) {
          throw notFound();
        }
        await r.delete(id);
        await audit(tx, caller, 'risk.rule.delete', 'risk_escalation_rule', id, { before: ruleOf(itemOf(before)) });
      });
      await load();
      deps.bus.publish('risk.rulesChanged', { ids: [id] });
      return { id };
    },
    close(): void {
      subs.forEach((s) => s.unsubscribe());
    },
  };
}
export type RulesService = ReturnType<typeof createRulesService>;
