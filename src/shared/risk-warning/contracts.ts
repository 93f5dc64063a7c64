import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { riskWarningStateItem, warningInputItem, warningLevelSchema, warningTriggers, warningVariableKinds } from './items.js';

const P = '/UAPI/SafeOperationLicense';

/** A variable's name as formulas write it (`expression.ts` identifiers: letters, digits, `_`, dotted parts). */
const variableCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*$/u);

export const warningVariableInput = z.object({
  code: variableCode,
  name: z.string().trim().min(1).max(60),
  kind: z.enum(warningVariableKinds),
  /** The tag whose current value it takes (kind `tag`). */
  tag: z.string().trim().max(120).nullable().optional(),
  /** Counts only in this region (null: the whole plant the warning's owner sees). */
  regionid: z.number().int().positive().nullable().optional(),
});

export const warningVariableItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(warningVariableKinds),
  tag: z.string().nullable(),
  regionid: z.number().int().nullable(),
  /** The tag's value now (kind `tag`; counts are read when a warning is calculated). */
  current: z.number().nullable(),
  updated: z.number(),
  updatedBy: z.string(),
});
export type WarningVariableItem = z.infer<typeof warningVariableItem>;

export const riskEarlyWarningVariableSearch = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningVariableSearch`,
  input: z.object({ keyword: z.string().trim().max(60).optional(), ...pageInput }),
  output: listOf(warningVariableItem),
  permission: 'riskWarning:view',
});

export const riskEarlyWarningVariableAdd = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningVariableAdd`,
  input: warningVariableInput,
  output: warningVariableItem,
  permission: 'riskWarning:manage',
});

export const riskEarlyWarningVariableEdit = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningVariableEdit`,
  input: warningVariableInput.extend({ id: z.number().int().positive() }),
  output: warningVariableItem,
  permission: 'riskWarning:manage',
});

/** Refused (409 naming `id`) while a warning's formula uses the variable. */
export const riskEarlyWarningVariableDel = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningVariableDel`,
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'riskWarning:manage',
});

/** `min ≤ value < max` gives `level` (null bounds are open). */
export const warningRangeInput = z.object({
  min: z.number().finite().nullable(),
  max: z.number().finite().nullable(),
  level: warningLevelSchema,
  /** What to do at this level (shown on the board and by `RiskEarlyWarningInstructions`). */
  instruction: z.string().trim().max(500).default(''),
});

export const warningRangeItem = warningRangeInput.extend({ id: z.number().int(), warningId: z.number().int(), instruction: z.string() });
export type WarningRangeItem = z.infer<typeof warningRangeItem>;

export const riskRangeGetList = defineContract({
  method: 'POST',
  path: `${P}/RiskRangeGetList`,
  input: z.object({ warningId: z.number().int().positive() }),
  output: listOf(warningRangeItem),
  permission: 'riskWarning:view',
});

/** Adds a range to a warning; refused naming `min` when it overlaps a saved one, `max` when not above `min`. */
export const riskRangeAdd = defineContract({
  method: 'POST',
  path: `${P}/RiskRangeAdd`,
  input: warningRangeInput.extend({ warningId: z.number().int().positive() }),
  output: warningRangeItem,
  permission: 'riskWarning:manage',
});

export const riskRangeDel = defineContract({
  method: 'POST',
  path: `${P}/RiskRangeDel`,
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'riskWarning:manage',
});

export const warningConfigItem = z.object({
  id: z.number().int(),
  name: z.string(),
  formula: z.string(),
  regionid: z.number().int().nullable(),
  instructions: z.string(),
  /** Minutes between scheduled calculations; 0: none. */
  intervalMinutes: z.number().int(),
  /** Calculated again (throttled) when a bound tag changes. */
  onChange: z.boolean(),
  enabled: z.boolean(),
  ranges: z.array(warningRangeItem),
  /** The variables the formula reads. */
  variables: z.array(z.string()),
  owner: z.string(),
  updated: z.number(),
  lastRun: z.number().nullable(),
});
export type WarningConfigItem = z.infer<typeof warningConfigItem>;

/**
 * Saves a warning (new without `id`): the formula is parsed into an expression
 * tree (never `eval`), refused naming `formula` when it does not parse or
 * reads an undefined variable; given `ranges` replace the saved ones (refused
 * naming `ranges.<i>.min|max`). The saver becomes its owner: counts are read
 * in the owner's data scope.
 */
export const riskEarlyWarningConfig = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningConfig`,
  input: z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(60),
    formula: z.string().max(500),
    regionid: z.number().int().positive().nullable().optional(),
    instructions: z.string().trim().max(1000).default(''),
    intervalMinutes: z.number().int().min(0).max(1440).default(5),
    onChange: z.boolean().default(true),
    enabled: z.boolean().default(true),
    ranges: z.array(warningRangeInput).max(20).optional(),
  }),
  output: warningConfigItem,
  permission: 'riskWarning:manage',
});

/** The warnings the caller may see with their ranges. */
export const riskEarlyWarningConfigList = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningConfigList`,
  input: z.object({}),
  output: listOf(warningConfigItem),
  permission: 'riskWarning:view',
});

export const riskEarlyWarningConfigDel = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningConfigDel`,
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'riskWarning:manage',
});

/** Calculates now (one warning, or every enabled one the caller sees), keeps a record of each, returns their states. */
export const riskEarlyWarningCalculation = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningCalculation`,
  input: z.object({ id: z.number().int().positive().optional() }),
  output: listOf(riskWarningStateItem),
  permission: 'riskWarning:manage',
});

/** The board: each warning's latest state (calculated now where none is held). */
export const riskEarlyWarningShow = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningShow`,
  input: z.object({}),
  output: listOf(riskWarningStateItem),
  permission: 'riskWarning:view',
});

export const warningRecordItem = z.object({
  id: z.number().int(),
  warningId: z.number().int(),
  name: z.string(),
  formula: z.string(),
  regionid: z.number().int().nullable(),
  value: z.number().nullable(),
  level: warningLevelSchema.nullable(),
  inputs: z.array(warningInputItem),
  error: z.string().nullable(),
  trigger: z.enum(warningTriggers),
  note: z.string(),
  by: z.string(),
  at: z.number(),
});
export type WarningRecordItem = z.infer<typeof warningRecordItem>;

export const riskEarlyWarningRecordSearch = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningRecordSearch`,
  input: z.object({
    warningId: z.number().int().positive().optional(),
    level: warningLevelSchema.optional(),
    start: z.number().int().optional(),
    end: z.number().int().optional(),
    ...pageInput,
  }),
  output: listOf(warningRecordItem),
  permission: 'riskWarning:view',
});

/** Calculates one warning now and keeps the record with the operator's note. */
export const riskEarlyWarningRecordAdd = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningRecordAdd`,
  input: z.object({ warningId: z.number().int().positive(), note: z.string().trim().max(500).default('') }),
  output: warningRecordItem,
  permission: 'riskWarning:manage',
});

export const riskEarlyWarningRecordDelete = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningRecordDelete`,
  input: z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  output: z.object({ deleted: z.number().int() }),
  permission: 'riskWarning:manage',
});

/** What to do: the warning's instructions, and those of the level it is at now (or of `level`). */
export const riskEarlyWarningInstructions = defineContract({
  method: 'POST',
  path: `${P}/RiskEarlyWarningInstructions`,
  input: z.object({ warningId: z.number().int().positive(), level: warningLevelSchema.optional() }),
  output: z.object({ warningId: z.number().int(), name: z.string(), level: warningLevelSchema.nullable(), instructions: z.string(), levelInstruction: z.string() }),
  permission: 'riskWarning:view',
});
