import { describe, expect, it } from 'vitest';
import {
  defaultEscalationRules,
  effectLevel,
  escalationRuleSchema,
  EscalationState,
  liveLevel,
  ruleMatches,
  type Cause,
  type EscalationRule,
  type LiveLevel,
} from '../../../src/shared/domain/risk-escalation.js';
import type { RiskLevel } from '../../../src/shared/domain/risk-evaluation.js';

const MIN = 60_000;

const hotWork = (id: string, start: number, end?: number, grade = 'first'): Cause => ({
  kind: 'permit',
  id,
  zone: 'Z1',
  attrs: { type: 'hot-work', grade },
  start,
  end,
});
const confined = (id: string, start: number, end?: number): Cause => ({
  kind: 'permit',
  id,
  zone: 'Z1',
  attrs: { type: 'confined-space' },
  start,
  end,
});
const gasHH = (id: string, start: number, end?: number): Cause => ({
  kind: 'alarm',
  id,
  zone: 'Z1',
  attrs: { system: 'GDS', type: 'hh', tag: 'GD-101' },
  start,
  end,
});
const overcrowd = (id: string, start: number, end?: number): Cause => ({
  kind: 'headcount',
  id,
  zone: 'Z1',
  attrs: { type: 'overcrowd' },
  start,
  end,
});
const majorDanger = (id: string, start: number, end?: number): Cause => ({
  kind: 'hiddenDanger',
  id,
  zone: 'Z1',
  attrs: { grade: 'major' },
  start,
  end,
});

/** The default rules with the gas rule held `holdMs` after the alarm returns. */
const withGasHold = (holdMs: number): EscalationRule[] =>
  defaultEscalationRules.map((r) => (r.id === 'gas-second-level' ? { ...r, holdMs } : r));

const ids = (l: LiveLevel) => l.causes.map((c) => c.cause.id);

describe('DOMAIN.md §6 worked example', () => {
  // "residual blue + one hot-work permit → yellow; + a second permit → still yellow; + a gas 二级 alarm → red;
  //  the alarm returns with hold 5 min → red for 5 more minutes, then yellow while a permit remains" (then blue).
  const rules = withGasHold(5 * MIN);
  const causes = [hotWork('p1', 10 * MIN, 50 * MIN), confined('p2', 20 * MIN, 60 * MIN), gasHH('a1', 30 * MIN, 40 * MIN)];
  it.each<[string, number, RiskLevel, string[]]>([
    ['before anything', 5 * MIN, 4, []],
    ['one hot-work permit', 15 * MIN, 3, ['p1']],
    ['a second permit: still yellow, effects do not stack', 25 * MIN, 3, ['p1', 'p2']],
    ['a gas 二级 alarm', 35 * MIN, 1, ['a1', 'p1', 'p2']],
    ['the alarm has returned, within its 5 min hold', 40 * MIN, 1, ['a1', 'p1', 'p2']],
    ['last instant of the hold', 45 * MIN - 1, 1, ['a1', 'p1', 'p2']],
    ['hold over: yellow while permits remain', 45 * MIN, 3, ['p1', 'p2']],
    ['first permit closed, the second remains', 55 * MIN, 3, ['p2']],
    ['both permits closed: back to blue', 60 * MIN, 4, []],
  ])('%s', (_, now, level, causeIds) => {
    const live = liveLevel(4, causes, rules, now);
    expect(live.level).toBe(level);
    expect(ids(live)).toEqual(causeIds);
    expect(live.baseline).toBe(4);
  });

  it('says when to look again', () => {
    expect(liveLevel(4, causes, rules, 5 * MIN).nextChangeAt).toBe(10 * MIN);
    expect(liveLevel(4, causes, rules, 35 * MIN).nextChangeAt).toBe(45 * MIN);
    expect(liveLevel(4, causes, rules, 45 * MIN).nextChangeAt).toBe(50 * MIN);
    expect(liveLevel(4, causes, rules, 55 * MIN).nextChangeAt).toBe(60 * MIN);
    expect(liveLevel(4, causes, rules, 60 * MIN).nextChangeAt).toBeNull();
  });

  it('lists the held alarm with the end of its hold', () => {
    const live = liveLevel(4, causes, rules, 42 * MIN);
    expect(live.causes[0]).toMatchObject({ effectLevel: 1, until: 45 * MIN, rule: { id: 'gas-second-level' } });
  });

  it('the same example through the incremental state', () => {
    const state = new EscalationState(rules);
    state.setResidual('Z1', 4);
    const at = (t: number) => state.levelAt('Z1', t).level;
    expect(at(5 * MIN)).toBe(4);
    expect(state.apply({ type: 'start', cause: hotWork('p1', 10 * MIN) })).toEqual(['Z1']);
    expect(at(15 * MIN)).toBe(3);
    state.apply({ type: 'start', cause: confined('p2', 20 * MIN) });
    expect(at(25 * MIN)).toBe(3);
    state.apply({ type: 'start', cause: gasHH('a1', 30 * MIN) });
    expect(at(35 * MIN)).toBe(1);
    expect(state.apply({ type: 'end', id: 'a1', at: 40 * MIN })).toEqual(['Z1']);
    expect(at(44 * MIN)).toBe(1);
    expect(at(45 * MIN)).toBe(3);
    state.apply({ type: 'end', id: 'p1', at: 50 * MIN });
    expect(at(55 * MIN)).toBe(3);
    state.apply({ type: 'end', id: 'p2', at: 60 * MIN });
    expect(at(60 * MIN)).toBe(4);
    expect(state.levelAt('Z1', 60 * MIN).causes).toEqual([]);
  });
});

