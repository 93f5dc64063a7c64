import { useEffect, useState, useSyncExternalStore } from 'react';
import { baseMapGet, SITE_PLAN_IMAGE_PATH, sitePlanGet, type BaseMapSetting, type SitePlanInfo } from '../../shared/regions/contracts';
import { api } from '../app/api';
import { useSession } from '../app/session-store';

/** The plant's own base map as every plant map draws it: the placed site plan and the optional online tiles. */
export interface BaseLayers {
  plan: SitePlanInfo | null;
  /** URL of the plan image on our server; null when there is none. */
  planUrl: string | null;
  online: BaseMapSetting | null;
}

let state: BaseLayers = { plan: null, planUrl: null, online: null };
let loadedVersion = -1;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<BaseLayers>) {
  state = { ...state, ...next };
  for (const l of listeners) {
    l();
  }
}

/** Adds the user's token to requests for our own map images (the site plan); MapLibre's transformRequest. */
export function withMapAuth(url: string): { url: string; headers?: Record<string, string> } | undefined {
  if (!url.startsWith(`${window.location.origin}${SITE_PLAN_IMAGE_PATH}`)) {
    return undefined;
  }
  const token = useSession.getState().accessToken;
  return token ? { url, headers: { Authorization: `Bearer ${token}` } } : undefined;
}

/** Reads the site plan and the base map setting again (after an upload or a placement). */
export function reloadBaseLayers(): Promise<void> {
  loading ??= (async () => {
    try {
      const [plan, online] = await Promise.all([api(sitePlanGet, {}, { silent: true }), api(baseMapGet, {}, { silent: true })]);
      // MapLibre fetches the image itself (PlantMap adds the token to our own map URLs); the version busts caches.
      const planUrl = plan.present ? `${window.location.origin}${SITE_PLAN_IMAGE_PATH}?v=${plan.version}` : null;
      loadedVersion = plan.present ? plan.version : -1;
      set({ plan, planUrl, online });
    } catch {
      // No base layers: the map still draws the plant's vector layout.
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useBaseLayers(): BaseLayers {
  const value = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (loadedVersion === -1 && state.plan === null) {
      void reloadBaseLayers();
    }
  }, []);
  return value;
}

/** The plan image as an object URL for an <img> (which cannot send the token itself). */
export function usePlanObjectUrl(planUrl: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!planUrl) {
      setObjectUrl(null);
      return undefined;
    }
    let made: string | null = null;
    const controller = new AbortController();
    const token = useSession.getState().accessToken;
    fetch(planUrl, { signal: controller.signal, headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (blob) {
          made = URL.createObjectURL(blob);
          setObjectUrl(made);
        }
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) {
        URL.revokeObjectURL(made);
      }
    };
  }, [planUrl]);
  return objectUrl;
}
