import { useCallback, useMemo } from 'react';
import { controlSystemList } from '../../../shared/alarms/control-system-contracts';
import { controlSystemMatcher } from '../../../shared/domain/control-system-match';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';

/**
 * The control systems the user may see and, per alarm source, the one that
 * feeds it (the same matching as the server's tag counts). Only tag alarms
 * (`tag:<id>:<type>`) have one.
 */
export function useControlSystems() {
  const load = useCallback((signal: AbortSignal) => api(controlSystemList, {}, { signal, silent: true }), []);
  const result = useLoad(load);
  return useMemo(() => {
    const systems = result.data?.items ?? [];
    const match = controlSystemMatcher(systems);
    const names = new Map(systems.map((s) => [s.id, s.name]));
    return {
      systems,
      systemOf: (a: { alarmKey: string; source: string }): number | null => (a.alarmKey.startsWith('tag:') ? match(a.source) : null),
      nameOf: (id: number | null) => (id === null ? undefined : names.get(id)),
    };
  }, [result.data]);
}
