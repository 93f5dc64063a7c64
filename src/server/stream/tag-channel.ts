import type { Subscription } from 'rxjs';
import type { TagValueTuple } from '../../shared/contracts/channel.js';
import { consume, type StreamBus } from './bus.js';
import type { ChannelSource, TopicResolver } from './channels.js';
import type { StreamLog } from './ingest.js';
import type { LiveCache } from './live-cache.js';
import { inScope } from './region-scope.js';
import type { TagRegistry } from './tag-registry.js';

/**
 * Tag values (topics `tag/<id>` and `tags/<classId>`): the latest value per
 * tag from the live cache, isolated by the tag's region in the registry.
 */
export function tagChannel(deps: { bus: StreamBus; live: LiveCache; tags: TagRegistry; log: StreamLog }): {
  source: ChannelSource<'tag'>;
  resolvers: [TopicResolver<'tag'>, TopicResolver<'tags'>];
} {
  const { bus, live, tags, log } = deps;
  const onChange = tags.onChange ? (l: () => void) => tags.onChange!(() => l()) : undefined;
  return {
    source: {
      channel: 'tag',
      current(key): TagValueTuple | undefined {
        const e = live.get(key);
        return e ? [key, e.t, e.v, e.q] : undefined;
      },
      regionOf: (key) => tags.get(key)?.regionid ?? null,
      start(feed) {
        const sub: Subscription = consume(
          bus.samples$,
          'broadcaster.samples',
          (err) => log.error({ err }, 'tag channel: feed failed'),
          (b) => {
            for (let i = 0; i < b.n; i++) {
              feed.changed(b.tag[i]);
            }
          },
        );
        return () => sub.unsubscribe();
      },
    },
    resolvers: [
      {
        kind: 'tag',
        resolve(id, who) {
          const meta = tags.get(id);
          return meta && inScope(who.scope, meta.regionid) ? { keys: [id] } : null;
        },
        onChange,
      },
      {
        kind: 'tags',
        async resolve(groupId, who) {
          const members = tags.groupMembers ? await tags.groupMembers(groupId) : null;
          if (members == null) {
            return null;
          }
          // A group is granted; members outside the user's regions are left out silently.
          return {
            keys: members.filter((id) => {
              const meta = tags.get(id);
              return meta !== undefined && inScope(who.scope, meta.regionid);
            }),
          };
        },
        onChange,
      },
    ],
  };
}
