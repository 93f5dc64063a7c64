import type { MessageParams } from '../messages/define.js';
import type { InspectionMessageCode } from '../inspections/messages.js';
import { haversineDistance } from './geometry.js';
import { minuteOfDay } from './plant-calendar.js';

/*
 * Inspection (巡检) rules, DOMAIN.md §9 and seed 2 §3–§5: whether a check-in
 * counts, how a finished round is judged against its plan's rules, the
 * missed-check rate, who may apply for an invalid inspection, and the checks
 * on a plan's fields.
 *
 * A check-in counts only inside its task's window (with the plan's time
 * tolerance) and with the point's QR code or NFC card. On top of that the
 * person's positioning tag must have been near the point at that moment: a
 * scanned code can be photographed and scanned anywhere, a tag cannot. A
 * check-in whose position does not match is flagged for review, not refused,
 * because tags miss fixes (indoors, under steel) and the person did scan.
 */

type Id = string | number;

export interface InspectionIssue {
  code: InspectionMessageCode | 'validation.required';
  params?: MessageParams;
}

/** A problem with one field of a form; `(body)` for the request as a whole. */
export interface InspectionFieldIssue extends InspectionIssue {
  field: string;
}

/** Thresholds a plant may change. */
export interface InspectionRulesConfig {
  /**
   * A fix this close to the point counts as "at the point", metres, where the
   * point names no radius of its own. 15 m: tags are good to ±3 m standing and
   * ±5 m moving (AQ 3064.3-2025), and an inspector reads a gauge or walks round
   * a pump a few metres from where the point's marker is drawn.
   */
  pointRadiusM: number;
  /** Fixes this many seconds before or after the check-in are compared with the point. */
  fixWindowSec: number;
  /** Seed 2 §5 has two messages: only the recorder, or the recorder and a related responsible person. */
  invalidApplicants: 'recorder' | 'recorderOrResponsible';
}

export const defaultInspectionRules: InspectionRulesConfig = {
  pointRadiusM: 15,
  fixWindowSec: 60,
  invalidApplicants: 'recorderOrResponsible',
};

const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------
// Check-ins

export interface InspectionPoint {
  id: Id;
  /** Text of the point's QR code. */
  qrCode: string | null;
  /** Id of the NFC card fixed at the point. */
  nfcId: string | null;
  lon: number;
  lat: number;
  /** Radius of this point in metres; null: the plant's default. */
  radiusM: number | null;
}

export interface CheckIn {
  method: 'qr' | 'nfc';
  /** What was scanned: the QR text or the NFC card id. */
  value: string;
  /**
   * When the person scanned, by the device's clock. An offline check-in keeps
   * this time when it is uploaded later, and is judged against the window and
   * the positions at this time, not at upload.
   */
  t: number;
}

export interface PositionFix {
  t: number;
  lon: number;
  lat: number;
}

/** A task's due window (schedule.ts `Occurrence`). */
export interface DueWindow {
  start: number;
  end: number;
}

export interface CheckInVerdict {
  /** valid: counts; flagged: counts, marked for review; refused: does not count. */
  status: 'valid' | 'flagged' | 'refused';
  /** Why refused, or why flagged. */
  reasons: InspectionIssue[];
  /** Distance of the nearest fix within the time window, metres; null without one. */
  distanceM: number | null;
}

/**
 * Whether `t` lies in the window widened by the tolerance on both sides:
 * [start − tolerance, end + tolerance), the same closed-open form as the window.
 */
export function inWindow(window: DueWindow, toleranceMinutes: number, t: number): boolean {
  const tol = toleranceMinutes * MINUTE_MS;
  return t >= window.start - tol && t < window.end + tol;
}

/** The position test alone: the nearest fix within ±fixWindowSec of `t`, against the point's radius. */
export function positionAtPoint(
  point: Pick<InspectionPoint, 'lon' | 'lat' | 'radiusM'>,
  t: number,
  fixes: readonly PositionFix[],
  config: InspectionRulesConfig = defaultInspectionRules,
): { ok: boolean; distanceM: number | null; issue: InspectionIssue | null } {
  const radius = point.radiusM ?? config.pointRadiusM;
  const span = config.fixWindowSec * 1000;
  let nearest: number | null = null;
  for (const f of fixes) {
    if (Math.abs(f.t - t) <= span) {
      const d = haversineDistance([f.lon, f.lat], [point.lon, point.lat]);
      nearest = nearest === null ? d : Math.min(nearest, d);
    }
  }
  if (nearest === null) {
    return { ok: false, distanceM: null, issue: { code: 'inspections.checkIn.noFix', params: { seconds: config.fixWindowSec } } };
  }
  if (nearest <= radius) {
    return { ok: true, distanceM: nearest, issue: null };
  }
  return { ok: false, distanceM: nearest, issue: { code: 'inspections.checkIn.outsideRadius', params: { distance: Math.round(nearest), radius } } };
}

