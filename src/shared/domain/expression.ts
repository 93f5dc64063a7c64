import type { MessageParams } from '../messages/define.js';
import type { riskMessages } from '../risk/messages.js';

/**
 * A small, safe formula language for early-warning formulas
 * (`UAPI/SafeOperationLicense/RiskEarlyWarningConfig`, `…Calculation`): an
 * administrator writes `max(罐区.温度 - 40, 0) × 2 + if(人数 > 10, 5, 0)`;
 * the server parses it once and evaluates it with the current variables.
 * Nothing here reaches JavaScript's eval or Function: text becomes a typed
 * tree, and only the operators and functions listed below exist.
 *
 * - Numbers `12`, `0.5`, `.5`, `1e3`; variables are identifiers of letters
 *   (Chinese included), digits and `_`, not starting with a digit, with dots
 *   between parts (`T101.PV`, `罐区.温度`, `TI.101`).
 * - Operators, loosest first: comparisons `< <= > >= == !=` (also `≤ ≥ ≠ = <>`,
 *   not chained: `a < b < c` is refused, since it would not mean what it says);
 *   `+ -`; `* /` (also `× ÷`); unary `-`/`+`; `^` (right-associative, binds
 *   tighter than unary minus: `-2^2` is −4, as in mathematics). `−` (U+2212)
 *   and the full-width operators and brackets (`＋ － ＊ ／ ＾ ＜ ＞ ＝ （ ） ，`)
 *   are read as their ASCII forms, as Chinese input methods type them.
 * - Functions (names in any case): `min(a, …)`, `max(a, …)`, `abs(x)`,
 *   `round(x)` / `round(x, digits)` (half away from zero, 四舍五入), and
 *   `if(cond, a, b)`, which evaluates only the branch it takes, so
 *   `if(n == 0, 0, total / n)` never divides by zero.
 * - Comparisons give 1 or 0; a condition is true when not 0.
 * - Results of + − × ÷ are kept to 15 significant digits, as a spreadsheet
 *   shows them, so `0.1 + 0.2 == 0.3` holds.
 * - Limits: 500 characters; nesting (brackets, calls, signs, powers) 50 deep.
 *   A long flat sum is not deep.
 *
 * Errors are message codes with the 0-based character position they refer
 * to (and parameters), never text: the editor underlines the spot.
 */

export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_EXPRESSION_DEPTH = 50;

export type ExpressionErrorCode = Extract<keyof typeof riskMessages, `expression.${string}`>;

export interface ExpressionError {
  code: ExpressionErrorCode;
  /** 0-based offset in the formula (UTF-16 units, as a text field's selection counts). */
  position: number;
  params?: MessageParams;
}

export const expressionFunctions = ['min', 'max', 'abs', 'round', 'if'] as const;
export type ExpressionFunction = (typeof expressionFunctions)[number];

/** Allowed argument counts (max null: any number). */
const arity: Record<ExpressionFunction, { min: number; max: number | null }> = {
  min: { min: 1, max: null },
  max: { min: 1, max: null },
  abs: { min: 1, max: 1 },
  round: { min: 1, max: 2 },
  if: { min: 3, max: 3 },
};

export type ArithmeticOp = '+' | '-' | '*' | '/' | '^';
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** A node of the parsed formula; `position` is where it starts, `opPosition` where its operator is. */
export type ExprNode =
  | { type: 'number'; value: number; position: number }
  | { type: 'variable'; name: string; position: number }
  | { type: 'unary'; op: '-' | '+'; operand: ExprNode; position: number }
  | { type: 'binary'; op: ArithmeticOp; left: ExprNode; right: ExprNode; position: number; opPosition: number }
  | { type: 'compare'; op: CompareOp; left: ExprNode; right: ExprNode; position: number; opPosition: number }
  | { type: 'call'; name: ExpressionFunction; args: ExprNode[]; position: number };

export type ParseResult = { ok: true; ast: ExprNode } | { ok: false; error: ExpressionError };
export type EvaluationResult = { ok: true; value: number } | { ok: false; error: ExpressionError };

