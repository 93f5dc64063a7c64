import { describe, expect, it } from 'vitest';
import { offsetToLonLat, type LonLat } from '../../../src/shared/domain/geometry.js';
import { zoneVisits, type ZoneFix } from '../../../src/shared/domain/zone-visits.js';

/*
 * Who was in a permit's work zone and when (issue 25 §7,
 * /SafetyWorkPermitNew/PersonnelLocationRecord): stays inside the zone's
 * radius, a fix at the radius counting inside (the guardian rule, issue 25 §5),
 * split by a fix outside or by a silence longer than the gap.
 */
const O: LonLat = [118.8, 32.25];
const MIN = 60_000;
const at = (t: number, eastM: number): ZoneFix => {
  const [lon, lat] = offsetToLonLat(O, eastM, 0);
  return { t: t * MIN, lon, lat };
};
const zone = { centre: O, radiusM: 30 };

describe('stays in a work zone', () => {
  const cases: [string, ZoneFix[], [number, number, number][]][] = [
    // [case, fixes of one tag, stays as [enter min, leave min, fixes]]
    ['always inside', [at(0, 0), at(1, 10), at(2, 20)], [[0, 2, 3]]],
    ['never inside', [at(0, 40), at(1, 31)], []],
    ['29.9 m is inside', [at(0, 29.9)], [[0, 0, 1]]],
    ['30 m (the radius) is inside', [at(0, 30)], [[0, 0, 1]]],
    ['30.1 m is outside', [at(0, 30.1)], []],
    ['in, out, in: two stays', [at(0, 0), at(1, 50), at(2, 0), at(3, 5)], [[0, 0, 1], [2, 3, 2]]],
    ['a silence of the gap keeps the stay', [at(0, 0), at(5, 0)], [[0, 5, 2]]],
    ['a silence longer than the gap splits it', [at(0, 0), at(5.01, 0)], [[0, 0, 1], [5.01, 5.01, 1]]],
    ['fixes out of order are read in time order', [at(2, 0), at(0, 0), at(1, 0)], [[0, 2, 3]]],
  ];
  it.each(cases)('%s', (_name, fixes, stays) => {
    const got = zoneVisits(new Map([['P-1', fixes]]), zone, { gapMs: 5 * MIN });
    expect(got.map((v) => [v.enter / MIN, v.leave / MIN, v.fixes])).toEqual(stays);
  });

  it('lists the stays of several tags by their start, with each tag’s kind', () => {
    const got = zoneVisits(
      new Map([
        ['V-9', [at(1, 0)]],
        ['P-2', [at(0, 0), at(2, 0)]],
        ['P-1', [at(1, 0)]],
      ]),
      zone,
      { gapMs: 5 * MIN, kindOf: (id) => (id.startsWith('V') ? 1 : 0) },
    );
    expect(got.map((v) => [v.tagId, v.kind, v.enter / MIN])).toEqual([
      ['P-2', 0, 0],
      ['P-1', 0, 1],
      ['V-9', 1, 1],
    ]);
  });
});
