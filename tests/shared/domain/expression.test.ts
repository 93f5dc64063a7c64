import { describe, expect, it } from 'vitest';
import {
  calculate,
  checkExpressionVariables,
  checkWarningRanges,
  evaluateExpression,
  expressionVariables,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
  parseExpression,
  warningLevel,
  type ExprNode,
  type WarningRange,
} from '../../../src/shared/domain/expression.js';

/** The value, or `code@position` of the error: one string, so a table can say either. */
function run(text: string, vars: Record<string, number> | Map<string, number> = {}): number | string {
  const r = calculate(text, vars);
  return r.ok ? r.value : `${r.error.code}@${r.error.position}`;
}

function ast(text: string): ExprNode {
  const r = parseExpression(text);
  if (!r.ok) {
    throw new Error(`${text}: ${r.error.code}`);
  }
  return r.ast;
}

describe('precedence and operators', () => {
  it.each<[string, number]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['2 ^ -1', 0.5],
    ['2 * -3', -6],
    ['--3', 3],
    ['+3', 3],
    ['2 × 3 ÷ 4', 1.5],
    ['7 − 2', 5],
    ['（1 ＋ 2）× 3', 9],
    ['.5 + 1e3', 1000.5],
    ['1.5E-1 * 10', 1.5],
    ['1 + 2 > 2', 1],
    ['1 + (2 > 2)', 1],
    ['2 * 3 >= 6', 1],
    ['3 ≤ 2', 0],
    ['3 ≥ 3', 1],
    ['1 = 1', 1],
    ['1 == 2', 0],
    ['1 != 2', 1],
    ['1 <> 1', 0],
    ['1 ≠ 1', 0],
    ['2 < 3', 1],
    ['2 > 3', 0],
    ['0.1 + 0.2 == 0.3', 1],
    ['0.3 - 0.1', 0.2],
  ])('%s = %s', (text, value) => {
    expect(run(text)).toBe(value);
  });
});

describe('functions', () => {
  it.each<[string, number]>([
    ['max(1, 5, 3)', 5],
    ['MAX(1, 5, 3)', 5],
    ['min(4, -2)', -2],
    ['min(7)', 7],
    ['abs(-3.5)', 3.5],
    ['round(2.4)', 2],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(2.675, 2)', 2.68],
    ['round(1250, -2)', 1300],
    ['round(-1250, -2)', -1300],
    ['if(1 > 2, 10, 20)', 20],
    ['If(2 > 1, 10, 20)', 10],
    ['if(0.5, 1, 2)', 1],
    ['if(0, 1, 2)', 2],
    ['max(1, if(3 > 2, 9, 0), 4)', 9],
  ])('%s = %s', (text, value) => {
    expect(run(text)).toBe(value);
  });

  it('if evaluates only the branch it takes', () => {
    expect(run('if(n == 0, 0, total / n)', { n: 0, total: 5 })).toBe(0);
    expect(run('if(n == 0, 0, total / n)', { n: 2, total: 5 })).toBe(2.5);
    expect(run('if(1, 1, 未定义)')).toBe(1);
  });
});

describe('variables', () => {
  const vars = { '罐区.温度': 45, 'T101.PV': 3, 'TI.101': 2, 人数: 12, x_1: 1.5 };
  it.each<[string, number]>([
    ['max(罐区.温度 - 40, 0) × 2 + if(人数 > 10, 5, 0)', 15],
    ['T101.PV * TI.101', 6],
    ['x_1 * 2', 3],
    ['人数/4', 3],
  ])('%s = %s', (text, value) => {
    expect(run(text, vars)).toBe(value);
  });

  it('reads a Map as well', () => {
    expect(
      run(
        'a + b',
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
      ),
    ).toBe(3);
  });

  it('an unknown variable is an error at evaluation, with its position', () => {
    expect(run('罐区.温度 + x', vars)).toBe('expression.unknownVariable@8');
    const r = calculate('1 + 液位', {});
    expect(r.ok ? null : r.error).toEqual({ code: 'expression.unknownVariable', position: 4, params: { name: '液位' } });
  });

  it('never reads inherited properties of the variables object', () => {
    expect(run('constructor', {})).toBe('expression.unknownVariable@0');
    expect(run('toString + 1', {})).toBe('expression.unknownVariable@0');
  });

  it('a variable without a finite value is an error', () => {
    expect(run('a * 2', { a: Number.NaN })).toBe('expression.variableNotNumber@0');
    expect(run('1 + a', { a: Infinity })).toBe('expression.variableNotNumber@4');
  });

  it('lists the variables a formula reads, each once, and checks them against the defined ones', () => {
    const tree = ast('a + b * a + 罐区.温度');
    expect(expressionVariables(tree)).toEqual([
      { name: 'a', position: 0 },
      { name: 'b', position: 4 },
      { name: '罐区.温度', position: 12 },
    ]);
    expect(checkExpressionVariables(tree, new Set(['a', '罐区.温度']))).toEqual([
      { code: 'expression.unknownVariable', position: 4, params: { name: 'b' } },
    ]);
  });
});

