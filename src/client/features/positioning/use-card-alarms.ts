import { useMemo } from 'react';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { POSITIONING_ALARM_TYPES } from '../../../shared/positioning/contracts';
import { useOpenAlarms } from '../../ui/use-open-alarms';

/** The card an alarm was raised for: the fence engine names it in the detail, else the alarm's source is the card. */
export const cardOfAlarm = (a: AlarmItem): string => (typeof a.detail?.card === 'string' ? a.detail.card : a.source);

/** Open positioning alarms by card, for the map's red markers and the card. */
export function useCardAlarms(): ReadonlyMap<string, AlarmItem[]> {
  const set = useOpenAlarms(POSITIONING_ALARM_TYPES);
  return useMemo(() => {
    const out = new Map<string, AlarmItem[]>();
    for (const a of set.byId.values()) {
      const card = cardOfAlarm(a);
      out.set(card, [...(out.get(card) ?? []), a]);
    }
    return out;
  }, [set]);
}
