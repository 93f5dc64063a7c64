import type { z } from 'zod';
import { dangerFigures, percent } from '../../../shared/domain/dual-prevention-performance.js';
import { riskLevels } from '../../../shared/domain/risk-evaluation.js';
import type {
  dangerDeptStatisticsCall,
  dangerInspectionDeptStatisticsCall,
  dangerInspectionStatisticsCall,
  personInspectionInfoCall,
  personInspectionTaskCall,
  dangerStatisticsCall,
  riskClassificationCall,
  riskControlListCall,
  runningEffectCall,
} from '../../../shared/performance-board/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { InspectionsPort } from '../inspections/port.js';
import type { OrgPort } from '../org/port.js';
import type { RiskPort } from '../risk/port.js';

type Out<C extends { output: z.ZodType }> = z.output<C['output']>;

export interface BoardService {
  dangerStatistics(caller: AuthUser): Promise<Out<typeof dangerStatisticsCall>>;
  dangerDeptStatistics(caller: AuthUser, input: { from?: number; to?: number }): Promise<Out<typeof dangerDeptStatisticsCall>>;
  riskControlList(caller: AuthUser): Promise<Out<typeof riskControlListCall>>;
  riskClassification(caller: AuthUser): Promise<Out<typeof riskClassificationCall>>;
  runningEffect(caller: AuthUser): Promise<Out<typeof runningEffectCall>>;
  inspectionStatistics(caller: AuthUser, input: Period): Promise<Out<typeof dangerInspectionStatisticsCall>>;
  inspectionDeptStatistics(caller: AuthUser, input: Period): Promise<Out<typeof dangerInspectionDeptStatisticsCall>>;
  personInspectionTask(caller: AuthUser, input: Period): Promise<Out<typeof personInspectionTaskCall>>;
  personInspectionInfo(caller: AuthUser): Promise<Out<typeof personInspectionInfoCall>>;
}

interface Period {
  from?: number;
  to?: number;
}

/** `YYYY-MM` of a time, in the server's zone (the plant's). */
const monthOf = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const monthStart = (t: number, back = 0) => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth() - back, 1).getTime();
};

/**
 * The performance board's figures (seed 2 §7.5): read through the hidden-danger
 * and risk ports, in the caller's regions, counted by the one domain rule.
 */