describe('errors carry a code and a position', () => {
  it.each<[string, string]>([
    ['', 'expression.empty@0'],
    ['   ', 'expression.empty@0'],
    ['1 + * 2', 'expression.unexpectedToken@4'],
    ['1 2', 'expression.unexpectedToken@2'],
    ['(1))', 'expression.unexpectedToken@3'],
    ['max(1,)', 'expression.unexpectedToken@6'],
    ['1 +', 'expression.unexpectedEnd@3'],
    ['2 * (3 + 4', 'expression.unclosedParen@4'],
    ['max(1, 2', 'expression.unclosedParen@3'],
    ['foo(1)', 'expression.unknownFunction@0'],
    ['1 + sqrt(4)', 'expression.unknownFunction@4'],
    ['abs()', 'expression.argumentCount@0'],
    ['round(1, 2, 3)', 'expression.argumentCount@0'],
    ['if(1, 2)', 'expression.argumentCount@0'],
    ['1 < 2 < 3', 'expression.chainedComparison@6'],
    ['1 $ 2', 'expression.unexpectedChar@2'],
    ['a.', 'expression.unexpectedChar@1'],
    ['a = = 1', 'expression.unexpectedToken@4'],
    ['1.2.3', 'expression.badNumber@0'],
    ['3 + 2x', 'expression.badNumber@4'],
    ['a + 1 / (b - b)', 'expression.divisionByZero@6'],
    ['10 ^ 400', 'expression.notFinite@3'],
    ['(-8) ^ 0.5', 'expression.notFinite@5'],
    ['round(1, 0.5)', 'expression.badArgument@9'],
    ['round(1, 11)', 'expression.badArgument@9'],
  ])('%j → %s', (text, expected) => {
    expect(run(text, { a: 1, b: 2 })).toBe(expected);
  });

  it('parameters name what went wrong', () => {
    const parsed = parseExpression('1 + foo(2)');
    expect(parsed.ok ? null : parsed.error).toEqual({ code: 'expression.unknownFunction', position: 4, params: { name: 'foo' } });
    const count = parseExpression('round()');
    expect(count.ok ? null : count.error.params).toEqual({ name: 'round', min: 1, max: 2, given: 0 });
    const number = parseExpression('1.2.3 + 1');
    expect(number.ok ? null : number.error.params).toEqual({ text: '1.2.3' });
  });

  it('nothing reaches JavaScript: what looks like code is only unknown functions', () => {
    expect(run('constructor.constructor(1)')).toBe('expression.unknownFunction@0');
    expect(run('process.exit(1)')).toBe('expression.unknownFunction@0');
    expect(run('a; b')).toBe('expression.unexpectedChar@1');
    expect(run('"x"')).toBe('expression.unexpectedChar@0');
  });
});

