import type { PermitLiveItem } from '../../../shared/permits/items.js';
import { haversineDistance } from '../../../shared/domain/geometry.js';
import { consume, type StreamBus } from '../../stream/bus.js';
import type { ChannelFeed, ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { PermitsService, TagPositions } from './permits.service.js';

interface Watched {
  id: number;
  tag: string;
  lng: number;
  lat: number;
  radiusM: number;
  /** First fix outside the zone since the last one inside; null while inside. */
  outsideSince: number | null;
}

export interface GuardianWatch extends TagPositions {
  readonly channel: { source: ChannelSource<'permit'>; resolver: TopicResolver<'permitsLive'> };
  /** Reads the permits in effect again. */
  refresh(): Promise<void>;
  stats(): Record<string, number>;
  stop(): void;
}

/**
 * Permits in effect on the map, and the guardian rule (issue 25 §5): the
 * guardian's tag outside the work zone for longer than `graceMs` suspends
 * the permit at once (audited, a to-do for the guardian). Keeps the last fix
 * of every tag it is told of, for resumption (the guardian back in the zone)
 * and the position beside a signature. The live state goes out on
 * `permits.live`, isolated by the permit's region.
 */
export function startGuardianWatch(deps: {
  bus: StreamBus;
  permits: () => PermitsService;
  grace: { readonly ms: number };
  onError: (err: unknown, name: string) => void;
  now?: () => number;
}): GuardianWatch {
  const now = deps.now ?? Date.now;
  const lastFix = new Map<string, { t: number; lon: number; lat: number }>();
  const watched = new Map<number, Watched>();
  const current = new Map<string, PermitLiveItem>();
  const suspending = new Set<number>();
  const stats = { fixes: 0, suspensions: 0, lastSuspendMs: 0 };
  let feed: ChannelFeed<PermitLiveItem> | null = null;

  function keep(item: PermitLiveItem) {
    current.set(String(item.id), item);
    if (item.status === 'active' && item.guardianTag) {
      const w = watched.get(item.id);
      watched.set(item.id, { id: item.id, tag: item.guardianTag, lng: item.lng, lat: item.lat, radiusM: item.radiusM, outsideSince: w?.outsideSince ?? null });
    } else {
      watched.delete(item.id);
    }
    feed?.changed(String(item.id));
  }

  async function reload(ids?: number[]) {
    const t = now();
    const rows = await deps.permits().live(null, ids);
    rows.forEach((r) => keep({ ...r, t }));
  }

  function suspend(w: Watched, fixT: number) {
    if (suspending.has(w.id)) {
      return;
    }
    suspending.add(w.id);
    const started = now();
    deps
      .permits()
      .suspend(null, w.id, 'guardianLeft', 'zh')
      .then(() => {
        stats.suspensions++;
        stats.lastSuspendMs = now() - Math.min(started, fixT);
      })
      .catch((err: unknown) => deps.onError(err, 'permits.suspend'))
      .finally(() => suspending.delete(w.id));
  }

  function judge(w: Watched, fix: { t: number; lon: number; lat: number }) {
    const inside = haversineDistance([fix.lon, fix.lat], [w.lng, w.lat]) <= w.radiusM;
    if (inside) {
      w.outsideSince = null;
      return;
    }
    w.outsideSince ??= fix.t;
    if (now() - w.outsideSince >= deps.grace.ms || fix.t - w.outsideSince >= deps.grace.ms) {
      suspend(w, fix.t);
    }
  }

  const subs = [
    consume(deps.bus.positions$, 'permits.positions', deps.onError, (b) => {
      for (let i = 0; i < b.n; i++) {
        if (b.kind[i] !== 0) {
          continue;
        }
        const fix = { t: b.t[i], lon: b.lon[i], lat: b.lat[i] };
        lastFix.set(b.id[i], fix);
        for (const w of watched.values()) {
          if (w.tag === b.id[i]) {
            judge(w, fix);
          }
        }
      }
      stats.fixes += b.n;
    }),
    deps.bus.onAnyServer('permit.changed').subscribe((e) => {
      void reload([e.id]).catch((err: unknown) => deps.onError(err, 'permits.reload'));
    }),
  ];
  // A guardian who walked out and sends no more fixes is still out: the grace is also judged on the clock.
  const timer = setInterval(() => {
    for (const w of watched.values()) {
      if (w.outsideSince !== null && now() - w.outsideSince >= deps.grace.ms) {
        suspend(w, w.outsideSince);
      }
    }
  }, 1000);

  return {
    last: (tag) => lastFix.get(tag),
    channel: {
      source: {
        channel: 'permit',
        current: (key) => current.get(key),
        keys: () => current.keys(),
        regionOf: (_key, item) => item.regionId,
        matches: () => true,
        start(f) {
          feed = f;
          return () => {
            feed = null;
          };
        },
      },
      resolver: {
        kind: 'permitsLive',
        resolve: () => ({ filter: '' }),
      },
    },
    refresh: () => reload(),
    stats: () => ({ ...stats, watched: watched.size }),
    stop() {
      subs.forEach((s) => s.unsubscribe());
      clearInterval(timer);
    },
  };
}
