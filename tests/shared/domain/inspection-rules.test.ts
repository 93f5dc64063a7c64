import { describe, expect, it } from 'vitest';
import { offsetToLonLat } from '../../../src/shared/domain/geometry.js';
import {
  checkInvalidApplication,
  checkSequence,
  defaultInspectionRules,
  evaluateRound,
  inWindow,
  judgeCheckIn,
  missedCheckRate,
  missedCheckRates,
  tallyOfRound,
  validateInspectionPlan,
  validateStatisticsQuery,
  type CheckIn,
  type InspectionPlanDraft,
  type InspectionPoint,
  type InspectionTally,
  type PositionFix,
  type Round,
  type RoundRules,
} from '../../../src/shared/domain/inspection-rules.js';
import { calendarOf } from '../../../src/shared/domain/plant-calendar.js';
import { occurrences, schedulePlanSchema } from '../../../src/shared/domain/schedule.js';
import { inspectionMessages } from '../../../src/shared/inspections/messages.js';
import { commonMessages } from '../../../src/shared/messages/common.js';

const cn = (s: string) => Date.parse(`${s}+08:00`);
const MIN = 60_000;
const ORIGIN: [number, number] = [120, 30];
/** A position x metres east and y metres north of the point. */
const near = (x: number, y = 0): [number, number] => offsetToLonLat(ORIGIN, x, y);

const point: InspectionPoint = { id: 'P-1', qrCode: 'QR-P-1', nfcId: '04:A2:19:7F', lon: ORIGIN[0], lat: ORIGIN[1], radiusM: null };
const window = { start: cn('2025-10-15T08:00:00'), end: cn('2025-10-15T12:00:00') };
const scan = (t: number, value = 'QR-P-1', method: CheckIn['method'] = 'qr'): CheckIn => ({ method, value, t });
const fixAt = (t: number, x: number): PositionFix => {
  const [lon, lat] = near(x);
  return { t, lon, lat };
};

describe('check-in: window with the plan time tolerance (DOMAIN.md §9)', () => {
  const tol = 5;
  it.each([
    ['5 min before the start (tolerance edge)', '2025-10-15T07:55:00', 'valid', null],
    ['1 ms before the tolerance edge', cn('2025-10-15T07:55:00') - 1, 'refused', 'inspections.checkIn.tooEarly'],
    ['at the start', '2025-10-15T08:00:00', 'valid', null],
    ['1 ms before the widened end', cn('2025-10-15T12:05:00') - 1, 'valid', null],
    ['at the widened end (excluded)', '2025-10-15T12:05:00', 'refused', 'inspections.checkIn.tooLate'],
  ])('%s: %s', (_name, when, status, code) => {
    const t = typeof when === 'number' ? when : cn(when);
    const v = judgeCheckIn(scan(t), point, window, tol, [fixAt(t, 3)]);
    expect(v.status).toBe(status);
    expect(v.reasons[0]?.code ?? null).toBe(code);
    expect(inWindow(window, tol, t)).toBe(status === 'valid');
  });

  it('tolerance 0 is the bare window', () => {
    expect(judgeCheckIn(scan(window.start - 1), point, window, 0, []).reasons[0]).toEqual({ code: 'inspections.checkIn.tooEarly', params: { minutes: 1 } });
    expect(judgeCheckIn(scan(window.end + 30 * MIN), point, window, 0, []).reasons[0]).toEqual({ code: 'inspections.checkIn.tooLate', params: { minutes: 30 } });
  });
});

describe('check-in: code or NFC card of the point', () => {
  const t = cn('2025-10-15T09:00:00');
  it.each([
    ['the point QR code', scan(t), 'valid'],
    ['with stray spaces', scan(t, ' QR-P-1 '), 'valid'],
    ['another point QR code', scan(t, 'QR-P-2'), 'refused'],
    ['the point NFC card', scan(t, '04:A2:19:7F', 'nfc'), 'valid'],
    ['the QR text read as NFC', scan(t, 'QR-P-1', 'nfc'), 'refused'],
  ])('%s: %s', (_name, c, status) => {
    expect(judgeCheckIn(c, point, window, 0, [fixAt(t, 2)]).status).toBe(status);
  });

  it('a point without an NFC card refuses NFC check-ins', () => {
    const v = judgeCheckIn(scan(t, '', 'nfc'), { ...point, nfcId: null }, window, 0, [fixAt(t, 2)]);
    expect(v.reasons).toEqual([{ code: 'inspections.checkIn.wrongNfc' }]);
  });
});