/**
 * Judges one check-in. Refused when outside the task's window (with the plan's
 * tolerance in minutes) or when the scanned code is not the point's; otherwise
 * valid when a fix of the person within ±fixWindowSec lies within the point's
 * radius, and flagged (`inspections.checkIn.noFix` or `…outsideRadius`) when not.
 * `fixes` are the person's positions around `checkIn.t`, in any order.
 */
export function judgeCheckIn(
  checkIn: CheckIn,
  point: InspectionPoint,
  window: DueWindow,
  toleranceMinutes: number,
  fixes: readonly PositionFix[],
  config: InspectionRulesConfig = defaultInspectionRules,
): CheckInVerdict {
  const refusals: InspectionIssue[] = [];
  const tol = toleranceMinutes * MINUTE_MS;
  // Whole minutes, at least 1, so the text never reads "0 minutes".
  const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (checkIn.t < window.start - tol) {
    refusals.push({ code: 'inspections.checkIn.tooEarly', params: { minutes: minutes(window.start - tol - checkIn.t) } });
  } else if (checkIn.t >= window.end + tol) {
    refusals.push({ code: 'inspections.checkIn.tooLate', params: { minutes: minutes(checkIn.t - (window.end + tol)) } });
  }
  const expected = checkIn.method === 'qr' ? point.qrCode : point.nfcId;
  if (expected === null || expected.trim() === '' || checkIn.value.trim() !== expected.trim()) {
    refusals.push({ code: checkIn.method === 'qr' ? 'inspections.checkIn.wrongCode' : 'inspections.checkIn.wrongNfc' });
  }
  const position = positionAtPoint(point, checkIn.t, fixes, config);
  if (refusals.length > 0) {
    return { status: 'refused', reasons: refusals, distanceM: position.distanceM };
  }
  return position.issue ? { status: 'flagged', reasons: [position.issue], distanceM: position.distanceM } : { status: 'valid', reasons: [], distanceM: position.distanceM };
}

// ---------------------------------------------------------------------------
// Plan rules over a round

/** The rules of an inspection plan that shape a round (seed 2 §3). Minutes; null: no such rule. */
export interface RoundRules {
  minDurationMin: number | null;
  maxDurationMin: number | null;
  /** Minimum time between two consecutive check-ins. */
  minGapMin: number | null;
  /** Points must be checked in route order. */
  ordered: boolean;
  /** Every point must be checked for the round to be complete. */
  allPoints: boolean;
  /** Missed points are written as 漏检 records. */
  recordMisses: boolean;
}

/** An accepted check-in (valid or flagged) of a round. */
export interface RoundCheckIn {
  pointId: Id;
  t: number;
  flagged?: boolean;
}

/**
 * Whether the next scan may be taken, before it is judged: the point is on the
 * route and not yet checked, it comes in order when order is required (with
 * every point required, exactly the next one; otherwise any later one), and the
 * minimum time since the previous check-in has passed. Null when it may.
 */
export function checkSequence(route: readonly Id[], done: readonly RoundCheckIn[], pointId: Id, t: number, rules: RoundRules): InspectionIssue | null {
  const index = route.indexOf(pointId);
  if (index < 0) {
    return { code: 'inspections.checkIn.notInRoute' };
  }
  if (done.some((c) => c.pointId === pointId)) {
    return { code: 'inspections.checkIn.alreadyChecked' };
  }
  if (rules.ordered) {
    const last = done.reduce((m, c) => Math.max(m, route.indexOf(c.pointId)), -1);
    if (rules.allPoints ? index !== last + 1 : index < last) {
      return { code: 'inspections.checkIn.outOfOrder', params: { index: last + 2 } };
    }
  }
  if (rules.minGapMin !== null && done.length > 0) {
    const previous = done.reduce((m, c) => Math.max(m, c.t), Number.NEGATIVE_INFINITY);
    if (t - previous < rules.minGapMin * MINUTE_MS) {
      return { code: 'inspections.checkIn.tooSoon', params: { minutes: rules.minGapMin } };
    }
  }
  return null;
}