// ---------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: 'number'; value: number; position: number; text: string }
  | { kind: 'ident'; name: string; position: number; text: string }
  | { kind: 'op'; op: ArithmeticOp | CompareOp | '(' | ')' | ','; position: number; text: string }
  | { kind: 'end'; position: number; text: string };

class Failure extends Error {
  constructor(readonly detail: ExpressionError) {
    super(detail.code);
  }
}

const fail = (code: ExpressionErrorCode, position: number, params?: MessageParams): never => {
  throw new Failure(params ? { code, position, params } : { code, position });
};

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENT = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*/uy;
const SPACE = /[\s\u3000]+/y;
/** The whole run of a malformed number ("1.2.3"), to quote it in the error. */
const RUN = /[.\p{L}\p{N}_]+/uy;
/** Operators by their spelling, longest first so `<=` wins over `<`. */
const OPERATORS: readonly (readonly [string, ArithmeticOp | CompareOp | '(' | ')' | ','])[] = [
  ['<=', '<='],
  ['>=', '>='],
  ['==', '=='],
  ['!=', '!='],
  ['<>', '!='],
  ['<', '<'],
  ['>', '>'],
  ['=', '=='],
  ['＜＝', '<='],
  ['＞＝', '>='],
  ['＝＝', '=='],
  ['！＝', '!='],
  ['＜', '<'],
  ['＞', '>'],
  ['＝', '=='],
  ['＋', '+'],
  ['－', '-'],
  ['＊', '*'],
  ['／', '/'],
  ['＾', '^'],
  ['≤', '<='],
  ['≥', '>='],
  ['≠', '!='],
  ['+', '+'],
  ['-', '-'],
  ['−', '-'],
  ['*', '*'],
  ['×', '*'],
  ['/', '/'],
  ['÷', '/'],
  ['^', '^'],
  ['(', '('],
  ['（', '('],
  [')', ')'],
  ['）', ')'],
  [',', ','],
  ['，', ','],
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const at = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(text);
    return m ? m[0] : null;
  };
  while (i < text.length) {
    const space = at(SPACE);
    if (space) {
      i += space.length;
      continue;
    }
    const num = at(NUMBER);
    if (num) {
      const after = text[i + num.length];
      // "1.2.3", "2.5.x" or "12abc": a number running into more of itself is a typo, not two tokens.
      if (after !== undefined && /[.\p{L}\p{N}_]/u.test(after)) {
        RUN.lastIndex = i + num.length;
        fail('expression.badNumber', i, { text: num + (RUN.exec(text)?.[0] ?? '') });
      }
      tokens.push({ kind: 'number', value: Number(num), position: i, text: num });
      i += num.length;
      continue;
    }
    const ident = at(IDENT);
    if (ident) {
      tokens.push({ kind: 'ident', name: ident, position: i, text: ident });
      i += ident.length;
      continue;
    }
    const op = OPERATORS.find(([spelling]) => text.startsWith(spelling, i));
    if (!op) {
      fail('expression.unexpectedChar', i, { char: String.fromCodePoint(text.codePointAt(i) ?? 0) });
    } else {
      tokens.push({ kind: 'op', op: op[1], position: i, text: op[0] });
      i += op[0].length;
    }
  }
  tokens.push({ kind: 'end', position: text.length, text: '' });
  return tokens;
}

// ---------------------------------------------------------------------------
// Parser

const COMPARE_OPS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=', '==', '!=']);

