import type http from 'node:http';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Server, type Socket } from 'socket.io';
import {
  MAX_KEYS_PER_CHANNEL,
  MAX_TOPICS_PER_SOCKET,
  channels,
  parseTopic,
  subscribePayload,
  tagTopic,
  topics as topicDecls,
  type ChannelBatch,
  type ChannelName,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type StreamCloseReason,
  type SubscribeAck,
  type TopicKind,
} from '../../shared/contracts/topics.js';
import type { Permission } from '../../shared/contracts/contract.js';
import type { AuthUser, Authenticate } from '../http/app.js';
import type { ChannelSource, Selection, TopicRegistry } from './channels.js';
import type { StreamLog } from './ingest.js';
import { inScope, toRegionScope, type RegionScope, type ScopeOf } from './region-scope.js';

/*
 * The socket.io gateway, generic over the topic declarations
 * (src/shared/contracts/topics.ts) and the registered channel sources and
 * topic resolvers (channels.ts). Per socket it keeps what each accepted topic
 * selects; per channel, sockets selecting the same keys and filters in the same
 * scope share a room and one encoded batch per send. A socket that cannot take
 * more data is skipped and remembers only keys (latest channels) or a bounded
 * backlog (ordered channels), so a slow client costs bounded memory. Sessions
 * are bound: sign-out, an ended session, expiry, a disabled account close the
 * socket; a change of rights or regions re-scopes it.
 */

/** A socket's selection on one channel: reference counts, because several topics may select the same key. */
interface ChannelSub {
  channel: ChannelName;
  keys: Map<string, number>;
  filters: Map<string, number>;
  /** Order-independent hash of the key set, kept up to date on every add and remove (two 32-bit sums). */
  hashA: number;
  hashB: number;
  room: string | null;
  /** latest channels: keys changed while the socket could not take more, sent (newest item) when it can. */
  pendingKeys: Set<string>;
  /** ordered channels: items waiting while the socket could not take more, bounded. */
  pendingItems: unknown[];
  /** The backlog overflowed: the client is told to reload the channel instead. */
  resync: boolean;
}

interface TopicSub {
  kind: TopicKind;
  channel: ChannelName;
  selection: Selection;
}

/** What the gateway keeps per socket in `socket.data` (socket.io restores it on recovery). */
export interface SocketState {
  user: AuthUser;
  scope: RegionScope;
  topics: Map<string, TopicSub>;
  channels: Map<ChannelName, ChannelSub>;
}

interface SocketData {
  user?: AuthUser;
  scope?: RegionScope;
  state?: SocketState;
}

type StreamServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type StreamSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Sockets with one selection on a channel in one scope share a room and one encoded batch per send. */
interface Group {
  room: string;
  channel: ChannelName;
  keys: ReadonlySet<string>;
  filters: readonly string[];
  scope: RegionScope;
  members: Set<StreamSocket>;
  /** Sockets of this group disconnected recently and recoverable: their missed batches still go to the room (socket.io stores them). */
  detached: Map<string, number>;
}

export interface GatewayStats {
  sockets: number;
  /** Groups (shared rooms) per channel. */
  groups: Partial<Record<ChannelName, number>>;
  /** Topics held over all sockets. */
  subscriptions: number;
  /** Sockets holding pending keys or items because they could not take more data. */
  slowSockets: number;
  /** Largest per-socket pending set (keys + items). */
  maxPending: number;
  /** Largest engine.io write buffer of a socket, in packets. */
  maxWriteBuffer: number;
  /** Packets and items socket.io keeps for connection-state recovery. */
  recoveryPackets: number;
  recoveryItems: number;
}

export interface SocketStats {
  topics: number;
  keys: Partial<Record<ChannelName, number>>;
  pending: number;
  writeBuffer: number;
  /** Bytes the websocket has accepted but not yet handed to the kernel (0 on polling). */
  bufferedBytes: number;
  writable: boolean;
}