describe('check-in: the person was at the point (positioning tag)', () => {
  const t = cn('2025-10-15T09:00:00');
  const judge = (fixes: PositionFix[], p = point) => judgeCheckIn(scan(t), p, window, 0, fixes);

  it.each([
    ['a fix 10 m away', [fixAt(t, 10)], 'valid', null],
    ['a fix just inside the default 15 m radius', [fixAt(t, 14.9)], 'valid', null],
    ['only a fix 20 m away', [fixAt(t, 20)], 'flagged', 'inspections.checkIn.outsideRadius'],
    ['no fix at all', [], 'flagged', 'inspections.checkIn.noFix'],
    ['a near fix 61 s before, outside ±60 s', [fixAt(t - 61_000, 2)], 'flagged', 'inspections.checkIn.noFix'],
    ['a near fix exactly 60 s after', [fixAt(t + 60_000, 2)], 'valid', null],
    ['far at the scan, near 40 s later', [fixAt(t, 80), fixAt(t + 40_000, 4)], 'valid', null],
  ])('%s: %s', (_name, fixes, status, code) => {
    const v = judge(fixes);
    expect(v.status).toBe(status);
    expect(v.reasons[0]?.code ?? null).toBe(code);
  });

  it('the flag names the distance and radius', () => {
    expect(judge([fixAt(t, 20), fixAt(t + 10_000, 31)]).reasons).toEqual([{ code: 'inspections.checkIn.outsideRadius', params: { distance: 20, radius: 15 } }]);
    expect(judge([]).reasons).toEqual([{ code: 'inspections.checkIn.noFix', params: { seconds: 60 } }]);
  });

  it("a point's own radius and the plant's settings are data", () => {
    expect(judge([fixAt(t, 20)], { ...point, radiusM: 25 }).status).toBe('valid');
    const strict = { ...defaultInspectionRules, pointRadiusM: 5, fixWindowSec: 10 };
    expect(judgeCheckIn(scan(t), point, window, 0, [fixAt(t, 8)], strict).status).toBe('flagged');
    expect(judgeCheckIn(scan(t), point, window, 0, [fixAt(t - 20_000, 1)], strict).reasons[0]?.code).toBe('inspections.checkIn.noFix');
  });

  it('an offline check-in is judged at its own time, against the positions then', () => {
    const scannedAt = cn('2025-10-15T09:00:00');
    // Uploaded at 13:00, after the window; the person is far away by then.
    const history = [fixAt(scannedAt - 5_000, 3), fixAt(cn('2025-10-15T13:00:00'), 900)];
    expect(judgeCheckIn(scan(scannedAt), point, window, 0, history).status).toBe('valid');
  });

  it('a refused check-in is refused whatever the position', () => {
    const v = judgeCheckIn(scan(t, 'QR-P-9'), point, window, 0, [fixAt(t, 1)]);
    expect(v.status).toBe('refused');
    expect(v.distanceM).toBeCloseTo(1, 1);
  });
});

const rules = (r: Partial<RoundRules> = {}): RoundRules => ({
  minDurationMin: null,
  maxDurationMin: null,
  minGapMin: null,
  ordered: false,
  allPoints: true,
  recordMisses: true,
  ...r,
});

