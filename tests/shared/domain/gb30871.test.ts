import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../../src/shared/messages/common.js';
import { permitMessages } from '../../../src/shared/permits/messages.js';
import {
  checkPermit,
  defaultPermitRules,
  isRaised,
  permitInfoCodes,
  permitViolationCodes,
  raiseGrade,
  raiseReasons,
  type PermitCalendar,
  type PermitCheckResult,
} from '../../../src/shared/domain/gb30871.js';
import { approvalLevel, approvalLevels, heightBand, hotGrades, liftingGrade, mayExtend, permitFormEdition, permitTypes } from '../../../src/shared/domain/gb30871-grades.js';
import { combustibleLimitPct, gasInfoCodes, gasMode, gasViolationCodes, readingPctVol } from '../../../src/shared/domain/gb30871-gas.js';
import { permitTypeCodes, workingBillCheckInput, type GasSample, type WorkingBillCheckInput } from '../../../src/shared/domain/gb30871-input.js';

/*
 * GB 30871-2022 (DOMAIN.md §7). Every limit is tried at the limit and one step
 * past it: 1 ms for times, the smallest meaningful step for readings.
 */

const MS = 1;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------- test calendar

/** Test defaults: fixed UTC+8 (no daylight saving), Saturday and Sunday rest days, night 22:00–06:00, holidays 2025-10-01…07. */
const TEST_OFFSET_H = 8;
const TEST_REST_WEEKDAYS = [6, 0];
const TEST_NIGHT = { fromMin: 22 * 60, toMin: 6 * 60 };
const TEST_HOLIDAYS = ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04', '2025-10-05', '2025-10-06', '2025-10-07'];

interface TestCalendarOptions {
  restWeekdays?: number[];
  /** Local minutes of the day; from > to wraps past midnight; null: no night. */
  night?: { fromMin: number; toMin: number } | null;
  holidays?: string[];
}

/** A stand-in for the plant calendar (src/shared/domain/plant-calendar.ts), with the test defaults above. */
function testCalendar(o: TestCalendarOptions = {}): PermitCalendar & { calls: number } {
  const rest = o.restWeekdays ?? TEST_REST_WEEKDAYS;
  const night = o.night === undefined ? TEST_NIGHT : o.night;
  const holidays = new Set(o.holidays ?? TEST_HOLIDAYS);
  const local = (t: number) => new Date(t + TEST_OFFSET_H * HOUR);
  const cal = {
    calls: 0,
    dayKey: (t: number) => local(t).toISOString().slice(0, 10),
    isHoliday(t: number) {
      cal.calls++;
      return holidays.has(cal.dayKey(t));
    },
    isRestDay(t: number) {
      cal.calls++;
      return rest.includes(local(t).getUTCDay());
    },
    isNight(t: number) {
      cal.calls++;
      if (!night) {
        return false;
      }
      const d = local(t);
      const m = d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60 + d.getUTCMilliseconds() / MIN;
      return night.fromMin > night.toMin ? m >= night.fromMin || m < night.toMin : m >= night.fromMin && m < night.toMin;
    },
  };
  return cal;
}

/** Default test calendar. */
const CAL = testCalendar();
/** No night, rest day or holiday: isolates rules from the grade raise. */
const PLAIN = testCalendar({ restWeekdays: [], night: null, holidays: [] });

/** Epoch ms of a local time in the test zone, 'YYYY-MM-DD HH:mm[:ss[.mmm]]'. */
function local(s: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)(?::(\d\d)(?:\.(\d{3}))?)?$/.exec(s);
  if (!m) {
    throw new Error(`bad time ${s}`);
  }
  const [, y, mo, d, h, mi, sec = '0', ms = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), Number(ms)) - TEST_OFFSET_H * HOUR;
}

// Wednesday 2025-09-17, a working day; Friday 09-19, Saturday 09-20; Wednesday 10-01 is a holiday.
const WED_10 = local('2025-09-17 10:00');

// ---------------------------------------------------------------- helpers

const seen = new Set<string>();

/** checkPermit through the schema, as the Check call will run it; records every code returned. */
function check(body: WorkingBillCheckInput, calendar: PermitCalendar = PLAIN): PermitCheckResult {
  const r = checkPermit(workingBillCheckInput.parse(body), calendar);
  for (const f of [...r.violations, ...(r.info ?? [])]) {
    seen.add(f.code);
  }
  return r;
}

const codes = (r: PermitCheckResult) => r.violations.map((v) => v.code);

const goodHotGas = (t: number): GasSample[] => [{ t, lel: 5, reading: 0.1 }];
const goodConfinedGas = (t: number): GasSample[] => [{ t, lel: 5, reading: 0.1, o2: 20.9 }];

function hot(grade: 'special' | '1' | '2', o: Partial<WorkingBillCheckInput> = {}): WorkingBillCheckInput {
  const start = o.start ?? WED_10;
  return { type: 'hot', grade, start, end: start + 2 * HOUR, at: start, gas: goodHotGas(start - 10 * MIN), ...o };
}

