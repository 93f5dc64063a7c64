import { useCallback, useEffect, useState } from 'react';
import { zoneRiskList } from '../../shared/risk/contracts';
import type { RiskZoneItem } from '../../shared/risk/items';
import { api } from '../app/api';
import { useTopic } from '../stream/use-topic';

/**
 * The zones' levels the caller may see: `UAPI/RiskControl/ZoneRiskList` once,
 * then every change on topic `risk` (the server sends only zones in the
 * caller's regions). An item older than the one held is dropped. With
 * `enabled` false (a viewer without risk:view) nothing is asked or subscribed.
 */
export function useRiskZones(enabled = true): { zones: ReadonlyMap<number, RiskZoneItem>; loaded: boolean } {
  const [zones, setZones] = useState<ReadonlyMap<number, RiskZoneItem>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const merge = useCallback((items: readonly RiskZoneItem[]) => {
    setZones((prev) => {
      const next = new Map(prev);
      for (const z of items) {
        const held = next.get(z.regionid);
        if (!held || held.t <= z.t) {
          next.set(z.regionid, z);
        }
      }
      return next;
    });
  }, []);
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    const controller = new AbortController();
    api(zoneRiskList, {}, { signal: controller.signal }).then(
      (r) => {
        merge(r.items);
        setLoaded(true);
      },
      () => setLoaded(true),
    );
    return () => controller.abort();
  }, [merge, enabled]);
  useTopic(enabled ? 'risk' : null, merge);
  return { zones, loaded };
}
