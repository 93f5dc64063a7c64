import { describe, expect, it } from 'vitest';
import { calendarOf } from '../../../src/shared/domain/plant-calendar.js';
import { checkItemSchema, judgeReading, planTasks, segmentAt, withCycleChange, type PlanSegment, type Reading } from '../../../src/shared/domain/inspection-tasks.js';
import { applyCycleChange, schedulePlanSchema } from '../../../src/shared/domain/schedule.js';

/* Seed 2 §3 (plan cycle, effective time, pauses), §4 (cycle change three ways), DOMAIN.md §9 (a round per cycle, abnormal readings). */
const cn = (s: string) => Date.parse(`${s}+08:00`);
const cal = calendarOf();
const H = 3_600_000;
const hourly: PlanSegment = { from: cn('2026-11-25T08:00:00'), cycle: { kind: 'hour', every: 1, at: '08:00' }, windowMinutes: null };
const plan = (segments: PlanSegment[], pauses: { start: number; end: number; note: string }[] = []) => ({ id: 7, segments, effectiveTo: null, pauses, reminderHours: null });
const hm = (t: number) => {
  const p = cal.localParts(t);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('plan tasks: a round per cycle, each with its window (seed 2 §3)', () => {
  it.each([
    ['a 1-hour cycle from 08:00 gives 4 rounds to noon, each due for the hour', [hourly], [], 4, ['08:00', '09:00', '10:00', '11:00']],
    ['nothing before the effective time', [{ ...hourly, from: cn('2026-11-25T10:30:00') }], [], 1, ['11:00']],
    ['a pause 09:00–10:30 drops the rounds starting in it', [hourly], [{ start: cn('2026-11-25T09:00:00'), end: cn('2026-11-25T10:30:00'), note: '检修' }], 2, ['08:00', '11:00']],
    ['day cycle at 08:00 and 11:00 with a 60-minute window', [{ ...hourly, cycle: { kind: 'day' as const, every: 1, times: ['08:00', '11:00'] }, windowMinutes: 60 }], [], 2, ['08:00', '11:00']],
  ])('%s', (_name, segments, pauses, count, starts) => {
    const ts = planTasks(plan(segments, pauses), cn('2026-11-25T00:00:00'), cn('2026-11-25T12:00:00'), cal);
    expect(ts.length).toBe(count);
    expect(ts.map((t) => hm(t.start))).toEqual(starts);
  });

  it('keys are plan@start, stable across overlapping runs (restart-safe generation)', () => {
    const a = planTasks(plan([hourly]), cn('2026-11-25T08:00:00'), cn('2026-11-25T11:00:00'), cal);
    const b = planTasks(plan([hourly]), cn('2026-11-25T09:00:00'), cn('2026-11-25T12:00:00'), cal);
    const merged = new Map([...a, ...b].map((o) => [o.key, o]));
    expect(merged.size).toBe(4);
    expect(a[1]).toEqual(b[0]);
  });

  it('a 1-hour window: start to start + 1 h', () => {
    const [t] = planTasks(plan([hourly]), cn('2026-11-25T08:00:00'), cn('2026-11-25T09:00:00'), cal);
    expect(t.end - t.start).toBe(H);
  });
});

describe('cycle change as segments (seed 2 §4)', () => {
  const now = cn('2026-11-25T09:20:00');
  const two: Omit<PlanSegment, 'from'> = { cycle: { kind: 'hour', every: 2, at: '08:00' }, windowMinutes: null };
  const sp = (seg: PlanSegment) => schedulePlanSchema.parse({ id: 7, cycle: seg.cycle, windowMinutes: seg.windowMinutes, effectiveFrom: seg.from });
  const existing = planTasks(plan([hourly]), cn('2026-11-25T08:00:00'), cn('2026-11-25T14:00:00'), cal).map((o) => ({ ...o, started: o.start === cn('2026-11-25T09:00:00') }));

  it.each([
    // mode, switch time, the rounds from 08:00 to 14:00 after the change
    ['nextCycle', now, ['08:00', '09:00', '10:00', '12:00']],
    ['atTime', cn('2026-11-25T12:00:00'), ['08:00', '09:00', '10:00', '11:00', '12:00']],
    ['immediate', now, ['08:00', '09:00', '10:00', '12:00']],
  ] as const)('%s', (mode, at, starts) => {
    const change = applyCycleChange(existing, sp(hourly), sp({ ...two, from: at }), mode, at, cal, cn('2026-11-25T13:59:00'));
    const segs = withCycleChange([hourly], two, change.switchAt);
    const after = planTasks(plan(segs), cn('2026-11-25T08:00:00'), cn('2026-11-25T14:00:00'), cal);
    // The started 09:00 round is never dropped.
    expect(change.drop.some((d) => d.started)).toBe(false);
    expect(after.map((o) => hm(o.start))).toEqual(starts);
    expect(segmentAt({ segments: segs }, cn('2026-11-25T13:00:00'))!.cycle).toEqual(two.cycle);
    expect(segmentAt({ segments: segs }, cn('2026-11-25T08:30:00'))!.cycle).toEqual(hourly.cycle);
  });

  it('immediate resets the pending tasks: every not-started round not yet over is dropped, the new cycle added with its windows', () => {
    const change = applyCycleChange(existing, sp(hourly), sp({ ...two, from: now }), 'immediate', now, cal, cn('2026-11-25T13:59:00'));
    expect(change.drop.map((d) => hm(d.start))).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(change.keep.map((d) => hm(d.start))).toEqual(['08:00', '09:00']);
    // The new cycle's open slot (08:00–10:00) has the key of the kept 08:00 round, so it opens from now: a round is due at once.
    expect(change.add.map((o) => `${hm(o.start)}-${hm(o.end)}`)).toEqual(['09:20-10:00', '10:00-12:00', '12:00-14:00']);
  });

  it('a later change replaces a pending one that has not switched yet', () => {
    const segs = withCycleChange(withCycleChange([hourly], two, cn('2026-11-26T00:00:00')), two, cn('2026-11-25T12:00:00'));
    expect(segs.map((s) => s.from)).toEqual([hourly.from, cn('2026-11-25T12:00:00')]);
  });
});

describe('check items (seed 1 §3.4 item types): findings open a hidden danger (DOMAIN.md §9)', () => {
  const item = (p: Partial<ReturnType<typeof checkItemSchema.parse>> & { type: string }) => checkItemSchema.parse({ key: 'k', label: '压力', ...p });
  it.each<[string, ReturnType<typeof item>, Reading, string]>([
    ['value inside limits', item({ type: 'value', min: 0.2, max: 0.6 }), 0.4, 'ok'],
    ['value on the upper limit (inclusive)', item({ type: 'value', min: 0.2, max: 0.6 }), 0.6, 'ok'],
    ['value above the upper limit', item({ type: 'value', min: 0.2, max: 0.6 }), 0.61, 'aboveMax'],
    ['value below the lower limit', item({ type: 'value', min: 0.2, max: 0.6 }), '0.1', 'belowMin'],
    ['value not a number', item({ type: 'value', max: 1 }), 'abc', 'inspections.reading.notANumber'],
    ['enumeration: 异常 is abnormal', item({ type: 'enum', options: ['正常', '异常'], abnormal: ['异常'] }), '异常', 'abnormalAnswer'],
    ['enumeration: 正常', item({ type: 'enum', options: ['正常', '异常'], abnormal: ['异常'] }), '正常', 'ok'],
    ['enumeration: not offered', item({ type: 'enum', options: ['正常', '异常'] }), '也许', 'inspections.reading.notAnOption'],
    ['tick confirmed', item({ type: 'tick' }), true, 'ok'],
    ['tick left unconfirmed', item({ type: 'tick' }), false, 'notConfirmed'],
    ['required text missing', item({ type: 'text' }), '  ', 'validation.required'],
    ['optional photo missing', item({ type: 'photo', required: false }), [], 'ok'],
    ['signature given', item({ type: 'signature' }), '张巡检', 'ok'],
  ])('%s', (_n, it2, v, expected) => {
    const r = judgeReading(it2, v);
    expect(r.ok ? (r.abnormal ? r.reason : 'ok') : r.code).toBe(expected);
  });
});