describe('effects do not stack', () => {
  it('five raising causes on a blue zone make it yellow, not red', () => {
    const causes = [hotWork('p1', 0), hotWork('p2', 0, undefined, 'special'), confined('p3', 0), overcrowd('h', 0), majorDanger('d', 0)];
    const live = liveLevel(4, causes, defaultEscalationRules, 1);
    expect(live.level).toBe(3);
    expect(live.causes).toHaveLength(5);
    expect(new Set(live.causes.map((c) => c.effectLevel))).toEqual(new Set([3]));
  });

  // "raise one" means one step more severe than the residual, never beyond 重大.
  it.each<[RiskLevel | null, RiskLevel]>([
    [4, 3],
    [3, 2],
    [2, 1],
    [1, 1],
    [null, 3],
  ])('raise one on residual %s gives %i', (residual, level) => {
    expect(liveLevel(residual, [hotWork('p', 0)], defaultEscalationRules, 1).level).toBe(level);
  });

  it('a red zone is not above its baseline, so it lists no causes', () => {
    const live = liveLevel(1, [hotWork('p', 0), gasHH('a', 0)], defaultEscalationRules, 1);
    expect(live).toEqual({ level: 1, baseline: 1, causes: [], nextChangeAt: null });
  });

  it('a zone without a residual is treated as blue (baseline 4)', () => {
    expect(liveLevel(null, [], defaultEscalationRules, 1)).toEqual({ level: 4, baseline: 4, causes: [], nextChangeAt: null });
    expect(liveLevel(null, [gasHH('a', 0)], defaultEscalationRules, 1)).toMatchObject({ level: 1, baseline: 4 });
  });
});

describe("a 'set' rule and a 'raise' rule together", () => {
  const setOrange: EscalationRule = { id: 'set-orange', kind: 'gathering', match: {}, effect: { set: 2 }, holdMs: 0, enabled: true };
  const rules = [...defaultEscalationRules, setOrange];
  const gathering: Cause = { kind: 'gathering', id: 'g', zone: 'Z1', attrs: {}, start: 0 };

  it.each<[string, RiskLevel, Cause[], RiskLevel, string[]]>([
    ['set orange beats raise one on blue', 4, [hotWork('p', 0), gathering], 2, ['g', 'p']],
    ['raise one beats set orange on orange (orange → red)', 2, [hotWork('p', 0), gathering], 1, ['p']],
    ['set orange on yellow, with raise one giving orange too: both listed', 3, [hotWork('p', 0), gathering], 2, ['g', 'p']],
    ['set red beats both', 4, [hotWork('p', 0), gathering, gasHH('a', 0)], 1, ['a', 'g', 'p']],
    ['the order of causes does not matter', 4, [gasHH('a', 0), gathering, hotWork('p', 0)], 1, ['a', 'g', 'p']],
  ])('%s', (_, residual, causes, level, causeIds) => {
    const live = liveLevel(residual, causes, rules, 1);
    expect(live.level).toBe(level);
    expect(ids(live)).toEqual(causeIds);
  });

  it('a set rule less severe than the residual has no effect and is not listed', () => {
    const setYellow: EscalationRule = { ...setOrange, id: 'set-yellow', effect: { set: 3 } };
    expect(liveLevel(2, [gathering], [setYellow], 1)).toEqual({ level: 2, baseline: 2, causes: [], nextChangeAt: null });
  });
});

