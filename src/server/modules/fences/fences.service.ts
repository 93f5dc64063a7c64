import { fenceRule, type FenceRule, type FenceRuleItem } from '../../../shared/fences/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { createFencesRepository, type FenceRuleRow } from './fences.repository.js';

export interface FencesService {
  ruleList(caller: AuthUser): Promise<FenceRuleItem[]>;
  ruleSave(caller: AuthUser, input: FenceRule): Promise<FenceRuleItem>;
  ruleDelete(caller: AuthUser, regionid: number): Promise<void>;
  /** Every rule, for the fence engine. */
  allRules(): Promise<FenceRule[]>;
}

const ruleOf = (row: FenceRuleRow): FenceRule => fenceRule.parse({ ...(JSON.parse(row.doc) as object), regionid: row.regionid });

export function createFencesService(
  store: Store,
  deps: { org: Pick<OrgService, 'getUserScope' | 'allDeptsAndRegions'>; onRulesChanged: () => void },
): FencesService {
  const repo = createFencesRepository(store.db);

  async function regionsOf(caller: AuthUser) {
    const [scope, { regions }] = await Promise.all([deps.org.getUserScope(caller.userid), deps.org.allDeptsAndRegions()]);
    const visible = scope.all ? regions : regions.filter((r) => scope.regionids.includes(r.regionid));
    return new Map(visible.map((r) => [r.regionid, r]));
  }
  const itemOf = (row: FenceRuleRow, region: { regionname: string; regionname_en: string }): FenceRuleItem => ({
    ...ruleOf(row),
    regionname: region.regionname,
    regionname_en: region.regionname_en,
    updated_at: Number(row.updated_at),
    updated_by: row.updated_by,
  });

  return {
    async ruleList(caller) {
      const regions = await regionsOf(caller);
      const rows = await repo.rules();
      return rows.flatMap((row) => {
        const region = regions.get(row.regionid);
        return region ? [itemOf(row, region)] : [];
      });
    },
    async ruleSave(caller, input) {
      const region = (await regionsOf(caller)).get(input.regionid);
      if (!region) {
        throw badRequest('fences.noSuchRegion', ['regionid']);
      }
      if (input.maxCount !== null && input.minCount !== null && input.minCount > input.maxCount) {
        throw badRequest('fences.minAboveMax', ['minCount']);
      }
      const { regionid, ...doc } = input;
      const row: FenceRuleRow = { regionid, doc: JSON.stringify(doc), updated_at: Date.now(), updated_by: caller.loginname };
      await inTransaction(store.db, async (tx) => {
        const r = createFencesRepository(tx);
        const before = await r.rule(regionid);
        await r.upsertRule(row);
        await audit(tx, caller, before ? 'fence.update' : 'fence.create', 'fence_rule', regionid, {
          before: before ? (JSON.parse(before.doc) as unknown) : null,
          after: doc,
        });
      });
      deps.onRulesChanged();
      return itemOf(row, region);
    },
    async ruleDelete(caller, regionid) {
      if (!(await regionsOf(caller)).has(regionid)) {
        throw forbidden('common.outsideScope');
      }
      await inTransaction(store.db, async (tx) => {
        const r = createFencesRepository(tx);
        const before = await r.rule(regionid);
        if (!before) {
          throw notFound();
        }
        await r.deleteRule(regionid);
        await audit(tx, caller, 'fence.delete', 'fence_rule', regionid, { before: JSON.parse(before.doc) as unknown });
      });
      deps.onRulesChanged();
    },
    async allRules() {
      return (await repo.rules()).map(ruleOf);
    },
  };
}
