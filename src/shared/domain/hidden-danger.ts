import type { MessageParams } from '../messages/define.js';
import type { HiddenDangerMessageCode } from '../hidden-dangers/messages.js';
import type { Cause } from './risk-escalation.js';

/*
 * Hidden dangers (隐患), DOMAIN.md §8: the closed loop find → register and
 * grade (一般 / 重大) → assign (responsible person, deadline, measures, money) →
 * rectify → accept/verify → close, with send-back at any step, deadlines that
 * remind and escalate, and the 20 situations that 安监总管三〔2017〕121 号 makes
 * 重大 whatever anyone grades them.
 */

type Id = string | number;

const DAY_MS = 86_400_000;

/** 一般隐患 and 重大隐患. */
export const hiddenDangerGrades = ['general', 'major'] as const;
export type HiddenDangerGrade = (typeof hiddenDangerGrades)[number];

export interface MajorHazardCriterion {
  /** The item's number in the standard, 1–20. */
  no: number;
  zh: string;
  en: string;
}

/**
 * 《化工和危险化学品生产经营单位重大生产安全事故隐患判定标准（试行）》
 * (安监总管三〔2017〕121 号): "依据有关法律法规、部门规章和国家标准，以下情形应当判定为重大事故隐患".
 * The Chinese text is the standard's; the English is our rendering.
 */
