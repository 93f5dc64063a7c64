import { describe, expect, it } from 'vitest';
import { offsetToLonLat } from '../../../src/shared/domain/geometry.js';
import {
  gasAlarmSuspends,
  HOT_NEAR_BLIND_M,
  permitCause,
  permitConflicts,
  regionsNear,
  type PermitFacts,
} from '../../../src/shared/domain/permit-interactions.js';
import { defaultEscalationRules, liveLevel } from '../../../src/shared/domain/risk-escalation.js';

/*
 * Permits and the plant (DOMAIN.md §6, §7; GB 30871-2022 §7 盲板抽堵作业: no hot
 * work within 30 m of the blind; one line, one blind job at a time).
 */

const O: [number, number] = [118.8, 32.25];
const NOW = 1_800_000_000_000;

const permit = (over: Partial<PermitFacts>): PermitFacts => ({
  id: 1,
  number: 'DH202611250001',
  type: 'hot',
  grade: '1',
  effectiveGrade: '1',
  status: 'active',
  regionId: 10,
  lng: O[0],
  lat: O[1],
  line: null,
  startedAt: NOW - 1000,
  ...over,
});

describe('a permit in effect on the four-colour map (DOMAIN.md §6: 特级/一级 hot work and confined space raise one level)', () => {
  const cases: [string, Partial<PermitFacts>, number][] = [
    // [case, permit, live level of a blue (4) zone]
    ['一级 hot work', { grade: '1', effectiveGrade: '1' }, 3],
    ['特级 hot work', { grade: 'special', effectiveGrade: 'special' }, 3],
    ['二级 hot work', { grade: '2', effectiveGrade: '2' }, 4],
    ['二级 raised to 一级 at night', { grade: '2', effectiveGrade: '1' }, 3],
    ['confined space', { type: 'confined', grade: null, effectiveGrade: null }, 3],
    ['lifting', { type: 'lifting', grade: null, effectiveGrade: null }, 4],
    ['blind plate', { type: 'blind', grade: null, effectiveGrade: null }, 4],
  ];
  it.each(cases)('%s → level %i', (_name, over, level) => {
    const cause = permitCause(permit(over), NOW)!;
    expect(cause).toMatchObject({ kind: 'permit', id: 'permit:1', zone: '10' });
    expect(liveLevel(4, [cause], defaultEscalationRules, NOW).level).toBe(level);
  });

  it.each(['signing', 'approved', 'suspended', 'completed', 'closed', 'cancelled'])('a permit %s is no cause', (status) => {
    expect(permitCause(permit({ status }), NOW)).toBeNull();
  });

  it('a permit without a zone is no cause', () => {
    expect(permitCause(permit({ regionId: null }), NOW)).toBeNull();
  });
});

describe('a gas alarm in or near the zone suspends hot work and confined space (issue 25 §5)', () => {
  // PLANT 1 → PU 2 → PU-1 3, PU-2 4; TF 5 → TF-A 6
  const parents = new Map([
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 1],
    [6, 5],
  ]);
  const gas: { type: string; regionId: number; gasDetector: boolean; esd?: boolean } = { type: 'hh', regionId: 3, gasDetector: true };
  const esd = { type: 'discrete', gasDetector: false, esd: true };
  const cases: [string, Partial<PermitFacts>, Partial<typeof gas>, boolean][] = [
    ['hot work, same region, HH', { regionId: 3 }, {}, true],
    ['hot work, same region, H', { regionId: 3 }, { type: 'h' }, true],
    ['confined space, same region', { type: 'confined', regionId: 3 }, {}, true],
    ['hot work on the parent region', { regionId: 2 }, {}, true],
    ['alarm on the parent region, work in the child', { regionId: 3 }, { regionId: 2 }, true],
    ['sibling region', { regionId: 4 }, {}, false],
    ['another area', { regionId: 6 }, {}, false],
    ['work at height', { type: 'height', regionId: 3 }, {}, false],
    ['blind plate', { type: 'blind', regionId: 3 }, {}, false],
    ['not in effect', { status: 'approved', regionId: 3 }, {}, false],
    ['already suspended', { status: 'suspended', regionId: 3 }, {}, false],
    ['a low alarm', { regionId: 3 }, { type: 'l' }, false],
    ['not a gas detector', { regionId: 3 }, { gasDetector: false }, false],
    ['an alarm without a region', { regionId: 3 }, { regionId: null as unknown as number }, false],
    ['an ESD trip, same region, hot work', { regionId: 3 }, esd, true],
    ['an ESD trip, same region, confined space', { type: 'confined', regionId: 3 }, esd, true],
    ['an ESD trip on the parent region', { regionId: 3 }, { ...esd, regionId: 2 }, true],
    ['an ESD trip in a sibling region', { regionId: 4 }, esd, false],
    ['an ESD trip, work at height', { type: 'height', regionId: 3 }, esd, false],
    ['an ESD trip, permit not in effect', { status: 'approved', regionId: 3 }, esd, false],
    ['an ESD trip without a region', { regionId: 3 }, { ...esd, regionId: null as unknown as number }, false],
    ['a discrete alarm that is not an ESD trip', { regionId: 3 }, { type: 'discrete', gasDetector: false }, false],
  ];
  it.each(cases)('%s → %s', (_name, p, a, suspends) => {
    expect(gasAlarmSuspends(permit(p), { ...gas, ...a }, parents)).toBe(suspends);
  });

  it('regionsNear survives a cycle in a broken tree', () => {
    expect(regionsNear(7, 8, new Map([[7, 8], [8, 7]]))).toBe(true);
    expect(regionsNear(7, 9, new Map([[7, 8], [8, 7]]))).toBe(false);
  });
});

