import type { z } from 'zod';
import type { PermitApprovedStats, permitStatsInput, PermitStatsRow } from '../../../shared/permits/stats-contracts.js';
import { permitStepCodes, type PermitStepCode } from '../../../shared/permits/items.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import { permitsRepository as repo } from './permits.repository.js';
import type { PermitRegions } from './permits.service.js';

type StatsInput = z.output<typeof permitStatsInput>;
type Row = Awaited<ReturnType<typeof repo.statsRows>>[number];

const MIN = 60_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Count, mean, median and longest of durations in ms, in minutes. */
export function durationsOf(ms: number[]): { count: number; avgMin: number; p50Min: number; maxMin: number } {
  if (ms.length === 0) {
    return { count: 0, avgMin: 0, p50Min: 0, maxMin: 0 };
  }
  const sorted = [...ms].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const p50 = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {
    count: ms.length,
    avgMin: round1(ms.reduce((a, b) => a + b, 0) / ms.length / MIN),
    p50Min: round1(p50 / MIN),
    maxMin: round1(sorted[sorted.length - 1] / MIN),
  };
}

const bump = (o: Record<string, number>, k: string) => {
  o[k] = (o[k] ?? 0) + 1;
};

/**
 * Permit statistics (issue 25 §7, /SafetyWorkPermitNew/Analyse*): counts per
 * region (the permit's region, or the one its place lies in) and per
 * applicant's department, and approval durations from the signatures. Data
 * isolation: a caller counts the permits whose region they see (as the list:
 * permits without a region are everyone's); the department analysis counts
 * only departments in the caller's scope.
 */
export function createPermitStats(store: Store, deps: { org: Pick<OrgPort, 'getUserScope' | 'allDeptsAndRegions'>; regions: PermitRegions; now?: () => number }) {
  const now = deps.now ?? Date.now;

  async function visibleRows(user: AuthUser, input: StatsInput, byDept: boolean): Promise<Row[]> {
    const [scope, rows] = await Promise.all([deps.org.getUserScope(user.userid), repo.statsRows(store.db, input)]);
    if (scope.all) {
      return rows;
    }
    return rows.filter(
      (r) => (r.region_id === null || scope.regionids.includes(r.region_id)) && (!byDept || (r.deptid !== null && scope.deptids.includes(r.deptid))),
    );
  }

  function tally(rows: Row[], keyOf: (r: Row) => number, names: Map<number, { name: string; nameEn: string }>): PermitStatsRow[] {
    const out = new Map<number, PermitStatsRow>();
    for (const r of rows) {
      const id = keyOf(r);
      let row = out.get(id);
      if (!row) {
        const n = names.get(id);
        row = { id, name: n?.name ?? '', nameEn: n?.nameEn ?? '', total: 0, byType: {}, byGrade: {}, byStatus: {} };
        out.set(id, row);
      }
      row.total++;
      bump(row.byType, r.type);
      const grade = r.effective_grade ?? r.grade;
      if (grade) {
        bump(row.byGrade, grade);
      }
      bump(row.byStatus, r.status);
    }
    return [...out.values()].sort((a, b) => b.total - a.total || a.id - b.id);
  }

  return {
    async byRegion(user: AuthUser, input: StatsInput) {
      const rows = await visibleRows(user, input, false);
      const { regions } = await deps.org.allDeptsAndRegions();
      const names = new Map(regions.map((r) => [r.regionid, { name: r.regionname, nameEn: r.regionname_en }]));
      const items = tally(rows, (r) => r.region_id ?? deps.regions.locate(r.lng, r.lat) ?? 0, names);
      return { items, total: rows.length };
    },

    async byDepartment(user: AuthUser, input: StatsInput) {
      const rows = await visibleRows(user, input, true);
      const { depts } = await deps.org.allDeptsAndRegions();
      const names = new Map(depts.map((d) => [d.deptid, { name: d.deptname, nameEn: d.deptname_en }]));
      const items = tally(rows, (r) => r.deptid ?? 0, names);
      return { items, total: rows.length };
    },

    async approved(user: AuthUser, input: StatsInput): Promise<PermitApprovedStats> {
      const rows = await visibleRows(user, input, false);
      const steps = await repo.steps(store.db, rows.map((r) => r.id));
      const byPermit = new Map<number, typeof steps>();
      for (const s of steps) {
        byPermit.set(s.permit_id, [...(byPermit.get(s.permit_id) ?? []), s]);
      }
      const perType = new Map<string, number[]>();
      const perStep = new Map<string, number[]>();
      const perSigner = new Map<number, number[]>();
      const waiting = { count: 0, maxMin: 0 };
      const at = now();
      for (const r of rows) {
        // The signatures before work, in Annex A order; acceptance follows the work and is not an approval.
        const before = (byPermit.get(r.id) ?? []).filter((s) => s.code !== 'acceptance').sort((a, b) => a.seq - b.seq);
        let prev = Number(r.created_at);
        for (const s of before) {
          if (s.signed_at === null) {
            if (r.status === 'signing') {
              waiting.count++;
              waiting.maxMin = Math.max(waiting.maxMin, round1((at - prev) / MIN));
            }
            break;
          }
          const t = Number(s.signed_at);
          if (s.code !== 'applicant') {
            perStep.set(s.code, [...(perStep.get(s.code) ?? []), t - prev]);
            perSigner.set(s.signer_id, [...(perSigner.get(s.signer_id) ?? []), t - prev]);
          }
          prev = t;
        }
        if (before.length > 0 && before.every((s) => s.signed_at !== null)) {
          perType.set(r.type, [...(perType.get(r.type) ?? []), prev - Number(r.created_at)]);
        }
      }
      const who = new Map((await repo.users(store.db, [...perSigner.keys()])).map((u) => [u.userid, u.username]));
      return {
        byType: [...perType].map(([type, ms]) => ({ type: type as PermitApprovedStats['byType'][number]['type'], ...durationsOf(ms) })),
        bySteps: permitStepCodes.flatMap((code: PermitStepCode) => {
          const ms = perStep.get(code);
          return ms ? [{ code, ...durationsOf(ms) }] : [];
        }),
        bySigner: [...perSigner]
          .map(([userid, ms]) => ({ userid, name: who.get(userid) ?? '', ...durationsOf(ms) }))
          .sort((a, b) => b.avgMin - a.avgMin || a.userid - b.userid),
        waiting,
      };
    },
  };
}

export type PermitStats = ReturnType<typeof createPermitStats>;
