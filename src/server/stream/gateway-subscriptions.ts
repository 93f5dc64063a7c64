import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  MAX_KEYS_PER_CHANNEL,
  MAX_TOPICS_PER_SOCKET,
  channels,
  parseTopic,
  subscribePayload,
  tagTopic,
  topics as topicDecls,
  type ChannelName,
  type SubscribeAck,
  type TopicKind,
} from '../../shared/contracts/topics.js';
import type { Permission } from '../../shared/contracts/contract.js';
import type { AuthUser } from '../http/app.js';
import { inScope } from './region-scope.js';
import type { Delivery } from './gateway-delivery.js';
import {
  fnv,
  newChannelSub,
  SEED_A,
  SEED_B,
  socketsOf,
  type ChannelSub,
  type GatewayShared,
  type SocketState,
  type StreamSocket,
  type TopicSub,
} from './gateway-state.js';

/*
 * The gateway's subscriptions: per socket, what each accepted topic selects
 * (resolved through the topic registry in the socket's rights and scope), kept
 * as reference-counted keys and filters per channel. A change of rights,
 * regions or of what a topic resolves to re-checks the topics; newly selected
 * keys get their current items first.
 */

/** Topics resolved between two yields to the event loop while one subscribe call is processed. */
const TOPICS_PER_SLICE = 500;

function allows(user: AuthUser, p: Permission): boolean {
  return p === 'public' || p === 'authenticated' || user.permissions.has(p);
}

export interface Subscriptions {
  /** Runs a change of the socket's subscriptions after the ones already queued for it. */
  enqueue: <T>(socket: StreamSocket, fn: () => Promise<T>) => Promise<T>;
  /** Adds (`add`) or removes the topics of a `stream.subscribe` / `stream.unsubscribe` payload. */
  applyChange: (socket: StreamSocket, payload: unknown, add: boolean) => Promise<SubscribeAck>;
  /** Resolves every topic of the socket again; what is no longer allowed is dropped and reported. */
  recheck: (socket: StreamSocket) => Promise<void>;
  /** Stops watching the topic resolvers. */
  close: () => void;
}