export const majorHazardCriteria2017: readonly MajorHazardCriterion[] = [
  {
    no: 1,
    zh: '危险化学品生产、经营单位主要负责人和安全生产管理人员未依法经考核合格。',
    en: 'The principal person in charge and the work-safety management staff of a hazardous-chemical production or trading unit have not passed the assessment the law requires.',
  },
  { no: 2, zh: '特种作业人员未持证上岗。', en: 'Special-operation workers work without the required certificate.' },
  {
    no: 3,
    zh: '涉及“两重点一重大”的生产装置、储存设施外部安全防护距离不符合国家标准要求。',
    en: 'Production units or storage facilities involving the "two key points and one major" (key-supervised hazardous chemicals and processes, major hazard sources) do not keep the external safety distances national standards require.',
  },
  {
    no: 4,
    zh: '涉及重点监管危险化工工艺的装置未实现自动化控制，系统未实现紧急停车功能，装备的自动化控制系统、紧急停车系统未投入使用。',
    en: 'A unit running a key-supervised hazardous chemical process has no automatic control, its system has no emergency shutdown function, or the automatic control or emergency shutdown system installed is not in use.',
  },
  {
    no: 5,
    zh: '构成一级、二级重大危险源的危险化学品罐区未实现紧急切断功能；涉及毒性气体、液化气体、剧毒液体的一级、二级重大危险源的危险化学品罐区未配备独立的安全仪表系统。',
    en: 'A hazardous-chemical tank farm that is a grade 1 or grade 2 major hazard source has no emergency shut-off function; or such a tank farm holding toxic gases, liquefied gases or highly toxic liquids has no independent safety instrumented system.',
  },
  { no: 6, zh: '全压力式液化烃储罐未按国家标准设置注水措施。', en: 'Fully pressurised liquefied-hydrocarbon tanks lack the water-injection facilities national standards require.' },
  {
    no: 7,
    zh: '液化烃、液氨、液氯等易燃易爆、有毒有害液化气体的充装未使用万向管道充装系统。',
    en: 'Flammable, explosive, toxic or harmful liquefied gases such as liquefied hydrocarbons, liquid ammonia and liquid chlorine are loaded without a universal-joint (swivel-arm) pipe loading system.',
  },
  {
    no: 8,
    zh: '光气、氯气等剧毒气体及硫化氢气体管道穿越除厂区（包括化工园区、工业园区）外的公共区域。',
    en: 'Pipelines carrying highly toxic gases such as phosgene and chlorine, or hydrogen sulfide, cross public areas outside the plant site (chemical and industrial parks count as plant site).',
  },
  { no: 9, zh: '地区架空电力线路穿越生产区且不符合国家标准要求。', en: 'Regional overhead power lines cross the production area without meeting national standards.' },
  { no: 10, zh: '在役化工装置未经正规设计且未进行安全设计诊断。', en: 'Chemical units in service were not formally designed and have not had a safety design diagnosis.' },
  {
    no: 11,
    zh: '使用淘汰落后安全技术工艺、设备目录列出的工艺、设备。',
    en: 'Processes or equipment listed in the catalogue of obsolete and backward safety technology, processes and equipment are in use.',
  },
  {
    no: 12,
    zh: '涉及可燃和有毒有害气体泄漏的场所未按国家标准设置检测报警装置，爆炸危险场所未按国家标准安装使用防爆电气设备。',
    en: 'Places where flammable, toxic or harmful gases may leak lack the detection and alarm devices national standards require, or explosion-hazard places lack the explosion-proof electrical equipment national standards require.',
  },
  {
    no: 13,
    zh: '控制室或机柜间面向具有火灾、爆炸危险性装置一侧不满足国家标准关于防火防爆的要求。',
    en: 'The side of a control room or cabinet room that faces units with a fire or explosion hazard does not meet the fire and explosion protection requirements of national standards.',
  },
  {
    no: 14,
    zh: '化工生产装置未按国家标准要求设置双重电源供电，自动化控制系统未设置不间断电源。',
    en: 'Chemical production units lack the dual power supply national standards require, or automatic control systems lack an uninterruptible power supply.',
  },
  { no: 15, zh: '安全阀、爆破片等安全附件未正常投用。', en: 'Safety accessories such as safety valves and bursting discs are not in normal service.' },
  {
    no: 16,
    zh: '未建立与岗位相匹配的全员安全生产责任制或者未制定实施生产安全事故隐患排查治理制度。',
    en: 'No work-safety responsibility system covering all staff and matching their posts has been set up, or no system for finding and remedying accident hazards has been drawn up and put into practice.',
  },
  { no: 17, zh: '未制定操作规程和工艺控制指标。', en: 'No operating procedures or process control limits have been drawn up.' },
  {
    no: 18,
    zh: '未按照国家标准制定动火、进入受限空间等特殊作业管理制度，或者制度未有效执行。',
    en: 'No management rules for special operations such as hot work and confined-space entry have been drawn up according to national standards, or the rules are not effectively carried out.',
  },
  {
    no: 19,
    zh: '新开发的危险化学品生产工艺未经小试、中试、工业化试验直接进行工业化生产；国内首次使用的化工工艺未经过省级人民政府有关部门组织的安全可靠性论证；新建装置未制定试生产方案投料开车；精细化工企业未按规范性文件要求开展反应安全风险评估。',
    en: 'A newly developed hazardous-chemical process goes into industrial production without laboratory, pilot and industrial trials; a chemical process used in China for the first time has not had a safety and reliability review organised by the provincial government departments concerned; a new unit is charged and started without a trial-production plan; or a fine-chemical enterprise has not carried out the reaction safety risk assessment normative documents require.',
  },
  {
    no: 20,
    zh: '未按国家标准分区分类储存危险化学品，超量、超品种储存危险化学品，相互禁配物质混放混存。',
    en: 'Hazardous chemicals are not stored by zone and class according to national standards, are stored above the permitted quantities or outside the permitted kinds, or mutually incompatible substances are stored together.',
  },
];

/** Item 20: a storage-compatibility violation found in stock (DOMAIN.md §10) is this item. */
export const INCOMPATIBLE_STORAGE_CRITERION = 20;

/** The grade a danger must have: 重大 when any 121 号 item applies, otherwise the grade chosen. */
export function gradeFor(chosen: HiddenDangerGrade, criteria: readonly number[]): HiddenDangerGrade {
  return criteria.length > 0 ? 'major' : chosen;
}

// ---------------------------------------------------------------------------
// The loop

export const hiddenDangerStatuses = ['found', 'registered', 'assigned', 'rectified', 'verified', 'closed', 'voided'] as const;
export type HiddenDangerStatus = (typeof hiddenDangerStatuses)[number];

/**
 * The seed's record status (seed 1 §3.5, `recordStatuses` in records/definition.ts)
 * each status shows as, so a ledger built on the record engine keeps the seed's
 * colours: reported and waiting to be graded 待评估; graded and waiting to be
 * assigned 待审核; assigned 待实施; rectified and waiting for acceptance 待确认;
 * accepted 已完成; closed 已关闭; voided 已终止.
 */
