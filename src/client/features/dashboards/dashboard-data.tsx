import { createContext, useContext, useState, type ReactNode } from 'react';
import { alarmTypes } from '../../../shared/alarms/contracts';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import type { AreaCountItem } from '../../../shared/regions/items';
import { emptyAlarmSet, type AlarmSet } from '../../../shared/domain/alarm-merge';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { useOpenAlarms } from '../../ui/use-open-alarms';

/**
 * What several widgets of one screen share, subscribed once per screen (not
 * once per widget): the open alarms (list call, then topic `alarm`) and the
 * head counts (topic `area.count`, the latest per region).
 */
interface DashboardData {
  alarms: AlarmSet;
  counts: ReadonlyMap<number, AreaCountItem>;
}

const Ctx = createContext<DashboardData>({ alarms: emptyAlarmSet, counts: new Map() });

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
  return <Ctx.Provider value={{ alarms, counts }}>{children}</Ctx.Provider>;
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
