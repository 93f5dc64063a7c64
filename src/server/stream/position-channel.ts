import type { Subscription } from 'rxjs';
import type { PositionTuple } from '../../shared/contracts/channel.js';
import { consume, type StreamBus } from './bus.js';
import type { ChannelSource, TopicResolver } from './channels.js';
import type { StreamLog } from './ingest.js';
import type { LiveCache } from './live-cache.js';

/**
 * People and vehicles (topics `position/person`, `position/vehicle`): the
 * latest fix per positioning tag, isolated by the region polygon it lies in now.
 */
export function positionChannel(deps: { bus: StreamBus; live: LiveCache; log: StreamLog }): {
  source: ChannelSource<'position'>;
  resolver: TopicResolver<'position'>;
} {
  const { bus, live, log } = deps;
  return {
    source: {
      channel: 'position',
      current(key): PositionTuple | undefined {
        const f = live.position(key);
        return f ? [key, f.t, f.lon, f.lat, f.floor, f.kind === 1 ? 1 : 0] : undefined;
      },
      *keys() {
        for (const [id] of live.positions()) {
          yield id;
        }
      },
      regionOf: (key) => live.position(key)?.regionid ?? 0,
      matches: (filter, _key, item) => (filter === 'vehicle' ? item[5] === 1 : item[5] === 0),
      start(feed) {
        const sub: Subscription = consume(
          bus.positions$,
          'broadcaster.positions',
          (err) => log.error({ err }, 'position channel: feed failed'),
          (b) => {
            for (let i = 0; i < b.n; i++) {
              feed.changed(b.id[i]);
            }
          },
        );
        return () => sub.unsubscribe();
      },
    },
    resolver: { kind: 'position', resolve: (kind) => ({ filter: kind }) },
  };
}