describe('hold times', () => {
  const rule = (holdMs: number): EscalationRule[] => [
    { id: 'r', kind: 'permit', match: { type: 'hot-work' }, effect: { raise: 1 }, holdMs, enabled: true },
  ];
  // DOMAIN.md §6: the zone falls back when the cause ends, after the rule's hold time (default 0). Window [start, end + hold).
  it.each<[number, number, RiskLevel]>([
    [0, 999, 3],
    [0, 1000, 4],
    [300_000, 1000, 3],
    [300_000, 300_999, 3],
    [300_000, 301_000, 4],
  ])('hold %i ms, cause ended at 1000, at %i → %i', (holdMs, now, level) => {
    expect(liveLevel(4, [hotWork('p', 0, 1000)], rule(holdMs), now).level).toBe(level);
  });

  it('a cause counts from its start, inclusive; a planned one is not yet active', () => {
    expect(liveLevel(4, [hotWork('p', 100)], rule(0), 99)).toMatchObject({ level: 4, nextChangeAt: 100 });
    expect(liveLevel(4, [hotWork('p', 100)], rule(0), 100).level).toBe(3);
  });

  it('each cause is held by its own rule', () => {
    const rules = withGasHold(10 * MIN);
    const live = liveLevel(4, [hotWork('p', 0, MIN), gasHH('a', 0, MIN)], rules, 5 * MIN);
    expect(live.level).toBe(1);
    expect(ids(live)).toEqual(['a']);
  });

  it('a negative or missing hold counts as 0', () => {
    expect(liveLevel(4, [hotWork('p', 0, 10)], rule(-5), 10).level).toBe(4);
    expect(liveLevel(4, [hotWork('p', 0, 10)], rule(Number.NaN), 10).level).toBe(4);
  });
});

