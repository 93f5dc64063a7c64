import { describe, expect, it } from 'vitest';
import {
  INCOMPATIBLE_STORAGE_CRITERION,
  deadlineState,
  deadlineTimeline,
  defaultDeadlinePolicy,
  gradeFor,
  hiddenDangerCause,
  hiddenDangerActions,
  hiddenDangerSeedStatus,
  hiddenDangerStatuses,
  majorHazardCriteria2017,
  mayTransition,
  sendBackTo,
  type HiddenDangerAction,
  type HiddenDangerRecord,
} from '../../../src/shared/domain/hidden-danger.js';
import { defaultEscalationRules, liveLevel } from '../../../src/shared/domain/risk-escalation.js';
import { hiddenDangerMessages } from '../../../src/shared/hidden-dangers/messages.js';
import { recordStatusCodes } from '../../../src/shared/records/definition.js';

const DAY = 86_400_000;
const NOW = Date.parse('2025-10-15T09:00:00+08:00');

describe('安监总管三〔2017〕121 号: the 20 situations that are 重大 hidden dangers', () => {
  it('holds items 1 to 20, in order, each in Chinese and English', () => {
    expect(majorHazardCriteria2017.map((c) => c.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const c of majorHazardCriteria2017) {
      expect(c.zh).toMatch(/^[\u4e00-\u9fff“].*。$/);
      expect(c.en).toMatch(/^[A-Z].*\.$/);
      expect(c.en).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each([
    [1, '主要负责人和安全生产管理人员未依法经考核合格'],
    [2, '特种作业人员未持证上岗'],
    [5, '未配备独立的安全仪表系统'],
    [8, '光气、氯气等剧毒气体及硫化氢气体管道'],
    [13, '控制室或机柜间'],
    [19, '精细化工企业未按规范性文件要求开展反应安全风险评估'],
    [20, '相互禁配物质混放混存'],
  ])('item %i reads “…%s…”', (no, text) => {
    expect(majorHazardCriteria2017[no - 1].zh).toContain(text);
  });

  it('incompatible storage (DOMAIN.md §10) is item 20', () => {
    expect(majorHazardCriteria2017[INCOMPATIBLE_STORAGE_CRITERION - 1].zh).toContain('禁配');
  });

  it('any item makes the danger 重大, whatever was chosen', () => {
    expect(gradeFor('general', [])).toBe('general');
    expect(gradeFor('general', [20])).toBe('major');
    expect(gradeFor('major', [])).toBe('major');
  });
});

describe('the hidden-danger loop (DOMAIN.md §8)', () => {
  const FINDER = 1;
  const RESPONSIBLE = 2;
  const VERIFIER = 3;
  const base: HiddenDangerRecord = { status: 'found', grade: null, criteria: [], finderId: FINDER, responsibleId: null, rectifierId: null };
  const assign: HiddenDangerAction = { type: 'assign', responsibleId: RESPONSIBLE, deadline: NOW + 7 * DAY, measures: '更换泄漏法兰垫片', money: 2000 };
  const majorPlan = { goal: '消除液氯与液氨混存', method: '液氨移至 3# 库', money: 50000, people: '储运车间', deadline: NOW + 30 * DAY, safetyMeasures: '移库期间专人监护' };

  it('walks a general danger from found to closed', () => {
    let r: HiddenDangerRecord = base;
    const steps: [HiddenDangerAction, number][] = [
      [{ type: 'register', grade: 'general' }, FINDER],
      [assign, FINDER],
      [{ type: 'rectify', note: '已更换垫片' }, RESPONSIBLE],
      [{ type: 'verify' }, VERIFIER],
      [{ type: 'close' }, VERIFIER],
    ];
    const path: string[] = [r.status];
    for (const [action, actor] of steps) {
      const v = mayTransition(r, action, { id: actor }, NOW);
      if (!v.ok) {
        throw new Error(`${action.type} refused: ${v.code}`);
      }
      r = {
        ...r,
        status: v.to,
        grade: v.grade ?? r.grade,
        responsibleId: action.type === 'assign' ? action.responsibleId : r.responsibleId,
        rectifierId: action.type === 'rectify' ? actor : r.rectifierId,
      };
      path.push(r.status);
    }
    expect(path).toEqual(['found', 'registered', 'assigned', 'rectified', 'verified', 'closed']);
  });

  const at = (status: HiddenDangerRecord['status'], extra: Partial<HiddenDangerRecord> = {}): HiddenDangerRecord => ({
    ...base,
    status,
    grade: status === 'found' ? null : 'general',
    responsibleId: status === 'found' || status === 'registered' ? null : RESPONSIBLE,
    rectifierId: status === 'rectified' || status === 'verified' || status === 'closed' ? RESPONSIBLE : null,
    ...extra,
  });

  it.each([
    // Allowed
    ['register as 重大 by item 20', at('found'), { type: 'register', grade: 'major', criteria: [20] }, FINDER, 'registered', null],
    ['assign a 重大 danger with its full plan', at('registered', { grade: 'major' }), { ...assign, majorPlan }, FINDER, 'assigned', null],
    ['send back a rectification with a reason', at('rectified'), { type: 'sendBack', reason: '法兰仍有渗漏' }, VERIFIER, 'assigned', null],
    ['send back an assignment (wrong person)', at('assigned'), { type: 'sendBack', reason: '不属本车间' }, RESPONSIBLE, 'registered', null],
    ['cite an item of the plant\'s list in force', at('found'), { type: 'register', grade: 'major', criteria: [20], inForce: [1, 2, 20] }, FINDER, 'registered', null],
    ['void a duplicate report', at('found'), { type: 'void', reason: '重复上报' }, FINDER, 'voided', null],
    // Refused
    ['accept by the person who rectified', at('rectified'), { type: 'verify' }, RESPONSIBLE, null, 'hiddenDangers.verifierIsRectifier'],
    ['rectify by someone not responsible', at('assigned'), { type: 'rectify', note: '已处理' }, VERIFIER, null, 'hiddenDangers.notResponsible'],
    ['rectify without saying what was done', at('assigned'), { type: 'rectify', note: ' ' }, RESPONSIBLE, null, 'hiddenDangers.rectificationRequired'],
    ['send back without a reason', at('rectified'), { type: 'sendBack', reason: '' }, VERIFIER, null, 'hiddenDangers.reasonRequired'],
    ['send back a fresh report', at('found'), { type: 'sendBack', reason: 'x' }, FINDER, null, 'hiddenDangers.notAllowedNow'],
    ['send back a closed danger', at('closed'), { type: 'sendBack', reason: 'x' }, FINDER, null, 'hiddenDangers.notAllowedNow'],
    ['close before acceptance', at('rectified'), { type: 'close' }, VERIFIER, null, 'hiddenDangers.notAllowedNow'],
    ['void once work has started', at('assigned'), { type: 'void', reason: 'x' }, FINDER, null, 'hiddenDangers.notAllowedNow'],
    ['register without a grade', at('found'), { type: 'register', grade: null }, FINDER, null, 'hiddenDangers.gradeRequired'],
    ['grade 一般 what item 20 makes 重大', at('found'), { type: 'register', grade: 'general', criteria: [20] }, FINDER, null, 'hiddenDangers.majorByCriteria'],
    ['cite an item the standard does not have', at('found'), { type: 'register', grade: 'major', criteria: [21] }, FINDER, null, 'hiddenDangers.unknownCriterion'],
    ['cite an item the plant switched off in its list', at('found'), { type: 'register', grade: 'major', criteria: [7], inForce: [1, 2, 20] }, FINDER, null, 'hiddenDangers.unknownCriterion'],
    ['assign without a responsible person', at('registered'), { ...assign, responsibleId: null }, FINDER, null, 'hiddenDangers.responsibleRequired'],
    ['assign a deadline already past', at('registered'), { ...assign, deadline: NOW - 1 }, FINDER, null, 'hiddenDangers.deadlinePast'],
    ['assign without measures', at('registered'), { ...assign, measures: '' }, FINDER, null, 'hiddenDangers.measuresRequired'],
    ['assign negative money', at('registered'), { ...assign, money: -1 }, FINDER, null, 'hiddenDangers.moneyRequired'],
    ['assign a 重大 danger without a plan', at('registered', { grade: 'major' }), assign, FINDER, null, 'hiddenDangers.majorPlanIncomplete'],
  ] as const)('%s', (_name, record, action, actor, to, code) => {
    const v = mayTransition(record, action, { id: actor }, NOW);
    expect(v.ok ? v.to : null).toBe(to);
    expect(v.ok ? null : v.code).toBe(code);
  });

  it('a 重大 plan missing one part names that part', () => {
    const v = mayTransition(at('registered', { grade: 'major' }), { ...assign, majorPlan: { ...majorPlan, safetyMeasures: '' } }, { id: FINDER }, NOW);
    expect(v).toEqual({ ok: false, code: 'hiddenDangers.majorPlanIncomplete', field: 'majorPlan.safetyMeasures' });
  });

  it('registering returns the grade the standard gives', () => {
    expect(mayTransition(at('found'), { type: 'register', grade: 'major', criteria: [20] }, { id: FINDER })).toEqual({ ok: true, to: 'registered', grade: 'major' });
  });

  it('every status but the first and the final ones can be sent back one step', () => {
    expect(hiddenDangerStatuses.filter((s) => sendBackTo[s] !== undefined)).toEqual(['registered', 'assigned', 'rectified', 'verified']);
  });

  it('each status maps onto the seed record statuses, and every status and action has its name', () => {
    for (const s of hiddenDangerStatuses) {
      expect(recordStatusCodes).toContain(hiddenDangerSeedStatus[s]);
      expect(hiddenDangerMessages[`hiddenDangers.status.${s}`]).toBeDefined();
    }
    for (const a of hiddenDangerActions) {
      expect(hiddenDangerMessages[`hiddenDangers.action.${a}`]).toBeDefined();
    }
  });
});

describe('deadlines: reminder, overdue, escalation (DOMAIN.md §8)', () => {
  const D = Date.parse('2025-10-20T17:00:00+08:00');

  it.each([
    ['4 days before', D - 4 * DAY, 'onTime', 0, [], D - 3 * DAY],
    ['3 days before (reminder)', D - 3 * DAY, 'dueSoon', 0, [], D],
    ['1 ms before', D - 1, 'dueSoon', 0, [], D],
    ['at the deadline: overdue, the region responsible person', D, 'overdue', 1, ['regionResponsible'], D + 3 * DAY],
    ['3 days late less 1 ms', D + 3 * DAY - 1, 'overdue', 1, ['regionResponsible'], D + 3 * DAY],
    ['3 days late: the department head too', D + 3 * DAY, 'overdue', 2, ['regionResponsible', 'departmentHead'], null],
    ['a month late', D + 30 * DAY, 'overdue', 2, ['regionResponsible', 'departmentHead'], null],
  ] as const)('%s', (_name, now, state, level, escalatedTo, nextAt) => {
    expect(deadlineState(D, now, null)).toEqual({ state, level, escalatedTo, nextAt });
  });

  it.each([
    ['closed before the deadline', D - DAY, D + 5 * DAY, 'closedOnTime'],
    ['closed at the deadline', D, D + 5 * DAY, 'closedOnTime'],
    ['closed a day late', D + DAY, D + 5 * DAY, 'closedLate'],
  ] as const)('%s: %s, no escalation', (_name, closedAt, now, state) => {
    expect(deadlineState(D, now, closedAt)).toEqual({ state, level: 0, escalatedTo: [], nextAt: null });
  });

  it('looking back at a time before it was closed, it was still open', () => {
    expect(deadlineState(D, D + DAY, D + 4 * DAY).state).toBe('overdue');
  });

  it('the timeline a scheduler sets its timers by', () => {
    expect(deadlineTimeline(D)).toEqual([
      { at: D - 3 * DAY, kind: 'remind' },
      { at: D, kind: 'due' },
      { at: D, kind: 'escalate', to: 'regionResponsible' },
      { at: D + 3 * DAY, kind: 'escalate', to: 'departmentHead' },
    ]);
  });

  it('the delays are data: a plant reminding 1 day ahead and going straight to the department head after 12 h', () => {
    const policy = { remindBeforeMs: DAY, escalations: [{ to: 'departmentHead' as const, afterMs: DAY / 2 }] };
    expect(deadlineState(D, D - 2 * DAY, null, policy).state).toBe('onTime');
    expect(deadlineState(D, D + DAY / 2 - 1, null, policy)).toEqual({ state: 'overdue', level: 0, escalatedTo: [], nextAt: D + DAY / 2 });
    expect(deadlineState(D, D + DAY / 2, null, policy).escalatedTo).toEqual(['departmentHead']);
    expect(defaultDeadlinePolicy.remindBeforeMs).toBe(3 * DAY);
  });
});

describe('DOMAIN.md §6 and §8: an open 重大 hidden danger is a cause on its zone', () => {
  const FOUND = NOW - 5 * DAY;
  const facts = { id: 7, regionid: 12, category: 'equipment', found: FOUND };
  it.each([
    ['registered', 'major', true],
    ['assigned', 'major', true],
    ['rectified', 'major', true],
    ['verified', 'major', true],
    ['found', 'major', true],
    ['closed', 'major', false],
    ['voided', 'major', false],
    ['assigned', 'general', false],
    ['found', null, false],
  ] as const)('%s, graded %s: a cause %s', (status, grade, isCause) => {
    const cause = hiddenDangerCause({ ...facts, status, grade });
    expect(cause !== null).toBe(isCause);
    if (cause) {
      expect(cause).toEqual({ kind: 'hiddenDanger', id: 'hiddenDanger:7', zone: '12', attrs: { grade: 'major', category: 'equipment' }, start: FOUND });
    }
  });

  it('a danger with no region is no zone\'s cause', () => {
    expect(hiddenDangerCause({ ...facts, regionid: null, status: 'assigned', grade: 'major' })).toBeNull();
  });

  it('the default rule `major-hidden-danger` raises a 一般 (3) zone to 较大 (2) while it is open', () => {
    const cause = hiddenDangerCause({ ...facts, status: 'assigned', grade: 'major' })!;
    const live = liveLevel(3, [cause], defaultEscalationRules, NOW);
    expect(live.level).toBe(2);
    expect(live.causes.map((c) => c.rule.id)).toEqual(['major-hidden-danger']);
    expect(liveLevel(3, [{ ...cause, end: NOW - 1 }], defaultEscalationRules, NOW).level).toBe(3);
  });
});

describe('hidden-danger messages', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it.each(Object.entries(hiddenDangerMessages))('%s has Chinese and English with the same parameters', (_code, text) => {
    expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(text.en.trim()).not.toBe('');
    expect(text.en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(placeholders(text.en)).toEqual(placeholders(text.zh));
  });
});