function confined(o: Partial<WorkingBillCheckInput> = {}): WorkingBillCheckInput {
  const start = o.start ?? WED_10;
  return { type: 'confined', start, end: start + 2 * HOUR, at: start, gas: goodConfinedGas(start - 10 * MIN), ...o };
}

// ---------------------------------------------------------------- names and data

describe('permit types, grades, edition', () => {
  it('names all eight GB 30871-2022 operations in both languages', () => {
    expect(Object.keys(permitTypes).sort()).toEqual([...permitTypeCodes].sort());
    expect(permitTypes.hot).toEqual({ zh: '动火作业', en: 'Hot work' });
    expect(permitTypes.confined.zh).toBe('受限空间作业');
    expect(permitTypes.blind.zh).toBe('盲板抽堵作业');
  });

  it('names the hot-work grades 特级/一级/二级', () => {
    expect([hotGrades.special.zh, hotGrades['1'].zh, hotGrades['2'].zh]).toEqual(['特级', '一级', '二级']);
  });

  it('carries the form edition code (seed 2 §9)', () => {
    expect(permitFormEdition).toBe('EHS-R-025');
  });
});

// ---------------------------------------------------------------- raise, GB 30871-2022 §5.3

describe('hot-work grade raise (GB 30871-2022 §5.3: holidays, rest days, night, wind ≥ 5; one raise only)', () => {
  const cases: [string, Partial<WorkingBillCheckInput>, 'special' | '1' | '2', 'special' | '1' | '2'][] = [
    ['weekday daytime, wind 4: no raise', { start: WED_10, end: WED_10 + 6 * HOUR, windForce: 4 }, '2', '2'],
    ['weekday daytime, wind 5: raised', { start: WED_10, end: WED_10 + 6 * HOUR, windForce: 5 }, '2', '1'],
    ['weekday daytime, no wind given: no raise', { start: WED_10, end: WED_10 + 6 * HOUR }, '2', '2'],
    ['rest day (Saturday)', { start: local('2025-09-20 10:00'), end: local('2025-09-20 12:00') }, '2', '1'],
    ['holiday on a weekday (2025-10-01 is a Wednesday)', { start: local('2025-10-01 10:00'), end: local('2025-10-01 12:00') }, '2', '1'],
    ['night 22:00–23:00', { start: local('2025-09-17 22:00'), end: local('2025-09-17 23:00') }, '2', '1'],
    ['ends exactly at 22:00: the closed interval touches the night', { start: local('2025-09-17 20:00'), end: local('2025-09-17 22:00') }, '2', '1'],
    ['ends 1 ms before 22:00', { start: local('2025-09-17 20:00'), end: local('2025-09-17 21:59:59.999') }, '2', '2'],
    ['starts exactly at 06:00, when night ends', { start: local('2025-09-17 06:00'), end: local('2025-09-17 08:00') }, '2', '2'],
    ['starts 1 ms before 06:00', { start: local('2025-09-17 05:59:59.999'), end: local('2025-09-17 08:00') }, '2', '1'],
    ['reaches into Saturday 00:00 exactly', { start: local('2025-09-19 20:00'), end: local('2025-09-20 00:00') }, '2', '1'],
    ['grade 1 at night → 特级', { start: local('2025-09-17 22:00'), end: local('2025-09-17 23:00') }, '1', 'special'],
    ['特级 stays 特级', { start: local('2025-09-17 22:00'), end: local('2025-09-17 23:00'), windForce: 8 }, 'special', 'special'],
    ['holiday + night + wind 6: still one raise (二级 → 一级, not 特级)', { start: local('2025-10-01 22:00'), end: local('2025-10-01 23:00'), windForce: 6 }, '2', '1'],
    ['rest day + wind 5 on grade 1: one raise', { start: local('2025-09-20 10:00'), end: local('2025-09-20 12:00'), windForce: 5 }, '1', 'special'],
  ];
  it.each(cases)('%s', (_label, o, grade, expected) => {
    expect(check(hot(grade, { ...o, at: o.start, gas: goodHotGas((o.start ?? WED_10) - 5 * MIN) }), CAL).effectiveGrade).toBe(expected);
  });

  it('Friday 20:00–23:59:59.999 with no night in the calendar does not reach Saturday', () => {
    const noNight = testCalendar({ night: null });
    expect(isRaised(local('2025-09-19 10:00'), local('2025-09-19 23:59:59.999'), noNight, undefined)).toBe(false);
    expect(isRaised(local('2025-09-19 10:00'), local('2025-09-20 00:00'), noNight, undefined)).toBe(true);
  });

  it('finds a night that lies wholly inside the planned work, touching neither end', () => {
    const lunchNight = testCalendar({ night: { fromMin: 12 * 60, toMin: 13 * 60 }, restWeekdays: [], holidays: [] });
    expect(raiseReasons(local('2025-09-17 11:30'), local('2025-09-17 13:30'), lunchNight, undefined)).toEqual(['night']);
    // A run of one scan step (15 min) strictly inside: the grid instant 12:15 falls in it.
    const short = testCalendar({ night: { fromMin: 12 * 60 + 7, toMin: 12 * 60 + 22 }, restWeekdays: [], holidays: [] });
    expect(raiseReasons(local('2025-09-17 12:01'), local('2025-09-17 12:29'), short, undefined)).toEqual(['night']);
    expect(raiseReasons(local('2025-09-17 12:23'), local('2025-09-17 12:59'), short, undefined)).toEqual([]);
  });

  it('lists every reason that applies', () => {
    expect(raiseReasons(local('2025-10-04 21:00'), local('2025-10-04 23:00'), CAL, 5)).toEqual(['holiday', 'restDay', 'night', 'wind']);
    expect(raiseReasons(WED_10, WED_10 + HOUR, CAL, 4)).toEqual([]);
  });

  it('raiseGrade: 二级 → 一级 → 特级, 特级 stays', () => {
    expect([raiseGrade('2'), raiseGrade('1'), raiseGrade('special')]).toEqual(['1', 'special', 'special']);
  });

  it('asks the calendar a bounded number of times, however far away the end', () => {
    const counting = testCalendar({ restWeekdays: [], night: null, holidays: [] });
    raiseReasons(WED_10, WED_10 + 100 * 365 * DAY, counting, undefined);
    const steps = defaultPermitRules.maxScanMs / defaultPermitRules.scanStepMs;
    expect(counting.calls).toBeLessThanOrEqual(3 * (steps + 2));
    expect(counting.calls).toBeGreaterThan(3 * (steps - 2));
  });

  it('gives effectiveGrade for hot work only', () => {
    expect(check(confined(), CAL).effectiveGrade).toBeUndefined();
    expect(check({ type: 'road', start: WED_10, end: WED_10 + HOUR, windForce: 7 }, CAL)).toEqual({ ok: true, violations: [] });
  });
});

