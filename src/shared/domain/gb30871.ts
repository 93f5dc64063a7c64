import { checkGas, defaultGasRules, type GasInfoCode, type GasRules, type GasViolationCode } from './gb30871-gas.js';
import { defaultHeightLimits, defaultLiftingLimits, heightBand, liftingGrade, type HeightLimits, type LiftingLimits } from './gb30871-grades.js';
import type { HotGrade, WorkingBillCheckInput } from './gb30871-input.js';

/*
 * Safe-work permits to GB 30871-2022 《危险化学品企业特殊作业安全规范》
 * (DOMAIN.md §7): the plant calendar the rules need, the hot-work raise,
 * validity limits and `checkPermit`, the one judgement behind
 * `POST UAPI/WorkingBill/Check`. Names, grades, bands and approval levels live
 * in `gb30871-grades.ts`, gas analysis in `gb30871-gas.ts`, the request body
 * in `gb30871-input.ts`.
 *
 * Clause numbers were read from secondary copies of the standard (as DOMAIN.md
 * warns); the values are the ones DOMAIN.md states.
 */

// ---------------------------------------------------------------- the calendar and the raise

/**
 * What the rules need of the plant calendar (`plant-calendar.ts` satisfies
 * it): holidays, rest days (公休日), night hours and the plant's day, all in
 * the plant's time zone. Each answers for one instant.
 */
export interface PermitCalendar {
  isHoliday(t: number): boolean;
  isRestDay(t: number): boolean;
  isNight(t: number): boolean;
  /** The plant-calendar day of `t`, e.g. '2025-10-01'; equal keys mean the same day. */
  dayKey(t: number): string;
}

export type RaiseReason = 'holiday' | 'restDay' | 'night' | 'wind';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PermitRules {
  /** Wind force (Beaufort) from which hot work is raised, inclusive (GB 30871-2022: force 5). */
  raiseWindForce: number;
  /** Spacing of the instants at which the calendar is asked; see `raiseReasons`. */
  scanStepMs: number;
  /** The calendar is asked over at most this span from `start`; see `raiseReasons`. */
  maxScanMs: number;
  /** Longest permit, end − start, inclusive. Hot work by its effective grade. */
  validityMs: { hotSpecialOr1: number; hot2: number; confined: number; height: number; power: number; powerSpecial: number };
  gas: GasRules;
  lifting: LiftingLimits;
  height: HeightLimits;
}

/** GB 30871-2022 values (DOMAIN.md §7). A plant may only tighten them. */
export const defaultPermitRules: PermitRules = {
  raiseWindForce: 5,
  scanStepMs: 15 * 60_000,
  maxScanMs: 31 * DAY,
  validityMs: { hotSpecialOr1: 8 * HOUR, hot2: 72 * HOUR, confined: 24 * HOUR, height: 7 * DAY, power: 15 * DAY, powerSpecial: 30 * DAY },
  gas: defaultGasRules,
  lifting: defaultLiftingLimits,
  height: defaultHeightLimits,
};

/**
 * Why hot work planned over [start, end] is raised (GB 30871-2022 §5.3,
 * DOMAIN.md §7): part of it on a holiday, a rest day or at
 * night, or wind of force ≥ 5 at the moment judged.
 *
 * The interval is CLOSED: work planned to end at 22:00 with night from 22:00
 * touches the night. The calendar is asked at `start`, at `end` and at every
 * multiple of `scanStepMs` (15 min, epoch-aligned) in between. This is exact
 * whenever each run of holiday, rest day or night lasts at least one step: a
 * run that meets [start, end] either holds an endpoint or lies inside it and
 * then holds a grid instant. (Every time-zone offset in use is a multiple of
 * 15 min, so local midnights and night bounds on the quarter hour fall on the
 * grid as well.)
 * Scanning stops at `maxScanMs` after `start` (31 days, ten times the longest
 * hot-work validity, so such a permit fails validity whatever its grade) so a
 * wild `end` cannot stall the server: a full 31-day scan asks the calendar
 * at most 3 × 2,977 times; a real calendar meets a night within the first
 * day and the check stops there.
 */
export function raiseReasons(
  start: number,
  end: number,
  calendar: PermitCalendar,
  windForce: number | undefined,
  rules: Pick<PermitRules, 'raiseWindForce' | 'scanStepMs' | 'maxScanMs'> = defaultPermitRules,
): RaiseReason[] {
  return scanRaise(start, end, calendar, windForce, rules, false);
}

