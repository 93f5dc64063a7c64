import { useCallback, useEffect, useState, type RefObject } from 'react';
import { dashboardGet, dashboardList, type DashboardItem, type DashboardSummary } from '../../../shared/dashboards/contracts';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';

/** The stored dashboards (list call), reloadable. */
export function useDashboardList() {
  const load = useCallback((signal: AbortSignal) => api(dashboardList, {}, { signal }), []);
  const loaded = useLoad(load);
  return { items: loaded.data?.items ?? ([] as DashboardSummary[]), loading: loaded.loading, reload: loaded.reload };
}

/** One dashboard by key; null while loading or when it does not exist. */
export function useDashboard(key: string | null): DashboardItem | null {
  const load = useCallback((signal: AbortSignal) => (key ? api(dashboardGet, { key }, { signal }) : Promise.resolve(null)), [key]);
  return useLoad(load).data ?? null;
}

/** The element's content size, followed with a ResizeObserver. */
export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) {
      return undefined;
    }
    const observer = new ResizeObserver(() => setSize({ width: Math.floor(el.clientWidth), height: Math.floor(el.clientHeight) }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