// ---------------------------------------------------------------- validity

describe('validity, end − start ≤ limit (GB 30871-2022 §5–§10)', () => {
  const cases: [string, WorkingBillCheckInput, number, string, PermitCalendar][] = [
    ['特级 hot work 8 h', hot('special'), 8 * HOUR, 'permits.validityHotSpecialOr1', PLAIN],
    ['一级 hot work 8 h', hot('1'), 8 * HOUR, 'permits.validityHotSpecialOr1', PLAIN],
    ['二级 hot work 72 h (no raise in the plain calendar)', hot('2'), 72 * HOUR, 'permits.validityHot2', PLAIN],
    ['二级 raised to 一级 by wind 5: 8 h', hot('2', { windForce: 5 }), 8 * HOUR, 'permits.validityHotSpecialOr1', PLAIN],
    ['confined space 24 h', confined(), 24 * HOUR, 'permits.validityConfined', PLAIN],
    ['work at height 7 days', { type: 'height', start: WED_10, end: 0, heightM: 10 }, 7 * DAY, 'permits.validityHeight', PLAIN],
    ['temporary power 15 days', { type: 'power', start: WED_10, end: 0 }, 15 * DAY, 'permits.validityPower', PLAIN],
    ['temporary power, special, 30 days', { type: 'power', start: WED_10, end: 0, powerSpecial: true }, 30 * DAY, 'permits.validityPowerSpecial', PLAIN],
  ];
  it.each(cases)('%s: exactly the limit passes, 1 ms more fails', (_label, body, limit, code, cal) => {
    const pass = check({ ...body, end: body.start + limit }, cal);
    expect(pass.violations).toEqual([]);
    expect(pass.ok).toBe(true);
    const fail = check({ ...body, end: body.start + limit + MS }, cal);
    expect(fail.violations).toEqual([{ code, field: 'end' }]);
    expect(fail.ok).toBe(false);
  });

  it('二级 planned over the night: 8 h passes as 一级, 8 h + 1 ms fails although 二级 alone allows 72 h', () => {
    const start = local('2025-09-17 20:00');
    const body = hot('2', { start, at: start, gas: goodHotGas(start - 5 * MIN) });
    expect(check({ ...body, end: start + 8 * HOUR }, CAL)).toEqual({ ok: true, effectiveGrade: '1', violations: [] });
    expect(check({ ...body, end: start + 8 * HOUR + MS }, CAL)).toEqual({ ok: false, effectiveGrade: '1', violations: [{ code: 'permits.validityHotSpecialOr1', field: 'end' }] });
  });

  it('powerSpecial lifts 15 days to 30', () => {
    expect(check({ type: 'power', start: WED_10, end: WED_10 + 15 * DAY + MS, powerSpecial: true }).ok).toBe(true);
    expect(check({ type: 'power', start: WED_10, end: WED_10 + 15 * DAY + MS, powerSpecial: false }).ok).toBe(false);
  });

  it.each(['blind', 'lifting', 'excavation', 'road'] as const)('%s has no validity limit in GB 30871-2022', (type) => {
    const body: WorkingBillCheckInput = { type, start: WED_10, end: WED_10 + 365 * DAY, loadT: 50, blinds: [{ id: 'B-1', action: 'insert' }] };
    expect(check(body).violations).toEqual([]);
  });

  it.each([
    ['end = start', 0, false],
    ['end = start − 1 ms', -MS, false],
    ['end = start + 1 ms', MS, true],
  ] as const)('end strictly after start: %s', (_label, delta, ok) => {
    const r = check({ type: 'road', start: WED_10, end: WED_10 + delta });
    expect(r.violations).toEqual(ok ? [] : [{ code: 'permits.endNotAfterStart', field: 'end' }]);
  });

  it('a planned start in the past is not a violation', () => {
    expect(check({ type: 'road', start: WED_10, end: WED_10 + HOUR, at: WED_10 + 30 * DAY }).ok).toBe(true);
  });
});

