import { describe, expect, it } from 'vitest';
import { parseExpression, type ExprNode, type WarningRange } from '../../../src/shared/domain/expression.js';
import { evaluateWarning, severer } from '../../../src/shared/domain/risk-warning.js';

const parsed = (text: string): ExprNode => {
  const r = parseExpression(text);
  if (!r.ok) {
    throw new Error(r.error.code);
  }
  return r.ast;
};

/** Four bands of a warning: ≥ 80 level 1, [60, 80) 2, [40, 60) 3, [20, 40) 4; below 20 no warning. */
const ranges: WarningRange<1 | 2 | 3 | 4>[] = [
  { min: 80, max: null, level: 1 },
  { min: 60, max: 80, level: 2 },
  { min: 40, max: 60, level: 3 },
  { min: 20, max: 40, level: 4 },
];

// Issue 21 §6: a formula over variables bound to tags and counts, ranges → warning level 1–4.
describe('evaluateWarning (issue 21 §6)', () => {
  it.each([
    // formula, inputs, value, level
    ['T + 10 * HD', { T: 35, HD: 2 }, 55, 3],
    ['T + 10 * HD', { T: 40, HD: 2 }, 60, 2], // a lower bound belongs to its range
    ['T + 10 * HD', { T: 39.9, HD: 4 }, 79.9, 2], // just under the next range's lower bound
    ['T + 10 * HD', { T: 50, HD: 3 }, 80, 1],
    ['T + 10 * HD', { T: 10, HD: 0 }, 10, null], // below every range: no warning
    ['max(T - 40, 0) * 2 + if(P > 2, 30, 0)', { T: 45, P: 3 }, 40, 3],
    ['max(T - 40, 0) * 2 + if(P > 2, 30, 0)', { T: 30, P: 1 }, 0, null],
    ['HD + 罐区.温度 / 2', { HD: 1, '罐区.温度': 60 }, 31, 4],
  ] as const)('%s with %j → %s, level %s', (formula, inputs, value, level) => {
    const out = evaluateWarning(parsed(formula), inputs, ranges);
    expect(out.error).toBeNull();
    expect(out.value).toBe(value);
    expect(out.level).toBe(level);
  });

  it.each([
    // A tag without a value now is no value, never 0: the formula fails naming the variable.
    ['T + HD', { T: null, HD: 1 }, 'expression.unknownVariable', { name: 'T' }],
    ['T / HD', { T: 5, HD: 0 }, 'expression.divisionByZero', undefined],
    ['T + HD', { T: Number.NaN, HD: 1 }, 'expression.unknownVariable', { name: 'T' }],
  ] as const)('%s with %j fails with %s', (formula, inputs, code, params) => {
    const out = evaluateWarning(parsed(formula), inputs, ranges);
    expect(out).toMatchObject({ value: null, level: null });
    expect(out.error?.code).toBe(code);
    if (params) {
      expect(out.error?.params).toEqual(params);
    }
  });

  it.each([
    [1, 3, 1],
    [4, 2, 2],
    [null, 3, 3],
    [2, null, 2],
    [null, null, null],
  ] as const)('severer(%s, %s) is %s', (a, b, want) => {
    expect(severer<1 | 2 | 3 | 4>(a, b)).toBe(want);
  });
});