describe('limits', () => {
  const nested = (n: number) => '('.repeat(n) + '1' + ')'.repeat(n);
  it(`${MAX_EXPRESSION_DEPTH} nested brackets are allowed, one more is refused at that bracket`, () => {
    expect(run(nested(MAX_EXPRESSION_DEPTH))).toBe(1);
    expect(run(nested(MAX_EXPRESSION_DEPTH + 1))).toBe(`expression.tooDeep@${MAX_EXPRESSION_DEPTH}`);
  });
  it.each<[string, (n: number) => string, number]>([
    ['signs', (n) => '-'.repeat(n) + '1', 1],
    ['calls', (n) => 'abs('.repeat(n) + '1' + ')'.repeat(n), 1],
    ['powers', (n) => '2' + '^1'.repeat(n), 2],
  ])('nesting of %s counts too', (_, build, value) => {
    expect(run(build(MAX_EXPRESSION_DEPTH))).toBe(value);
    expect(run(build(MAX_EXPRESSION_DEPTH + 1))).toMatch(/^expression\.tooDeep@/);
  });
  it('a long flat sum is not deep', () => {
    expect(run('1+'.repeat(249) + '1')).toBe(250);
  });
  it(`a formula of ${MAX_EXPRESSION_LENGTH} characters is allowed, one more is refused`, () => {
    const sum = '1+'.repeat(249) + '1 ';
    expect(sum).toHaveLength(MAX_EXPRESSION_LENGTH);
    expect(run(sum)).toBe(250);
    expect(run(sum + ' ')).toBe(`expression.tooLong@${MAX_EXPRESSION_LENGTH}`);
  });
});

describe('parsed trees', () => {
  it('carry positions, and the operator position of a binary node', () => {
    expect(ast('a * (b + 2)')).toEqual({
      type: 'binary',
      op: '*',
      position: 0,
      opPosition: 2,
      left: { type: 'variable', name: 'a', position: 0 },
      right: {
        type: 'binary',
        op: '+',
        position: 5,
        opPosition: 7,
        left: { type: 'variable', name: 'b', position: 5 },
        right: { type: 'number', value: 2, position: 9 },
      },
    });
  });
  it('are evaluated again with other variables', () => {
    const tree = ast('x * 2');
    expect(evaluateExpression(tree, { x: 2 })).toEqual({ ok: true, value: 4 });
    expect(evaluateExpression(tree, { x: 5 })).toEqual({ ok: true, value: 10 });
  });
});

describe('warningLevel', () => {
  const ranges: WarningRange<string>[] = [
    { min: null, max: 50, level: 'blue' },
    { min: 50, max: 80, level: 'yellow' },
    { min: 80, max: 100, level: 'orange' },
    { min: 100, max: null, level: 'red' },
  ];
  // Closed on the left, as the risk bands (DOMAIN.md §2).
  it.each<[number, string | null]>([
    [-1e9, 'blue'],
    [49.99, 'blue'],
    [50, 'yellow'],
    [79.99, 'yellow'],
    [80, 'orange'],
    [99.99, 'orange'],
    [100, 'red'],
    [1e9, 'red'],
    [Number.NaN, null],
    [Infinity, null],
  ])('%s → %s', (value, level) => {
    expect(warningLevel(value, ranges)).toBe(level);
  });
  it('a value in no range has no level', () => {
    expect(warningLevel(5, [{ min: 10, max: 20, level: 1 }])).toBeNull();
    expect(warningLevel(20, [{ min: 10, max: 20, level: 1 }])).toBeNull();
    expect(warningLevel(10, [{ min: 10, max: 20, level: 1 }])).toBe(1);
  });
  it('checks ranges: min below max, no overlap', () => {
    expect(checkWarningRanges(ranges)).toEqual([]);
    expect(checkWarningRanges([{ min: 10, max: 10, level: 1 }]).map((i) => [i.field, i.code])).toEqual([
      ['ranges.0.max', 'warningRange.maxNotAboveMin'],
    ]);
    expect(
      checkWarningRanges([
        { min: 60, max: null, level: 1 },
        { min: null, max: 70, level: 2 },
      ]).map((i) => [i.field, i.code]),
    ).toEqual([['ranges.0.min', 'warningRange.overlap']]);
    expect(
      checkWarningRanges([
        { min: null, max: 5, level: 1 },
        { min: null, max: 7, level: 2 },
      ]).map((i) => i.code),
    ).toEqual(['warningRange.overlap']);
  });
});