function isFunctionName(name: string): name is ExpressionFunction {
  return (expressionFunctions as readonly string[]).includes(name);
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExprNode {
    const node = this.comparison();
    const t = this.peek();
    if (t.kind !== 'end') {
      this.unexpected(t);
    }
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    return this.tokens[this.index++];
  }

  private isOp(t: Token, ...ops: string[]): boolean {
    return t.kind === 'op' && ops.includes(t.op);
  }

  private unexpected(t: Token): never {
    return t.kind === 'end'
      ? fail('expression.unexpectedEnd', t.position)
      : fail('expression.unexpectedToken', t.position, { token: t.text });
  }

  /** Counts one level of nesting; the parser recurses only through here, so the limit also bounds the stack. */
  private nested<T>(position: number, inner: () => T): T {
    if (++this.depth > MAX_EXPRESSION_DEPTH) {
      fail('expression.tooDeep', position, { max: MAX_EXPRESSION_DEPTH });
    }
    const node = inner();
    this.depth--;
    return node;
  }

  private comparison(): ExprNode {
    const left = this.additive();
    const t = this.peek();
    if (t.kind !== 'op' || !COMPARE_OPS.has(t.op)) {
      return left;
    }
    this.next();
    const right = this.additive();
    const after = this.peek();
    if (after.kind === 'op' && COMPARE_OPS.has(after.op)) {
      fail('expression.chainedComparison', after.position);
    }
    return { type: 'compare', op: t.op as CompareOp, left, right, position: left.position, opPosition: t.position };
  }

  private additive(): ExprNode {
    let left = this.multiplicative();
    for (let t = this.peek(); this.isOp(t, '+', '-'); t = this.peek()) {
      this.next();
      const right = this.multiplicative();
      left = { type: 'binary', op: (t as { op: ArithmeticOp }).op, left, right, position: left.position, opPosition: t.position };
    }
    return left;
  }

  private multiplicative(): ExprNode {
    let left = this.unary();
    for (let t = this.peek(); this.isOp(t, '*', '/'); t = this.peek()) {
      this.next();
      const right = this.unary();
      left = { type: 'binary', op: (t as { op: ArithmeticOp }).op, left, right, position: left.position, opPosition: t.position };
    }
    return left;
  }

  private unary(): ExprNode {
    const t = this.peek();
    if (this.isOp(t, '-', '+')) {
      this.next();
      const operand = this.nested(t.position, () => this.unary());
      return { type: 'unary', op: (t as { op: '-' | '+' }).op, operand, position: t.position };
    }
    return this.power();
  }

  private power(): ExprNode {
    const base = this.primary();
    const t = this.peek();
    if (!this.isOp(t, '^')) {
      return base;
    }
    this.next();
    // The exponent may carry a sign (2^-1) and is itself a power (2^3^2 = 2^9).
    const exponent = this.nested(t.position, () => this.unary());
    return { type: 'binary', op: '^', left: base, right: exponent, position: base.position, opPosition: t.position };
  }

  private primary(): ExprNode {
    const t = this.next();
    if (t.kind === 'number') {
      return { type: 'number', value: t.value, position: t.position };
    }
    if (t.kind === 'ident') {
      if (this.isOp(this.peek(), '(')) {
        return this.call(t);
      }
      return { type: 'variable', name: t.name, position: t.position };
    }
    if (this.isOp(t, '(')) {
      const inner = this.nested(t.position, () => this.comparison());
      this.close(t.position);
      return inner;
    }
    return this.unexpected(t);
  }

  private call(nameToken: Token & { kind: 'ident' }): ExprNode {
    const name = nameToken.name.toLowerCase();
    if (!isFunctionName(name)) {
      return fail('expression.unknownFunction', nameToken.position, { name: nameToken.name });
    }
    const open = this.next();
    const args: ExprNode[] = [];
    this.nested(open.position, () => {
      if (this.isOp(this.peek(), ')')) {
        return;
      }
      args.push(this.comparison());
      while (this.isOp(this.peek(), ',')) {
        this.next();
        args.push(this.comparison());
      }
    });
    this.close(open.position);
    const { min, max } = arity[name];
    if (args.length < min || (max !== null && args.length > max)) {
      fail('expression.argumentCount', nameToken.position, { name, min, max: max ?? '∞', given: args.length });
    }
    return { type: 'call', name, args, position: nameToken.position };
  }

  /** Expects `)`; a formula that ends first points at the bracket left open. */
  private close(openPosition: number): void {
    const t = this.peek();
    if (this.isOp(t, ')')) {
      this.next();
      return;
    }
    if (t.kind === 'end') {
      fail('expression.unclosedParen', openPosition);
    }
    this.unexpected(t);
  }
}