export const hiddenDangerSeedStatus: Record<HiddenDangerStatus, number> = {
  found: 1,
  registered: 2,
  assigned: 7,
  rectified: 3,
  verified: 4,
  closed: 5,
  voided: -1,
};

export const hiddenDangerActions = ['register', 'assign', 'rectify', 'verify', 'close', 'sendBack', 'void'] as const;
export type HiddenDangerActionType = (typeof hiddenDangerActions)[number];

/** Where each action may be taken and where it leads; `sendBack` goes one step back (`sendBackTo`). */
export const hiddenDangerTransitions: Record<Exclude<HiddenDangerActionType, 'sendBack'>, { from: readonly HiddenDangerStatus[]; to: HiddenDangerStatus }> = {
  register: { from: ['found'], to: 'registered' },
  assign: { from: ['registered'], to: 'assigned' },
  rectify: { from: ['assigned'], to: 'rectified' },
  verify: { from: ['rectified'], to: 'verified' },
  close: { from: ['verified'], to: 'closed' },
  /** Not a hidden danger after all (a duplicate, a misreport): ended with a reason before work starts. */
  void: { from: ['found', 'registered'], to: 'voided' },
};

/** Send back: the step before. A reported danger cannot be sent back (void it); a closed or voided one is final. */
export const sendBackTo: Partial<Record<HiddenDangerStatus, HiddenDangerStatus>> = {
  registered: 'found',
  assigned: 'registered',
  rectified: 'assigned',
  verified: 'rectified',
};

// ---------------------------------------------------------------------------
// The risk side: an open 重大 danger escalates its zone

/** What the risk module needs of a danger to list it as a cause on its zone. */
export interface HiddenDangerCauseFacts {
  id: Id;
  status: HiddenDangerStatus;
  grade: HiddenDangerGrade | null;
  regionid: number | null;
  category: string;
  /** When it was found (the cause counts from then). */
  found: number;
}

export const hiddenDangerCauseId = (id: Id): string => `hiddenDanger:${id}`;

/** Statuses in which a danger is no longer open: closed (销号) or voided. */
const FINAL: readonly HiddenDangerStatus[] = ['closed', 'voided'];

/**
 * DOMAIN.md §8 (重大 … is reported) and §6 (an open 重大 hidden danger is a
 * cause the plant's escalation rules match, default rule
 * `major-hidden-danger`: raise the zone one level): a danger graded 重大 is a
 * cause of kind `hiddenDanger` on its region from when it was found until it
 * is closed or voided; a 一般 one, or one with no region, is none. Sent back
 * to an earlier step it stays open, so it stays a cause.
 */
export function hiddenDangerCause(d: HiddenDangerCauseFacts): Cause | null {
  if (d.grade !== 'major' || d.regionid === null || FINAL.includes(d.status)) {
    return null;
  }
  return { kind: 'hiddenDanger', id: hiddenDangerCauseId(d.id), zone: String(d.regionid), attrs: { grade: d.grade, category: d.category }, start: d.found };
}

/**
 * The plan a 重大 danger needs before its rectification starts (DOMAIN.md §8;
 * the six contents of a 重大事故隐患治理方案 in 《安全生产事故隐患排查治理暂行规定》,
 * 国家安全监管总局令第 16 号): goal and tasks, method and measures, money and
 * materials, the people responsible, deadline, and safety measures while it lasts.
 */
export interface MajorRectificationPlan {
  goal: string;
  method: string;
  money: number | null;
  people: string;
  deadline: number | null;
  safetyMeasures: string;
}

export const majorPlanFields = ['goal', 'method', 'money', 'people', 'deadline', 'safetyMeasures'] as const;

export interface HiddenDangerRecord {
  status: HiddenDangerStatus;
  grade: HiddenDangerGrade | null;
  /** Numbers of the 121 号 items that apply. */
  criteria: readonly number[];
  finderId: Id;
  responsibleId: Id | null;
  /** Who submitted the rectification. */
  rectifierId: Id | null;
}