/** Seed 2 §4: statuses of an inspection record. */
export const inspectionStatuses = ['notStarted', 'inProgress', 'completed', 'terminated', 'incomplete', 'canceled'] as const;
export type InspectionStatus = (typeof inspectionStatuses)[number];

export interface Round {
  window: DueWindow;
  toleranceMinutes: number;
  /** The plan's points in route order. */
  route: readonly Id[];
  /** Accepted check-ins (refused ones never reach a round). */
  checkIns: readonly RoundCheckIn[];
  /** When the inspector started the round; null: at the first check-in. */
  startedAt: number | null;
  /** When the inspector finished it; null: not (yet) finished. */
  finishedAt: number | null;
  /** Ended early by the inspector or a manager. */
  terminated: boolean;
  canceled: boolean;
}

export interface RoundVerdict {
  status: InspectionStatus;
  /** Route points not checked (once the round is over). */
  missed: Id[];
  /** Missed points to write as 漏检 records: `missed` when the plan records misses, else none. */
  missRecords: Id[];
  /** Unqualified reasons of a round that is over. */
  issues: InspectionIssue[];
  /** Over, complete and without issues. */
  qualified: boolean;
  /** From start to finish (or the last check-in), whole minutes; null before any check-in. */
  durationMin: number | null;
}

/**
 * Judges a round against its plan's rules at `now`. A canceled round is not
 * due. A round with no check-in is not started while its window (with
 * tolerance) is open and incomplete once it closed. A round with check-ins is in
 * progress until it is finished or its window closes; then it is completed when
 * its required points are checked (every point with `allPoints`, otherwise at
 * least one) and incomplete when not. A terminated round stays terminated. The
 * duration, gap and order rules give unqualified reasons, not another status.
 */
export function evaluateRound(round: Round, rules: RoundRules, now: number): RoundVerdict {
  const checks = [...round.checkIns].sort((a, b) => a.t - b.t);
  const closesAt = round.window.end + round.toleranceMinutes * MINUTE_MS;
  const over = round.terminated || round.finishedAt !== null || now >= closesAt;
  const blank = (status: InspectionStatus, missed: Id[]): RoundVerdict => ({
    status,
    missed,
    missRecords: rules.recordMisses ? missed : [],
    issues: missed.length > 0 ? [{ code: 'inspections.round.missedPoints', params: { count: missed.length } }] : [],
    qualified: false,
    durationMin: null,
  });
  if (round.canceled) {
    return blank('canceled', []);
  }
  if (checks.length === 0) {
    if (!over) {
      return blank('notStarted', []);
    }
    return blank(round.terminated ? 'terminated' : 'incomplete', [...round.route]);
  }
  const startedAt = round.startedAt ?? checks[0].t;
  const durationMin = Math.floor(((round.finishedAt ?? checks[checks.length - 1].t) - startedAt) / MINUTE_MS);
  if (!over) {
    return { status: 'inProgress', missed: [], missRecords: [], issues: [], qualified: false, durationMin };
  }

  const checked = new Set(checks.map((c) => c.pointId));
  const missed = round.route.filter((p) => !checked.has(p));
  const issues: InspectionIssue[] = [];
  if (missed.length > 0) {
    issues.push({ code: 'inspections.round.missedPoints', params: { count: missed.length } });
  }
  if (rules.minDurationMin !== null && durationMin < rules.minDurationMin) {
    issues.push({ code: 'inspections.round.tooShort', params: { minutes: durationMin, min: rules.minDurationMin } });
  }
  if (rules.maxDurationMin !== null && durationMin > rules.maxDurationMin) {
    issues.push({ code: 'inspections.round.tooLong', params: { minutes: durationMin, max: rules.maxDurationMin } });
  }
  if (rules.minGapMin !== null) {
    let shortest = Number.POSITIVE_INFINITY;
    for (let i = 1; i < checks.length; i++) {
      shortest = Math.min(shortest, checks[i].t - checks[i - 1].t);
    }
    if (shortest < rules.minGapMin * MINUTE_MS) {
      issues.push({ code: 'inspections.round.gapTooShort', params: { minutes: Math.floor(shortest / MINUTE_MS), min: rules.minGapMin } });
    }
  }
  if (rules.ordered) {
    const order = checks.map((c) => round.route.indexOf(c.pointId));
    if (order.some((k, i) => i > 0 && k < order[i - 1])) {
      issues.push({ code: 'inspections.round.outOfOrder' });
    }
  }
  const flagged = checks.filter((c) => c.flagged).length;
  if (flagged > 0) {
    issues.push({ code: 'inspections.round.flagged', params: { count: flagged } });
  }
  const complete = rules.allPoints ? missed.length === 0 : checked.size > 0;
  const status: InspectionStatus = round.terminated ? 'terminated' : complete ? 'completed' : 'incomplete';
  return {
    status,
    missed,
    missRecords: rules.recordMisses ? missed : [],
    issues,
    qualified: status === 'completed' && issues.length === 0,
    durationMin,
  };
}

