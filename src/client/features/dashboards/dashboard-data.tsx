import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { alarmTypes } from '../../../shared/alarms/contracts';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import type { AreaCountItem } from '../../../shared/regions/items';
import { emptyAlarmSet, type AlarmSet } from '../../../shared/domain/alarm-merge';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { useOpenAlarms } from '../../ui/use-open-alarms';
import { useRegions } from '../../ui/region-options';

/**
 * What several widgets of one screen share, subscribed once per screen (not
 * once per widget): the open alarms (list call, then topic `alarm`) and the
 * head counts (topic `area.count`, the latest per region).
 */
interface DashboardData {
  alarms: AlarmSet;
  counts: ReadonlyMap<number, AreaCountItem>;
  /** Region names in the reader's language, and each region's parent (0 for a root). */
  regionNames: ReadonlyMap<number, string>;
  parentOf: ReadonlyMap<number, number>;
}

const Ctx = createContext<DashboardData>({ alarms: emptyAlarmSet, counts: new Map(), regionNames: new Map(), parentOf: new Map() });

const ALL_TYPES = alarmTypes;

export function DashboardDataProvider({ children }: { children: ReactNode }) {
  const alarms = useOpenAlarms(ALL_TYPES);
  const canCount = useSession((s) => s.user?.permissions.includes('positioning:read') ?? false);
  const [counts, setCounts] = useState<ReadonlyMap<number, AreaCountItem>>(new Map());
  useTopic(canCount ? 'area.count' : null, (items) =>
    setCounts((prev) => {
      const next = new Map(prev);
      items.forEach((i) => next.set(i.regionid, i));
      return next;
    }),
  );
  const regions = useRegions();
  const parentOf = useMemo(() => new Map(regions.list.map((r) => [r.regionid, r.regionparentid])), [regions.list]);
  const value = useMemo(() => ({ alarms, counts, regionNames: regions.nameOf, parentOf }), [alarms, counts, regions.nameOf, parentOf]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Open alarms of these priorities (all when absent), most urgent and newest first. */
export function useDashboardAlarms(priorities: readonly number[] | undefined): AlarmItem[] {
  const { alarms } = useContext(Ctx);
  return [...alarms.byId.values()]
    .filter((a) => a.closedAt === null && (!priorities || priorities.length === 0 || priorities.includes(a.priority)))
    .sort((a, b) => a.priority - b.priority || b.activatedAt - a.activatedAt);
}

export function useDashboardCounts(): ReadonlyMap<number, AreaCountItem> {
  return useContext(Ctx).counts;
}

export function useRegionNames(): ReadonlyMap<number, string> {
  return useContext(Ctx).regionNames;
}

/**
 * People (or vehicles) on site: a region's count includes its sub-regions, so
 * the total is the sum over the counted regions whose parent is not counted (the roots).
 */
export function useSiteTotal(what: 'people' | 'vehicles'): number {
  const { counts, parentOf } = useContext(Ctx);
  let total = 0;
  for (const c of counts.values()) {
    const parent = parentOf.get(c.regionid);
    if (parent === undefined || !counts.has(parent)) {
      total += c[what];
    }
  }
  return total;
}

export function usePeopleTotal(): number {
  return useSiteTotal('people');
}
