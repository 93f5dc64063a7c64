import type { AlarmPriority } from '../alarms/contracts.js';

/**
 * The rationalisation of an alarm (ISA-18.2 §8, DOMAIN.md §3): the severity
 * of the consequence if nobody acts, and the time the operator has to act,
 * propose its priority. The matrix below is the common ISA-18.2 / EEMUA 191
 * shape — more severe and less time give a higher priority — and is the
 * plant's default; the chosen priority may differ and the ledger shows both.
 */

/** Severity class of the consequence: 轻微 minor, 一般 moderate, 严重 major, 重大 severe. */
export const consequenceClasses = ['minor', 'moderate', 'major', 'severe'] as const;
export type ConsequenceClass = (typeof consequenceClasses)[number];

/** Time to respond: more than 30 min, 10–30 min, 3–10 min, under 3 min. */
export const responseTimeClasses = ['gt30', 'm10to30', 'm3to10', 'lt3'] as const;
export type ResponseTimeClass = (typeof responseTimeClasses)[number];

/** Rows: consequence; columns: time to respond (slowest first). 1 紧急 … 4 低. */
const matrix: Record<ConsequenceClass, Record<ResponseTimeClass, AlarmPriority>> = {
  minor: { gt30: 4, m10to30: 4, m3to10: 3, lt3: 3 },
  moderate: { gt30: 4, m10to30: 3, m3to10: 3, lt3: 2 },
  major: { gt30: 3, m10to30: 3, m3to10: 2, lt3: 1 },
  severe: { gt30: 3, m10to30: 2, m3to10: 1, lt3: 1 },
};

/** The priority the rationalisation proposes; null until both the consequence and the time to respond are recorded. */
export function proposedPriority(consequence: ConsequenceClass | null, responseTime: ResponseTimeClass | null): AlarmPriority | null {
  return consequence && responseTime ? matrix[consequence][responseTime] : null;
}