describe('conflicts between permits (GB 30871-2022 §7)', () => {
  const at = (east: number) => {
    const [lng, lat] = offsetToLonLat(O, east, 0);
    return { lng, lat };
  };
  const blind = (over: Partial<PermitFacts> = {}) => permit({ id: 2, number: 'MB202611250002', type: 'blind', grade: null, effectiveGrade: null, line: 'P-1001', ...over });
  const hotApp = (east: number) => ({ id: null, number: '', type: 'hot' as const, ...at(east) });

  const distanceCases: [string, number, string, 'apply' | 'start', string[]][] = [
    ['hot work 29.9 m from a blind job in effect', 29.9, 'active', 'apply', ['permits.conflictHotNearBlind']],
    [`hot work at exactly ${HOT_NEAR_BLIND_M} m`, 30, 'active', 'apply', ['permits.conflictHotNearBlind']],
    ['hot work 30.1 m away', 30.1, 'active', 'apply', []],
    ['beside a suspended blind job', 10, 'suspended', 'start', ['permits.conflictHotNearBlind']],
    ['beside a blind job still signing', 10, 'signing', 'apply', []],
    ['beside a blind job approved, not started', 10, 'approved', 'start', []],
    ['beside a completed blind job', 10, 'completed', 'start', []],
  ];
  it.each(distanceCases)('%s', (_name, east, status, moment, codes) => {
    const found = permitConflicts(hotApp(east), [blind({ status })], moment);
    expect(found.map((c) => c.code)).toEqual(codes);
    found.forEach((c) => expect(c).toMatchObject({ severity: 'refuse', field: 'lng', otherId: 2, otherNumber: 'MB202611250002' }));
  });

  it('a blind job may not start within 30 m of hot work in effect', () => {
    const found = permitConflicts({ ...blind({ id: 5 }), ...at(0) }, [permit({ id: 6, number: 'DH6', ...at(12) })], 'start');
    expect(found).toEqual([expect.objectContaining({ code: 'permits.conflictBlindNearHot', otherNumber: 'DH6', distanceM: 12 })]);
  });

  const lineCases: [string, string | null, string, 'apply' | 'start', string[]][] = [
    ['same line, other in effect, at start', 'P-1001', 'active', 'start', ['refuse']],
    ['same line, other suspended, at start', 'P-1001', 'suspended', 'start', ['refuse']],
    ['same line, other approved, at start', 'P-1001', 'approved', 'start', []],
    ['same line, other signing, at apply', 'P-1001', 'signing', 'apply', ['warn']],
    ['same line, other in effect, at apply', 'P-1001', 'active', 'apply', ['warn']],
    ['same line with spaces around it', ' P-1001 ', 'active', 'start', ['refuse']],
    ['same line, other closed', 'P-1001', 'closed', 'apply', []],
    ['another line', 'P-1002', 'active', 'start', []],
    ['no line given', null, 'active', 'start', []],
  ];
  it.each(lineCases)('two blind jobs: %s', (_name, line, status, moment, severities) => {
    // Far apart: only the line can conflict.
    const found = permitConflicts({ ...blind({ id: 9, line }), ...at(5000) }, [blind({ status })], moment);
    expect(found.map((c) => c.severity)).toEqual(severities);
    found.forEach((c) => expect(c).toMatchObject({ code: 'permits.conflictSameLine', field: 'line', otherNumber: 'MB202611250002' }));
  });

  it('a permit never conflicts with itself', () => {
    expect(permitConflicts({ ...blind(), id: 2 }, [blind({ status: 'active' })], 'start')).toEqual([]);
  });
});