/** Whether any reason applies; stops at the first one found. */
export function isRaised(
  start: number,
  end: number,
  calendar: PermitCalendar,
  windForce: number | undefined,
  rules: Pick<PermitRules, 'raiseWindForce' | 'scanStepMs' | 'maxScanMs'> = defaultPermitRules,
): boolean {
  return scanRaise(start, end, calendar, windForce, rules, true).length > 0;
}

const calendarReasons = ['holiday', 'restDay', 'night'] as const;

function scanRaise(
  start: number,
  end: number,
  calendar: PermitCalendar,
  windForce: number | undefined,
  rules: Pick<PermitRules, 'raiseWindForce' | 'scanStepMs' | 'maxScanMs'>,
  firstOnly: boolean,
): RaiseReason[] {
  const found = new Set<RaiseReason>();
  if (windForce !== undefined && windForce >= rules.raiseWindForce) {
    found.add('wind');
  }
  const done = () => (firstOnly ? found.size > 0 : calendarReasons.every((r) => found.has(r)));
  const ask = (t: number) => {
    if (!found.has('holiday') && calendar.isHoliday(t)) {
      found.add('holiday');
    }
    if (!found.has('restDay') && calendar.isRestDay(t)) {
      found.add('restDay');
    }
    if (!found.has('night') && calendar.isNight(t)) {
      found.add('night');
    }
  };
  const last = Math.min(Math.max(start, end), start + rules.maxScanMs);
  const step = rules.scanStepMs;
  const instants = function* () {
    yield start;
    for (let t = Math.floor(start / step) * step + step; t < last; t += step) {
      yield t;
    }
    yield last;
  };
  for (const t of instants()) {
    if (done()) {
      break;
    }
    ask(t);
  }
  return (['holiday', 'restDay', 'night', 'wind'] as const).filter((r) => found.has(r));
}

/**
 * One grade up: 二级 → 一级 → 特级; 特级 stays. Raised at most ONCE however
 * many reasons apply (night on a holiday in a gale is still one step):
 * GB 30871-2022 §5.3 says the work is managed one grade up (升级管理), not one
 * grade per reason, and 特级 has nothing above it.
 */
export function raiseGrade(grade: HotGrade): HotGrade {
  return grade === '2' ? '1' : 'special';
}

export function effectiveHotGrade(grade: HotGrade, reasons: readonly RaiseReason[]): HotGrade {
  return reasons.length > 0 ? raiseGrade(grade) : grade;
}

// ---------------------------------------------------------------- the check

export const permitViolationCodes = [
  'validation.required',
  'permits.endNotAfterStart',
  'permits.validityHotSpecialOr1',
  'permits.validityHot2',
  'permits.validityConfined',
  'permits.validityHeight',
  'permits.validityPower',
  'permits.validityPowerSpecial',
  'permits.powerOutlivesServed',
  'permits.loadRequired',
  'permits.heightRequired',
  'permits.blindExactlyOne',
] as const;
export type PermitViolationCode = (typeof permitViolationCodes)[number] | GasViolationCode;
export const permitInfoCodes = ['permits.liftingNoPermit', 'permits.heightNoPermit'] as const;
export type PermitInfoCode = (typeof permitInfoCodes)[number] | GasInfoCode;

/** The body field at fault. */
export type PermitField = 'grade' | 'end' | 'gas' | 'loadT' | 'heightM' | 'blinds';

export interface PermitFinding<C extends string> {
  code: C;
  field: PermitField;
}

export interface PermitCheckResult {
  ok: boolean;
  /** Hot work only: the grade after the calendar and wind raise. */
  effectiveGrade?: HotGrade;
  violations: PermitFinding<PermitViolationCode>[];
  /** Facts that do not stop the work (no permit needed, a monitoring record due). */
  info?: PermitFinding<PermitInfoCode>[];
}

export interface CheckOptions {
  /** The moment judged when the body has no `at`. */
  now?: number;
  rules?: PermitRules;
}

