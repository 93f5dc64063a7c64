import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { escalationRuleSchema } from '../domain/risk-escalation.js';

/** A rule row as an administrator edits it: the rule (DOMAIN.md §6) and who changed it last. */
export const escalationRuleItem = escalationRuleSchema.extend({
  /** Position in the list (the defaults first, in the order of DOMAIN.md §6). */
  sort: z.number().int(),
  updated: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type EscalationRuleItem = z.infer<typeof escalationRuleItem>;

/** `UAPI/RiskControl/EscalationRuleList`: every rule row, enabled or not, in list order. */
export const escalationRuleList = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EscalationRuleList',
  input: z.object({}),
  output: z.object({ items: z.array(escalationRuleItem), total: z.number().int() }),
  permission: 'risk:view',
});

/** A rule id: letters, digits, `-` and `_` (it names the rule in each zone's causes and history). */
const ruleId = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$/, 'validation.badFormat');

/**
 * `UAPI/RiskControl/EscalationRuleSave`: adds or replaces the rule with this
 * id. It takes effect at once on every server: each zone's live level is
 * computed again with the new rows (effects never stack, DOMAIN.md §6).
 */
export const escalationRuleSave = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EscalationRuleSave',
  input: escalationRuleSchema.extend({ id: ruleId }),
  output: escalationRuleItem,
  permission: 'risk:rules',
});

/** `UAPI/RiskControl/EscalationRuleDelete`: removes a rule; the causes it lifted fall back at once. */
export const escalationRuleDelete = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/EscalationRuleDelete',
  input: z.object({ id: ruleId }),
  output: z.object({ id: z.string() }),
  permission: 'risk:rules',
});