/** Parses a formula into its tree, or the first error with its position. */
export function parseExpression(text: string): ParseResult {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, error: { code: 'expression.tooLong', position: MAX_EXPRESSION_LENGTH, params: { max: MAX_EXPRESSION_LENGTH } } };
  }
  if (text.trim() === '') {
    return { ok: false, error: { code: 'expression.empty', position: 0 } };
  }
  try {
    return { ok: true, ast: new Parser(tokenize(text)).parse() };
  } catch (e) {
    if (e instanceof Failure) {
      return { ok: false, error: e.detail };
    }
    throw e;
  }
}

/** The variables a formula reads, each once, in order of first use (to check them against the defined variables on save). */
export function expressionVariables(ast: ExprNode): { name: string; position: number }[] {
  const seen = new Map<string, number>();
  const walk = (n: ExprNode): void => {
    switch (n.type) {
      case 'number':
        return;
      case 'variable':
        if (!seen.has(n.name)) {
          seen.set(n.name, n.position);
        }
        return;
      case 'unary':
        return walk(n.operand);
      case 'binary':
      case 'compare':
        walk(n.left);
        return walk(n.right);
      case 'call':
        return n.args.forEach(walk);
    }
  };
  walk(ast);
  return [...seen].map(([name, position]) => ({ name, position }));
}

/** Errors for every variable of the formula that is not among `known` (a formula saved before its variables exist is refused). */
export function checkExpressionVariables(ast: ExprNode, known: ReadonlySet<string>): ExpressionError[] {
  return expressionVariables(ast)
    .filter((v) => !known.has(v.name))
    .map((v) => ({ code: 'expression.unknownVariable', position: v.position, params: { name: v.name } }));
}

// ---------------------------------------------------------------------------
// Evaluation

export type ExpressionVariables = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/** 15 significant digits: what a spreadsheet shows, and enough to drop binary noise (0.1 + 0.2). */
const tidy = (v: number) => (v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(15)));

/** Half away from zero (四舍五入): round(-2.5) is −3, where Math.round gives −2. */
function roundHalfAway(x: number, digits: number): number {
  // Scale by a whole power of ten (10 ** -2 is not exactly 0.01), and tidy the
  // product first, so 1.005 × 100 (100.49999999999999) rounds as 100.5.
  const f = 10 ** Math.abs(digits);
  const scaled = Number((digits >= 0 ? Math.abs(x) * f : Math.abs(x) / f).toPrecision(15));
  const rounded = Math.round(scaled);
  return Math.sign(x) * (digits >= 0 ? rounded / f : rounded * f);
}

function lookup(vars: ExpressionVariables, name: string): number | undefined {
  if (vars instanceof Map) {
    return (vars as ReadonlyMap<string, number>).get(name);
  }
  const record = vars as Readonly<Record<string, number>>;
  // Own keys only: a formula naming `constructor` must not read Object.prototype.
  return Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
}

function finite(v: number, position: number): number {
  return Number.isFinite(v) ? v : fail('expression.notFinite', position);
}

function arithmetic(op: ArithmeticOp, a: number, b: number, position: number): number {
  switch (op) {
    case '+':
      return finite(tidy(a + b), position);
    case '-':
      return finite(tidy(a - b), position);
    case '*':
      return finite(tidy(a * b), position);
    case '/':
      return b === 0 ? fail('expression.divisionByZero', position) : finite(tidy(a / b), position);
    case '^':
      return finite(a ** b, position);
  }
}

function compare(op: CompareOp, a: number, b: number): number {
  switch (op) {
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
  }
}

function evalNode(n: ExprNode, vars: ExpressionVariables): number {
  switch (n.type) {
    case 'number':
      return n.value;
    case 'variable': {
      const v = lookup(vars, n.name);
      if (v === undefined) {
        return fail('expression.unknownVariable', n.position, { name: n.name });
      }
      return typeof v === 'number' && Number.isFinite(v) ? v : fail('expression.variableNotNumber', n.position, { name: n.name });
    }
    case 'unary': {
      const v = evalNode(n.operand, vars);
      return n.op === '-' ? -v : v;
    }
    case 'binary':
      return arithmetic(n.op, evalNode(n.left, vars), evalNode(n.right, vars), n.opPosition);
    case 'compare':
      return compare(n.op, evalNode(n.left, vars), evalNode(n.right, vars));
    case 'call':
      return evalCall(n, vars);
  }
}