describe('rule matching', () => {
  const [hotRule, confinedRule, gasRule, headRule, dangerRule] = defaultEscalationRules;
  it.each<[string, EscalationRule, Cause, boolean]>([
    ['一级 hot work', hotRule, hotWork('p', 0, undefined, 'first'), true],
    ['特级 hot work', hotRule, hotWork('p', 0, undefined, 'special'), true],
    ['二级 hot work does not raise', hotRule, hotWork('p', 0, undefined, 'second'), false],
    ['hot work without a grade', hotRule, { kind: 'permit', id: 'p', zone: 'Z1', attrs: { type: 'hot-work' }, start: 0 }, false],
    ['confined space, any grade', confinedRule, confined('c', 0), true],
    ['a lifting permit', confinedRule, { kind: 'permit', id: 'l', zone: 'Z1', attrs: { type: 'lifting' }, start: 0 }, false],
    ['GDS HH', gasRule, gasHH('a', 0), true],
    [
      'GDS H (一级) does not set red',
      gasRule,
      { kind: 'alarm', id: 'a', zone: 'Z1', attrs: { system: 'GDS', type: 'h' }, start: 0 },
      false,
    ],
    ['DCS HH is no gas alarm', gasRule, { kind: 'alarm', id: 'a', zone: 'Z1', attrs: { system: 'DCS', type: 'hh' }, start: 0 }, false],
    ['head count above the limit', headRule, overcrowd('h', 0), true],
    ['open 重大 hidden danger', dangerRule, majorDanger('d', 0), true],
    ['一般 hidden danger', dangerRule, { kind: 'hiddenDanger', id: 'd', zone: 'Z1', attrs: { grade: 'general' }, start: 0 }, false],
    ['another kind with the same attrs', dangerRule, { kind: 'alarm', id: 'd', zone: 'Z1', attrs: { grade: 'major' }, start: 0 }, false],
    ['a disabled rule', { ...hotRule, enabled: false }, hotWork('p', 0), false],
    [
      'types compared strictly: 1 is not "1"',
      { ...dangerRule, match: { grade: 1 } },
      { ...majorDanger('d', 0), attrs: { grade: '1' } },
      false,
    ],
    ['a number among a list', { ...dangerRule, match: { grade: [1, 2] } }, { ...majorDanger('d', 0), attrs: { grade: 2 } }, true],
    ['a boolean', { ...headRule, match: { over: true } }, { ...overcrowd('h', 0), attrs: { over: true } }, true],
    ['an attr only on the prototype does not count', { ...headRule, match: { toString: 'x' } }, overcrowd('h', 0), false],
  ])('%s → %s', (_, rule, cause, expected) => {
    expect(ruleMatches(rule, cause)).toBe(expected);
  });

  it('disabled rules are ignored by liveLevel', () => {
    const rules = defaultEscalationRules.map((r) => ({ ...r, enabled: false }));
    expect(liveLevel(4, [hotWork('p', 0), gasHH('a', 0)], rules, 1).level).toBe(4);
  });

  it('of two rules a cause matches, the most severe speaks for it; on a tie the one held longer', () => {
    const a: EscalationRule = { id: 'a', kind: 'permit', match: { type: 'hot-work' }, effect: { raise: 1 }, holdMs: 0, enabled: true };
    const b: EscalationRule = { ...a, id: 'b', effect: { set: 2 } };
    const c: EscalationRule = { ...a, id: 'c', holdMs: 5 * MIN };
    expect(liveLevel(4, [hotWork('p', 0)], [a, b], 1).causes.map((x) => x.rule.id)).toEqual(['b']);
    const held = liveLevel(4, [hotWork('p', 0, MIN)], [a, c], 30_000);
    expect(held.causes.map((x) => [x.rule.id, x.until])).toEqual([['c', 6 * MIN]]);
  });

  it('effectLevel', () => {
    expect(effectLevel({ raise: 1 }, 4)).toBe(3);
    expect(effectLevel({ raise: 1 }, 1)).toBe(1);
    expect(effectLevel({ set: 2 }, 4)).toBe(2);
  });
});

describe('rule rows', () => {
  it('the defaults are the rows of DOMAIN.md §6, hold 0, and valid rows', () => {
    expect(defaultEscalationRules.map((r) => [r.id, r.kind, r.effect, r.holdMs, r.enabled])).toEqual([
      ['hot-work-special-first', 'permit', { raise: 1 }, 0, true],
      ['confined-space', 'permit', { raise: 1 }, 0, true],
      ['gas-second-level', 'alarm', { set: 1 }, 0, true],
      ['headcount-over-limit', 'headcount', { raise: 1 }, 0, true],
      ['major-hidden-danger', 'hiddenDanger', { raise: 1 }, 0, true],
    ]);
    for (const r of defaultEscalationRules) {
      expect(escalationRuleSchema.safeParse(r).success).toBe(true);
    }
  });
  it.each([
    ['raise two', { effect: { raise: 2 } }],
    ['set a colour', { effect: { set: 'red' } }],
    ['a negative hold', { holdMs: -1 }],
    ['an empty list', { match: { grade: [] } }],
  ])('refuses %s', (_, change) => {
    expect(escalationRuleSchema.safeParse({ ...defaultEscalationRules[0], ...change }).success).toBe(false);
  });
  it('hold and enabled default', () => {
    const parsed = escalationRuleSchema.parse({ id: 'x', kind: 'permit', match: {}, effect: { set: 3 } });
    expect(parsed).toMatchObject({ holdMs: 0, enabled: true });
  });
});

