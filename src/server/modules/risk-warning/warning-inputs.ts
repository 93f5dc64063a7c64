import type { WarningVariableKind } from '../../../shared/risk-warning/items.js';
import { withDescendants } from '../../../shared/tree.js';
import type { AuthUser } from '../../http/app.js';
import type { Stream } from '../../stream/stream.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { InspectionsPort } from '../inspections/port.js';
import type { OrgPort } from '../org/port.js';
import type { PermitsPort } from '../permits/port.js';
import type { VariableRow } from './risk-warning.repository.js';

const DAY_MS = 86_400_000;
/** Quality code of a bad sample (stream/bus.ts): its value is not the process's. */
const BAD = 2;

export interface InputsDeps {
  live: Pick<Stream['live'], 'get'>;
  hiddenDangers: Pick<HiddenDangersPort, 'facts'>;
  inspections: Pick<InspectionsPort, 'missedRate'>;
  permits: Pick<PermitsPort, 'live'>;
  org: Pick<OrgPort, 'allDeptsAndRegions'>;
  now: () => number;
}

/** One calculation's reads: each count once per owner, however many variables and warnings use it. */
export interface InputsReader {
  valueOf(v: VariableRow, owner: AuthUser): Promise<number | null>;
}

/**
 * Reads variables' values (issue 21 §6): a tag's current value from the live
 * cache (none while its quality is bad), counts through the other modules'
 * ports in the warning owner's data scope — open hidden dangers (neither
 * closed nor voided), missed checks of rounds that ended in the last 24 h,
 * permits in effect — narrowed to the variable's region (with the regions
 * under it) when it names one.
 */
export function createInputsReader(deps: InputsDeps): InputsReader {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = read();
      cache.set(key, p);
    }
    return p;
  };
  /** The region and every region under it. */
  const within = (region: number) =>
    once(`region:${region}`, async () => new Set(withDescendants([region], (await deps.org.allDeptsAndRegions()).regions.map((r): [number, number] => [r.regionid, r.regionparentid]))));
  const inRegion = async (region: number | null) => {
    const set = region === null ? null : await within(region);
    return (regionid: number | null) => set === null || (regionid !== null && set.has(regionid));
  };

  const counts: Record<Exclude<WarningVariableKind, 'tag'>, (owner: AuthUser, region: number | null) => Promise<number>> = {
    async openHiddenDangers(owner, region) {
      const facts = await once(`hd:${owner.userid}`, () => deps.hiddenDangers.facts(owner, {}));
      const inside = await inRegion(region);
      return facts.filter((f) => f.status !== 'closed' && f.status !== 'voided' && inside(f.regionid)).length;
    },
    async overdueChecks(owner, region) {
      const end = deps.now();
      const rate = await once(`insp:${owner.userid}`, () => deps.inspections.missedRate(owner, { item: 'region', start: end - DAY_MS, end }));
      const inside = await inRegion(region);
      return region === null ? rate.overall.missed : rate.rows.filter((r) => inside(r.key)).reduce((s, r) => s + r.missed, 0);
    },
    async activePermits(owner, region) {
      const permits = await once(`permits:${owner.userid}`, () => deps.permits.live(owner));
      const inside = await inRegion(region);
      return permits.filter((p) => p.status === 'active' && inside(p.regionId)).length;
    },
  };

  return {
    async valueOf(v, owner) {
      if (v.kind === 'tag') {
        const s = v.tag ? deps.live.get(v.tag) : undefined;
        return s && s.q !== BAD && Number.isFinite(s.v) ? s.v : null;
      }
      const count = counts[v.kind as Exclude<WarningVariableKind, 'tag'>];
      return count ? count(owner, v.regionid) : null;
    },
  };
}
