import { describe, expect, it } from 'vitest';
import { fenceRule, type FenceRuleInput } from '../../../src/shared/fences/contracts.js';
import { authorised, createFenceEvaluator, fenceKeys, inShift, largestGathering, type FenceChanges, type FencePerson } from '../../../src/shared/domain/fences.js';
import { offsetToLonLat, pointInGeometry, type PolygonGeometry } from '../../../src/shared/domain/geometry.js';

/*
 * Scripted tracks through a small plant: PLANT (1) holds TF (2), which holds
 * the restricted TF-B (3), a 100 m square from (0,0) to (100,100) in local metres.
 */
const ORIGIN: [number, number] = [120, 30];
const at = (x: number, y: number) => offsetToLonLat(ORIGIN, x, y);
const square = (x0: number, y0: number, x1: number, y1: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [[at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]],
});
const TFB = square(0, 0, 100, 100);
const TF = square(-200, -200, 300, 300);
/** The region a point falls in, most specific first (what the stream's locator does). */
const locate = (x: number, y: number) => {
  const p = at(x, y);
  return pointInGeometry(p, TFB) ? 3 : pointInGeometry(p, TF) ? 2 : 1;
};
const regions = [
  { regionid: 1, parentid: 0 },
  { regionid: 2, parentid: 1 },
  { regionid: 3, parentid: 2 },
];
const people: Record<string, FencePerson> = {
  C1: { card: 'C1', kind: 0, deptid: 20, workType: null, certificates: [] },
  OP: { card: 'OP', kind: 0, deptid: 11, workType: null, certificates: [] },
  W: { card: 'W', kind: 0, deptid: 20, workType: 7, certificates: ['hot-work'] },
};
const rule = (r: FenceRuleInput) => fenceRule.parse(r);
const T0 = 1_800_000_000_000;

function setup(rules: FenceRuleInput[], opts = {}) {
  const ev = createFenceEvaluator((c) => people[c] ?? { card: c, kind: 0, deptid: null, workType: null, certificates: [] }, { debounceMs: 5000, ...opts });
  ev.setRegions(regions);
  ev.setDeptParents(new Map([[11, 10]]));
  ev.setRules(rules.map(rule));
  const log: string[] = [];
  const record = (t: number, c: FenceChanges) => {
    c.clear.forEach((x) => log.push(`${(t - T0) / 1000}s -${x.key}`));
    c.raise.forEach((x) => log.push(`${(t - T0) / 1000}s +${x.key}`));
  };
  /** Walks `card` through points at 1 Hz from `start` s, evaluating after each fix. */
  const walk = (card: string, start: number, pts: [number, number][]) => {
    pts.forEach(([x, y], i) => {
      const t = T0 + (start + i) * 1000;
      const [lon, lat] = at(x, y);
      ev.fix(card, 0, t, lon, lat, locate(x, y));
      record(t, ev.evaluate(t));
    });
  };
  const tick = (s: number) => record(T0 + s * 1000, ev.evaluate(T0 + s * 1000));
  return { ev, log, walk, tick };
}

const line = (from: [number, number], to: [number, number], steps: number): [number, number][] =>
  Array.from({ length: steps + 1 }, (_, i) => [from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps]);

describe('fence rules, pure', () => {
  it.each([
    [{ from: 8, to: 16 }, 8, true],
    [{ from: 8, to: 16 }, 16, false],
    [{ from: 22, to: 6 }, 23, true],
    [{ from: 22, to: 6 }, 5.9, true],
    [{ from: 22, to: 6 }, 12, false],
    [null, 3, true],
  ] as const)('shift %j at %s h: %s', (shift, hour, expected) => {
    expect(inShift(hour, shift)).toBe(expected);
  });

  it.each([
    ['a card on the list', { allowCards: ['C1'] }, 'C1', true],
    ['a sub-department of an authorised one', { allowDepts: [10] }, 'OP', true],
    ['a work type', { allowWorkTypes: [7] }, 'W', true],
    ['a certificate', { allowCerts: ['hot-work'] }, 'W', true],
    ['nobody listed', {}, 'C1', false],
    ['another department', { allowDepts: [10] }, 'C1', false],
  ])('restricted region admits %s', (_name, allow, card, expected) => {
    expect(authorised(rule({ regionid: 3, restricted: true, ...allow }), people[card], new Map([[11, 10]]))).toBe(expected);
  });

  it('an unrestricted region admits everyone, a restricted one no unknown card', () => {
    expect(authorised(rule({ regionid: 3 }), undefined, new Map())).toBe(true);
    expect(authorised(rule({ regionid: 3, restricted: true, allowCards: ['X'] }), undefined, new Map())).toBe(false);
  });

  it('largest gathering: four within 15 m of the first, one far off', () => {
    expect(largestGathering([0, 5, 10, -14, 200], [0, 5, 0, 0, 0], 15, 4)).toEqual([0, 1, 2, 3]);
    expect(largestGathering([0, 5, 200], [0, 0, 0], 15, 3)).toEqual([]);
  });
});