// ---------------------------------------------------------------------------
// Missed-check rate

/** One task as statistics see it. */
export interface InspectionTally {
  planId: Id;
  /** The recorder (the person the task was assigned to). */
  personId: Id | null;
  departmentId: Id | null;
  regionId: Id | null;
  /** Points due in the task (the route's length; 0 for a canceled task). */
  due: number;
  /** Points checked inside the window (valid or flagged check-ins). */
  done: number;
  /** Moved out of statistics by an approved invalid-inspection application (seed 2 §4). */
  excluded: boolean;
}

export interface MissedCheckRate {
  key: Id | null;
  due: number;
  done: number;
  missed: number;
  /** (due − done) ÷ due; null when nothing was due. */
  rate: number | null;
}

export type RateDimension = 'plan' | 'person' | 'department' | 'region';

const dimensionKey: Record<RateDimension, (t: InspectionTally) => Id | null> = {
  plan: (t) => t.planId,
  person: (t) => t.personId,
  department: (t) => t.departmentId,
  region: (t) => t.regionId,
};

/** The tally of a judged round: points due and points checked in the window. */
export function tallyOfRound(round: Pick<Round, 'route' | 'checkIns' | 'canceled'>): Pick<InspectionTally, 'due' | 'done'> {
  if (round.canceled) {
    return { due: 0, done: 0 };
  }
  const route = new Set(round.route);
  return { due: route.size, done: new Set(round.checkIns.map((c) => c.pointId).filter((p) => route.has(p))).size };
}

/**
 * Missed-check rate = (due − done in window) ÷ due (DOMAIN.md §9), counted in
 * points, per plan, person, department or region, in order of first
 * appearance. A task moved out of statistics by an approved invalid-inspection
 * application counts in neither due nor done: it is as if it had never been
 * due, so it neither raises nor lowers anyone's rate. A pending or rejected
 * application changes nothing.
 */
export function missedCheckRates(tallies: readonly InspectionTally[], by: RateDimension): MissedCheckRate[] {
  const groups = new Map<Id | null, { due: number; done: number }>();
  for (const t of tallies) {
    if (t.excluded) {
      continue;
    }
    const key = dimensionKey[by](t);
    const g = groups.get(key) ?? { due: 0, done: 0 };
    g.due += t.due;
    g.done += Math.min(t.done, t.due);
    groups.set(key, g);
  }
  return [...groups].map(([key, g]) => ({ key, due: g.due, done: g.done, missed: g.due - g.done, rate: g.due > 0 ? (g.due - g.done) / g.due : null }));
}

/** The rate over all tallies. */
export function missedCheckRate(tallies: readonly InspectionTally[]): Omit<MissedCheckRate, 'key'> {
  const kept = tallies.filter((t) => !t.excluded);
  const due = kept.reduce((s, t) => s + t.due, 0);
  const done = kept.reduce((s, t) => s + Math.min(t.done, t.due), 0);
  return { due, done, missed: due - done, rate: due > 0 ? (due - done) / due : null };
}

// ---------------------------------------------------------------------------
// Invalid-inspection applications

/** The record applied for, as the rule needs it. */
export interface InvalidApplicationTarget {
  recorderId: Id;
  /** Related responsible people: the plan's responsible person, the region's inspection responsible person. */
  responsibleIds: readonly Id[];
  /** The record's application so far; a rejected one may be made again (seed 2 §4). */
  application: 'none' | 'pending' | 'approved' | 'rejected';
}

export interface InvalidApplicationInput {
  reason: string | null | undefined;
  approverId: Id | null | undefined;
}

/**
 * Seed 2 §4, §5: who may apply for an invalid inspection (the recorder, or
 * also a related responsible person, as the plant chooses), with a reason and
 * an approver other than the applicant. Empty when the application may be made.
 */