describe('EscalationState', () => {
  it('a start with a known id replaces the cause, and may move it to another zone', () => {
    const state = new EscalationState();
    state.apply({ type: 'start', cause: overcrowd('h', 0) });
    expect(state.apply({ type: 'start', cause: { ...overcrowd('h', 0), zone: 'Z2' } })).toEqual(['Z1', 'Z2']);
    expect(state.levelAt('Z1', 1).level).toBe(4);
    expect(state.levelAt('Z2', 1).level).toBe(3);
    expect(state.size).toBe(1);
  });

  it('ending or removing an unknown cause touches nothing', () => {
    const state = new EscalationState();
    expect(state.apply({ type: 'end', id: 'nope', at: 5 })).toEqual([]);
    expect(state.apply({ type: 'remove', id: 'nope' })).toEqual([]);
  });

  it('remove forgets a cause at once, without its hold', () => {
    const state = new EscalationState(withGasHold(10 * MIN));
    state.apply({ type: 'start', cause: gasHH('a', 0) });
    expect(state.apply({ type: 'remove', id: 'a' })).toEqual(['Z1']);
    expect(state.levelAt('Z1', 1).level).toBe(4);
  });

  it('an end before the start is read as the start', () => {
    const state = new EscalationState();
    state.apply({ type: 'start', cause: hotWork('p', 100) });
    state.apply({ type: 'end', id: 'p', at: 50 });
    expect(state.levelAt('Z1', 100).level).toBe(4);
  });

  it('prune drops causes only once the longest hold is over', () => {
    const state = new EscalationState(withGasHold(10 * MIN));
    state.apply({ type: 'start', cause: hotWork('p', 0) });
    state.apply({ type: 'end', id: 'p', at: MIN });
    expect(state.prune(11 * MIN - 1)).toBe(0);
    expect(state.prune(11 * MIN)).toBe(1);
    expect(state.size).toBe(0);
    expect(state.levelsAt(11 * MIN).size).toBe(0);
  });

  it('setRules applies to causes already kept', () => {
    const state = new EscalationState();
    state.setResidual('Z1', 4);
    state.apply({ type: 'start', cause: hotWork('p', 0, undefined, 'second') });
    expect(state.levelAt('Z1', 1).level).toBe(4);
    state.setRules(defaultEscalationRules.map((r) => (r.id === 'hot-work-special-first' ? { ...r, match: { type: 'hot-work' } } : r)));
    expect(state.levelAt('Z1', 1).level).toBe(3);
  });

  it('levelsAt covers zones with a residual and zones with causes', () => {
    const state = new EscalationState();
    state.setResidual('A', 2);
    state.setResidual('B', null);
    state.apply({ type: 'start', cause: { ...gasHH('a', 0), zone: 'C' } });
    const levels = state.levelsAt(1);
    expect([...levels].map(([z, l]) => [z, l.level])).toEqual([
      ['A', 2],
      ['B', 4],
      ['C', 1],
    ]);
  });

  it('answers as liveLevel does, for many zones and events (seeded pseudo-random)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const makers = [hotWork, confined, gasHH, overcrowd, majorDanger];
    const rules = withGasHold(3 * MIN);
    const state = new EscalationState(rules);
    const causes = new Map<string, Cause>();
    const residuals = new Map<string, RiskLevel | null>();
    for (let z = 0; z < 20; z++) {
      const level = ([null, 1, 2, 3, 4] as const)[Math.floor(rand() * 5)];
      residuals.set(`Z${z}`, level);
      state.setResidual(`Z${z}`, level);
    }
    for (let i = 0; i < 400; i++) {
      const t = i * 10_000;
      const id = `c${Math.floor(rand() * 60)}`;
      const known = causes.get(id);
      if (known && known.end === undefined && rand() < 0.6) {
        causes.set(id, { ...known, end: t });
        state.apply({ type: 'end', id, at: t });
      } else {
        const cause = { ...makers[Math.floor(rand() * makers.length)](id, t), zone: `Z${Math.floor(rand() * 20)}` };
        causes.set(id, cause);
        state.apply({ type: 'start', cause });
      }
      if (i % 20 === 19) {
        for (const [zone, residual] of residuals) {
          const expected = liveLevel(
            residual,
            [...causes.values()].filter((c) => c.zone === zone),
            rules,
            t + 5000,
          );
          const got = state.levelAt(zone, t + 5000);
          expect([zone, got.level, ids(got), got.nextChangeAt]).toEqual([zone, expected.level, ids(expected), expected.nextChangeAt]);
        }
      }
    }
  });
});