describe('temporary power ends no later than the permit it serves (GB 30871-2022 §10)', () => {
  it.each([
    ['end = servesEnd', 0, true],
    ['end = servesEnd + 1 ms', MS, false],
    ['end before servesEnd', -HOUR, true],
  ] as const)('%s', (_label, delta, ok) => {
    const end = WED_10 + 5 * HOUR;
    const r = check({ type: 'power', start: WED_10, end, servesEnd: end - delta });
    expect(r.violations).toEqual(ok ? [] : [{ code: 'permits.powerOutlivesServed', field: 'end' }]);
  });
});

describe('mayExtend: hot work gets no delay ticket (GB 30871-2022 §5)', () => {
  it.each(permitTypeCodes.map((t) => [t, t !== 'hot'] as const))('%s → %s', (type, expected) => {
    expect(mayExtend(type)).toBe(expected);
  });
});

// ---------------------------------------------------------------- gas analysis

describe('gas: start or resume', () => {
  it.each([
    ['at before start, break given', WED_10 - MIN, 45, 'start'],
    ['at = start, break given', WED_10, 45, 'start'],
    ['at after start, no break', WED_10 + HOUR, undefined, 'start'],
    ['at after start, break 0', WED_10 + HOUR, 0, 'start'],
    ['at after start, break > 0', WED_10 + HOUR, 0.001, 'resume'],
  ] as const)('%s → %s', (_label, at, breakMinutes, mode) => {
    expect(gasMode(at, WED_10, breakMinutes)).toBe(mode);
  });
});

describe('gas: sample ≤ 30 min before start (GB 30871-2022 §5 动火分析)', () => {
  it.each([
    ['hot, at = start, sample start − 30 min', hot('1'), WED_10, WED_10 - 30 * MIN, []],
    ['hot, at = start, sample start − 30 min − 1 ms', hot('1'), WED_10, WED_10 - 30 * MIN - MS, ['permits.gasStale']],
    ['hot, at before start, sample start − 30 min', hot('1'), WED_10 - 10 * MIN, WED_10 - 30 * MIN, []],
    ['hot, at before start, sample start − 30 min − 1 ms', hot('1'), WED_10 - 10 * MIN, WED_10 - 30 * MIN - MS, ['permits.gasStale']],
    ['confined, sample start − 30 min', confined(), WED_10, WED_10 - 30 * MIN, []],
    ['confined, sample start − 30 min − 1 ms', confined(), WED_10, WED_10 - 30 * MIN - MS, ['permits.gasStale']],
    ['hot, running without a break, newest sample after the start', hot('1'), WED_10 + 3 * HOUR, WED_10 + HOUR, []],
  ] as const)('%s', (_label, body, at, t, expected) => {
    const gas = body.type === 'hot' ? goodHotGas(t) : goodConfinedGas(t);
    expect(codes(check({ ...body, at, gas }))).toEqual(expected);
  });

  it('judges the newest sample: an older stale one does not matter, a newer fresh one does', () => {
    const gas = [...goodHotGas(WED_10 - 5 * HOUR), ...goodHotGas(WED_10 - 20 * MIN)];
    expect(check(hot('1', { gas })).ok).toBe(true);
  });
});

describe('gas: samples after the moment judged are ignored', () => {
  it('a later failing sample does not count against an earlier moment', () => {
    const gas = [...goodHotGas(WED_10 - 10 * MIN), { t: WED_10 + MS, lel: 5, reading: 3 }];
    expect(check(hot('1', { gas })).ok).toBe(true);
  });

  it('a later passing sample is no evidence: only a future sample is missing gas', () => {
    expect(codes(check(hot('1', { gas: goodHotGas(WED_10 + MS) })))).toEqual(['permits.gasMissing']);
  });

  it('a sample at exactly `at` counts', () => {
    expect(check(hot('1', { gas: goodHotGas(WED_10) })).ok).toBe(true);
  });
});