export function checkInvalidApplication(
  target: InvalidApplicationTarget,
  applicantId: Id,
  input: InvalidApplicationInput,
  config: InspectionRulesConfig = defaultInspectionRules,
): InspectionFieldIssue[] {
  const issues: InspectionFieldIssue[] = [];
  const isRecorder = target.recorderId === applicantId;
  if (config.invalidApplicants === 'recorder' && !isRecorder) {
    issues.push({ field: '(body)', code: 'inspections.invalid.recorderOnly' });
  } else if (config.invalidApplicants === 'recorderOrResponsible' && !isRecorder && !target.responsibleIds.includes(applicantId)) {
    issues.push({ field: '(body)', code: 'inspections.invalid.recorderOrResponsibleOnly' });
  }
  if (target.application === 'pending' || target.application === 'approved') {
    issues.push({ field: '(body)', code: 'inspections.invalid.alreadyApplied' });
  }
  if (!input.reason || input.reason.trim() === '') {
    issues.push({ field: 'reason', code: 'inspections.invalid.reasonRequired' });
  }
  if (input.approverId === null || input.approverId === undefined || input.approverId === '') {
    issues.push({ field: 'approverId', code: 'inspections.invalid.approverRequired' });
  } else if (input.approverId === applicantId) {
    issues.push({ field: 'approverId', code: 'inspections.invalid.approverIsApplicant' });
  }
  return issues;
}

// ---------------------------------------------------------------------------
// Plan fields

/** A number as a form may send it. */
type NumberLike = number | string | null | undefined;

/** An inspection plan as the form sends it (seed 2 §3); everything may be missing or mistyped. */
export interface InspectionPlanDraft {
  name?: string | null;
  responsibleId?: Id | null;
  cycle?: {
    kind?: string | null;
    every?: NumberLike;
    at?: string | null;
    times?: readonly string[] | null;
    weekdays?: readonly number[] | null;
    days?: readonly number[] | null;
  } | null;
  effectiveFrom?: number | null;
  windowMinutes?: NumberLike;
  reminderHours?: NumberLike;
  pauses?: readonly { start?: number | null; end?: number | null; note?: string | null }[] | null;
  headcount?: NumberLike;
  minDurationMin?: NumberLike;
  maxDurationMin?: NumberLike;
  minGapMin?: NumberLike;
  toleranceMinutes?: NumberLike;
  points?: readonly Id[] | null;
}

const blankValue = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A whole number ≥ 0 as typed or sent: 3 and '3' yes; -1, 1.5, '1.0', 'abc' no. */
function wholeNumber(v: NumberLike): number | null {
  if (typeof v === 'number') {
    return Number.isInteger(v) && v >= 0 ? v : null;
  }
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) {
    return Number(v.trim());
  }
  return null;
}

/**
 * Checks an inspection plan's fields (seed 2 §3, §5): name, responsible person,
 * cycle and its times, effective time and points are required; the time
 * tolerance is 0 or a positive integer ("请输入0或大于0的整数"), as are the
 * reminder hours and the minimum/maximum time and gap; headcount ≥ 1; minimum ≤
 * maximum time; every pause has a start and an end, the end not before the start.
 */
