import type { StreamBus } from './bus.js';
import type { ChannelSource, TopicResolver } from './channels.js';

/**
 * Region changes (topic `region`): every `region.changed` domain event, in
 * order, to the users who see the region — for a new region, who sees its
 * parent (their scope takes the child in at the next re-scope).
 */
export function regionChannel(deps: { bus: StreamBus }): { source: ChannelSource<'region'>; resolver: TopicResolver<'region'> } {
  return {
    source: {
      channel: 'region',
      regionOf: (_key, item) => (item.action === 'create' ? item.parentid : item.regionid),
      start(feed) {
        const sub = deps.bus.onAnyServer('region.changed').subscribe((e) => {
          const t = Date.now();
          for (const r of e.regions) {
            feed.push({ regionid: r.regionid, parentid: r.parentid, action: e.action, t });
          }
        });
        return () => sub.unsubscribe();
      },
    },
    resolver: { kind: 'region', resolve: () => ({ filter: 'all' }) },
  };
}