describe('gas: re-analysis after a break (GB 30871-2022 §5: > 30 min 特级/一级, > 60 min 二级; §6: > 60 min confined)', () => {
  const AT = WED_10 + 3 * HOUR;
  const cases: [string, WorkingBillCheckInput, number, PermitCalendar][] = [
    ['特级', hot('special'), 30, PLAIN],
    ['一级', hot('1'), 30, PLAIN],
    ['二级', hot('2', { end: WED_10 + 4 * HOUR }), 60, PLAIN],
    ['二级 raised to 一级 by wind: 30 min (effective grade)', hot('2', { windForce: 5, end: WED_10 + 4 * HOUR }), 30, PLAIN],
    ['二级 raised to 一级 by a rest day: 30 min', hot('2', { start: local('2025-09-20 10:00'), end: local('2025-09-20 14:00') }), 30, CAL],
    ['confined space', confined({ end: WED_10 + 4 * HOUR }), 60, PLAIN],
  ];
  it.each(cases)('%s: break at the limit keeps the start analysis, 1 ms more needs a new one', (_label, body, limitMin, cal) => {
    const at = body.start + 3 * HOUR;
    const base = { ...body, at };
    expect(check({ ...base, breakMinutes: limitMin }, cal).violations).toEqual([]);
    expect(check({ ...base, breakMinutes: limitMin + MS / MIN }, cal).violations).toEqual([{ code: 'permits.gasReanalysis', field: 'gas' }]);
    // The re-analysis is a new start: ≤ 30 min before resuming.
    const again = (t: number) => [...(body.gas ?? []), ...(body.type === 'hot' ? goodHotGas(t) : goodConfinedGas(t))];
    expect(check({ ...base, breakMinutes: limitMin + 1, gas: again(at - 30 * MIN) }, cal).violations).toEqual([]);
    expect(check({ ...base, breakMinutes: limitMin + 1, gas: again(at - 30 * MIN - MS) }, cal).violations).toEqual([{ code: 'permits.gasReanalysis', field: 'gas' }]);
  });

  it('a break counts only once work has started: at ≤ start is judged as a start', () => {
    expect(check(hot('1', { breakMinutes: 120 })).ok).toBe(true);
  });

  it('the break limit of 二级 is not applied to 一级', () => {
    expect(codes(check(hot('1', { at: AT, breakMinutes: 45 })))).toEqual(['permits.gasReanalysis']);
    expect(codes(check(hot('2', { at: AT, breakMinutes: 45 })))).toEqual([]);
  });
});

describe('gas: every day before work (the plant-calendar day of `at`)', () => {
  const start = local('2025-09-18 00:10');
  it.each([
    ['sample 23:59:59.999 the day before, fresh but another day', local('2025-09-17 23:59:59.999'), ['permits.gasNotToday']],
    ['sample 00:00 the same day', local('2025-09-18 00:00'), []],
  ] as const)('%s', (_label, t, expected) => {
    expect(codes(check(hot('1', { start, at: start, end: start + HOUR, gas: goodHotGas(t) })))).toEqual(expected);
  });

  it('work running into the next day needs that day’s analysis', () => {
    const s = local('2025-09-17 20:00');
    const body = hot('2', { start: s, end: s + 24 * HOUR, at: local('2025-09-18 08:00'), gas: goodHotGas(s - 10 * MIN) });
    expect(codes(check(body))).toEqual(['permits.gasNotToday']);
    expect(codes(check({ ...body, gas: [...(body.gas ?? []), ...goodHotGas(local('2025-09-18 07:50'))] }))).toEqual([]);
  });
});

