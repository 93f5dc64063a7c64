import type { HiddenDangerStatus } from './hidden-danger.js';

/**
 * Figures of the dual-prevention performance board (双重预防运行效果, DOMAIN.md §8;
 * the seed's `UAPI/PerformanceMetricsBoard/*`). One place for how each rate is
 * counted, so the board, its widgets and the statistics pages agree.
 *
 * - Rectification rate (隐患整改率) = closed ÷ (found − voided): a voided report
 *   (not a hidden danger after all) is in neither count.
 * - On-time rate (按期整改率) = closed on or before its deadline ÷ closed with a
 *   deadline.
 * - Overdue (逾期) = assigned, not yet rectified, deadline passed.
 * Rates are percentages with one decimal; null where the divisor is 0 (nothing
 * to rate is not 0 % and not 100 %).
 */
export interface DangerFact {
  status: HiddenDangerStatus;
  deadline: number | null;
  closedAt: number | null;
}

export interface DangerFigures {
  found: number;
  voided: number;
  closed: number;
  open: number;
  overdue: number;
  closedOnTime: number;
  rectifyRate: number | null;
  onTimeRate: number | null;
}

export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

export function dangerFigures(facts: readonly DangerFact[], now: number): DangerFigures {
  let voided = 0;
  let closed = 0;
  let overdue = 0;
  let closedOnTime = 0;
  let closedWithDeadline = 0;
  for (const f of facts) {
    if (f.status === 'voided') {
      voided++;
    } else if (f.status === 'closed') {
      closed++;
      if (f.deadline !== null && f.closedAt !== null) {
        closedWithDeadline++;
        if (f.closedAt <= f.deadline) {
          closedOnTime++;
        }
      }
    } else if (f.status === 'assigned' && f.deadline !== null && f.deadline <= now) {
      overdue++;
    }
  }
  const counted = facts.length - voided;
  return {
    found: facts.length,
    voided,
    closed,
    open: counted - closed,
    overdue,
    closedOnTime,
    rectifyRate: percent(closed, counted),
    onTimeRate: percent(closedOnTime, closedWithDeadline),
  };
}