export interface Gateway {
  readonly io: StreamServer;
  /** Sends the current items of these changed keys of a `latest` channel to their subscribers. */
  publishLatest(channel: ChannelName, keys: readonly string[], now: number): void;
  /** Sends these items of an `ordered` channel, in order, to their subscribers. */
  publishOrdered(channel: ChannelName, items: readonly unknown[], now: number): void;
  /** An ordered channel lost items before they could be sent: every subscriber resyncs. */
  overflow(channel: ChannelName): void;
  /** Sends what slow sockets have waiting, once they can take it. */
  sendPending(now: number): void;
  /** Housekeeping (recovery bounds, forgotten groups); cheap, called every slice. */
  maintain(now: number): void;
  /** Ends the sockets of these sessions (one, or every session of the user but `keep`). */
  endSessions(userid: number, opts: { sessionId?: string; keep?: string }, reason: StreamCloseReason): number;
  /** Re-reads rights and regions of these users' sockets (or of every socket) and re-checks their topics. */
  rescope(userids: readonly number[] | 'all'): Promise<void>;
  stats(): GatewayStats;
  socketStats(socketId: string): SocketStats | undefined;
  /** Disconnects every client (before the HTTP server closes, which would otherwise wait for them). */
  close(): Promise<void>;
}

/** What the gateway needs to know of a user when rights change: null or no role means the account can no longer be used. */
export type AccessOf = (userid: number) => Promise<{ roles: string[]; permissions: string[] } | null>;

export interface GatewayOptions {
  httpServer: http.Server;
  authenticate: Authenticate;
  scopeOf: ScopeOf;
  accessOf: AccessOf;
  topics: TopicRegistry;
  log: StreamLog;
  /** How long socket.io keeps a disconnected client's state and missed events (default 2 min). */
  recoveryMs?: number;
  /**
   * Most items kept for recovery across all clients. socket.io keeps every
   * missed event for recoveryMs; at high rates that is hundreds of megabytes,
   * so older events are dropped first. A client whose offset was dropped does
   * not recover: it resubscribes and refills from LatestValues/History.
   */
  recoveryMaxItems?: number;
  heartbeatMs?: number;
  /** Most items of an ordered channel a slow socket may have waiting before it is told to resync. */
  maxPendingItems?: number;
}

/** Disconnect reasons after which socket.io may recover the session (socket.io's own list, client-initiated ones excluded). */
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);
/** Weight of one stored recovery packet besides its items, so many tiny packets count too. */
const PACKET_WEIGHT = 8;
/** Bytes a socket may have in flight (accepted by the websocket, not yet taken by the kernel) and still get more. */
const MAX_IN_FLIGHT_BYTES = 512 * 1024;
/** Topics resolved between two yields to the event loop while one subscribe call is processed. */
const TOPICS_PER_SLICE = 500;
/** Longest a timer may be set for (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the socket can take another batch now: engine.io holds at most one
 * packet waiting for the transport, and the websocket's send buffer is small.
 * A healthy client is briefly "not writable" after every send (until the
 * kernel takes the frame), so requiring an idle transport would push healthy
 * clients onto the slower per-socket path; the byte bound is what stops a
 * stalled one. engine.io's writeBuffer and ws's bufferedAmount are not in the
 * public typings, hence the structural reads.
 */
function canWrite(s: StreamSocket): boolean {
  return writeBufferLength(s) < 2 && bufferedBytes(s) < MAX_IN_FLIGHT_BYTES;
}

function writeBufferLength(s: StreamSocket): number {
  return (s.conn as unknown as { writeBuffer?: unknown[] }).writeBuffer?.length ?? 0;
}

function bufferedBytes(s: StreamSocket): number {
  return (s.conn.transport as unknown as { socket?: { bufferedAmount?: number } }).socket?.bufferedAmount ?? 0;
}