export function validateInspectionPlan(plan: InspectionPlanDraft): InspectionFieldIssue[] {
  const issues: InspectionFieldIssue[] = [];
  const required = (field: string, v: unknown) => {
    if (blankValue(v) || (Array.isArray(v) && v.length === 0)) {
      issues.push({ field, code: 'validation.required' });
      return false;
    }
    return true;
  };
  const whole = (field: string, v: NumberLike, { optional }: { optional: boolean }) => {
    if (blankValue(v)) {
      if (!optional) {
        issues.push({ field, code: 'validation.required' });
      }
      return null;
    }
    const n = wholeNumber(v);
    if (n === null) {
      issues.push({ field, code: 'inspections.zeroOrPositiveInteger' });
    }
    return n;
  };

  required('name', plan.name);
  required('responsibleId', plan.responsibleId);
  required('effectiveFrom', plan.effectiveFrom);
  if (!plan.points || plan.points.length === 0) {
    issues.push({ field: 'points', code: 'inspections.plan.pointsRequired' });
  }

  const cycle = plan.cycle;
  if (!cycle || blankValue(cycle.kind)) {
    issues.push({ field: 'cycle.kind', code: 'validation.required' });
  } else if (cycle.kind === 'hour') {
    const n = wholeNumber(cycle.every);
    if (n === null || n < 1 || n > 24) {
      issues.push({ field: 'cycle.every', code: 'inspections.plan.hourEvery' });
    }
    if (!blankValue(cycle.at) && Number.isNaN(minuteOfDay(cycle.at ?? ''))) {
      issues.push({ field: 'cycle.at', code: 'inspections.plan.badTime' });
    }
  } else if (cycle.kind === 'day' || cycle.kind === 'week' || cycle.kind === 'month') {
    if (!blankValue(cycle.every)) {
      const n = wholeNumber(cycle.every);
      if (n === null || n < 1) {
        issues.push({ field: 'cycle.every', code: 'inspections.positiveInteger' });
      }
    }
    if (!cycle.times || cycle.times.length === 0) {
      issues.push({ field: 'cycle.times', code: 'inspections.plan.timesRequired' });
    } else {
      cycle.times.forEach((t, i) => {
        if (Number.isNaN(minuteOfDay(t))) {
          issues.push({ field: `cycle.times.${i}`, code: 'inspections.plan.badTime' });
        }
      });
    }
    if (cycle.kind === 'week' && !(cycle.weekdays && cycle.weekdays.some((d) => Number.isInteger(d) && d >= 0 && d <= 6))) {
      issues.push({ field: 'cycle.weekdays', code: 'inspections.plan.weekdaysRequired' });
    }
    if (cycle.kind === 'month' && !(cycle.days && cycle.days.some((d) => Number.isInteger(d) && d >= 1 && d <= 31))) {
      issues.push({ field: 'cycle.days', code: 'inspections.plan.daysRequired' });
    }
  } else {
    issues.push({ field: 'cycle.kind', code: 'validation.required' });
  }

  whole('toleranceMinutes', plan.toleranceMinutes, { optional: false });
  whole('reminderHours', plan.reminderHours, { optional: true });
  whole('minGapMin', plan.minGapMin, { optional: true });
  const min = whole('minDurationMin', plan.minDurationMin, { optional: true });
  const max = whole('maxDurationMin', plan.maxDurationMin, { optional: true });
  if (min !== null && max !== null && min > max) {
    issues.push({ field: 'minDurationMin', code: 'inspections.plan.minAboveMax' });
  }
  if (!blankValue(plan.windowMinutes)) {
    const w = wholeNumber(plan.windowMinutes);
    if (w === null || w < 1) {
      issues.push({ field: 'windowMinutes', code: 'inspections.positiveInteger' });
    } else if (min !== null && min > w) {
      issues.push({ field: 'minDurationMin', code: 'inspections.plan.minDurationOverWindow', params: { min, window: w } });
    }
  }

  if (blankValue(plan.headcount)) {
    issues.push({ field: 'headcount', code: 'validation.required' });
  } else {
    const n = wholeNumber(plan.headcount);
    if (n === null || n < 1) {
      issues.push({ field: 'headcount', code: 'inspections.plan.headcountAtLeastOne' });
    }
  }

  (plan.pauses ?? []).forEach((p, i) => {
    const start = typeof p.start === 'number' && Number.isFinite(p.start) ? p.start : null;
    const end = typeof p.end === 'number' && Number.isFinite(p.end) ? p.end : null;
    if (start === null) {
      issues.push({ field: `pauses.${i}.start`, code: 'inspections.plan.pauseRequired' });
    }
    if (end === null) {
      issues.push({ field: `pauses.${i}.end`, code: 'inspections.plan.pauseRequired' });
    }
    if (start !== null && end !== null && end < start) {
      issues.push({ field: `pauses.${i}.end`, code: 'inspections.endBeforeStart' });
    }
  });
  return issues;
}

/** Seed 2 §5: a statistics query needs a query item, a start and an end, the end not before the start. */
export function validateStatisticsQuery(q: { item?: unknown; start?: number | null; end?: number | null }): InspectionFieldIssue[] {
  const issues: InspectionFieldIssue[] = [];
  if (blankValue(q.item) || (Array.isArray(q.item) && q.item.length === 0)) {
    issues.push({ field: 'item', code: 'inspections.stats.itemRequired' });
  }
  if (q.start === null || q.start === undefined) {
    issues.push({ field: 'start', code: 'inspections.stats.startRequired' });
  }
  if (q.end === null || q.end === undefined) {
    issues.push({ field: 'end', code: 'inspections.stats.endRequired' });
  }
  if (typeof q.start === 'number' && typeof q.end === 'number' && q.end < q.start) {
    issues.push({ field: 'end', code: 'inspections.endBeforeStart' });
  }
  return issues;
}
