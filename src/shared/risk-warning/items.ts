import { z } from 'zod';

/** What a variable is bound to: a tag's current value, or a count another module keeps. */
export const warningVariableKinds = ['tag', 'openHiddenDangers', 'overdueChecks', 'activePermits'] as const;
export type WarningVariableKind = (typeof warningVariableKinds)[number];

export const warningLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type WarningLevelValue = z.infer<typeof warningLevelSchema>;

export const warningTriggers = ['schedule', 'change', 'manual'] as const;
export type WarningTrigger = (typeof warningTriggers)[number];

/** One input of a calculation: the variable's value then (null: none). */
export const warningInputItem = z.object({ code: z.string(), name: z.string(), kind: z.enum(warningVariableKinds), value: z.number().nullable() });
export type WarningInputItem = z.infer<typeof warningInputItem>;

/** A warning's latest calculation, as the board and topic `risk.warnings` show it. */
export const riskWarningStateItem = z.object({
  id: z.number().int(),
  name: z.string(),
  regionid: z.number().int().nullable(),
  formula: z.string(),
  value: z.number().nullable(),
  /** 1 (most severe) … 4; null when no range holds the value or it could not be calculated. */
  level: warningLevelSchema.nullable(),
  inputs: z.array(warningInputItem),
  /** Why there is no value (an expression error code), else null. */
  error: z.string().nullable(),
  /** The error's parameters (the variable it names). */
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** The instructions of the level reached, else the warning's own. */
  instruction: z.string(),
  t: z.number(),
});
export type RiskWarningStateItem = z.infer<typeof riskWarningStateItem>;
