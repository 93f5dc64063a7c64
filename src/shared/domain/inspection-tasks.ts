import { z } from 'zod';
import type { PlantCalendar } from './plant-calendar.js';
import { occurrences, scheduleCycleSchema, type Occurrence, type SchedulePlan, type SchedulePause } from './schedule.js';

/*
 * The tasks of an inspection plan (seed 2 §3, §4; DOMAIN.md §9): a plan's
 * schedule is a list of segments, one per cycle it has had. A cycle change
 * (schedule.ts `applyCycleChange`) appends a segment from its switch time, so
 * the old cycle keeps generating up to the switch and the new one from there;
 * tasks are a pure function of the segments, each keyed plan@start, so a
 * generator that runs twice (a restart, two servers) inserts each task once.
 *
 * And the check items a point asks at each round (the evaluation item types
 * of seed 1 §3.4: enumeration, text, value with limits, tick confirm, photo,
 * signature), with the rule that an out-of-limit value or an abnormal answer
 * is a finding that opens a hidden danger.
 */

/** One cycle a plan has had, in effect from `from` (epoch ms) until the next segment's `from`. */
export const planSegmentSchema = z.object({
  from: z.number(),
  cycle: scheduleCycleSchema,
  /** Minutes a round stays due after its start; null: until the next slot of the cycle. */
  windowMinutes: z.number().int().min(1).nullable().default(null),
});
export type PlanSegment = z.output<typeof planSegmentSchema>;

export interface PlanSchedule {
  id: number | string;
  /** Ascending by `from`; the first one's `from` is the plan's effective time. */
  segments: readonly PlanSegment[];
  effectiveTo: number | null;
  pauses: readonly SchedulePause[];
  reminderHours: number | null;
}

/**
 * The rounds of a plan starting in [from, to): each segment's occurrences
 * inside its own span, outside the pauses. A round whose window would run past
 * the next segment's start is cut there: the old cycle never overlaps the new.
 */
export function planTasks(plan: PlanSchedule, from: number, to: number, calendar: PlantCalendar): Occurrence[] {
  const segs = [...plan.segments].sort((a, b) => a.from - b.from);
  const out: Occurrence[] = [];
  segs.forEach((seg, i) => {
    const segEnd = i + 1 < segs.length ? segs[i + 1].from : Number.POSITIVE_INFINITY;
    const lo = Math.max(from, seg.from);
    const hi = Math.min(to, segEnd);
    if (!(lo < hi)) {
      return;
    }
    const sp: SchedulePlan = {
      id: plan.id,
      cycle: seg.cycle,
      windowMinutes: seg.windowMinutes,
      effectiveFrom: seg.from,
      effectiveTo: plan.effectiveTo,
      pauses: [...plan.pauses],
      skipHolidays: false,
      skipRestDays: false,
      reminderHours: plan.reminderHours,
    };
    for (const o of occurrences(sp, lo, hi, calendar)) {
      out.push(o.end > segEnd ? { ...o, end: segEnd } : o);
    }
  });
  return out;
}

/** The segment in effect at `t` (the last one starting at or before it), else the first. */
export function segmentAt(plan: Pick<PlanSchedule, 'segments'>, t: number): PlanSegment | null {
  const segs = [...plan.segments].sort((a, b) => a.from - b.from);
  return segs.filter((s) => s.from <= t).pop() ?? segs[0] ?? null;
}

/**
 * The segments after a cycle change switching at `switchAt`: segments starting
 * at or after the switch are superseded (a later change replaces a pending one).
 */
export function withCycleChange(segments: readonly PlanSegment[], next: Omit<PlanSegment, 'from'>, switchAt: number): PlanSegment[] {
  return [...segments.filter((s) => s.from < switchAt), { ...next, from: switchAt }].sort((a, b) => a.from - b.from);
}

// ---------------------------------------------------------------------------
// Check items

/** Evaluation item types of seed 1 §3.4 a point may ask. */
export const checkItemTypes = ['enum', 'text', 'value', 'tick', 'photo', 'signature'] as const;
export type CheckItemType = (typeof checkItemTypes)[number];

export const checkItemSchema = z.object({
  key: z.string().min(1).max(40),
  label: z.string().min(1).max(100),
  type: z.enum(checkItemTypes),
  /** Enumeration: the answers offered. */
  options: z.array(z.string().min(1).max(40)).max(20).default([]),
  /** Enumeration: the answers that are findings (e.g. 异常). */
  abnormal: z.array(z.string().min(1).max(40)).max(20).default([]),
  /** Value: the limits (inclusive); a value outside them is a finding. */
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
  unit: z.string().max(20).default(''),
  required: z.boolean().default(true),
});
export type CheckItem = z.output<typeof checkItemSchema>;

/** An answer as the phone sends it: text for enum/text/signature, a number for value, a boolean for tick, file ids for photo. */
export type Reading = string | number | boolean | number[] | null | undefined;

export type ReadingVerdict =
  | { ok: true; abnormal: false }
  | { ok: true; abnormal: true; reason: 'aboveMax' | 'belowMin' | 'abnormalAnswer' | 'notConfirmed' }
  | { ok: false; code: 'validation.required' | 'inspections.reading.notANumber' | 'inspections.reading.notAnOption' };

const blank = (v: Reading) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Judges one answer. A value above `max` or below `min`, an enumeration answer
 * listed as abnormal, or a tick not confirmed is a finding (DOMAIN.md §9: an
 * abnormal finding creates a hidden danger). A missing required answer, a
 * value that is not a number or an answer not offered is refused.
 */
export function judgeReading(item: CheckItem, v: Reading): ReadingVerdict {
  if (blank(v)) {
    if (item.type === 'tick' && item.required) {
      return { ok: true, abnormal: true, reason: 'notConfirmed' };
    }
    return item.required ? { ok: false, code: 'validation.required' } : { ok: true, abnormal: false };
  }
  switch (item.type) {
    case 'value': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) {
        return { ok: false, code: 'inspections.reading.notANumber' };
      }
      if (item.max !== null && n > item.max) {
        return { ok: true, abnormal: true, reason: 'aboveMax' };
      }
      if (item.min !== null && n < item.min) {
        return { ok: true, abnormal: true, reason: 'belowMin' };
      }
      return { ok: true, abnormal: false };
    }
    case 'enum': {
      const s = String(v);
      if (item.options.length > 0 && !item.options.includes(s)) {
        return { ok: false, code: 'inspections.reading.notAnOption' };
      }
      return item.abnormal.includes(s) ? { ok: true, abnormal: true, reason: 'abnormalAnswer' } : { ok: true, abnormal: false };
    }
    case 'tick':
      return v === true ? { ok: true, abnormal: false } : { ok: true, abnormal: true, reason: 'notConfirmed' };
    case 'text':
    case 'photo':
    case 'signature':
      return { ok: true, abnormal: false };
  }
}
