import { channels, type ChannelItem, type ChannelName, type TopicKind } from '../../shared/contracts/topics.js';
import type { AuthUser } from '../http/app.js';
import type { RegionScope } from './region-scope.js';

/*
 * The server side of the topic declarations in src/shared/contracts/topics.ts:
 * a source per channel (where its items come from, how a key's current item
 * and region are found) and a resolver per topic kind (what a subscription to
 * a name amounts to for one user). The gateway and the broadcaster know only
 * these interfaces.
 */

/** How a source hands its changes to the broadcaster. */
export interface ChannelFeed<I> {
  /** `latest` channels: this key has a new current item (read from `current` when its batch goes out). */
  changed(key: string): void;
  /** `ordered` channels: this item goes to every subscriber that may see it, in order. */
  push(item: I): void;
}

export interface ChannelSource<C extends ChannelName = ChannelName> {
  readonly channel: C;
  /** `latest` channels: the current item of a key, read when a batch goes out, so a slow client gets the newest. */
  current?(key: string): ChannelItem<C> | undefined;
  /** `latest` channels with filter subscriptions: every key that has a current item (the first items after subscribing). */
  keys?(): Iterable<string>;
  /**
   * Region an item belongs to, for data isolation: null means no region (visible
   * to everyone who may subscribe), 0 outside every region (visible only to users
   * who see all regions).
   */
  regionOf(key: string, item: ChannelItem<C>): number | null;
  /** Filter subscriptions: whether an item passes a named filter (e.g. `person`). */
  matches?(filter: string, key: string, item: ChannelItem<C>): boolean;
  /** Starts feeding the broadcaster; returns the function that stops it. */
  start(feed: ChannelFeed<ChannelItem<C>>): () => void;
}

/** Who is subscribing, as the resolvers see it. */
export interface Subscriber {
  user: AuthUser;
  scope: RegionScope;
}

/** What a subscription selects on its channel: fixed keys, or every item passing a filter (and the isolation rule). */
export type Selection = { keys: readonly string[] } | { filter: string };

export interface TopicResolver<K extends TopicKind = TopicKind> {
  readonly kind: K;
  /**
   * What subscribing to this topic's argument means for this subscriber; null
   * refuses it (unknown, or outside the subscriber's regions). The permission
   * in the topic's declaration is checked before.
   */
  resolve(arg: string, who: Subscriber): Selection | null | Promise<Selection | null>;
  /** Fires when resolutions may have changed (a tag moved region, a group was edited): open subscriptions are resolved again. */
  onChange?(listener: () => void): () => void;
}

/** The channel sources and topic resolvers of this server; sources and modules register here once. */
export interface TopicRegistry {
  addSource<C extends ChannelName>(source: ChannelSource<C>): void;
  addResolver<K extends TopicKind>(resolver: TopicResolver<K>): void;
  source<C extends ChannelName>(channel: C): ChannelSource<C> | undefined;
  resolver<K extends TopicKind>(kind: K): TopicResolver<K> | undefined;
  sources(): Iterable<ChannelSource>;
  resolvers(): Iterable<TopicResolver>;
  /** Called when a source or resolver is added after the broadcaster started. */
  onAdd(listener: () => void): void;
}

export function createTopicRegistry(): TopicRegistry {
  const sources = new Map<ChannelName, ChannelSource>();
  const resolvers = new Map<TopicKind, TopicResolver>();
  const listeners: (() => void)[] = [];
  return {
    addSource(source) {
      if (sources.has(source.channel)) {
        throw new Error(`channel ${source.channel} has a source already`);
      }
      if (channels[source.channel].coalesce === 'latest' && !source.current) {
        throw new Error(`channel ${source.channel} coalesces to the latest item and needs current()`);
      }
      sources.set(source.channel, source);
      listeners.forEach((l) => l());
    },
    addResolver(resolver) {
      if (resolvers.has(resolver.kind)) {
        throw new Error(`topic ${resolver.kind} has a resolver already`);
      }
      resolvers.set(resolver.kind, resolver);
      listeners.forEach((l) => l());
    },
    source: <C extends ChannelName>(channel: C) => sources.get(channel) as ChannelSource<C> | undefined,
    resolver: <K extends TopicKind>(kind: K) => resolvers.get(kind) as TopicResolver<K> | undefined,
    sources: () => sources.values(),
    resolvers: () => resolvers.values(),
    onAdd(listener) {
      listeners.push(listener);
    },
  };
}
