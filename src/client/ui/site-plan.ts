import { useEffect, useSyncExternalStore } from 'react';
import { baseMapGet, SITE_PLAN_IMAGE_PATH, sitePlanGet, type BaseMapSetting, type SitePlanInfo } from '../../shared/contracts/regions';
import { api } from '../app/api';
import { useSession } from '../app/session-store';

/** The plant's own base map as every plant map draws it: the placed site plan and the optional online tiles. */
export interface BaseLayers {
  plan: SitePlanInfo | null;
  /** Object URL of the plan image (fetched with the user's token); null until loaded or when there is none. */
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

/** Reads the site plan and the base map setting again (after an upload or a placement). */
export function reloadBaseLayers(): Promise<void> {
  loading ??= (async () => {
    try {
      const [plan, online] = await Promise.all([api(sitePlanGet, {}, { silent: true }), api(baseMapGet, {}, { silent: true })]);
      let planUrl = state.planUrl;
      if (!plan.present) {
        planUrl = null;
      } else if (plan.version !== loadedVersion) {
        const token = useSession.getState().accessToken;
        const res = await fetch(SITE_PLAN_IMAGE_PATH, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        planUrl = res.ok ? URL.createObjectURL(await res.blob()) : null;
      }
      if (state.planUrl && state.planUrl !== planUrl) {
        URL.revokeObjectURL(state.planUrl);
      }
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