/** FNV-1a, 32-bit, with a seed: two seeds give two independent hashes of a key. */
function fnv(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const SEED_A = 0x811c9dc5;
const SEED_B = 0x5bd1e995;

interface StoredPacket {
  emittedAt: number;
  data: unknown[];
}

function packetWeight(p: StoredPacket): number {
  const payload = p.data[1] as { items?: unknown } | undefined;
  return PACKET_WEIGHT + (Array.isArray(payload?.items) ? payload.items.length : 0);
}

/** socket.io's typed emit cannot take an event name computed from the channel declarations. */
function emitBatch(target: object, event: string, batch: ChannelBatch<unknown>): void {
  (target as { emit(ev: string, b: ChannelBatch<unknown>): boolean }).emit(event, batch);
}

function allows(user: AuthUser, p: Permission): boolean {
  return p === 'public' || p === 'authenticated' || user.permissions.has(p);
}

function newChannelSub(channel: ChannelName): ChannelSub {
  return {
    channel,
    keys: new Map(),
    filters: new Map(),
    hashA: 0,
    hashB: 0,
    room: null,
    pendingKeys: new Set(),
    pendingItems: [],
    resync: false,
  };
}

export function createGateway(opts: GatewayOptions): Gateway {
  const { topics, log } = opts;
  const recoveryMs = opts.recoveryMs ?? 120_000;
  const recoveryMaxItems = opts.recoveryMaxItems ?? 100_000;
  const maxPendingItems = opts.maxPendingItems ?? 2_000;

  const io: StreamServer = new Server(opts.httpServer, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: false },
  });
  const groups = new Map<ChannelName, Map<string, Group>>();
  const slow = new Set<StreamSocket>();
  const expiry = new WeakMap<StreamSocket, NodeJS.Timeout>();

  const groupsOf = (channel: ChannelName) => {
    let g = groups.get(channel);
    if (!g) {
      g = new Map();
      groups.set(channel, g);
    }
    return g;
  };

  // The handshake carries the access token; the same check as every HTTP call.
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = auth?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('unauthorized'));
      return;
    }
    opts
      .authenticate(token)
      .then(async (user) => {
        socket.data.user = user;
        socket.data.scope = toRegionScope(await opts.scopeOf(user.userid));
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  io.on('connection', (socket) => {
    const previous = socket.recovered ? socket.data.state : undefined;
    const state: SocketState = {
      user: socket.data.user!,
      scope: socket.data.scope!,
      topics: previous?.topics ?? new Map<string, TopicSub>(),
      channels: previous?.channels ?? new Map<ChannelName, ChannelSub>(),
    };
    socket.data.state = state;
    armExpiry(socket);
    if (previous) {
      // socket.io rejoined the old rooms and replayed the missed batches; take the
      // socket back into its groups, then re-check the subscriptions against the
      // (possibly changed) rights and regions.
      for (const sub of state.channels.values()) {
        const g = groups.get(sub.channel)?.get(sub.room ?? '');
        g?.detached.delete(socket.id);
        g?.members.add(socket);
        if (sub.pendingKeys.size > 0 || sub.pendingItems.length > 0 || sub.resync) {
          slow.add(socket);
        }
      }
      void enqueue(socket, () => recheck(socket)).catch((err: unknown) => log.error({ err }, 'stream: re-check after recovery failed'));
    }

    socket.on('stream.subscribe', (payload, ack) => {
      void enqueue(socket, () => applyChange(socket, payload, true)).then(
        (res) => typeof ack === 'function' && ack(res),
        (err: unknown) => {
          log.error({ err }, 'stream: subscribe failed');
          if (typeof ack === 'function') {
            ack({ ok: false, denied: [], error: 'internal error' });
          }
        },
      );
    });
    socket.on('stream.unsubscribe', (payload, ack) => {
      void enqueue(socket, () => applyChange(socket, payload, false)).then(
        (res) => typeof ack === 'function' && ack(res),
        (err: unknown) => {
          log.error({ err }, 'stream: unsubscribe failed');
          if (typeof ack === 'function') {
            ack({ ok: false, denied: [], error: 'internal error' });
          }
        },
      );
    });
    socket.on('stream.reauth', (payload, ack) => {
      const reply = (res: { ok: boolean; error?: string }) => typeof ack === 'function' && ack(res);
      const token = (payload as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        reply({ ok: false, error: 'token missing' });
        return;
      }
      opts.authenticate(token).then(
        (user) => {
          // Only a token of the same sign-in may extend the connection; anything else is a new connection.
          if (user.userid !== state.user.userid || user.sessionId !== state.user.sessionId) {
            reply({ ok: false, error: 'another session' });
            return;
          }
          const rightsChanged = [...user.permissions].sort().join() !== [...state.user.permissions].sort().join();
          state.user = user;
          armExpiry(socket);
          reply({ ok: true });
          if (rightsChanged) {
            void enqueue(socket, () => recheck(socket)).catch((err: unknown) => log.error({ err }, 'stream: re-check after reauth failed'));
          }
        },
        () => reply({ ok: false, error: 'unauthorized' }),
      );
    });
    socket.on('disconnect', (reason) => {
      const recoverable = RECOVERABLE.has(reason);
      const now = Date.now();
      for (const sub of state.channels.values()) {
        const g = groups.get(sub.channel)?.get(sub.room ?? '');
        if (g) {
          g.members.delete(socket);
          if (recoverable) {
            g.detached.set(socket.id, now);
          }
        }
      }
      slow.delete(socket);
      clearTimeout(expiry.get(socket));
    });
  });

  /** Closes the socket when its access token expires, unless `stream.reauth` brings a newer one first. */
  function armExpiry(socket: StreamSocket) {
    clearTimeout(expiry.get(socket));
    const at = socket.data.state?.user.expiresAt;
    if (at === undefined) {
      return;
    }
    const timer = setTimeout(() => close(socket, 'expired'), Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now())));
    timer.unref();
    expiry.set(socket, timer);
  }

  function close(socket: StreamSocket, reason: StreamCloseReason) {
    if (socket.connected) {
      socket.emit('stream.closed', { reason });
      socket.disconnect(true);
    }
  }

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
      regroup(socket, channel);
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
      regroup(socket, channel);
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

  function roomOf(sub: ChannelSub, scope: RegionScope): string {
    const filters = [...sub.filters.keys()].sort().join(',');
    return `${sub.channel}|${sub.keys.size}:${sub.hashA.toString(36)}:${sub.hashB.toString(36)}|${filters}|${fnv(scope.key, SEED_A).toString(36)}${scope.key.length}`;
  }

  function sameSelection(g: Group, sub: ChannelSub, scope: RegionScope): boolean {
    if (g.keys.size !== sub.keys.size || g.filters.length !== sub.filters.size || g.scope.key !== scope.key) {
      return false;
    }
    for (const f of g.filters) {
      if (!sub.filters.has(f)) {
        return false;
      }
    }
    for (const k of sub.keys.keys()) {
      if (!g.keys.has(k)) {
        return false;
      }
    }
    return true;
  }

  /** Moves the socket to the group (room) of its current selection on a channel; creates the group when it is the first. */
  function regroup(socket: StreamSocket, channel: ChannelName) {
    const state = socket.data.state!;
    const sub = state.channels.get(channel);
    if (!sub) {
      return;
    }
    const empty = sub.keys.size === 0 && sub.filters.size === 0;
    let room = empty ? null : roomOf(sub, state.scope);
    const all = groupsOf(channel);
    if (room !== null && room === sub.room) {
      return;
    }
    leaveGroup(socket, channel, sub.room);
    sub.room = null;
    if (room === null) {
      state.channels.delete(channel);
      return;
    }
    let g = all.get(room);
    if (g && !sameSelection(g, sub, state.scope)) {
      // A hash collision: never share a room with a different selection (it could carry another scope's data).
      room = `${room}#${socket.id}`;
      g = all.get(room);
    }
    if (!g) {
      g = {
        room,
        channel,
        keys: new Set(sub.keys.keys()),
        filters: [...sub.filters.keys()].sort(),
        scope: state.scope,
        members: new Set(),
        detached: new Map(),
      };
      all.set(room, g);
    }
    g.members.add(socket);
    sub.room = room;
    void socket.join(room);
  }

  function leaveGroup(socket: StreamSocket, channel: ChannelName, room: string | null) {
    if (room === null) {
      return;
    }
    void socket.leave(room);
    const all = groups.get(channel);
    const g = all?.get(room);
    if (g) {
      g.members.delete(socket);
      if (g.members.size === 0 && g.detached.size === 0) {
        all!.delete(room);
      }
    }
  }

  /** Whether a group (or a socket with this selection) takes this item. */
  function takes(
    src: ChannelSource,
    keys: ReadonlySet<string> | Map<string, number>,
    filters: Iterable<string>,
    scope: RegionScope,
    key: string,
    item: unknown,
  ): boolean {
    let wanted = keys.has(key);
    if (!wanted) {
      for (const f of filters) {
        if (src.matches ? src.matches(f, key, item as never) : true) {
          wanted = true;
          break;
        }
      }
    }
    return wanted && (scope.all || inScope(scope, src.regionOf(key, item as never)));
  }

  /**
   * Sends one shared batch per group to its room, except to members that are
   * still busy with earlier data: those remember the keys (latest) or items
   * (ordered) and get them once they have drained.
   */
  function sendToGroup(g: Group, payload: unknown[], keys: readonly string[] | null, now: number) {
    let except: string[] | null = null;
    for (const s of g.members) {
      if (!canWrite(s)) {
        (except ??= []).push(s.id);
        const sub = s.data.state!.channels.get(g.channel);
        if (sub) {
          if (keys) {
            for (const k of keys) {
              sub.pendingKeys.add(k);
            }
          } else if (!sub.resync) {
            sub.pendingItems.push(...payload);
            if (sub.pendingItems.length > maxPendingItems) {
              sub.pendingItems.length = 0;
              sub.resync = true;
            }
          }
        }
        slow.add(s);
      }
    }
    if (except !== null && except.length === g.members.size && g.detached.size === 0) {
      return;
    }
    const event = channels[g.channel].event;
    const target = except ? io.to(g.room).except(except) : io.to(g.room);
    emitBatch(target, event, { t: now, items: payload });
  }

  function publishLatest(channel: ChannelName, changed: readonly string[], now: number) {
    const all = groups.get(channel);
    const src = topics.source(channel);
    if (!all || all.size === 0 || !src?.current) {
      return;
    }
    const items = new Map<string, unknown>();
    const itemOf = (key: string) => {
      let item = items.get(key);
      if (item === undefined && !items.has(key)) {
        item = src.current!(key);
        items.set(key, item);
      }
      return item;
    };
    let changedSet: Set<string> | null = null;
    for (const g of all.values()) {
      const payload: unknown[] = [];
      const keys: string[] = [];
      const consider = (key: string) => {
        const item = itemOf(key);
        if (item !== undefined && takes(src, g.keys, g.filters, g.scope, key, item)) {
          payload.push(item);
          keys.push(key);
        }
      };
      if (g.filters.length === 0 && changed.length > g.keys.size) {
        // A small selection among many changes: walk the selection.
        changedSet ??= new Set(changed);
        for (const key of g.keys) {
          if (changedSet.has(key)) {
            consider(key);
          }
        }
      } else {
        for (const key of changed) {
          consider(key);
        }
      }
      if (payload.length > 0) {
        sendToGroup(g, payload, keys, now);
      }
    }
  }

  function publishOrdered(channel: ChannelName, batch: readonly unknown[], now: number) {
    const all = groups.get(channel);
    const src = topics.source(channel);
    if (!all || all.size === 0 || !src) {
      return;
    }
    const keyOf = channels[channel].key as (item: unknown) => string;
    for (const g of all.values()) {
      const payload = batch.filter((item) => takes(src, g.keys, g.filters, g.scope, keyOf(item), item));
      if (payload.length > 0) {
        sendToGroup(g, payload, null, now);
      }
    }
  }

  function sendPending(now: number) {
    for (const s of slow) {
      if (!s.connected) {
        slow.delete(s);
        continue;
      }
      if (!canWrite(s)) {
        continue;
      }
      const state = s.data.state!;
      for (const sub of state.channels.values()) {
        const src = topics.source(sub.channel);
        const event = channels[sub.channel].event;
        if (sub.resync) {
          sub.resync = false;
          sub.pendingItems.length = 0;
          s.emit('stream.resync', { channel: sub.channel });
        } else if (sub.pendingItems.length > 0) {
          emitBatch(s, event, { t: now, items: sub.pendingItems.splice(0) });
        }
        if (sub.pendingKeys.size > 0 && src?.current) {
          const items: unknown[] = [];
          for (const key of sub.pendingKeys) {
            const item = src.current(key);
            if (item !== undefined && takes(src, sub.keys, sub.filters.keys(), state.scope, key, item)) {
              items.push(item);
            }
          }
          sub.pendingKeys.clear();
          if (items.length > 0) {
            emitBatch(s, event, { t: now, items });
          }
        }
      }
      slow.delete(s);
    }
  }

  function storedPackets(): StoredPacket[] | null {
    // The session-aware adapter keeps missed events in `packets` (not in its public typings).
    const packets = (io.of('/').adapter as unknown as { packets?: StoredPacket[] }).packets;
    return Array.isArray(packets) ? packets : null;
  }

  /** Bounds what socket.io keeps for recovery, by age and by items (see recoveryMaxItems). */
  function trimRecovery(now: number) {
    const packets = storedPackets();
    if (!packets) {
      return;
    }
    const threshold = now - recoveryMs;
    let weight = 0;
    for (let i = packets.length - 1; i >= 0; i--) {
      weight += packetWeight(packets[i]);
      if (packets[i].emittedAt < threshold || weight > recoveryMaxItems) {
        packets.splice(0, i + 1);
        return;
      }
    }
  }

  /** Forgets detached sockets whose recovery window has passed, and groups nobody needs. */
  function prune(now: number) {
    for (const all of groups.values()) {
      for (const [room, g] of all) {
        for (const [id, at] of g.detached) {
          if (now - at > recoveryMs) {
            g.detached.delete(id);
          }
        }
        if (g.members.size === 0 && g.detached.size === 0) {
          all.delete(room);
        }
      }
    }
  }

  function socketsOf(userids: readonly number[] | 'all'): StreamSocket[] {
    const wanted = userids === 'all' ? null : new Set(userids);
    const out: StreamSocket[] = [];
    for (const s of io.of('/').sockets.values()) {
      if (s.data.state && (wanted === null || wanted.has(s.data.state.user.userid))) {
        out.push(s);
      }
    }
    return out;
  }

  async function rescope(userids: readonly number[] | 'all') {
    const byUser = new Map<number, StreamSocket[]>();
    for (const s of socketsOf(userids)) {
      const id = s.data.state!.user.userid;
      byUser.set(id, [...(byUser.get(id) ?? []), s]);
    }
    for (const [userid, list] of byUser) {
      const [access, scope] = await Promise.all([opts.accessOf(userid), opts.scopeOf(userid)]);
      for (const s of list) {
        if (!access || access.roles.length === 0) {
          close(s, 'disabled');
          continue;
        }
        const state = s.data.state!;
        state.user = { ...state.user, roles: access.roles, permissions: new Set(access.permissions) };
        const next = toRegionScope(scope);
        state.scope = next;
        await enqueue(s, () => recheck(s));
      }
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
            for (const s of socketsOf('all')) {
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

  let lastMaintenance = 0;
  const heartbeat = setInterval(() => {
    const busy: string[] = [];
    for (const s of io.of('/').sockets.values()) {
      if (!canWrite(s)) {
        busy.push(s.id);
      }
    }
    (busy.length > 0 ? io.except(busy) : io).emit('stream.heartbeat', { t: Date.now() });
  }, opts.heartbeatMs ?? 5000);
  heartbeat.unref();

  return {
    io,
    publishLatest,
    publishOrdered,
    overflow(channel) {
      for (const s of socketsOf('all')) {
        const sub = s.data.state!.channels.get(channel);
        if (sub) {
          sub.resync = true;
          sub.pendingItems.length = 0;
          slow.add(s);
        }
      }
    },
    sendPending,
    maintain(now) {
      if (now - lastMaintenance >= 1000) {
        lastMaintenance = now;
        prune(now);
        trimRecovery(now);
      }
    },
    endSessions(userid, which, reason) {
      let n = 0;
      for (const s of socketsOf([userid])) {
        const sid = s.data.state!.user.sessionId;
        const ends = which.sessionId !== undefined ? sid === which.sessionId : sid !== which.keep;
        if (ends) {
          close(s, reason);
          n++;
        }
      }
      return n;
    },
    rescope,
    stats() {
      let maxPending = 0;
      let maxWriteBuffer = 0;
      let subscriptions = 0;
      for (const s of io.of('/').sockets.values()) {
        const st = s.data.state;
        if (st) {
          subscriptions += st.topics.size;
          let pending = 0;
          for (const sub of st.channels.values()) {
            pending += sub.pendingKeys.size + sub.pendingItems.length;
          }
          maxPending = Math.max(maxPending, pending);
        }
        maxWriteBuffer = Math.max(maxWriteBuffer, writeBufferLength(s));
      }
      const packets = storedPackets() ?? [];
      return {
        sockets: io.of('/').sockets.size,
        groups: Object.fromEntries([...groups].map(([c, g]) => [c, g.size])),
        subscriptions,
        slowSockets: slow.size,
        maxPending,
        maxWriteBuffer,
        recoveryPackets: packets.length,
        recoveryItems: packets.reduce((a, p) => a + packetWeight(p) - PACKET_WEIGHT, 0),
      };
    },
    socketStats(id) {
      const s = io.of('/').sockets.get(id);
      const st = s?.data.state;
      if (!s || !st) {
        return undefined;
      }
      let pending = 0;
      for (const sub of st.channels.values()) {
        pending += sub.pendingKeys.size + sub.pendingItems.length;
      }
      return {
        topics: st.topics.size,
        keys: Object.fromEntries([...st.channels].map(([c, sub]) => [c, sub.keys.size])),
        pending,
        writeBuffer: writeBufferLength(s),
        bufferedBytes: bufferedBytes(s),
        writable: canWrite(s),
      };
    },
    async close() {
      clearInterval(heartbeat);
      for (const off of offChanges) {
        off();
      }
      for (const t of resolverTimers.values()) {
        clearTimeout(t);
      }
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
