/**
 * Occupational medical surveillance (职业健康监护), GBZ 188-2014
 * 职业健康监护技术规范 (DOMAIN.md §11).
 *
 * Rules:
 * - Four kinds of exam: before the job (上岗前), periodic while on it
 *   (在岗期间), on leaving (离岗时), emergency (应急).
 * - The periodic cycle depends on the hazard (data below, a plant may change
 *   it). A person exposed to several hazards follows the shortest cycle.
 *   The cycle runs from the last exam before the job or periodic exam; an
 *   emergency exam looks at one event and a leaving exam ends the exposure,
 *   so neither restarts it.
 * - Due date = last such exam + cycle (calendar months; the 31st of a short
 *   month falls back to its last day). Within `reminderDays` before it
 *   (default 30) the exam is due soon; after it, overdue.
 * - A person with an occupational contraindication (职业禁忌证) is barred
 *   from the work it concerns, until a later exam for that work or hazard
 *   finds none.
 *
 * Dates are calendar dates 'YYYY-MM-DD', free of time zones.
 */
import type { Message } from '../messages/catalog.js';
import { healthMessages } from '../health/messages.js';
import type { MessageText } from '../messages/define.js';

export const examTypes = {
  'pre-job': healthMessages['health.examType.pre-job'],
  periodic: healthMessages['health.examType.periodic'],
  leaving: healthMessages['health.examType.leaving'],
  emergency: healthMessages['health.examType.emergency'],
} as const;
export type ExamType = keyof typeof examTypes;
export const examTypeCodes = Object.keys(examTypes) as ExamType[];

/** Result categories of an exam as the seed keeps them: the five conclusions of an individual exam in GBZ 188-2014. */
export const examResultCategories = {
  normal: healthMessages['health.examResult.normal'],
  recheck: healthMessages['health.examResult.recheck'],
  suspected: healthMessages['health.examResult.suspected'],
  contraindication: healthMessages['health.examResult.contraindication'],
  other: healthMessages['health.examResult.other'],
} as const;
export type ExamResultCategory = keyof typeof examResultCategories;
export const examResultCategoryCodes = Object.keys(examResultCategories) as ExamResultCategory[];

export interface PeriodicCycle {
  /** Months between periodic exams at the usual exposure, or when the exposure is not graded. */
  months: number;
  /** Months when the person's exposure is graded low (dust work class I; noise 80 ≤ L_EX,8h < 85 dB(A)). */
  monthsLow?: number;
}

/**
 * Periodic (在岗期间) cycles by hazard, months. Chemicals as DOMAIN.md §11
 * gives them from GBZ 188-2014 ch. 5. Dust (ch. 6) by dust-work class
 * (GBZ/T 229.1): silica class I every 2 years, II and above yearly; coal dust
 * I every 3 years, II+ every 2; asbestos I yearly, II+ every 6 months; other
 * pneumoconiosis-causing inorganic dust I every 4 years, II+ every 2–3 years
 * (2 taken). Noise (ch. 7): L_EX,8h ≥ 85 dB(A) yearly, 80–85 every 2 years.
 */
export const defaultPeriodicCycles = {
  benzene: { months: 12 },
  chlorine: { months: 12 },
  ammonia: { months: 12 },
  methanol: { months: 36 },
  'carbon-monoxide': { months: 36 },
  'hydrogen-sulfide': { months: 36 },
  noise: { months: 12, monthsLow: 24 },
  'dust-silica': { months: 12, monthsLow: 24 },
  'dust-coal': { months: 24, monthsLow: 36 },
  'dust-asbestos': { months: 6, monthsLow: 12 },
  'dust-other': { months: 24, monthsLow: 48 },
} as const satisfies Record<string, PeriodicCycle>;

export type KnownHazard = keyof typeof defaultPeriodicCycles;

/** A hazard a person is exposed to; `level: 'low'` when graded low (dust class I, noise under 85 dB(A)). */
export interface PersonHazard {
  hazard: string;
  level?: 'low' | 'high';
}

export interface ExamRecord {
  date: string;
  type: ExamType;
}

export const examDueStatuses = ['notRequired', 'unknownCycle', 'neverExamined', 'ok', 'dueSoon', 'overdue'] as const;
export type ExamDueStatus = (typeof examDueStatuses)[number];