describe('check-in sequence: order and minimum gap (seed 2 §3)', () => {
  const route = ['A', 'B', 'C'];
  const t0 = cn('2025-10-15T08:10:00');
  const doneA = [{ pointId: 'A', t: t0 }];

  it.each([
    ['in order, the next point', rules({ ordered: true }), doneA, 'B', null],
    ['in order, skipping a required point', rules({ ordered: true }), doneA, 'C', 'inspections.checkIn.outOfOrder'],
    ['in order, skipping allowed when not every point is required', rules({ ordered: true, allPoints: false }), doneA, 'C', null],
    ['in order, going back', rules({ ordered: true, allPoints: false }), [...doneA, { pointId: 'C', t: t0 + 5 * MIN }], 'B', 'inspections.checkIn.outOfOrder'],
    ['any order', rules(), doneA, 'C', null],
    ['a point off the route', rules(), doneA, 'Z', 'inspections.checkIn.notInRoute'],
    ['a point already checked', rules(), doneA, 'A', 'inspections.checkIn.alreadyChecked'],
  ] as const)('%s', (_name, r, done, pointId, code) => {
    expect(checkSequence(route, done, pointId, t0 + 10 * MIN, r)?.code ?? null).toBe(code);
  });

  it('the out-of-order message names the expected point by its place', () => {
    expect(checkSequence(route, doneA, 'C', t0 + MIN, rules({ ordered: true }))).toEqual({ code: 'inspections.checkIn.outOfOrder', params: { index: 2 } });
  });

  it.each([
    [2 * MIN - 1, 'inspections.checkIn.tooSoon'],
    [2 * MIN, null],
  ])('minimum gap 2 min, %s ms after the previous check-in: %s', (gap, code) => {
    expect(checkSequence(route, doneA, 'B', t0 + gap, rules({ minGapMin: 2 }))?.code ?? null).toBe(code);
  });
});

describe('a finished round against the plan rules (seed 2 §3, §4 statuses)', () => {
  const t0 = cn('2025-10-15T08:10:00');
  const route = ['A', 'B', 'C'];
  const round = (r: Partial<Round>): Round => ({
    window,
    toleranceMinutes: 5,
    route,
    checkIns: [],
    startedAt: null,
    finishedAt: null,
    terminated: false,
    canceled: false,
    ...r,
  });
  const all = [
    { pointId: 'A', t: t0 },
    { pointId: 'B', t: t0 + 10 * MIN },
    { pointId: 'C', t: t0 + 20 * MIN },
  ];
  const during = cn('2025-10-15T09:00:00');
  const after = cn('2025-10-15T12:05:00');

  it.each([
    ['canceled', round({ canceled: true }), during, 'canceled', []],
    ['nothing yet, window open (with tolerance)', round({}), cn('2025-10-15T12:04:59'), 'notStarted', []],
    ['nothing, window closed', round({}), after, 'incomplete', ['A', 'B', 'C']],
    ['checking, window open', round({ checkIns: all.slice(0, 2) }), during, 'inProgress', []],
    ['every point, finished', round({ checkIns: all, finishedAt: t0 + 25 * MIN }), during, 'completed', []],
    ['two of three, window closed', round({ checkIns: all.slice(0, 2) }), after, 'incomplete', ['C']],
    ['terminated after one', round({ checkIns: all.slice(0, 1), terminated: true }), during, 'terminated', ['B', 'C']],
  ] as const)('%s → %s', (_name, r, now, status, missed) => {
    const v = evaluateRound(r, rules(), now);
    expect(v.status).toBe(status);
    expect(v.missed).toEqual(missed);
  });

  it('misses are written only when the plan records them', () => {
    const r = round({ checkIns: all.slice(0, 2) });
    expect(evaluateRound(r, rules(), after).missRecords).toEqual(['C']);
    expect(evaluateRound(r, rules({ recordMisses: false }), after).missRecords).toEqual([]);
  });

  it('without "all points", a round with a missed point is complete but not qualified', () => {
    const v = evaluateRound(round({ checkIns: all.slice(0, 2), finishedAt: t0 + 15 * MIN }), rules({ allPoints: false }), during);
    expect(v.status).toBe('completed');
    expect(v.qualified).toBe(false);
    expect(v.issues).toEqual([{ code: 'inspections.round.missedPoints', params: { count: 1 } }]);
  });

  it.each([
    ['qualified', rules({ minDurationMin: 20, maxDurationMin: 30, minGapMin: 10, ordered: true }), all, []],
    ['too short', rules({ minDurationMin: 21 }), all, [{ code: 'inspections.round.tooShort', params: { minutes: 20, min: 21 } }]],
    ['too long', rules({ maxDurationMin: 19 }), all, [{ code: 'inspections.round.tooLong', params: { minutes: 20, max: 19 } }]],
    [
      'points too close together',
      rules({ minGapMin: 11 }),
      all,
      [{ code: 'inspections.round.gapTooShort', params: { minutes: 10, min: 11 } }],
    ],
    [
      'out of route order (an offline batch)',
      rules({ ordered: true }),
      [all[0], { pointId: 'C', t: t0 + 10 * MIN }, { pointId: 'B', t: t0 + 20 * MIN }],
      [{ code: 'inspections.round.outOfOrder' }],
    ],
    ['a flagged check-in', rules(), [all[0], { ...all[1], flagged: true }, all[2]], [{ code: 'inspections.round.flagged', params: { count: 1 } }]],
  ] as const)('%s', (_name, r, checkIns, issues) => {
    const v = evaluateRound(round({ checkIns, finishedAt: t0 + 20 * MIN }), r, during);
    expect(v.status).toBe('completed');
    expect(v.issues).toEqual(issues);
    expect(v.qualified).toBe(issues.length === 0);
  });
});

