import { Subject, type Observable } from 'rxjs';
import {
  channelNames,
  channels,
  parseTopic,
  topics as topicDecls,
  type ChannelName,
  type ParsedTopic,
  type TagValueTuple,
} from '../../shared/contracts/topics';

/**
 * Delivery of the stream's items to observers: the registry of observers
 * of each channel (by key, by key set, by filter), the cache of the latest
 * item per key of every `latest` channel (for late observers and refills),
 * routing each batch to the observers it belongs to, and dropping the
 * cached items nobody wants any more.
 */

/** Receives the items of one batch that belong to it. */
export type Sink = (items: unknown[]) => void;

/** Observers of one channel, indexed the way items are routed to them. */
interface ChannelSinks {
  /** Topics routed by key (`tag/<id>`): key → sinks. */
  byKey: Map<string, Set<Sink>>;
  /** Observers of a set of keys (`tags$(ids)`). */
  keySets: Set<{ keys: ReadonlySet<string>; sink: Sink }>;
  /** Topics routed by a filter, or taking every item (`position/person`, `tags/<classId>`, `region`). */
  routed: Set<{ accepts: (item: unknown) => boolean; sink: Sink }>;
}

const newSinks = (): ChannelSinks => ({ byKey: new Map(), keySets: new Set(), routed: new Set() });

/** An observer just registered: the cached items it gets first, and how to remove it. */
export interface Registration {
  cached: unknown[];
  remove: () => void;
}

export class StreamDelivery {
  /** Latest item per key of each `latest` channel, for late observers and refills. */
  private readonly cache = new Map<ChannelName, Map<string, unknown>>(
    channelNames.filter((c) => channels[c].coalesce === 'latest').map((c) => [c, new Map()]),
  );
  private readonly sinks = new Map<ChannelName, ChannelSinks>(channelNames.map((c) => [c, newSinks()]));

  /** Newest measurement time among received tag values (server clock), for the age shown in the navbar. */
  private newestT: number | null = null;

  private readonly released = new Subject<string[]>();
  /** Tag ids nobody subscribes to any more; their cached values were dropped. */
  readonly released$: Observable<string[]> = this.released.asObservable();

  /** `wanted`: every topic some observer holds (a dropped value stays while one still selects it). */
  constructor(private readonly wanted: () => Iterable<string>) {}

  /** The cached item of a key of a `latest` channel. */
  latest(channel: ChannelName, key: string): unknown {
    return this.cache.get(channel)?.get(key);
  }

  /** Newest measurement time among held tag values (server clock), or null when none is held. */
  get newestTagTime(): number | null {
    return this.newestT;
  }

  /** Registers an observer of one topic. */
  observeTopic({ channel, kind, arg }: ParsedTopic, sink: Sink): Registration {
    const decl = topicDecls[kind];
    const sinks = this.sinks.get(channel)!;
    const cache = this.cache.get(channel);
    if (decl.route === 'key') {
      let set = sinks.byKey.get(arg);
      if (!set) {
        set = new Set();
        sinks.byKey.set(arg, set);
      }
      set.add(sink);
      const item = cache?.get(arg);
      return {
        cached: item === undefined ? [] : [item],
        remove: () => {
          set.delete(sink);
          if (set.size === 0) {
            sinks.byKey.delete(arg);
          }
        },
      };
    }
    const route = decl.route;
    const accepts = route === 'all' ? () => true : (item: unknown) => route(arg, item);
    const entry = { accepts, sink };
    sinks.routed.add(entry);
    return {
      cached: cache ? [...cache.values()].filter(accepts) : [],
      remove: () => sinks.routed.delete(entry),
    };
  }

  /** Registers an observer of a set of tags; returns its removal. */
  observeTags(keys: ReadonlySet<string>, sink: Sink): () => void {
    const entry = { keys, sink };
    const sinks = this.sinks.get('tag')!;
    sinks.keySets.add(entry);
    return () => sinks.keySets.delete(entry);
  }

  /** The cached values of these tags, in the order given. */
  cachedTags(keys: Iterable<string>): TagValueTuple[] {
    const cache = this.cache.get('tag')!;
    const cached: TagValueTuple[] = [];
    for (const id of keys) {
      const item = cache.get(id) as TagValueTuple | undefined;
      if (item) {
        cached.push(item);
      }
    }
    return cached;
  }