export interface ExamDue {
  status: ExamDueStatus;
  /** The cycle's last exam (before the job or periodic); null when none. */
  lastExamDate: string | null;
  dueDate: string | null;
  /** First day of the reminder window. */
  remindFrom: string | null;
  /** Days from today to the due date; negative when overdue. */
  daysLeft: number | null;
  cycleMonths: number | null;
  /** The hazards whose cycle is the shortest. */
  drivingHazards: string[];
  /** Hazards without a cycle in the table (ignored). */
  unknownHazards: string[];
  /** True for overdue and for never examined. */
  overdue: boolean;
  dueSoon: boolean;
  message: Message;
}

export const DEFAULT_REMINDER_DAYS = 30;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date; null when not a real 'YYYY-MM-DD'. */
function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) {
    return null;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? ms / 86_400_000 : null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function fromDayNumber(day: number): string {
  const d = new Date(day * 86_400_000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Adds calendar months; a day past the end of the target month becomes its last day (2024-01-31 + 1 → 2024-02-29). */
export function addMonths(date: string, months: number): string | null {
  const m = DATE.exec(date);
  if (!m || dayNumber(date) === null) {
    return null;
  }
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const y = Math.floor(total / 12);
  const mo = total - y * 12;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  return `${pad(y, 4)}-${pad(mo + 1)}-${pad(Math.min(Number(m[3]), last))}`;
}

function cycleMonthsOf(h: PersonHazard, cycles: Readonly<Record<string, PeriodicCycle>>): number | null {
  const c = Object.prototype.hasOwnProperty.call(cycles, h.hazard) ? cycles[h.hazard] : undefined;
  if (!c) {
    return null;
  }
  return h.level === 'low' && c.monthsLow !== undefined ? c.monthsLow : c.months;
}

/**
 * When a person's next periodic exam is due, from their hazards and exams,
 * as seen on `today` ('YYYY-MM-DD').
 */
export function periodicExamDue(
  person: { hazards: readonly PersonHazard[]; exams: readonly ExamRecord[] },
  today: string,
  o: { reminderDays?: number; cycles?: Readonly<Record<string, PeriodicCycle>> } = {},
): ExamDue {
  const cycles = o.cycles ?? defaultPeriodicCycles;
  const reminderDays = o.reminderDays ?? DEFAULT_REMINDER_DAYS;
  const base = {
    lastExamDate: null,
    dueDate: null,
    remindFrom: null,
    daysLeft: null,
    cycleMonths: null,
    drivingHazards: [] as string[],
    unknownHazards: [] as string[],
    overdue: false,
    dueSoon: false,
  };
  if (person.hazards.length === 0) {
    return { ...base, status: 'notRequired', message: { code: 'health.examDue.notRequired' } };
  }
  let shortest: number | null = null;
  const byHazard: { hazard: string; months: number }[] = [];
  for (const h of person.hazards) {
    const months = cycleMonthsOf(h, cycles);
    if (months === null) {
      base.unknownHazards.push(h.hazard);
    } else {
      byHazard.push({ hazard: h.hazard, months });
      shortest = shortest === null ? months : Math.min(shortest, months);
    }
  }
  if (shortest === null) {
    return { ...base, status: 'unknownCycle', message: { code: 'health.examDue.unknownCycle' } };
  }
  const cycleMonths = shortest;
  const drivingHazards = [...new Set(byHazard.filter((h) => h.months === cycleMonths).map((h) => h.hazard))];
  const last = person.exams
    .filter((e) => (e.type === 'pre-job' || e.type === 'periodic') && dayNumber(e.date) !== null)
    .map((e) => e.date)
    .sort()
    .at(-1);
  if (last === undefined) {
    return {
      ...base,
      cycleMonths,
      drivingHazards,
      overdue: true,
      status: 'neverExamined',
      message: { code: 'health.examDue.neverExamined' },
    };
  }
  const todayDay = dayNumber(today);
  const dueDate = addMonths(last, cycleMonths);
  const dueDay = dueDate === null ? null : dayNumber(dueDate);
  if (todayDay === null || dueDate === null || dueDay === null) {
    throw new RangeError(`periodicExamDue: not a calendar date: ${today}`);
  }
  const daysLeft = dueDay - todayDay;
  const remindFrom = fromDayNumber(dueDay - reminderDays);
  const status: ExamDueStatus = daysLeft < 0 ? 'overdue' : daysLeft <= reminderDays ? 'dueSoon' : 'ok';
  return {
    ...base,
    status,
    lastExamDate: last,
    dueDate,
    remindFrom,
    daysLeft,
    cycleMonths,
    drivingHazards,
    overdue: status === 'overdue',
    dueSoon: status === 'dueSoon',
    message: { code: `health.examDue.${status}`, params: { dueDate, days: Math.abs(daysLeft) } },
  };
}

/**
 * Special work with its own exams and contraindications, GBZ 188-2014 ch. 10
 * (其他特殊作业), and confined-space entry (有限空间作业): not a chapter of
 * GBZ 188, but plants examine entrants for it (heart, lung and mental fitness)
 * and record the conclusion against it.
 */
export const specialWorks = {
  electrical: healthMessages['health.work.electrical'],
  'work-at-height': healthMessages['health.work.work-at-height'],
  'pressure-vessel': healthMessages['health.work.pressure-vessel'],
  'tuberculosis-control': healthMessages['health.work.tuberculosis-control'],
  'hepatitis-control': healthMessages['health.work.hepatitis-control'],
  'motor-vehicle-driving': healthMessages['health.work.motor-vehicle-driving'],
  'display-screen': healthMessages['health.work.display-screen'],
  'high-altitude': healthMessages['health.work.high-altitude'],
  aviation: healthMessages['health.work.aviation'],
  'confined-space': healthMessages['health.work.confined-space'],
} as const;
export type SpecialWork = keyof typeof specialWorks;

/** Names of the hazards of the cycle table, for reasons and pages. */
export const hazardNames = {
  benzene: healthMessages['health.hazard.benzene'],
  chlorine: healthMessages['health.hazard.chlorine'],
  ammonia: healthMessages['health.hazard.ammonia'],
  methanol: healthMessages['health.hazard.methanol'],
  'carbon-monoxide': healthMessages['health.hazard.carbon-monoxide'],
  'hydrogen-sulfide': healthMessages['health.hazard.hydrogen-sulfide'],
  noise: healthMessages['health.hazard.noise'],
  'dust-silica': healthMessages['health.hazard.dust-silica'],
  'dust-coal': healthMessages['health.hazard.dust-coal'],
  'dust-asbestos': healthMessages['health.hazard.dust-asbestos'],
  'dust-other': healthMessages['health.hazard.dust-other'],
} as const satisfies Record<KnownHazard, MessageText>;

/**
 * Which contraindications bar a kind of work, beyond the work's own code.
 * A work type is always barred by a contraindication recorded for itself (a
 * special work of GBZ 188-2014 ch. 10, or a hazard's position such as
 * `benzene`); this map adds the special work behind the safe-work permits of
 * GB 30871-2022 (permit codes of the permit module): work at height needs
 * the height worker's exam, temporary power the electrician's, confined space
 * the entrant's. A plant adds its own (e.g. a position to the hazards it
 * exposes to).
 */
export const defaultWorkContraindications: Readonly<Record<string, readonly string[]>> = {
  height: ['work-at-height'],
  power: ['electrical'],
  confined: ['confined-space'],
};

/** One conclusion of one exam for one hazard or special work. */
export interface ExamFinding {
  date: string;
  examType: ExamType;
  category: ExamResultCategory;
  /** The hazard or special work the conclusion concerns. */
  target: string;
}

export interface WorkBlock {
  blocked: boolean;
  /** One `health.contraindication.blocks` per contraindication that bars the work. */
  reasons: Message[];
}

function nameOf(code: string): MessageText {
  if (Object.prototype.hasOwnProperty.call(specialWorks, code)) {
    return specialWorks[code as SpecialWork];
  }
  if (Object.prototype.hasOwnProperty.call(hazardNames, code)) {
    return hazardNames[code as KnownHazard];
  }
  return { zh: code, en: code };
}

/**
 * Whether a person's exam findings bar them from a work type: barred when the
 * latest finding for the work (or a contraindication the map links to it) is
 * an occupational contraindication. A later finding without one lifts the bar;
 * on the same day a contraindication wins.
 */
export function contraindicationBlock(
  findings: readonly ExamFinding[],
  workType: string,
  map: Readonly<Record<string, readonly string[]>> = defaultWorkContraindications,
): WorkBlock {
  const targets = [...new Set([workType, ...(Object.prototype.hasOwnProperty.call(map, workType) ? map[workType] : [])])];
  const reasons: Message[] = [];
  for (const target of targets) {
    let latest: ExamFinding | null = null;
    for (const f of findings) {
      if (f.target !== target || dayNumber(f.date) === null) {
        continue;
      }
      if (!latest || f.date > latest.date || (f.date === latest.date && f.category === 'contraindication')) {
        latest = f;
      }
    }
    if (latest?.category === 'contraindication') {
      const name = nameOf(target);
      reasons.push({ code: 'health.contraindication.blocks', params: { target: name.zh, target_en: name.en, date: latest.date } });
    }
  }
  return { blocked: reasons.length > 0, reasons };
}
