import { useEffect, useState } from 'react';
import { dashboardFigures } from '../../../shared/dashboards/contracts';
import { figures } from '../../../shared/modules';
import { api } from '../../app/api';

/**
 * Module figures (`figures` in the areas' manifests) read in one
 * `UAPI/Dashboard/Figures` call, again every `refreshSeconds` of the most
 * often refreshed one (default 60; figures have no topic). undefined until
 * read; a figure with no value, or that the viewer may not read, is null.
 */
export function useFigures(keys: readonly string[]): Readonly<Record<string, number | null>> | undefined {
  const [values, setValues] = useState<Record<string, number | null> | undefined>(undefined);
  const joined = keys.join(',');
  useEffect(() => {
    const list = joined ? joined.split(',') : [];
    if (list.length === 0) {
      return undefined;
    }
    let stopped = false;
    const read = () =>
      api(dashboardFigures, { keys: list }, { silent: true }).then(
        (r) => !stopped && setValues(Object.fromEntries(list.map((k) => [k, r.values[k]?.v ?? null]))),
        () => !stopped && setValues(Object.fromEntries(list.map((k) => [k, null]))),
      );
    void read();
    const every = Math.min(...list.map((k) => figures[k]?.refreshSeconds ?? 60));
    const timer = setInterval(() => void read(), every * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [joined]);
  return values;
}