export function createSubscriptions(shared: GatewayShared, delivery: Delivery): Subscriptions {
  const { io, topics, log, slow } = shared;

  // A topic's permission is checked against the declared codes when the registry is built (shared/modules.ts).
  const permitted = (state: SocketState, kind: TopicKind) => allows(state.user, topicDecls[kind].permission as Permission);

  async function resolveTopic(state: SocketState, name: string): Promise<TopicSub | null> {
    const parsed = parseTopic(name);
    if (!parsed || !permitted(state, parsed.kind)) {
      return null;
    }
    const resolver = topics.resolver(parsed.kind);
    if (!resolver || !topics.source(parsed.channel)) {
      return null;
    }
    const selection = await resolver.resolve(parsed.arg, { user: state.user, scope: state.scope });
    return selection ? { kind: parsed.kind, channel: parsed.channel, selection } : null;
  }

  function subOf(state: SocketState, channel: ChannelName): ChannelSub {
    let sub = state.channels.get(channel);
    if (!sub) {
      sub = newChannelSub(channel);
      state.channels.set(channel, sub);
    }
    return sub;
  }

  /** Adds a topic's selection to the socket's channel selection; returns the keys new to it. */
  function addSelection(state: SocketState, t: TopicSub, added: Map<ChannelName, { keys: string[]; filters: string[] }>) {
    const sub = subOf(state, t.channel);
    let news = added.get(t.channel);
    if (!news) {
      news = { keys: [], filters: [] };
      added.set(t.channel, news);
    }
    if ('keys' in t.selection) {
      for (const key of t.selection.keys) {
        const n = sub.keys.get(key) ?? 0;
        sub.keys.set(key, n + 1);
        if (n === 0) {
          sub.hashA = (sub.hashA + fnv(key, SEED_A)) >>> 0;
          sub.hashB = (sub.hashB ^ fnv(key, SEED_B)) >>> 0;
          news.keys.push(key);
        }
      }
    } else {
      const n = sub.filters.get(t.selection.filter) ?? 0;
      sub.filters.set(t.selection.filter, n + 1);
      if (n === 0) {
        news.filters.push(t.selection.filter);
      }
    }
  }

  function removeSelection(state: SocketState, t: TopicSub) {
    const sub = state.channels.get(t.channel);
    if (!sub) {
      return;
    }
    if ('keys' in t.selection) {
      for (const key of t.selection.keys) {
        const n = sub.keys.get(key) ?? 0;
        if (n <= 1) {
          if (n === 1) {
            sub.keys.delete(key);
            sub.pendingKeys.delete(key);
            sub.hashA = (sub.hashA - fnv(key, SEED_A)) >>> 0;
            sub.hashB = (sub.hashB ^ fnv(key, SEED_B)) >>> 0;
          }
        } else {
          sub.keys.set(key, n - 1);
        }
      }
    } else {
      const n = sub.filters.get(t.selection.filter) ?? 0;
      if (n <= 1) {
        sub.filters.delete(t.selection.filter);
      } else {
        sub.filters.set(t.selection.filter, n - 1);
      }
    }
  }

  /** Subscription changes of one socket run one after the other: each reads and rewrites the socket's state across awaits. */
  const queues = new WeakMap<StreamSocket, Promise<unknown>>();
  function enqueue<T>(socket: StreamSocket, fn: () => Promise<T>): Promise<T> {
    const next = (queues.get(socket) ?? Promise.resolve()).catch(() => undefined).then(fn);
    queues.set(socket, next);
    return next;
  }

  async function applyChange(socket: StreamSocket, payload: unknown, add: boolean): Promise<SubscribeAck> {
    const state = socket.data.state!;
    if (!socket.connected) {
      return { ok: false, denied: [], error: 'closed' };
    }
    const parsed = subscribePayload.safeParse(payload);
    if (!parsed.success) {
      return {
        ok: false,
        denied: [],
        error: `invalid payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      };
    }
    const names = [...parsed.data.topics, ...(parsed.data.tags ?? []).map(tagTopic)];
    const denied: string[] = [];
    const added = new Map<ChannelName, { keys: string[]; filters: string[] }>();
    let error: string | undefined;
    for (let i = 0; i < names.length; i++) {
      // A long list is resolved in slices, so one client's subscribe never holds the event loop.
      if (i > 0 && i % TOPICS_PER_SLICE === 0) {
        await yieldToLoop();
        if (!socket.connected) {
          return { ok: false, denied: [], error: 'closed' };
        }
      }
      const name = names[i];
      if (!add) {
        const t = state.topics.get(name);
        if (t) {
          state.topics.delete(name);
          removeSelection(state, t);
        }
        continue;
      }
      if (state.topics.has(name)) {
        continue;
      }
      if (state.topics.size >= MAX_TOPICS_PER_SOCKET) {
        denied.push(name);
        error = `too many topics: at most ${MAX_TOPICS_PER_SOCKET} per connection`;
        continue;
      }
      const t = await resolveTopic(state, name);
      if (t === null) {
        denied.push(name);
        continue;
      }
      if ('keys' in t.selection && (state.channels.get(t.channel)?.keys.size ?? 0) + t.selection.keys.length > MAX_KEYS_PER_CHANNEL) {
        denied.push(name);
        error = `too many keys: at most ${MAX_KEYS_PER_CHANNEL} per channel and connection`;
        continue;
      }
      state.topics.set(name, t);
      addSelection(state, t, added);
    }
    for (const [channel, news] of added) {
      queueFirstItems(socket, channel, news.keys, news.filters);
    }
    for (const channel of state.channels.keys()) {
      delivery.regroup(socket, channel);
    }
    return error && denied.length === names.length ? { ok: false, denied, error } : { ok: true, denied, ...(error ? { error } : {}) };
  }

  /**
   * Resolves every topic of the socket again (rights, regions or a group
   * changed): what is no longer allowed is dropped and reported to the client
   * with `stream.denied`; what now selects more keys sends their first items.
   */
  async function recheck(socket: StreamSocket) {
    const state = socket.data.state!;
    const old = state.topics;
    state.topics = new Map();
    const oldKeys = new Map([...state.channels].map(([c, sub]) => [c, new Set(sub.keys.keys())]));
    const oldFilters = new Map([...state.channels].map(([c, sub]) => [c, new Set(sub.filters.keys())]));
    for (const sub of state.channels.values()) {
      sub.keys.clear();
      sub.filters.clear();
      sub.hashA = 0;
      sub.hashB = 0;
    }
    const denied: string[] = [];
    const ignored = new Map<ChannelName, { keys: string[]; filters: string[] }>();
    let i = 0;
    for (const name of old.keys()) {
      if (++i % TOPICS_PER_SLICE === 0) {
        await yieldToLoop();
      }
      const t = await resolveTopic(state, name);
      if (t === null) {
        denied.push(name);
        continue;
      }
      state.topics.set(name, t);
      addSelection(state, t, ignored);
    }
    for (const [channel, sub] of state.channels) {
      const before = oldKeys.get(channel) ?? new Set();
      const newKeys = [...sub.keys.keys()].filter((k) => !before.has(k));
      const beforeFilters = oldFilters.get(channel) ?? new Set();
      const newFilters = [...sub.filters.keys()].filter((f) => !beforeFilters.has(f));
      for (const k of sub.pendingKeys) {
        if (!sub.keys.has(k) && sub.filters.size === 0) {
          sub.pendingKeys.delete(k);
        }
      }
      queueFirstItems(socket, channel, newKeys, newFilters);
      delivery.regroup(socket, channel);
    }
    if (denied.length > 0 && socket.connected) {
      socket.emit('stream.denied', { topics: denied });
    }
  }

  /** The current items of newly selected keys (and of new filters) go out with the next send. */
  function queueFirstItems(socket: StreamSocket, channel: ChannelName, keys: readonly string[], filters: readonly string[]) {
    if (channels[channel].coalesce !== 'latest') {
      return;
    }
    const src = topics.source(channel);
    const state = socket.data.state!;
    const sub = state.channels.get(channel);
    if (!src?.current || !sub) {
      return;
    }
    for (const key of keys) {
      const item = src.current(key);
      if (item !== undefined && inScope(state.scope, src.regionOf(key, item))) {
        sub.pendingKeys.add(key);
      }
    }
    if (filters.length > 0 && src.keys) {
      for (const key of src.keys()) {
        const item = src.current(key);
        if (
          item !== undefined &&
          filters.some((f) => src.matches?.(f, key, item) ?? true) &&
          inScope(state.scope, src.regionOf(key, item))
        ) {
          sub.pendingKeys.add(key);
        }
      }
    }
    if (sub.pendingKeys.size > 0) {
      slow.add(socket);
    }
  }

  // A group of tags edited or a tag moved region: resolve the affected topics again
  // (debounced, since an import changes thousands of tags at once).
  const resolverTimers = new Map<TopicKind, NodeJS.Timeout>();
  const offChanges: (() => void)[] = [];
  const watched = new Set<TopicKind>();
  const watchResolvers = () => {
    for (const r of topics.resolvers()) {
      if (!r.onChange || watched.has(r.kind)) {
        continue;
      }
      watched.add(r.kind);
      offChanges.push(
        r.onChange(() => {
          if (resolverTimers.has(r.kind)) {
            return;
          }
          const timer = setTimeout(() => {
            resolverTimers.delete(r.kind);
            for (const s of socketsOf(io, 'all')) {
              if ([...s.data.state!.topics.values()].some((t) => t.kind === r.kind)) {
                void enqueue(s, () => recheck(s)).catch((err: unknown) => log.error({ err }, 'stream: re-check after a change failed'));
              }
            }
          }, 200);
          resolverTimers.set(r.kind, timer);
        }),
      );
    }
  };
  watchResolvers();
  topics.onAdd(watchResolvers);

  return {
    enqueue,
    applyChange,
    recheck,
    close() {
      for (const off of offChanges) {
        off();
      }
      for (const t of resolverTimers.values()) {
        clearTimeout(t);
      }
    },
  };
}
