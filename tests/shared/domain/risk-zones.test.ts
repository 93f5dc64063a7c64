import { describe, expect, it } from 'vitest';
import { defaultEscalationRules, type Cause } from '../../../src/shared/domain/risk-escalation.js';
import type { RiskLevel } from '../../../src/shared/domain/risk-evaluation.js';
import {
  checkOverride,
  checkResidual,
  reviewUnitLevel,
  zoneLevel,
  zoneLevels,
  zoneOverrideInput,
  zoneRisk,
  type RiskPointLevels,
} from '../../../src/shared/domain/risk-zones.js';

const point = (inherent: RiskLevel | null, residual: RiskLevel | null): RiskPointLevels => ({ inherent, residual });

describe('zoneLevel', () => {
  // DOMAIN.md §2: a zone's colour is the highest level among its risk points.
  it.each<[(RiskLevel | null)[], RiskLevel | null]>([
    [[4, 3, 4], 3],
    [[4, 4], 4],
    [[2, 1, 3], 1],
    [[null, 3], 3],
    [[null], null],
    [[], null],
  ])('points %j → %s', (levels, expected) => {
    expect(zoneLevel(levels)).toBe(expected);
  });
});

describe('zoneLevels', () => {
  it('inherent and residual each take the most severe point', () => {
    expect(zoneLevels([point(2, 3), point(1, 4), point(3, 3)])).toEqual({ inherent: 1, evaluated: 3, residual: 3, overridden: false });
  });
  it('a zone without points has no levels', () => {
    expect(zoneLevels([])).toEqual({ inherent: null, evaluated: null, residual: null, overridden: false });
  });
  // DOMAIN.md §2: an override sets a level (never a free colour), with a reason.
  it('an override replaces the residual, either way', () => {
    expect(zoneLevels([point(2, 3)], { level: 2, reason: '评价过期' })).toMatchObject({ evaluated: 3, residual: 2, overridden: true });
    expect(zoneLevels([point(1, 1)], { level: 3, reason: '已停产' })).toMatchObject({
      inherent: 1,
      evaluated: 1,
      residual: 3,
      overridden: true,
    });
  });
});

describe('checkResidual', () => {
  // DOMAIN.md §2: residual never above inherent.
  it.each<[RiskLevel | null, RiskLevel | null, boolean]>([
    [2, 3, true],
    [2, 2, true],
    [4, 4, true],
    [3, 2, false],
    [4, 1, false],
    [null, 1, true],
    [1, null, true],
  ])('inherent %s, residual %s: accepted %s', (inherent, residual, ok) => {
    expect(checkResidual(inherent, residual).length === 0).toBe(ok);
  });
  it('names the field and both levels in both languages', () => {
    expect(checkResidual(3, 2)).toEqual([
      {
        field: 'residual',
        code: 'risk.residualAboveInherent',
        params: { residual: '较大风险', residual_en: 'Significant risk', inherent: '一般风险', inherent_en: 'Moderate risk' },
      },
    ]);
  });
});

describe('overrides', () => {
  it.each<[{ level?: unknown; reason?: unknown }, [string, string][]]>([
    [{ level: 2, reason: '检修期间' }, []],
    [{ level: 2, reason: '   ' }, [['reason', 'risk.override.reasonRequired']]],
    [{ level: 2 }, [['reason', 'risk.override.reasonRequired']]],
    [{ reason: 'x' }, [['level', 'risk.level.required']]],
    [{ level: 'red', reason: 'x' }, [['level', 'risk.level.invalid']]],
    [
      { level: 5, reason: 'x'.repeat(501) },
      [
        ['level', 'risk.level.invalid'],
        ['reason', 'risk.override.reasonTooLong'],
      ],
    ],
  ])('%j → %j', (input, expected) => {
    expect(checkOverride(input).map((i) => [i.field, i.code])).toEqual(expected);
  });
  it('the schema takes a level, never a colour', () => {
    expect(zoneOverrideInput.safeParse({ level: 1, reason: '有人' }).success).toBe(true);
    expect(zoneOverrideInput.safeParse({ level: 'red', reason: '有人' }).success).toBe(false);
    expect(zoneOverrideInput.safeParse({ level: 1, reason: '  ' }).success).toBe(false);
  });
});

describe('zoneRisk', () => {
  const permit: Cause = { kind: 'permit', id: 'p1', zone: 'z', attrs: { type: 'hot-work', grade: 'first' }, start: 0 };
  // DOMAIN.md §2: live may exceed inherent while a cause lasts.
  it('live starts from the residual and may exceed inherent', () => {
    const r = zoneRisk([point(3, 4)], null, [permit], defaultEscalationRules, 10);
    expect(r).toMatchObject({ inherent: 3, residual: 4, live: 3 });
    const gas: Cause = { kind: 'alarm', id: 'a', zone: 'z', attrs: { system: 'GDS', type: 'hh' }, start: 0 };
    expect(zoneRisk([point(3, 4)], null, [gas], defaultEscalationRules, 10).live).toBe(1);
  });
  it('escalation starts from an overridden level', () => {
    expect(zoneRisk([point(3, 4)], { level: 2, reason: 'r' }, [permit], defaultEscalationRules, 10)).toMatchObject({
      residual: 2,
      live: 1,
    });
  });
  it('without causes live is the residual', () => {
    expect(zoneRisk([point(2, 3)], null, [], defaultEscalationRules, 10)).toMatchObject({ live: 3, causes: [], nextChangeAt: null });
  });
});

describe('reviewUnitLevel', () => {
  // DOMAIN.md §2: inherent before measures, residual after, never above inherent; evaluations above the residual need a second look.
  it.each<[RiskLevel | null, RiskLevel | null, RiskLevel | null, string[]]>([
    [null, null, 2, ['notSet']],
    [2, 3, 3, ['ok']],
    [2, 3, 4, ['ok']],
    [2, 3, null, ['ok']],
    [2, 2, 2, ['ok']],
    [3, 2, 2, ['residualAboveInherent', 'evaluatedAboveInherent']],
    [3, 2, 3, ['residualAboveInherent']],
    [2, 3, 2, ['evaluatedAbove']],
    [3, 3, 1, ['evaluatedAboveInherent']],
    [3, null, 4, ['noResidual']],
    [3, null, 2, ['evaluatedAboveInherent', 'noResidual']],
  ])('inherent %s, residual %s, evaluated %s → %j', (inherent, residual, evaluated, expected) => {
    expect(reviewUnitLevel(inherent, residual, evaluated)).toEqual(expected);
  });
});
