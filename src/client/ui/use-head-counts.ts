import { useEffect, useState } from 'react';
import { regionHeadCount, type RegionHeadCountItem } from '../../shared/regions/contracts';
import { api } from '../app/api';
import { useSession } from '../app/session-store';

/** How often the head counts are re-read until topic `area.count` brings them live. */
const POLL_MS = 5000;

/**
 * People and vehicles per region (`UAPI/Region/HeadCount`, the caller's regions only),
 * re-read every 5 s while mounted; [] for a user without positioning:read.
 */
export function useRegionHeadCounts(): RegionHeadCountItem[] {
  const canSeeCounts = useSession((s) => s.user?.permissions.includes('positioning:read') ?? false);
  const [counts, setCounts] = useState<RegionHeadCountItem[]>([]);
  useEffect(() => {
    if (!canSeeCounts) {
      return undefined;
    }
    let stopped = false;
    const load = () =>
      api(regionHeadCount, {}, { silent: true }).then(
        (r) => !stopped && setCounts(r.items),
        () => undefined,
      );
    void load();
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [canSeeCounts]);
  return counts;
}