  /**
   * Caches and hands out items. On a `latest` channel an item older than the
   * cached one is dropped: after a reconnect, LatestValues and the server's
   * first values race, and the older of the two must not win.
   */
  deliver(channel: ChannelName, items: readonly unknown[]) {
    const decl = channels[channel];
    const keyOf = decl.key as (item: unknown) => string;
    const timeOf = 'time' in decl ? (decl.time as (item: unknown) => number) : null;
    const cache = this.cache.get(channel);
    const sinks = this.sinks.get(channel)!;
    const fresh: unknown[] = [];
    for (const item of items) {
      if (cache) {
        const key = keyOf(item);
        // An item nobody observes (its topic was just released; the server has not heard yet) is not kept.
        if (!observed(sinks, key, item)) {
          continue;
        }
        const held = cache.get(key);
        if (held !== undefined && timeOf && timeOf(held) > timeOf(item)) {
          continue;
        }
        cache.set(key, item);
        if (channel === 'tag') {
          const t = (item as TagValueTuple)[1];
          if (this.newestT === null || t > this.newestT) {
            this.newestT = t;
          }
        }
      }
      fresh.push(item);
    }
    if (fresh.length > 0) {
      this.dispatch(channel, fresh, keyOf);
    }
  }

  /** Routes one batch to the observers it belongs to: by key, by key set, by filter. */
  private dispatch(channel: ChannelName, items: unknown[], keyOf: (item: unknown) => string) {
    const sinks = this.sinks.get(channel)!;
    if (sinks.byKey.size > 0) {
      const perSink = new Map<Sink, unknown[]>();
      for (const item of items) {
        const set = sinks.byKey.get(keyOf(item));
        if (set) {
          for (const s of set) {
            const list = perSink.get(s);
            if (list) {
              list.push(item);
            } else {
              perSink.set(s, [item]);
            }
          }
        }
      }
      for (const [s, list] of perSink) {
        s(list);
      }
    }
    for (const { keys, sink } of sinks.keySets) {
      const mine = items.filter((item) => keys.has(keyOf(item)));
      if (mine.length > 0) {
        sink(mine);
      }
    }
    for (const { accepts, sink } of sinks.routed) {
      const mine = items.filter(accepts);
      if (mine.length > 0) {
        sink(mine);
      }
    }
  }

  /** Drops cached items nobody subscribes to any more. */
  dropValues(topics: readonly string[]) {
    const tags: string[] = [];
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (!parsed) {
        continue;
      }
      const cache = this.cache.get(parsed.channel);
      if (!cache) {
        continue;
      }
      if (topicDecls[parsed.kind].route === 'key') {
        if (!this.stillWanted(parsed.channel, parsed.arg) && cache.delete(parsed.arg) && parsed.channel === 'tag') {
          tags.push(parsed.arg);
        }
      } else {
        const route = topicDecls[parsed.kind].route;
        for (const [key, item] of cache) {
          if (
            (route === 'all' || (typeof route === 'function' && route(parsed.arg, item))) &&
            !this.stillWanted(parsed.channel, key, item)
          ) {
            cache.delete(key);
            if (parsed.channel === 'tag') {
              tags.push(key);
            }
          }
        }
      }
    }
    if (this.cache.get('tag')!.size === 0) {
      this.newestT = null;
    }
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }

  /** Whether some wanted topic still selects this key (or item) of the channel. */
  private stillWanted(channel: ChannelName, key: string, item?: unknown): boolean {
    for (const topic of this.wanted()) {
      const parsed = parseTopic(topic);
      if (!parsed || parsed.channel !== channel) {
        continue;
      }
      const route = topicDecls[parsed.kind].route;
      if (route === 'key' ? parsed.arg === key : route === 'all' || (item !== undefined && route(parsed.arg, item))) {
        return true;
      }
    }
    return false;
  }

  /** Forgets every cached item (sign-out). */
  dropAll() {
    const tags = [...this.cache.get('tag')!.keys()];
    for (const cache of this.cache.values()) {
      cache.clear();
    }
    this.newestT = null;
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }
}

/** Whether any observer of the channel takes this item. */
function observed(sinks: ChannelSinks, key: string, item: unknown): boolean {
  if (sinks.byKey.has(key)) {
    return true;
  }
  for (const ks of sinks.keySets) {
    if (ks.keys.has(key)) {
      return true;
    }
  }
  for (const r of sinks.routed) {
    if (r.accepts(item)) {
      return true;
    }
  }
  return false;
}