describe('fence evaluator with scripted tracks', () => {
  const restricted = { regionid: 3, restricted: true, allowDepts: [10] };

  it('a contractor walking into the restricted region raises 越界 with the fix that crossed, and it clears 5 s after leaving', () => {
    const { log, walk, tick } = setup([restricted]);
    walk('C1', 0, line([-5, 50], [5, 50], 2)); // -5, 0 (on the west edge), 5
    walk('C1', 3, line([5, 50], [-20, 50], 5)); // back out: at -5 by 5 s
    for (let s = 8; s <= 12; s++) {
      tick(s);
    }
    // A fix on the west edge (x = 0) falls inside by the ray cast; either way the alarm opens with the first fix inside
    // and returns 5 s after the first fix outside.
    const onEdgeInside = pointInGeometry(at(0, 50), TFB);
    const crossed = onEdgeInside ? 1 : 2;
    const left = onEdgeInside ? 5 : 4;
    expect(log).toEqual([`${crossed}s +${fenceKeys.intrusion('C1', 3)}`, `${left + 5}s -${fenceKeys.intrusion('C1', 3)}`]);
  });

  it('an authorised operator walks in and out: nothing', () => {
    const { log, walk } = setup([restricted]);
    walk('OP', 0, [...line([-20, 50], [50, 50], 7), ...line([50, 50], [-20, 50], 7)]);
    expect(log).toEqual([]);
  });

  it('leaving and coming back within the delay keeps one alarm and the first entry time', () => {
    const { ev, log, walk, tick } = setup([restricted, { regionid: 2, overstayMin: 1 }]);
    walk('C1', 0, [[10, 10], [12, 10], [-3, 10], [-3, 10], [8, 10], [9, 10]]); // out for 2 s at 2–3 s
    expect(log).toEqual([`0s +${fenceKeys.intrusion('C1', 3)}`]);
    expect(ev.whereIs('C1')).toMatchObject({ regionid: 3, enteredAt: T0 });
    tick(61);
    expect(log.at(-1)).toBe(`61s +${fenceKeys.overstay('C1', 2)}`);
  });

  it('a fence edited while people are inside applies to them at once, and lifting it clears', () => {
    const { ev, log, walk, tick } = setup([]);
    walk('C1', 0, [[50, 50], [50, 51]]);
    expect(log).toEqual([]);
    ev.setRules([rule(restricted)]);
    tick(2);
    ev.setRules([rule({ ...restricted, allowCards: ['C1'] })]);
    tick(3);
    expect(log).toEqual([`2s +${fenceKeys.intrusion('C1', 3)}`, `3s -${fenceKeys.intrusion('C1', 3)}`]);
  });

  it('head counts include sub-regions; 超员 above the maximum and 缺员 below the minimum share one key', () => {
    const { ev, log, walk, tick } = setup([{ regionid: 2, maxCount: 2, minCount: 1 }]);
    tick(0);
    expect(log).toEqual([`0s +${fenceKeys.count(2)}`]); // nobody there: understaff
    walk('C1', 1, [[50, 50]]);
    walk('OP', 2, [[150, 150]]);
    walk('W', 3, [[-100, 0]]);
    expect(ev.counts().get(2)).toEqual({ regionid: 2, people: 3, vehicles: 0 });
    expect(ev.counts().get(3)).toEqual({ regionid: 3, people: 1, vehicles: 0 });
    expect(ev.counts().get(1)?.people).toBe(3);
    // 1 s: C1 arrives, understaff clears; 3 s: a third person, overcrowd.
    expect(log).toEqual([`0s +pos:overcrowd:2`, `1s -pos:overcrowd:2`, `3s +pos:overcrowd:2`]);
  });

  it('a still person raises 静止 after the configured time despite ±1 m noise; moving clears it', () => {
    const { log, walk } = setup([{ regionid: 1, manDown: { radiusM: 3, seconds: 30 } }]);
    const noise = (i: number): [number, number] => [400 + Math.sin(i * 12.9898) * 1.2, 400 + Math.cos(i * 78.233) * 1.2];
    walk('C1', 0, Array.from({ length: 40 }, (_, i) => noise(i)));
    walk('C1', 40, line([400, 400], [420, 400], 10));
    expect(log[0]).toBe(`30s +${fenceKeys.still('C1')}`);
    expect(log).toHaveLength(2);
    expect(log[1]).toMatch(new RegExp(`^4[0-9]s -${fenceKeys.still('C1')}$`));
  });

  it('the plant-wide man-down rule raises 静止 outside every drawn region; a region rule of its own wins inside', () => {
    const { ev, log, tick } = setup([{ regionid: 3, manDown: { radiusM: 3, seconds: 120 } }], { defaultManDown: { radiusM: 3, seconds: 30 } });
    const noise = (i: number): [number, number] => [Math.sin(i * 12.9898) * 1.2, Math.cos(i * 78.233) * 1.2];
    for (let s = 0; s <= 130; s++) {
      const t = T0 + s * 1000;
      // OUT stands still far outside every polygon (region 0); IN stands still inside TF-B (its own 120 s rule).
      const [ox, oy] = noise(s);
      ev.fix('OUT', 0, t, ...at(5000 + ox, 5000 + oy), 0);
      ev.fix('IN', 0, t, ...at(50 + ox, 50 + oy), locate(50 + ox, 50 + oy));
      // A vehicle parked outside is no man-down.
      ev.fix('VAN', 1, t, ...at(6000, 6000), 0);
      // WALK walks outside at 1.3 m/s.
      ev.fix('WALK', 0, t, ...at(7000 + s * 1.3, 7000), 0);
      tick(s);
    }
    expect(log).toEqual([`30s +${fenceKeys.still('OUT')}`, `120s +${fenceKeys.still('IN')}`]);
  });

  it('without the plant-wide rule nobody outside the rule regions raises 静止', () => {
    const { ev, log, tick } = setup([]);
    for (let s = 0; s <= 700; s += 10) {
      ev.fix('OUT', 0, T0 + s * 1000, ...at(5000, 5000), 0);
      tick(s);
    }
    expect(log).toEqual([]);
  });

  it('placing again with new polygons counts people in a zone drawn around them, and lets them leave the old one', () => {
    const { ev, walk, tick } = setup([]);
    walk('C1', 0, [[150, 150]]);
    expect(ev.counts().get(3)?.people ?? 0).toBe(0);
    expect(ev.counts().get(2)?.people).toBe(1);
    // TF-B is redrawn to take in (150, 150).
    ev.relocate(() => 3);
    tick(1);
    expect(ev.counts().get(3)?.people).toBe(1);
    expect(ev.counts().get(2)?.people).toBe(1);
    // TF-B drawn away again: after the leaving delay C1 is out of it, still in TF.
    ev.relocate(() => 2);
    tick(2);
    expect(ev.counts().get(3)?.people).toBe(1);
    tick(7);
    expect(ev.counts().get(3)?.people ?? 0).toBe(0);
    expect(ev.counts().get(2)?.people).toBe(1);
  });

  it('SOS raises with the press, before any fix, and returns when released', () => {
    const { ev, log, tick } = setup([]);
    ev.sos('C1', T0, true);
    tick(0);
    ev.sos('C1', T0 + 20_000, false);
    tick(20);
    expect(log).toEqual([`0s +${fenceKeys.sos('C1')}`, `20s -${fenceKeys.sos('C1')}`]);
  });

  it('a gathering that forms raises after 1 min together and clears when it breaks up', () => {
    const { log, walk, tick } = setup([{ regionid: 2, gathering: { radiusM: 15, seconds: 60, count: 3 } }]);
    // Three people stand within 10 m of each other from 0 s; at 70 s one walks off 100 m.
    for (let s = 0; s < 70; s++) {
      walk('C1', s, [[-50, -50]]);
      walk('OP', s, [[-45, -50]]);
      walk('W', s, [[-50, -42]]);
    }
    walk('W', 70, [[-50, 50]]);
    tick(71);
    const key = fenceKeys.gathering(2);
    expect(log).toEqual([`60s +${key}`, `70s -${key}`]);
  });

  it('the open alarms found at start are kept when they still hold and cleared when not', () => {
    const { ev, log, walk } = setup([restricted]);
    ev.assumeOpen([
      { key: fenceKeys.intrusion('C1', 3), type: 'intrusion' },
      { key: fenceKeys.intrusion('GONE', 3), type: 'intrusion' },
    ]);
    walk('C1', 0, [[50, 50]]);
    expect(log).toEqual([`0s -${fenceKeys.intrusion('GONE', 3)}`]);
  });

  it('a card without a fix for longer than the stale time no longer counts', () => {
    const { ev, walk, tick } = setup([], { staleMs: 60_000 });
    walk('C1', 0, [[50, 50]]);
    tick(59);
    expect(ev.counts().get(3)?.people).toBe(1);
    tick(61);
    expect(ev.counts().get(3)).toBeUndefined();
  });
});
