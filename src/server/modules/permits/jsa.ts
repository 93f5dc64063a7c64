import { hazardTypeCodes, jsaStatus } from '../../../shared/permits/jsa-ledgers.js';
import type { PermitItem } from '../../../shared/permits/items.js';
import { permitTypeCodes } from '../../../shared/domain/gb30871-input.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

const ENTITY = 'JSA';

type Step = { hazardType?: unknown };

/**
 * Job safety analyses (issue 25 §2, /JSA/*) as the permits read them: the
 * completed JSA a hot-work permit's JSA step waits for, the counts by work
 * type and hazard kind, and the JSAs of the permits in effect for the map.
 * The ledger itself (list, form, flow) is the record engine's.
 */
export function createJsa(deps: {
  records: Pick<RecordsPort, 'allRecords' | 'definitions'>;
  org: Pick<OrgPort, 'getUserScope'>;
  /** Permits in effect or suspended that the caller may see. */
  live: (user: AuthUser) => Promise<PermitItem[]>;
}) {
  const all = async (): Promise<RecordItem[]> => {
    const def = deps.records.definitions.get(ENTITY);
    return def ? deps.records.allRecords(def) : [];
  };
  /** The JSAs the caller may see (the ledger is isolated by region). */
  const visible = async (user: AuthUser): Promise<RecordItem[]> => {
    const scope = await deps.org.getUserScope(user.userid);
    return (await all()).filter((r) => scope.all || (r.regionid !== null && scope.regionids.includes(r.regionid)));
  };
  const ref = (r: RecordItem) => ({ id: r.id, number: typeof r.number === 'string' ? r.number : String(r.id), title: r.title, status: r.status });

  return {
    /** Whether a completed JSA of this permit type names the permit (GB 30871-2022 Annex A: hazard identification before gas analysis). */
    async completedFor(permitNumber: string, permitType: string): Promise<boolean> {
      return (await all()).some((r) => r.status === jsaStatus.completed && r.permitType === permitType && typeof r.permitNo === 'string' && r.permitNo.trim() === permitNumber);
    },

    /** JSAs naming the permit (not voided), for the permit page. */
    async linkedTo(permitNumber: string) {
      return (await all()).filter((r) => r.status !== jsaStatus.voided && typeof r.permitNo === 'string' && r.permitNo.trim() === permitNumber).map(ref);
    },

    async analysis(user: AuthUser, input: { from?: number; to?: number }) {
      const rows = (await visible(user)).filter((r) => {
        const at = typeof r.analysedAt === 'number' ? r.analysedAt : r.created;
        return r.status !== jsaStatus.voided && (input.from === undefined || at >= input.from) && (input.to === undefined || at < input.to);
      });
      const byType = permitTypeCodes
        .map((permitType) => {
          const of = rows.filter((r) => r.permitType === permitType);
          return { permitType, total: of.length, completed: of.filter((r) => r.status === jsaStatus.completed).length };
        })
        .filter((x) => x.total > 0);
      const hazards = new Map<string, number>();
      for (const r of rows) {
        for (const s of Array.isArray(r.steps) ? (r.steps as Step[]) : []) {
          const k = typeof s.hazardType === 'string' && hazardTypeCodes.includes(s.hazardType) ? s.hazardType : 'other';
          hazards.set(k, (hazards.get(k) ?? 0) + 1);
        }
      }
      const byHazard = hazardTypeCodes.filter((k) => hazards.has(k)).map((hazardType) => ({ hazardType, count: hazards.get(hazardType)! }));
      return { total: rows.length, byType, byHazard };
    },

    async map(user: AuthUser) {
      const [permits, jsas] = await Promise.all([deps.live(user), visible(user)]);
      return {
        items: permits.map((p) => ({
          ...p,
          jsas: jsas.filter((r) => r.status !== jsaStatus.voided && typeof r.permitNo === 'string' && r.permitNo.trim() === p.number).map(ref),
        })),
      };
    },
  };
}

export type Jsa = ReturnType<typeof createJsa>;