describe('missed-check rate over a scripted month (DOMAIN.md §9)', () => {
  /*
   * October 2025. Plan P1: every day 08:00, 4 h window, points A B C, region R1.
   * Alice (department D1) walks it 1–20 October, Bob (D2) 21–31. Plan P2: every
   * Monday, points X Y, region R2, Alice, all done.
   * Alice misses the whole round of the 5th and point C of the 6th. Bob misses
   * the 25th entirely, and an approved invalid-inspection application moves that
   * record out of statistics; on the 26th he checks only A and his application
   * for it is still pending (it counts). A check-in after the window is not done.
   */
  const cal = calendarOf();
  const p1 = schedulePlanSchema.parse({ id: 'P1', effectiveFrom: cn('2025-10-01T00:00:00'), cycle: { kind: 'day', times: ['08:00'] }, windowMinutes: 240 });
  const p2 = schedulePlanSchema.parse({ id: 'P2', effectiveFrom: cn('2025-10-01T00:00:00'), cycle: { kind: 'week', weekdays: [1], times: ['09:00'] }, windowMinutes: 240 });
  const from = cn('2025-10-01T00:00:00');
  const to = cn('2025-11-01T00:00:00');
  const tol = 0;

  const tallies: InspectionTally[] = [];
  for (const o of occurrences(p1, from, to, cal)) {
    const day = cal.localParts(o.start).day;
    const alice = day <= 20;
    let checked = ['A', 'B', 'C'];
    if (day === 5 || day === 25) {
      checked = [];
    } else if (day === 6) {
      checked = ['A', 'B'];
    } else if (day === 26) {
      checked = ['A'];
    }
    // Day 26: B was scanned after the window closed, so it never reached the round.
    const scans = checked.map((p, i) => ({ pointId: p, t: o.start + (i + 1) * 10 * MIN }));
    if (day === 26) {
      scans.push({ pointId: 'B', t: o.end + MIN });
    }
    const accepted = scans.filter((c) => inWindow(o, tol, c.t));
    tallies.push({
      planId: 'P1',
      personId: alice ? 'alice' : 'bob',
      departmentId: alice ? 'D1' : 'D2',
      regionId: 'R1',
      ...tallyOfRound({ route: ['A', 'B', 'C'], checkIns: accepted, canceled: false }),
      excluded: day === 25,
    });
  }
  for (const o of occurrences(p2, from, to, cal)) {
    tallies.push({
      planId: 'P2',
      personId: 'alice',
      departmentId: 'D1',
      regionId: 'R2',
      ...tallyOfRound({ route: ['X', 'Y'], checkIns: [{ pointId: 'X', t: o.start }, { pointId: 'Y', t: o.start + MIN }], canceled: false }),
      excluded: false,
    });
  }

  it('the month has 31 rounds of P1 and 4 of P2', () => {
    expect(tallies.filter((t) => t.planId === 'P1')).toHaveLength(31);
    expect(tallies.filter((t) => t.planId === 'P2')).toHaveLength(4);
  });

  it('per plan: the excluded record is in neither due nor done', () => {
    expect(missedCheckRates(tallies, 'plan')).toEqual([
      { key: 'P1', due: 90, done: 84, missed: 6, rate: 6 / 90 },
      { key: 'P2', due: 8, done: 8, missed: 0, rate: 0 },
    ]);
  });

  it('per person', () => {
    expect(missedCheckRates(tallies, 'person')).toEqual([
      { key: 'alice', due: 68, done: 64, missed: 4, rate: 4 / 68 },
      // Without the approved application Bob would stand at 33 due, 28 done.
      { key: 'bob', due: 30, done: 28, missed: 2, rate: 2 / 30 },
    ]);
  });

  it('per department and per region', () => {
    expect(missedCheckRates(tallies, 'department').map((r) => [r.key, r.rate])).toEqual([
      ['D1', 4 / 68],
      ['D2', 2 / 30],
    ]);
    expect(missedCheckRates(tallies, 'region').map((r) => [r.key, r.rate])).toEqual([
      ['R1', 6 / 90],
      ['R2', 0],
    ]);
  });

  it('overall, and nothing due gives no rate rather than 0', () => {
    expect(missedCheckRate(tallies)).toEqual({ due: 98, done: 92, missed: 6, rate: 6 / 98 });
    expect(missedCheckRate([])).toEqual({ due: 0, done: 0, missed: 0, rate: null });
    expect(tallyOfRound({ route: ['A'], checkIns: [], canceled: true })).toEqual({ due: 0, done: 0 });
  });
});