describe('gas: pass limits (GB 30871-2022 §5 合格判定)', () => {
  const judge = (sample: Omit<GasSample, 't'>) => codes(check(hot('1', { gas: [{ t: WED_10 - 5 * MIN, ...sample }] })));
  it.each([
    ['LEL 4 %, 0.5 % vol', { lel: 4, reading: 0.5 }, []],
    ['LEL 4 %, 0.500001 % vol', { lel: 4, reading: 0.500001 }, ['permits.gasOverLimit']],
    ['LEL 4 %, 0.51 % vol', { lel: 4, reading: 0.51 }, ['permits.gasOverLimit']],
    ['LEL 4 %, 0.21 % vol (the looser limit applies)', { lel: 4, reading: 0.21 }, []],
    ['LEL 3.99 %, 0.2 % vol', { lel: 3.99, reading: 0.2 }, []],
    ['LEL 3.99 %, 0.200001 % vol', { lel: 3.99, reading: 0.200001 }, ['permits.gasOverLimit']],
    ['LEL 3.99 %, 0.21 % vol', { lel: 3.99, reading: 0.21 }, ['permits.gasOverLimit']],
    ['LEL 3.99 %, 0.5 % vol', { lel: 3.99, reading: 0.5 }, ['permits.gasOverLimit']],
    ['LEL unknown, 0.2 % vol (held to the stricter limit)', { reading: 0.2 }, []],
    ['LEL unknown, 0.21 % vol', { reading: 0.21 }, ['permits.gasOverLimit']],
    ['methane LEL 5 %, 10 % LEL = 0.5 % vol', { lel: 5, reading: 10, unit: '%LEL' }, []],
    ['methane LEL 5 %, 10.01 % LEL', { lel: 5, reading: 10.01, unit: '%LEL' }, ['permits.gasOverLimit']],
    ['hydrogen LEL 4 %, 12.5 % LEL = 0.5 % vol', { lel: 4, reading: 12.5, unit: '%LEL' }, []],
    ['acetylene LEL 2.5 %, 8 % LEL = 0.2 % vol', { lel: 2.5, reading: 8, unit: '%LEL' }, []],
    ['acetylene LEL 2.5 %, 8.01 % LEL', { lel: 2.5, reading: 8.01, unit: '%LEL' }, ['permits.gasOverLimit']],
    ['propane LEL 2.1 %, 9.5 % LEL ≈ 0.1995 % vol', { lel: 2.1, reading: 9.5, unit: '%LEL' }, []],
    ['% LEL without the gas’s LEL', { reading: 5, unit: '%LEL' }, ['permits.gasLelMissing']],
    ['hot work ignores oxygen (no O₂ band for hot work)', { lel: 5, reading: 0.1, o2: 15 }, []],
  ] as const)('%s', (_label, sample, expected) => {
    expect(judge(sample)).toEqual(expected);
  });

  it('converts % LEL to % vol with the gas’s LEL', () => {
    expect(readingPctVol({ reading: 10, unit: '%LEL', lel: 5 })).toBe(0.5);
    expect(readingPctVol({ reading: 0.3 })).toBe(0.3);
    expect(readingPctVol({ reading: 0.3, unit: '%vol', lel: 5 })).toBe(0.3);
    expect(readingPctVol({ reading: 10, unit: '%LEL' })).toBeNull();
    expect([combustibleLimitPct(4), combustibleLimitPct(3.99), combustibleLimitPct(undefined)]).toEqual([0.5, 0.2, 0.2]);
  });

  it('judges every gas of the newest analysis; a failing older one is superseded', () => {
    const t = WED_10 - 5 * MIN;
    const both = (second: number) => [
      { t, lel: 5, reading: 0.1 },
      { t, lel: 2.5, reading: second },
    ];
    expect(codes(check(hot('1', { gas: both(0.2) })))).toEqual([]);
    expect(codes(check(hot('1', { gas: both(0.3) })))).toEqual(['permits.gasOverLimit']);
    expect(codes(check(hot('1', { gas: [{ t: t - MIN, lel: 5, reading: 2 }, ...goodHotGas(t)] })))).toEqual([]);
    expect(codes(check(hot('1', { gas: [...goodHotGas(t - MIN), { t, lel: 5, reading: 2 }] })))).toEqual(['permits.gasOverLimit']);
  });
});

describe('gas: confined-space oxygen 19.5–21 %, ≤ 23.5 % enriched, inclusive (GB 30871-2022 §6)', () => {
  const judge = (o2: number, o2Enriched?: boolean) => codes(check(confined({ o2Enriched, gas: [{ t: WED_10 - 5 * MIN, o2 }] })));
  it.each([
    [19.5, undefined, []],
    [19.49, undefined, ['permits.o2OutOfRange']],
    [21, undefined, []],
    [21.01, undefined, ['permits.o2OutOfRange']],
    [21.01, true, []],
    [23.5, true, []],
    [23.51, true, ['permits.o2OutOfRange']],
    [19.5, true, []],
    [19.49, true, ['permits.o2OutOfRange']],
  ] as const)('O₂ %s %%, enriched %s', (o2, enriched, expected) => {
    expect(judge(o2, enriched)).toEqual(expected);
  });

  it('needs an oxygen reading; combustibles are judged when given', () => {
    expect(codes(check(confined({ gas: goodHotGas(WED_10 - 5 * MIN) })))).toEqual(['permits.o2Missing']);
    expect(codes(check(confined({ gas: [{ t: WED_10 - 5 * MIN, o2: 20.9, lel: 5, reading: 0.6 }] })))).toEqual(['permits.gasOverLimit']);
  });

  it('records every 2 h while work runs: info, not a violation', () => {
    const body = confined({ end: WED_10 + 6 * HOUR, gas: goodConfinedGas(WED_10) });
    expect(check({ ...body, at: WED_10 + 2 * HOUR })).toEqual({ ok: true, violations: [] });
    expect(check({ ...body, at: WED_10 + 2 * HOUR + MS })).toEqual({ ok: true, violations: [], info: [{ code: 'permits.confinedRecordDue', field: 'gas' }] });
  });
});