export type HiddenDangerAction =
  | {
      type: 'register';
      grade: HiddenDangerGrade | null;
      criteria?: readonly number[];
      /** The items a grader may cite: the plant's list in force (items switched off are not); the 20 of 121 号 when not given. */
      inForce?: readonly number[];
    }
  | {
      type: 'assign';
      responsibleId: Id | null;
      deadline: number | null;
      measures: string | null;
      /** Money set aside for the rectification, yuan. */
      money: number | null;
      /** Required for a 重大 danger. */
      majorPlan?: Partial<MajorRectificationPlan> | null;
    }
  | { type: 'rectify'; note: string | null }
  | { type: 'verify' }
  | { type: 'close' }
  | { type: 'sendBack'; reason: string | null }
  | { type: 'void'; reason: string | null };

export interface HiddenDangerActor {
  id: Id;
}

export type TransitionVerdict =
  | { ok: true; to: HiddenDangerStatus; grade?: HiddenDangerGrade }
  | { ok: false; code: HiddenDangerMessageCode; params?: MessageParams; field?: string };

const blank = (s: string | null | undefined) => s === null || s === undefined || s.trim() === '';

function refuse(code: HiddenDangerMessageCode, field?: string, params?: MessageParams): TransitionVerdict {
  return { ok: false, code, ...(field ? { field } : {}), ...(params ? { params } : {}) };
}

/**
 * Whether `actor` may take `action` on the record now (`now` checks that an
 * assigned deadline lies ahead). Permissions (who may register, assign, verify
 * or close at all) are the record engine's grants; this checks the loop's own
 * rules: the step order, what each step must carry, that only the responsible
 * person rectifies, and that the person who accepts is not the one who rectified.
 * Returns the status reached (and, on registering, the grade, raised to 重大 by
 * any 121 号 item), or the first reason it may not.
 */
export function mayTransition(record: HiddenDangerRecord, action: HiddenDangerAction, actor: HiddenDangerActor, now?: number): TransitionVerdict {
  if (action.type === 'sendBack') {
    const to = sendBackTo[record.status];
    if (!to) {
      return refuse('hiddenDangers.notAllowedNow', undefined, { action: action.type, status: record.status });
    }
    return blank(action.reason) ? refuse('hiddenDangers.reasonRequired', 'reason') : { ok: true, to };
  }
  const rule = hiddenDangerTransitions[action.type];
  if (!rule.from.includes(record.status)) {
    return refuse('hiddenDangers.notAllowedNow', undefined, { action: action.type, status: record.status });
  }
  switch (action.type) {
    case 'register': {
      if (!action.grade) {
        return refuse('hiddenDangers.gradeRequired', 'grade');
      }
      const criteria = action.criteria ?? [];
      const inForce = action.inForce ?? majorHazardCriteria2017.map((c) => c.no);
      const unknown = criteria.find((n) => !inForce.includes(n));
      if (unknown !== undefined) {
        return refuse('hiddenDangers.unknownCriterion', 'criteria', { no: unknown });
      }
      if (action.grade === 'general' && criteria.length > 0) {
        return refuse('hiddenDangers.majorByCriteria', 'grade', { no: criteria[0] });
      }
      return { ok: true, to: rule.to, grade: gradeFor(action.grade, criteria) };
    }
    case 'assign': {
      if (action.responsibleId === null || action.responsibleId === '') {
        return refuse('hiddenDangers.responsibleRequired', 'responsibleId');
      }
      if (action.deadline === null || !Number.isFinite(action.deadline)) {
        return refuse('hiddenDangers.deadlineRequired', 'deadline');
      }
      if (now !== undefined && action.deadline <= now) {
        return refuse('hiddenDangers.deadlinePast', 'deadline');
      }
      if (blank(action.measures)) {
        return refuse('hiddenDangers.measuresRequired', 'measures');
      }
      if (action.money === null || !Number.isFinite(action.money) || action.money < 0) {
        return refuse('hiddenDangers.moneyRequired', 'money');
      }
      if (record.grade === 'major') {
        const plan = action.majorPlan ?? {};
        const missing = majorPlanFields.find((f) => {
          const v = plan[f];
          return typeof v === 'string' ? blank(v) : v === null || v === undefined || !Number.isFinite(v);
        });
        if (missing) {
          return refuse('hiddenDangers.majorPlanIncomplete', `majorPlan.${missing}`);
        }
      }
      return { ok: true, to: rule.to };
    }
    case 'rectify':
      if (record.responsibleId !== actor.id) {
        return refuse('hiddenDangers.notResponsible');
      }
      return blank(action.note) ? refuse('hiddenDangers.rectificationRequired', 'note') : { ok: true, to: rule.to };
    case 'verify':
      // Acceptance is a second pair of eyes: never the person who did the work.
      return record.rectifierId === actor.id ? refuse('hiddenDangers.verifierIsRectifier') : { ok: true, to: rule.to };
    case 'close':
      return { ok: true, to: rule.to };
    case 'void':
      return blank(action.reason) ? refuse('hiddenDangers.reasonRequired', 'reason') : { ok: true, to: rule.to };
  }
}