describe('invalid-inspection applications (seed 2 §4, §5)', () => {
  const target = { recorderId: 7, responsibleIds: [3], application: 'none' as const };
  const good = { reason: 'device fault, round repeated', approverId: 3 };

  it.each([
    ['the recorder', target, 7, good, []],
    ['a related responsible person', target, 3, { ...good, approverId: 9 }, []],
    ['anyone else', target, 8, good, ['inspections.invalid.recorderOrResponsibleOnly']],
    ['without a reason', target, 7, { ...good, reason: '  ' }, ['inspections.invalid.reasonRequired']],
    ['without an approver', target, 7, { ...good, approverId: null }, ['inspections.invalid.approverRequired']],
    ['approving it oneself', target, 3, good, ['inspections.invalid.approverIsApplicant']],
    ['a second time while pending', { ...target, application: 'pending' as const }, 7, good, ['inspections.invalid.alreadyApplied']],
    ['again after a rejection', { ...target, application: 'rejected' as const }, 7, good, []],
  ])('%s', (_name, t, applicant, input, codes) => {
    expect(checkInvalidApplication(t, applicant, input).map((i) => i.code)).toEqual(codes);
  });

  it('a plant that lets only the recorder apply', () => {
    const issues = checkInvalidApplication(target, 3, { ...good, approverId: 9 }, { ...defaultInspectionRules, invalidApplicants: 'recorder' });
    expect(issues).toEqual([{ field: '(body)', code: 'inspections.invalid.recorderOnly' }]);
  });
});

