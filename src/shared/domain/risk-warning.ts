import { evaluateExpression, warningLevel, type ExprNode, type ExpressionError, type WarningRange } from './expression.js';

/** A warning's outcome: the formula's value and the level of the range holding it (issue 21 §6). */
export interface WarningOutcome<L> {
  value: number | null;
  level: L | null;
  error: ExpressionError | null;
}

/**
 * Evaluates a warning: the parsed formula over the inputs (a variable without
 * a value is left out, so the formula fails naming it rather than reading 0),
 * then the first range holding the value gives the level (issue 21 §6:
 * "ranges → warning level"); a value in no range is no warning (level null).
 */
export function evaluateWarning<L>(ast: ExprNode, inputs: Readonly<Record<string, number | null>>, ranges: readonly WarningRange<L>[]): WarningOutcome<L> {
  const vars = new Map<string, number>();
  for (const [name, v] of Object.entries(inputs)) {
    if (v !== null && Number.isFinite(v)) {
      vars.set(name, v);
    }
  }
  const out = evaluateExpression(ast, vars);
  if (!out.ok) {
    return { value: null, level: null, error: out.error };
  }
  return { value: out.value, level: warningLevel(out.value, ranges), error: null };
}

/** The most severe of two warning levels (1 is the most severe; null is none). */
export function severer<L extends number>(a: L | null, b: L | null): L | null {
  if (a === null) {
    return b;
  }
  return b === null || a <= b ? a : b;
}