// ---------------------------------------------------------------------------
// Deadlines

/** Who an overdue danger is escalated to: first the region's responsible person, then the department head. */
export type EscalationTarget = 'regionResponsible' | 'departmentHead';

export interface DeadlinePolicy {
  /** Remind the responsible person this long before the deadline. */
  remindBeforeMs: number;
  /** Escalation levels in order, each this long after the deadline. */
  escalations: readonly { to: EscalationTarget; afterMs: number }[];
}

/**
 * Defaults a plant may change: remind 3 days before; escalate to the region's
 * responsible person as soon as the deadline passes, and to the department
 * head 3 days after.
 */
export const defaultDeadlinePolicy: DeadlinePolicy = {
  remindBeforeMs: 3 * DAY_MS,
  escalations: [
    { to: 'regionResponsible', afterMs: 0 },
    { to: 'departmentHead', afterMs: 3 * DAY_MS },
  ],
};

export type DeadlineStateName = 'onTime' | 'dueSoon' | 'overdue' | 'closedOnTime' | 'closedLate';

export interface DeadlineState {
  state: DeadlineStateName;
  /** Escalation levels reached, 0 when none. */
  level: number;
  /** Everyone escalated to so far, in order. */
  escalatedTo: EscalationTarget[];
  /** When the state or level changes next if nothing is done; null when closed or at the last level. */
  nextAt: number | null;
}

/** The moments a deadline's state changes: reminder, due, each escalation. */
export function deadlineTimeline(deadline: number, policy: DeadlinePolicy = defaultDeadlinePolicy): { at: number; kind: 'remind' | 'due' | 'escalate'; to?: EscalationTarget }[] {
  const events: { at: number; kind: 'remind' | 'due' | 'escalate'; to?: EscalationTarget }[] = [
    { at: deadline - policy.remindBeforeMs, kind: 'remind' },
    { at: deadline, kind: 'due' },
    ...policy.escalations.map((e) => ({ at: deadline + e.afterMs, kind: 'escalate' as const, to: e.to })),
  ];
  return events.sort((a, b) => a.at - b.at);
}

/**
 * A deadline's state at `now`: on time; due soon from `remindBeforeMs` before
 * it; overdue from the deadline on (the deadline instant itself is overdue),
 * escalated level by level; or, once closed (`closedAt` ≤ now), closed on time
 * or late, with no escalation. Pure, so a scheduler can recompute it at any time.
 */
export function deadlineState(deadline: number, now: number, closedAt: number | null, policy: DeadlinePolicy = defaultDeadlinePolicy): DeadlineState {
  if (closedAt !== null && closedAt <= now) {
    return { state: closedAt <= deadline ? 'closedOnTime' : 'closedLate', level: 0, escalatedTo: [], nextAt: null };
  }
  const reached = policy.escalations.filter((e) => now >= deadline + e.afterMs);
  const upcoming = deadlineTimeline(deadline, policy).find((e) => e.at > now);
  const state: DeadlineStateName = now >= deadline ? 'overdue' : now >= deadline - policy.remindBeforeMs ? 'dueSoon' : 'onTime';
  return { state, level: reached.length, escalatedTo: reached.map((e) => e.to), nextAt: upcoming ? upcoming.at : null };
}
