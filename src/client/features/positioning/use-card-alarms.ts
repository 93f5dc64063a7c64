import { useCallback, useEffect, useMemo, useState } from 'react';
import { alarmRealTimeList, type AlarmItem } from '../../../shared/contracts/alarms';
import { POSITIONING_ALARM_TYPES } from '../../../shared/contracts/positioning';
import { applyList, emptyAlarmSet, mergeAlarms, type AlarmSet } from '../../../shared/domain/alarm-merge';
import { api } from '../../app/api';
import { useSession } from '../../app/session-store';
import { useChannelResync, useTopic } from '../../stream/use-topic';

const TYPES = new Set<string>(POSITIONING_ALARM_TYPES);

/** The card an alarm was raised for: the fence engine names it in the detail, else the alarm's source is the card. */
export const cardOfAlarm = (a: AlarmItem): string => (typeof a.detail?.card === 'string' ? a.detail.card : a.source);

/**
 * Open positioning alarms by card, for the map's red markers and the card: the
 * list call is the truth (`types` filter), topic `alarm` brings changes, a resync
 * reloads. Empty for a user who may not read alarms.
 */
export function useCardAlarms(): ReadonlyMap<string, AlarmItem[]> {
  const canRead = useSession((s) => s.user?.permissions.includes('realtime:read') ?? false);
  const [set, setSet] = useState<AlarmSet>(emptyAlarmSet);
  const reload = useCallback(() => {
    if (!canRead) {
      return;
    }
    api(alarmRealTimeList, { types: POSITIONING_ALARM_TYPES }, { silent: true }).then(
      ({ list, serverTime }) => setSet((s) => applyList(s, list, serverTime)),
      () => undefined,
    );
  }, [canRead]);
  useEffect(reload, [reload]);
  useTopic(canRead ? 'alarm' : null, (items) => {
    const mine = items.filter((a) => TYPES.has(a.type));
    if (mine.length) {
      setSet((s) => mergeAlarms(s, mine, true));
    }
  });
  useChannelResync('alarm', reload);
  return useMemo(() => {
    const out = new Map<string, AlarmItem[]>();
    for (const a of set.byId.values()) {
      const card = cardOfAlarm(a);
      out.set(card, [...(out.get(card) ?? []), a]);
    }
    return out;
  }, [set]);
}