export function createBoardService(deps: {
  dangers: Pick<HiddenDangersPort, 'facts'>;
  risk: Pick<RiskPort, 'zoneList' | 'points'>;
  inspections: Pick<InspectionsPort, 'missedRate'>;
  org: Pick<OrgPort, 'allDeptsAndRegions'>;
  now?: () => number;
}): BoardService {
  const now = deps.now ?? Date.now;
  /** The period asked, this calendar month when absent. */
  const periodOf = (p: Period) => {
    const t = now();
    return { from: p.from ?? monthStart(t), to: p.to ?? monthStart(t, -1) };
  };
  /** The inspections module's rate (a fraction) as the board's percentage. */
  const asPercent = <R extends { due: number; done: number; missed: number; rate: number | null }>(r: R) => ({ ...r, rate: percent(r.missed, r.due) });
  const rates = async (caller: AuthUser, item: 'plan' | 'person' | 'department' | 'region', p: Period) => {
    const { from, to } = periodOf(p);
    const r = await deps.inspections.missedRate(caller, { item, start: from, end: to });
    return { from, to, overall: asPercent(r.overall), rows: r.rows.map(asPercent).sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || b.due - a.due) };
  };
  return {
    async inspectionStatistics(caller, input) {
      const r = await rates(caller, 'plan', input);
      return { from: r.from, to: r.to, overall: r.overall, byPlan: r.rows };
    },
    async inspectionDeptStatistics(caller, input) {
      const r = await rates(caller, 'department', input);
      return { from: r.from, to: r.to, items: r.rows };
    },
    async personInspectionTask(caller, input) {
      const r = await rates(caller, 'person', input);
      return { from: r.from, to: r.to, items: r.rows };
    },
    async personInspectionInfo(caller) {
      const r = await rates(caller, 'person', {});
      const mine = r.rows.find((x) => x.key === caller.userid);
      return { from: r.from, to: r.to, mine: mine ? { due: mine.due, done: mine.done, missed: mine.missed, rate: mine.rate } : { due: 0, done: 0, missed: 0, rate: null } };
    },
    async dangerStatistics(caller) {
      const t = now();
      const facts = await deps.dangers.facts(caller, {});
      const first = monthStart(t, 11);
      const months = Array.from({ length: 12 }, (_, i) => monthOf(monthStart(t, 11 - i)));
      const found = new Map(months.map((m) => [m, 0]));
      const closed = new Map(months.map((m) => [m, 0]));
      for (const f of facts) {
        if (f.created >= first && f.status !== 'voided') {
          found.set(monthOf(f.created), (found.get(monthOf(f.created)) ?? 0) + 1);
        }
        if (f.status === 'closed' && f.closedAt !== null && f.closedAt >= first) {
          closed.set(monthOf(f.closedAt), (closed.get(monthOf(f.closedAt)) ?? 0) + 1);
        }
      }
      const counted = facts.filter((f) => f.status !== 'voided');
      return {
        figures: dangerFigures(facts, t),
        major: counted.filter((f) => f.grade === 'major').length,
        general: counted.filter((f) => f.grade === 'general').length,
        byMonth: months.map((m) => ({ month: m, found: found.get(m) ?? 0, closed: closed.get(m) ?? 0 })),
        serverTime: t,
      };
    },
    async dangerDeptStatistics(caller, input) {
      const t = now();
      const [facts, { depts }] = await Promise.all([deps.dangers.facts(caller, input), deps.org.allDeptsAndRegions()]);
      const byDept = new Map<number | null, typeof facts>();
      for (const f of facts) {
        byDept.set(f.deptid, [...(byDept.get(f.deptid) ?? []), f]);
      }
      const names = new Map(depts.map((d) => [d.deptid, d]));
      return {
        items: [...byDept.entries()]
          .map(([deptid, own]) => ({
            deptid,
            deptname: deptid === null ? '' : (names.get(deptid)?.deptname ?? String(deptid)),
            deptname_en: deptid === null ? '' : (names.get(deptid)?.deptname_en || names.get(deptid)?.deptname || String(deptid)),
            ...dangerFigures(own, t),
          }))
          .sort((a, b) => b.found - a.found || (a.deptid ?? 0) - (b.deptid ?? 0)),
      };
    },
    async riskControlList(caller) {
      const [{ items }, { regions }] = await Promise.all([deps.risk.zoneList(caller), deps.org.allDeptsAndRegions()]);
      const names = new Map(regions.map((r) => [r.regionid, r]));
      return {
        items: items
          .map((z) => ({
            regionid: z.regionid,
            regionname: names.get(z.regionid)?.regionname ?? String(z.regionid),
            regionname_en: names.get(z.regionid)?.regionname_en || names.get(z.regionid)?.regionname || String(z.regionid),
            inherent: z.inherent,
            residual: z.residual,
            live: z.live,
            points: z.points,
            causes: z.causes.length,
          }))
          .sort((a, b) => a.live - b.live || b.points - a.points || a.regionid - b.regionid),
      };
    },
    async riskClassification(caller) {
      const [points, { items }] = await Promise.all([deps.risk.points(caller), deps.risk.zoneList(caller)]);
      const levels = [...riskLevels, null] as const;
      return {
        points: levels.map((level) => ({ level, count: points.filter((p) => p.residual === level).length })),
        zones: riskLevels.map((level) => ({ level, count: items.filter((z) => z.live === level).length })),
      };
    },
    async runningEffect(caller) {
      const t = now();
      const [points, { items }, facts] = await Promise.all([deps.risk.points(caller), deps.risk.zoneList(caller), deps.dangers.facts(caller, {})]);
      const from = monthStart(t);
      return {
        riskPoints: points.length,
        riskPointsUnevaluated: points.filter((p) => p.residual === null).length,
        zones: items.length,
        zonesRaised: items.filter((z) => z.live <= 2).length,
        month: dangerFigures(
          facts.filter((f) => f.created >= from),
          t,
        ),
        all: dangerFigures(facts, t),
        serverTime: t,
      };
    },
  };
}