describe('gas: required for hot work and confined space', () => {
  it.each([
    ['hot, no gas', hot('1', { gas: undefined }), ['permits.gasMissing']],
    ['hot, empty gas', hot('1', { gas: [] }), ['permits.gasMissing']],
    ['hot, oxygen only', hot('1', { gas: [{ t: WED_10 - MIN, o2: 20.9 }] }), ['permits.gasMissing']],
    ['confined, no gas', confined({ gas: undefined }), ['permits.gasMissing']],
  ] as const)('%s', (_label, body, expected) => {
    expect(check(body).violations).toEqual(expected.map((code) => ({ code, field: 'gas' })));
  });

  it.each(['blind', 'lifting', 'height', 'power', 'excavation', 'road'] as const)('%s needs no gas analysis', (type) => {
    const r = check({ type, start: WED_10, end: WED_10 + HOUR, loadT: 20, heightM: 3, blinds: [{ id: 'B-7', action: 'remove' }] });
    expect(r).toEqual({ ok: true, violations: [] });
  });
});

// ---------------------------------------------------------------- lifting, height, blind

describe('lifting grades (GB 30871-2022 §9): 一级 > 100 t, 二级 40–100 t, 三级 < 40 t, < 10 t no permit', () => {
  it.each([
    [9.999, null],
    [10, '3'],
    [39.999, '3'],
    [40, '2'],
    [100, '2'],
    [100.001, '1'],
  ] as const)('%s t → %s', (t, grade) => {
    expect(liftingGrade(t)).toBe(grade);
  });

  it('under 10 t: info, not a violation; from 10 t: nothing; no load: a violation', () => {
    const body: WorkingBillCheckInput = { type: 'lifting', start: WED_10, end: WED_10 + HOUR };
    expect(check({ ...body, loadT: 9.999 })).toEqual({ ok: true, violations: [], info: [{ code: 'permits.liftingNoPermit', field: 'loadT' }] });
    expect(check({ ...body, loadT: 10 })).toEqual({ ok: true, violations: [] });
    expect(check(body)).toEqual({ ok: false, violations: [{ code: 'permits.loadRequired', field: 'loadT' }] });
  });
});

describe('height bands (GB/T 3608-2008, closed on the right)', () => {
  it.each([
    [1.999, null],
    [2, 'I'],
    [5, 'I'],
    [5.001, 'II'],
    [15, 'II'],
    [15.001, 'III'],
    [30, 'III'],
    [30.001, 'IV'],
  ] as const)('%s m → %s', (h, band) => {
    expect(heightBand(h)).toBe(band);
  });

  it('below 2 m: info, not a violation; no height: a violation', () => {
    const body: WorkingBillCheckInput = { type: 'height', start: WED_10, end: WED_10 + HOUR };
    expect(check({ ...body, heightM: 1.999 })).toEqual({ ok: true, violations: [], info: [{ code: 'permits.heightNoPermit', field: 'heightM' }] });
    expect(check({ ...body, heightM: 2 })).toEqual({ ok: true, violations: [] });
    expect(check(body)).toEqual({ ok: false, violations: [{ code: 'permits.heightRequired', field: 'heightM' }] });
  });
});

describe('blind plate: one blind and one action per permit (GB 30871-2022 §7)', () => {
  const blinds = [
    { id: 'B-1', action: 'insert' as const },
    { id: 'B-2', action: 'remove' as const },
  ];
  it.each([
    ['none given', undefined, false],
    ['empty', [], false],
    ['one', blinds.slice(0, 1), true],
    ['two', blinds, false],
  ] as const)('%s', (_label, list, ok) => {
    const r = check({ type: 'blind', start: WED_10, end: WED_10 + HOUR, blinds: list ? [...list] : undefined });
    expect(r.violations).toEqual(ok ? [] : [{ code: 'permits.blindExactlyOne', field: 'blinds' }]);
  });
});

// ---------------------------------------------------------------- approval

