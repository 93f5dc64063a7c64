import { useCallback, useEffect, useState } from 'react';
import { alarmRealTimeList, type AlarmType } from '../../shared/alarms/contracts';
import { applyList, emptyAlarmSet, mergeAlarms, type AlarmSet } from '../../shared/domain/alarm-merge';
import { api } from '../app/api';
import { useSession } from '../app/session-store';
import { useChannelResync, useTopic } from '../stream/use-topic';

/**
 * The open alarms of some types, for a view that marks them (map markers, cards):
 * the list call is the truth (`types` filter), topic `alarm` brings changes, a
 * resync reloads. Empty for a user who may not read alarms. `types` must be a
 * stable array (a module constant).
 */
export function useOpenAlarms(types: readonly AlarmType[]): AlarmSet {
  const canRead = useSession((s) => s.user?.permissions.includes('realtime:read') ?? false);
  const [set, setSet] = useState<AlarmSet>(emptyAlarmSet);
  const reload = useCallback(() => {
    if (!canRead) {
      return;
    }
    api(alarmRealTimeList, { types: [...types] }, { silent: true }).then(
      ({ list, serverTime }) => setSet((s) => applyList(s, list, serverTime)),
      () => undefined,
    );
  }, [canRead, types]);
  useEffect(reload, [reload]);
  useTopic(canRead ? 'alarm' : null, (items) => {
    const mine = items.filter((a) => types.includes(a.type));
    if (mine.length) {
      setSet((s) => mergeAlarms(s, mine, true));
    }
  });
  useChannelResync('alarm', reload);
  return set;
}
