import { useEffect, useSyncExternalStore } from 'react';
import { regionGeometryList, type RegionFeature } from '../../shared/org/contracts';
import { api } from '../app/api';
import { streamClient } from '../stream/stream-client';

/**
 * The region polygons every plant map draws, from the store (`UAPI/Region/GeometryList`,
 * data isolation applied), shared by all maps on the page. A `region` topic item (a
 * region was drawn, moved, renamed or deleted) or a resync of that channel reloads them,
 * so an edit shows on every open map without a page reload.
 */
let shapes: readonly RegionFeature[] | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
let again = false;

function publish(next: readonly RegionFeature[]) {
  shapes = next;
  for (const l of listeners) {
    l();
  }
}

/** Loads the polygons now; calls made while a load runs are folded into one more load after it. */
export function reloadRegionShapes(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = (async () => {
    do {
      again = false;
      try {
        const fc = await api(regionGeometryList, {}, { silent: true });
        publish(fc.features);
      } catch {
        // Keep the polygons we have; the next change or mount tries again.
      }
    } while (again);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Region polygons from the store, kept current by the `region` topic; null until the first load. */
export function useRegionShapes(): readonly RegionFeature[] | null {
  const value = useSyncExternalStore(subscribe, () => shapes);
  useEffect(() => {
    void reloadRegionShapes();
    const client = streamClient();
    const changes = client.topic$('region').subscribe(() => void reloadRegionShapes());
    const resync = client.channelResync$.subscribe((c) => {
      if (c === 'region') {
        void reloadRegionShapes();
      }
    });
    return () => {
      changes.unsubscribe();
      resync.unsubscribe();
    };
  }, []);
  return value;
}