describe('approval level (GB 30871-2022 Table B.1)', () => {
  it.each([
    ['hot', 'special', 'leader'],
    ['hot', '1', 'safetyDept'],
    ['hot', '2', 'unit'],
    ['confined', undefined, 'unit'],
    ['blind', undefined, 'unit'],
    ['height', 'I', 'unit'],
    ['height', 'II', 'professionalDept'],
    ['height', 'III', 'professionalDept'],
    ['height', 'IV', 'plantDirector'],
    ['lifting', '1', 'plantDirector'],
    ['lifting', '2', 'professionalDept'],
    ['lifting', '3', 'professionalDept'],
    ['power', undefined, null],
    ['excavation', undefined, null],
    ['road', undefined, null],
    ['hot', undefined, null],
    ['height', '1', null],
  ] as const)('%s %s → %s', (type, grade, level) => {
    expect(approvalLevel(type, grade)).toBe(level);
  });

  it('names each level in both languages', () => {
    expect(approvalLevels.leader.zh).toBe('主管领导');
    expect(approvalLevels.safetyDept.zh).toBe('安全管理部门');
    expect(approvalLevels.unit.zh).toBe('所在基层单位');
    expect(approvalLevels.professionalDept.zh).toBe('专业部门');
    expect(approvalLevels.plantDirector.zh).toBe('主管厂长或总工程师');
    for (const l of Object.values(approvalLevels)) {
      expect(l.en).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('the effective grade sets the level: 二级 at night is approved as 一级', () => {
    const start = local('2025-09-17 22:00');
    const r = check(hot('2', { start, at: start, end: start + HOUR, gas: goodHotGas(start - MIN) }), CAL);
    expect(r.effectiveGrade).toBe('1');
    expect(approvalLevel('hot', r.effectiveGrade ?? '2')).toBe('safetyDept');
  });
});

// ---------------------------------------------------------------- the body

describe('workingBillCheckInput', () => {
  it('refuses hot work without a grade, on field grade', () => {
    const r = workingBillCheckInput.safeParse({ type: 'hot', start: WED_10, end: WED_10 + HOUR });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['grade', 'validation.required']]);
  });

  it('refuses a gas sample with neither reading nor oxygen', () => {
    const r = workingBillCheckInput.safeParse({ ...confined(), gas: [{ t: WED_10, lel: 5 }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['gas.0.reading', 'permits.gasSampleEmpty']]);
  });

  it('refuses an unknown type, a fractional epoch and a negative load', () => {
    expect(workingBillCheckInput.safeParse({ type: 'diving', start: 0, end: 1 }).success).toBe(false);
    expect(workingBillCheckInput.safeParse({ type: 'road', start: 0.5, end: 1 }).success).toBe(false);
    expect(workingBillCheckInput.safeParse({ type: 'lifting', start: 0, end: 1, loadT: -1 }).success).toBe(false);
  });

  it('accepts the documented body and keeps every field', () => {
    const body = { ...hot('2'), breakMinutes: 0, windForce: 3, o2Enriched: false, gas: [{ t: WED_10, lel: 5, reading: 4, unit: '%LEL' as const, o2: 20.9 }] };
    expect(workingBillCheckInput.parse(body)).toEqual(body);
  });

  it('checkPermit called without the schema still refuses hot work without a grade, on field grade', () => {
    const r = checkPermit({ ...hot('1'), grade: undefined }, PLAIN);
    for (const f of r.violations) {
      seen.add(f.code);
    }
    expect(r).toEqual({ ok: false, violations: [{ code: 'validation.required', field: 'grade' }] });
  });

  it('uses the caller’s now when the body has no at', () => {
    const body = workingBillCheckInput.parse({ ...hot('1'), at: undefined });
    expect(checkPermit(body, PLAIN, { now: WED_10 }).ok).toBe(true);
    expect(codes(checkPermit(body, PLAIN, { now: WED_10 - 1 }))).toEqual([]);
    expect(codes(checkPermit(body, PLAIN, { now: WED_10 - 10 * MIN - 1 }))).toEqual(['permits.gasMissing']);
  });
});

// ---------------------------------------------------------------- messages (last: reads the codes the tests above saw)

describe('messages', () => {
  const all: Record<string, { zh: string; en: string }> = { ...commonMessages, ...permitMessages };
  const declared = [...permitViolationCodes, ...gasViolationCodes, ...permitInfoCodes, ...gasInfoCodes, 'permits.gasSampleEmpty'];

  it.each(declared)('%s has zh and en', (code) => {
    const m = all[code];
    expect(m?.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(m?.en).toMatch(/^[\x20-\x7e’₂]+$/);
  });

  it('every code returned above has a message in both languages', () => {
    expect(seen.size).toBeGreaterThan(15);
    for (const code of seen) {
      expect(declared, code).toContain(code);
      expect(all[code]?.zh, code).toBeTruthy();
      expect(all[code]?.en, code).toBeTruthy();
    }
  });

  it('keeps the seed’s wording', () => {
    expect(permitMessages['permits.g2SameAsG1'].zh).toBe('G2不能与G1为同一人');
    expect(permitMessages['permits.signFirst'].zh).toBe('请先签名');
    expect(permitMessages['permits.notCurrentApprover'].zh).toBe('您不是当前步骤的审批人');
    expect(permitMessages['permits.isolationWorkOpen'].zh).toBe('作业未完成，禁止解除隔离措施');
    expect(permitMessages['permits.isolationRequiredFields'].zh).toBe('有必填项未填写');
    expect(permitMessages['permits.completionRequired'].zh).toBe('请填写作业完成情况');
  });

  it('every permits code is under permits.', () => {
    expect(Object.keys(permitMessages).every((k) => k.startsWith('permits.'))).toBe(true);
  });
});