describe("an inspection plan's fields (seed 2 §3, §5)", () => {
  const valid: InspectionPlanDraft = {
    name: '1# 罐区日常巡检',
    responsibleId: 12,
    cycle: { kind: 'day', times: ['08:00', '20:00'] },
    effectiveFrom: cn('2025-10-01T00:00:00'),
    windowMinutes: 240,
    reminderHours: 1,
    pauses: [{ start: cn('2025-10-10T00:00:00'), end: cn('2025-10-11T00:00:00'), note: '检修' }],
    headcount: 1,
    minDurationMin: 20,
    maxDurationMin: 120,
    minGapMin: 2,
    toleranceMinutes: 0,
    points: ['A', 'B'],
  };
  const issues = (patch: Partial<InspectionPlanDraft>) => validateInspectionPlan({ ...valid, ...patch }).map((i) => `${i.field}:${i.code}`);

  it('a complete plan passes', () => {
    expect(validateInspectionPlan(valid)).toEqual([]);
  });

  it.each([0, 5, '0', '15'])('time tolerance %j is accepted', (toleranceMinutes) => {
    expect(issues({ toleranceMinutes })).toEqual([]);
  });

  it.each([-1, 1.5, '-1', '1.5', 'abc', '1e2'])('time tolerance %j: "请输入0或大于0的整数"', (toleranceMinutes) => {
    expect(issues({ toleranceMinutes })).toEqual(['toleranceMinutes:inspections.zeroOrPositiveInteger']);
    expect(inspectionMessages['inspections.zeroOrPositiveInteger'].zh).toBe('请输入0或大于0的整数');
  });

  it.each([
    ['no name', { name: ' ' }, ['name:validation.required']],
    ['no tolerance', { toleranceMinutes: '' }, ['toleranceMinutes:validation.required']],
    ['headcount 0', { headcount: 0 }, ['headcount:inspections.plan.headcountAtLeastOne']],
    ['minimum above maximum', { minDurationMin: 130 }, ['minDurationMin:inspections.plan.minAboveMax']],
    ['minimum longer than the window', { windowMinutes: 15 }, ['minDurationMin:inspections.plan.minDurationOverWindow']],
    ['a pause without its times', { pauses: [{ start: null, end: null, note: '' }] }, ['pauses.0.start:inspections.plan.pauseRequired', 'pauses.0.end:inspections.plan.pauseRequired']],
    ['a pause ending before it starts', { pauses: [{ start: 2000, end: 1000 }] }, ['pauses.0.end:inspections.endBeforeStart']],
    ['no points', { points: [] }, ['points:inspections.plan.pointsRequired']],
    ['a day cycle without times', { cycle: { kind: 'day', times: [] } }, ['cycle.times:inspections.plan.timesRequired']],
    ['a badly written time', { cycle: { kind: 'day', times: ['8:00'] } }, ['cycle.times.0:inspections.plan.badTime']],
    ['a week cycle without weekdays', { cycle: { kind: 'week', times: ['08:00'], weekdays: [] } }, ['cycle.weekdays:inspections.plan.weekdaysRequired']],
    ['a month cycle without days', { cycle: { kind: 'month', times: ['08:00'], days: [0] } }, ['cycle.days:inspections.plan.daysRequired']],
    ['an hour cycle every 0 h', { cycle: { kind: 'hour', every: 0 } }, ['cycle.every:inspections.plan.hourEvery']],
    ['no cycle', { cycle: null }, ['cycle.kind:validation.required']],
  ] as const)('%s', (_name, patch, expected) => {
    expect(issues(patch as Partial<InspectionPlanDraft>)).toEqual(expected);
  });

  it('an empty pause (end = start) is allowed: the end is not earlier', () => {
    expect(issues({ pauses: [{ start: 1000, end: 1000 }] })).toEqual([]);
  });
});

describe('statistics query (seed 2 §5)', () => {
  it.each([
    [{ item: 'plan', start: 1, end: 2 }, []],
    [{ item: 'plan', start: 1, end: 1 }, []],
    [{ item: '', start: null, end: null }, ['item:inspections.stats.itemRequired', 'start:inspections.stats.startRequired', 'end:inspections.stats.endRequired']],
    [{ item: 'plan', start: 2, end: 1 }, ['end:inspections.endBeforeStart']],
  ])('%j', (q, expected) => {
    expect(validateStatisticsQuery(q).map((i) => `${i.field}:${i.code}`)).toEqual(expected);
  });
});

describe('inspection messages', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(Object.entries(inspectionMessages))('%s has Chinese and English with the same parameters', (_code, text) => {
    expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(text.en.trim()).not.toBe('');
    expect(text.en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(placeholders(text.en)).toEqual(placeholders(text.zh));
  });

  it('the generic codes the rules reuse exist in the common catalogue', () => {
    expect(commonMessages['validation.required']).toBeDefined();
  });
});
