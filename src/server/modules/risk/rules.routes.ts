import { escalationRuleDelete, escalationRuleList, escalationRuleSave } from '../../../shared/risk/rule-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { RulesService } from './rules.service.js';

/** The live escalation rule rows (issue 21 §5): list, save, delete. */
export function registerRulesRoutes(http: HttpApp, rules: RulesService): void {
  http.route(escalationRuleList, async () => {
    const items = rules.list();
    return { items, total: items.length };
  });
  http.route(escalationRuleSave, async (input, ctx) => rules.save(caller(ctx), input));
  http.route(escalationRuleDelete, async (input, ctx) => rules.delete(caller(ctx), input.id));
}