function evalCall(n: ExprNode & { type: 'call' }, vars: ExpressionVariables): number {
  switch (n.name) {
    case 'if':
      return evalNode(n.args[0], vars) !== 0 ? evalNode(n.args[1], vars) : evalNode(n.args[2], vars);
    case 'min':
      return Math.min(...n.args.map((a) => evalNode(a, vars)));
    case 'max':
      return Math.max(...n.args.map((a) => evalNode(a, vars)));
    case 'abs':
      return Math.abs(evalNode(n.args[0], vars));
    case 'round': {
      const x = evalNode(n.args[0], vars);
      const digits = n.args.length > 1 ? evalNode(n.args[1], vars) : 0;
      if (!Number.isInteger(digits) || digits < -10 || digits > 10) {
        return fail('expression.badArgument', n.args[1].position, { name: 'round', min: -10, max: 10 });
      }
      return finite(roundHalfAway(x, digits), n.position);
    }
  }
}

/** Evaluates a parsed formula with the current variables; an error carries the position of the part that failed. */
export function evaluateExpression(ast: ExprNode, variables: ExpressionVariables): EvaluationResult {
  try {
    return { ok: true, value: evalNode(ast, variables) };
  } catch (e) {
    if (e instanceof Failure) {
      return { ok: false, error: e.detail };
    }
    throw e;
  }
}

/** Parse and evaluate in one step (a formula tried out in the editor). */
export function calculate(text: string, variables: ExpressionVariables): EvaluationResult {
  const parsed = parseExpression(text);
  return parsed.ok ? evaluateExpression(parsed.ast, variables) : parsed;
}

// ---------------------------------------------------------------------------
// Warning ranges

/** One range of a warning level: `min ≤ value < max` (closed on the left, as the risk bands); null is open. */
export interface WarningRange<L> {
  min: number | null;
  max: number | null;
  level: L;
}

/** The level of the first range holding `value`; null when none does (or the value is not a finite number). */
export function warningLevel<L>(value: number, ranges: readonly WarningRange<L>[]): L | null {
  if (!Number.isFinite(value)) {
    return null;
  }
  for (const r of ranges) {
    if ((r.min === null || value >= r.min) && (r.max === null || value < r.max)) {
      return r.level;
    }
  }
  return null;
}

export interface WarningRangeIssue {
  field: string;
  code: Extract<keyof typeof riskMessages, `warningRange.${string}`>;
  params?: MessageParams;
}

/** Problems of a set of warning ranges, each naming its field: min below max, and no two ranges sharing a value. */
export function checkWarningRanges<L>(ranges: readonly WarningRange<L>[]): WarningRangeIssue[] {
  const issues: WarningRangeIssue[] = [];
  const lo = (r: WarningRange<L>) => r.min ?? -Infinity;
  const hi = (r: WarningRange<L>) => r.max ?? Infinity;
  ranges.forEach((r, i) => {
    if (lo(r) >= hi(r)) {
      issues.push({ field: `ranges.${i}.max`, code: 'warningRange.maxNotAboveMin' });
    }
  });
  if (issues.length > 0) {
    return issues;
  }
  const order = ranges.map((_, i) => i).sort((a, b) => (lo(ranges[a]) === lo(ranges[b]) ? 0 : lo(ranges[a]) < lo(ranges[b]) ? -1 : 1));
  for (let k = 1; k < order.length; k++) {
    if (hi(ranges[order[k - 1]]) > lo(ranges[order[k]])) {
      issues.push({ field: `ranges.${order[k]}.min`, code: 'warningRange.overlap', params: { other: order[k - 1] + 1 } });
    }
  }
  return issues;
}