function validityLimit(body: WorkingBillCheckInput, grade: HotGrade | undefined, rules: PermitRules): { ms: number; code: PermitViolationCode } | null {
  const v = rules.validityMs;
  switch (body.type) {
    case 'hot':
      // Judged on the effective grade: raised work is managed as the higher grade (升级管理), its shorter validity included.
      return grade === '2' ? { ms: v.hot2, code: 'permits.validityHot2' } : { ms: v.hotSpecialOr1, code: 'permits.validityHotSpecialOr1' };
    case 'confined':
      return { ms: v.confined, code: 'permits.validityConfined' };
    case 'height':
      return { ms: v.height, code: 'permits.validityHeight' };
    case 'power':
      return body.powerSpecial === true ? { ms: v.powerSpecial, code: 'permits.validityPowerSpecial' } : { ms: v.power, code: 'permits.validityPower' };
    case 'blind':
    case 'lifting':
    case 'excavation':
    case 'road':
      return null;
  }
}

/**
 * Judges a permit body at a moment (`body.at`, else `options.now`, else the
 * clock). Pure apart from that last default. Violations make `ok` false;
 * info never does. Each code appears once.
 *
 * Decisions: `end` must be strictly after `start`; validity is end − start
 * ≤ limit (exactly the limit passes, 1 ms more fails); a planned start in the
 * past is not a violation (GB 30871 sets no such rule); the moment judged may
 * lie after `end` (no expiry rule is invented here; the lifecycle handles it);
 * lifting under 10 t and height under 2 m are info (`liftingNoPermit`,
 * `heightNoPermit`), not violations.
 */
export function checkPermit(body: WorkingBillCheckInput, calendar: PermitCalendar, options: CheckOptions = {}): PermitCheckResult {
  const rules = options.rules ?? defaultPermitRules;
  const at = body.at ?? options.now ?? Date.now();
  const violations: PermitFinding<PermitViolationCode>[] = [];
  const info: PermitFinding<PermitInfoCode>[] = [];

  let effectiveGrade: HotGrade | undefined;
  if (body.type === 'hot') {
    if (body.grade === undefined) {
      violations.push({ code: 'validation.required', field: 'grade' });
    } else {
      effectiveGrade = isRaised(body.start, body.end, calendar, body.windForce, rules) ? raiseGrade(body.grade) : body.grade;
    }
  }

  if (body.end <= body.start) {
    violations.push({ code: 'permits.endNotAfterStart', field: 'end' });
  } else {
    const limit = validityLimit(body, effectiveGrade, rules);
    if (limit && body.end - body.start > limit.ms) {
      violations.push({ code: limit.code, field: 'end' });
    }
  }

  switch (body.type) {
    case 'hot':
    case 'confined': {
      const gas = checkGas(
        body.gas,
        { type: body.type, grade: effectiveGrade, at, start: body.start, breakMinutes: body.breakMinutes, o2Enriched: body.o2Enriched, dayKey: (t) => calendar.dayKey(t) },
        rules.gas,
      );
      violations.push(...gas.violations.map((code) => ({ code, field: 'gas' as const })));
      info.push(...gas.info.map((code) => ({ code, field: 'gas' as const })));
      break;
    }
    case 'power':
      // GB 30871-2022 §10: temporary power lasts no longer than the hot-work or confined-space permit it serves.
      if (body.servesEnd !== undefined && body.end > body.servesEnd) {
        violations.push({ code: 'permits.powerOutlivesServed', field: 'end' });
      }
      break;
    case 'lifting':
      if (body.loadT === undefined) {
        violations.push({ code: 'permits.loadRequired', field: 'loadT' });
      } else if (liftingGrade(body.loadT, rules.lifting) === null) {
        info.push({ code: 'permits.liftingNoPermit', field: 'loadT' });
      }
      break;
    case 'height':
      if (body.heightM === undefined) {
        violations.push({ code: 'permits.heightRequired', field: 'heightM' });
      } else if (heightBand(body.heightM, rules.height) === null) {
        info.push({ code: 'permits.heightNoPermit', field: 'heightM' });
      }
      break;
    case 'blind':
      // GB 30871-2022 §7: one permit per blind plate and per action (insert or remove).
      if (body.blinds?.length !== 1) {
        violations.push({ code: 'permits.blindExactlyOne', field: 'blinds' });
      }
      break;
    case 'excavation':
    case 'road':
      break;
  }

  const result: PermitCheckResult = { ok: violations.length === 0, violations };
  if (effectiveGrade !== undefined) {
    result.effectiveGrade = effectiveGrade;
  }
  if (info.length > 0) {
    result.info = info;
  }
  return result;
}
