import { createHash } from 'node:crypto';
import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { PermissionCode } from '../../shared/contracts/contract.js';
import {
  parseTopic,
  subscribePayload,
  tagTopic,
  type ClientToServerEvents,
  type PositionTuple,
  type ServerToClientEvents,
  type SubscribeAck,
  type TagValueTuple,
} from '../../shared/contracts/stream.js';
import type { AuthUser, Authenticate } from '../http/app.js';
import type { UserScope } from '../modules/org/org.service.js';
import { positionVisible, tagVisible, toRegionScope, type RegionScope } from './region-scope.js';
import type { StreamLog } from './ingest.js';
import type { LiveCache, LivePosition } from './live-cache.js';
import type { TagRegistry } from './tag-registry.js';

/** What the gateway keeps per socket in `socket.data` (socket.io restores it on recovery). */
export interface SocketState {
  user: AuthUser;
  scope: RegionScope;
  /** Accepted topics as the client named them. */
  topics: Set<string>;
  /** The tags the subscriptions amount to, already filtered by the user's regions. */
  tags: Set<string>;
  /** Position kinds subscribed: bit 0 person, bit 1 vehicle. */
  kinds: number;
  /**
   * Keys changed while the socket could not take more data. Only keys: values
   * are read from the live cache when sent, so a slow client costs at most one
   * entry per subscribed tag or target, however many updates it missed.
   */
  pendingTags: Set<string>;
  pendingTargets: Set<string>;
  tagRoom: string | null;
  posRoom: string | null;
}

interface SocketData {
  user?: AuthUser;
  scope?: RegionScope;
  state?: SocketState;
}

type StreamServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type StreamSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Sockets with one set of tags share a room and one encoded batch per send. */
interface TagGroup {
  room: string;
  tags: ReadonlySet<string>;
  members: Set<StreamSocket>;
  /** Sockets of this group disconnected recently and recoverable: their missed batches are still sent to the room (socket.io stores them). */
  detached: Map<string, number>;
}

interface PositionGroup {
  room: string;
  kinds: number;
  scope: RegionScope;
  members: Set<StreamSocket>;
  detached: Map<string, number>;
}

export interface GatewayStats {
  sockets: number;
  tagGroups: number;
  positionGroups: number;
  /** Sockets holding pending keys because they could not take more data. */
  slowSockets: number;
  /** Largest per-socket pending set (tags + targets). */
  maxPending: number;
  /** Largest engine.io write buffer of a socket, in packets. */
  maxWriteBuffer: number;
  /** Packets and items socket.io keeps for connection-state recovery. */
  recoveryPackets: number;
  recoveryItems: number;
}

export interface SocketStats {
  tags: number;
  pendingTags: number;
  pendingTargets: number;
  writeBuffer: number;
  /** Bytes the websocket has accepted but not yet handed to the kernel (0 on polling). */
  bufferedBytes: number;
  writable: boolean;
}

export interface Gateway {
  readonly io: StreamServer;
  /** Sends the given changed tags and targets (latest values from the live cache) to their subscribers. */
  publish(tagIds: readonly string[], targetIds: readonly string[], now: number): void;
  stats(): GatewayStats;
  socketStats(socketId: string): SocketStats | undefined;
  /** Disconnects every client (before the HTTP server closes, which would otherwise wait for them). */
  close(): Promise<void>;
}

export interface GatewayOptions {
  httpServer: http.Server;
  authenticate: Authenticate;
  scopeOf(userid: number): Promise<UserScope>;
  tags: TagRegistry;
  live: LiveCache;
  log: StreamLog;
  /** How long socket.io keeps a disconnected client's state and missed events (default 2 min). */
  recoveryMs?: number;
  /**
   * Most items (tag values, positions) kept for recovery across all clients.
   * socket.io keeps every missed event for recoveryMs; at high rates that is
   * hundreds of megabytes, so older events are dropped first. A client whose
   * offset was dropped does not recover: it resubscribes and refills from
   * LatestValues/History, as after a long outage.
   */
  recoveryMaxItems?: number;
  heartbeatMs?: number;
  /** Most tags one socket may subscribe to. */
  maxTagsPerSocket?: number;
}

const BIT_PERSON = 1;
const BIT_VEHICLE = 2;
const kindBit = (kind: number) => (kind === 1 ? BIT_VEHICLE : BIT_PERSON);
/** Disconnect reasons after which socket.io may recover the session (socket.io's own list, client-initiated ones excluded). */
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);
/** Weight of one stored recovery packet besides its items, so many tiny packets count too. */
const PACKET_WEIGHT = 8;

const hash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 22);

/** Bytes a socket may have in flight (accepted by the websocket, not yet taken by the kernel) and still get more. */
const MAX_IN_FLIGHT_BYTES = 512 * 1024;

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

interface StoredPacket {
  emittedAt: number;
  data: unknown[];
}

function packetWeight(p: StoredPacket): number {
  const payload = p.data[1] as { v?: unknown; p?: unknown } | undefined;
  const items = Array.isArray(payload?.v) ? payload.v.length : Array.isArray(payload?.p) ? payload.p.length : 0;
  return PACKET_WEIGHT + items;
}

export function createGateway(opts: GatewayOptions): Gateway {
  const { tags: registry, live, log } = opts;
  const recoveryMs = opts.recoveryMs ?? 120_000;
  const recoveryMaxItems = opts.recoveryMaxItems ?? 100_000;
  const maxTagsPerSocket = opts.maxTagsPerSocket ?? 50_000;

  const io: StreamServer = new Server(opts.httpServer, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: false },
  });
  const tagGroups = new Map<string, TagGroup>();
  const positionGroups = new Map<string, PositionGroup>();
  const slow = new Set<StreamSocket>();

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
      topics: previous?.topics ?? new Set(),
      tags: previous?.tags ?? new Set(),
      kinds: previous?.kinds ?? 0,
      pendingTags: previous?.pendingTags ?? new Set(),
      pendingTargets: previous?.pendingTargets ?? new Set(),
      tagRoom: previous?.tagRoom ?? null,
      posRoom: previous?.posRoom ?? null,
    };
    socket.data.state = state;
    if (previous) {
      // socket.io rejoined the old rooms and replayed the missed batches; take the
      // socket back into its groups, then re-check the subscriptions against the
      // (possibly changed) rights and regions.
      tagGroups.get(state.tagRoom ?? '')?.detached.delete(socket.id);
      positionGroups.get(state.posRoom ?? '')?.detached.delete(socket.id);
      tagGroups.get(state.tagRoom ?? '')?.members.add(socket);
      positionGroups.get(state.posRoom ?? '')?.members.add(socket);
      if (state.pendingTags.size > 0 || state.pendingTargets.size > 0) {
        slow.add(socket);
      }
      void change(socket, { topics: [] }, true).catch((err: unknown) => log.error({ err }, 'stream: re-check after recovery failed'));
    }

    socket.on('stream.subscribe', (payload, ack) => {
      void change(socket, payload, true).then(
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
      void change(socket, payload, false).then(
        (res) => typeof ack === 'function' && ack(res),
        (err: unknown) => {
          log.error({ err }, 'stream: unsubscribe failed');
          if (typeof ack === 'function') {
            ack({ ok: false, denied: [], error: 'internal error' });
          }
        },
      );
    });
    socket.on('disconnect', (reason) => {
      const recoverable = RECOVERABLE.has(reason);
      const now = Date.now();
      for (const g of [tagGroups.get(state.tagRoom ?? ''), positionGroups.get(state.posRoom ?? '')]) {
        if (g) {
          g.members.delete(socket);
          if (recoverable) {
            g.detached.set(socket.id, now);
          }
        }
      }
      slow.delete(socket);
    });
  });

  function can(state: SocketState, permission: PermissionCode) {
    return state.user.permissions.has(permission);
  }

  /** Resolves one topic for this socket: the tags it stands for, a position kind, or null when refused. */
  async function resolve(state: SocketState, topic: string): Promise<{ tags?: string[]; kinds?: number } | null> {
    const t = parseTopic(topic);
    if (t === null) {
      return null;
    }
    if (t.kind === 'position') {
      return can(state, 'positioning:read') ? { kinds: t.target === 'vehicle' ? BIT_VEHICLE : BIT_PERSON } : null;
    }
    if (!can(state, 'realtime:read')) {
      return null;
    }
    if (t.kind === 'tag') {
      const meta = registry.get(t.id);
      return meta && tagVisible(state.scope, meta.regionid) ? { tags: [t.id] } : null;
    }
    const members = registry.groupMembers ? await registry.groupMembers(t.id) : null;
    if (members == null) {
      return null;
    }
    // A group is granted; members outside the user's regions are left out silently.
    return {
      tags: members.filter((id) => {
        const meta = registry.get(id);
        return meta !== undefined && tagVisible(state.scope, meta.regionid);
      }),
    };
  }

  /** Recomputes tags and kinds from the topics; returns what is new, for the first values. */
  async function recompute(state: SocketState): Promise<{ denied: string[]; newTags: string[]; newKinds: number }> {
    const denied: string[] = [];
    const tags = new Set<string>();
    let kinds = 0;
    for (const topic of state.topics) {
      const r = await resolve(state, topic);
      if (r === null) {
        denied.push(topic);
        state.topics.delete(topic);
        continue;
      }
      for (const id of r.tags ?? []) {
        tags.add(id);
      }
      kinds |= r.kinds ?? 0;
    }
    const newTags: string[] = [];
    for (const id of tags) {
      if (!state.tags.has(id)) {
        newTags.push(id);
      }
    }
    const newKinds = kinds & ~state.kinds;
    state.tags = tags;
    state.kinds = kinds;
    return { denied, newTags, newKinds };
  }

  /** Subscription changes of one socket run one after the other: each reads and rewrites the socket's topic set across awaits. */
  const queues = new WeakMap<SocketState, Promise<unknown>>();
  function change(socket: StreamSocket, payload: unknown, add: boolean): Promise<SubscribeAck> {
    const state = socket.data.state!;
    const next = (queues.get(state) ?? Promise.resolve()).catch(() => undefined).then(() => applyChange(socket, payload, add));
    queues.set(state, next);
    return next;
  }

  async function applyChange(socket: StreamSocket, payload: unknown, add: boolean): Promise<SubscribeAck> {
    const parsed = subscribePayload.safeParse(payload);
    if (!parsed.success) {
      return { ok: false, denied: [], error: `invalid payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    }
    const state = socket.data.state!;
    const topics = [...parsed.data.topics, ...(parsed.data.tags ?? []).map(tagTopic)];
    const denied: string[] = [];
    if (add) {
      for (const topic of topics) {
        if (!state.topics.has(topic)) {
          // Checked one by one so the ack can name each refused topic.
          if ((await resolve(state, topic)) === null) {
            denied.push(topic);
          } else {
            state.topics.add(topic);
          }
        }
      }
    } else {
      for (const topic of topics) {
        state.topics.delete(topic);
      }
    }
    const r = await recompute(state);
    if (state.tags.size > maxTagsPerSocket) {
      for (const topic of topics) {
        state.topics.delete(topic);
      }
      await recompute(state);
      regroup(socket);
      return { ok: false, denied: topics, error: `too many tags: at most ${maxTagsPerSocket} per connection` };
    }
    denied.push(...r.denied);
    queueFirstValues(socket, r.newTags, r.newKinds);
    regroup(socket);
    return { ok: true, denied };
  }

  /** The current values of newly subscribed tags and targets go out with the next send. */
  function queueFirstValues(socket: StreamSocket, newTags: readonly string[], newKinds: number) {
    const state = socket.data.state!;
    for (const id of newTags) {
      if (live.get(id)) {
        state.pendingTags.add(id);
      }
    }
    if (newKinds !== 0) {
      for (const [id, fix] of live.positions()) {
        if (newKinds & kindBit(fix.kind) && positionVisible(state.scope, fix.regionid)) {
          state.pendingTargets.add(id);
        }
      }
    }
    // Drop what is no longer subscribed.
    for (const id of state.pendingTags) {
      if (!state.tags.has(id)) {
        state.pendingTags.delete(id);
      }
    }
    if (state.pendingTags.size > 0 || state.pendingTargets.size > 0) {
      slow.add(socket);
    }
  }

  /** Moves the socket to the groups (rooms) of its current subscriptions; creates a group when it is the first. */
  function regroup(socket: StreamSocket) {
    const state = socket.data.state!;
    const tagRoom = state.tags.size > 0 ? `t:${hash([...state.tags].sort().join('\n'))}` : null;
    if (tagRoom !== state.tagRoom) {
      leaveGroup(socket, tagGroups, state.tagRoom);
      state.tagRoom = tagRoom;
    }
    if (tagRoom !== null) {
      let g = tagGroups.get(tagRoom);
      if (!g) {
        g = { room: tagRoom, tags: new Set(state.tags), members: new Set(), detached: new Map() };
        tagGroups.set(tagRoom, g);
      }
      g.members.add(socket);
      void socket.join(tagRoom);
    }
    const posRoom = state.kinds !== 0 ? `p:${state.kinds}:${hash(state.scope.key)}` : null;
    if (posRoom !== state.posRoom) {
      leaveGroup(socket, positionGroups, state.posRoom);
      state.posRoom = posRoom;
    }
    if (posRoom !== null) {
      let g = positionGroups.get(posRoom);
      if (!g) {
        g = { room: posRoom, kinds: state.kinds, scope: state.scope, members: new Set(), detached: new Map() };
        positionGroups.set(posRoom, g);
      }
      g.members.add(socket);
      void socket.join(posRoom);
    }
  }

  function leaveGroup(socket: StreamSocket, groups: Map<string, TagGroup | PositionGroup>, room: string | null) {
    if (room === null) {
      return;
    }
    void socket.leave(room);
    const g = groups.get(room);
    if (g) {
      g.members.delete(socket);
      if (g.members.size === 0 && g.detached.size === 0) {
        groups.delete(room);
      }
    }
  }

  /** Forgets detached sockets whose recovery window has passed, and groups nobody needs. */
  function prune<G extends TagGroup | PositionGroup>(groups: Map<string, G>, now: number) {
    for (const [room, g] of groups) {
      for (const [id, at] of g.detached) {
        if (now - at > recoveryMs) {
          g.detached.delete(id);
        }
      }
      if (g.members.size === 0 && g.detached.size === 0) {
        groups.delete(room);
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
      if (state.pendingTags.size > 0) {
        const v: TagValueTuple[] = [];
        for (const id of state.pendingTags) {
          const e = live.get(id);
          if (e && state.tags.has(id)) {
            v.push([id, e.t, e.v, e.q]);
          }
        }
        state.pendingTags.clear();
        if (v.length > 0) {
          s.emit('tag.batch', { t: now, v });
        }
      }
      if (state.pendingTargets.size > 0) {
        const p: PositionTuple[] = [];
        for (const id of state.pendingTargets) {
          const fix = live.position(id);
          if (fix && state.kinds & kindBit(fix.kind) && positionVisible(state.scope, fix.regionid)) {
            p.push(positionTuple(id, fix));
          }
        }
        state.pendingTargets.clear();
        if (p.length > 0) {
          s.emit('position.batch', { t: now, p });
        }
      }
      slow.delete(s);
    }
  }

  function positionTuple(id: string, f: LivePosition): PositionTuple {
    return [id, f.t, f.lon, f.lat, f.floor, f.kind === 1 ? 1 : 0];
  }

  /**
   * Sends one shared batch per group to its room, except to members that are
   * still busy with earlier data: those get the keys in their pending set and
   * the latest values once they have drained.
   */
  function sendToGroup<T extends TagValueTuple | PositionTuple>(
    g: TagGroup | PositionGroup,
    payload: T[],
    pendingOf: (s: SocketState) => Set<string>,
    emit: (room: string, except: string[] | null) => void,
  ) {
    let except: string[] | null = null;
    for (const s of g.members) {
      if (!canWrite(s)) {
        (except ??= []).push(s.id);
        const pending = pendingOf(s.data.state!);
        for (const item of payload) {
          pending.add(item[0]);
        }
        slow.add(s);
      }
    }
    if (except !== null && except.length === g.members.size && g.detached.size === 0) {
      return;
    }
    emit(g.room, except);
  }

  function publishTags(ids: readonly string[], now: number) {
    const tuples = new Map<string, TagValueTuple>();
    let idSet: Set<string> | null = null;
    const tupleOf = (id: string): TagValueTuple | null => {
      let tp = tuples.get(id);
      if (tp === undefined) {
        const e = live.get(id);
        if (!e) {
          return null;
        }
        tp = [id, e.t, e.v, e.q];
        tuples.set(id, tp);
      }
      return tp;
    };
    for (const g of tagGroups.values()) {
      const payload: TagValueTuple[] = [];
      if (ids.length <= g.tags.size) {
        for (const id of ids) {
          if (g.tags.has(id)) {
            const tp = tupleOf(id);
            if (tp) {
              payload.push(tp);
            }
          }
        }
      } else {
        idSet ??= new Set(ids);
        for (const id of g.tags) {
          if (idSet.has(id)) {
            const tp = tupleOf(id);
            if (tp) {
              payload.push(tp);
            }
          }
        }
      }
      if (payload.length > 0) {
        sendToGroup(g, payload, (s) => s.pendingTags, (room, except) => {
          (except ? io.to(room).except(except) : io.to(room)).emit('tag.batch', { t: now, v: payload });
        });
      }
    }
  }

  function publishPositions(ids: readonly string[], now: number) {
    const tuples = new Map<string, PositionTuple>();
    for (const g of positionGroups.values()) {
      const payload: PositionTuple[] = [];
      for (const id of ids) {
        const fix = live.position(id);
        if (fix && g.kinds & kindBit(fix.kind) && positionVisible(g.scope, fix.regionid)) {
          let tp = tuples.get(id);
          if (tp === undefined) {
            tp = positionTuple(id, fix);
            tuples.set(id, tp);
          }
          payload.push(tp);
        }
      }
      if (payload.length > 0) {
        sendToGroup(g, payload, (s) => s.pendingTargets, (room, except) => {
          (except ? io.to(room).except(except) : io.to(room)).emit('position.batch', { t: now, p: payload });
        });
      }
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

  // A tag moved to another region or a group edited: re-check every subscription
  // (debounced, since an import changes thousands of tags at once).
  let recheck: NodeJS.Timeout | null = null;
  const offChange = registry.onChange?.(() => {
    recheck ??= setTimeout(() => {
      recheck = null;
      for (const s of io.of('/').sockets.values()) {
        if (s.data.state) {
          void change(s, { topics: [] }, true).catch((err: unknown) => log.error({ err }, 'stream: re-check after tag change failed'));
        }
      }
    }, 200);
  });

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
    publish(tagIds, targetIds, now) {
      sendPending(now);
      if (tagIds.length > 0 && tagGroups.size > 0) {
        publishTags(tagIds, now);
      }
      if (targetIds.length > 0 && positionGroups.size > 0) {
        publishPositions(targetIds, now);
      }
      if (now - lastMaintenance >= 1000) {
        lastMaintenance = now;
        prune(tagGroups, now);
        prune(positionGroups, now);
        trimRecovery(now);
      }
    },
    stats() {
      let maxPending = 0;
      let maxWriteBuffer = 0;
      for (const s of io.of('/').sockets.values()) {
        const st = s.data.state;
        if (st) {
          maxPending = Math.max(maxPending, st.pendingTags.size + st.pendingTargets.size);
        }
        maxWriteBuffer = Math.max(maxWriteBuffer, writeBufferLength(s));
      }
      const packets = storedPackets() ?? [];
      return {
        sockets: io.of('/').sockets.size,
        tagGroups: tagGroups.size,
        positionGroups: positionGroups.size,
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
      return {
        tags: st.tags.size,
        pendingTags: st.pendingTags.size,
        pendingTargets: st.pendingTargets.size,
        writeBuffer: writeBufferLength(s),
        bufferedBytes: bufferedBytes(s),
        writable: canWrite(s),
      };
    },
    async close() {
      clearInterval(heartbeat);
      offChange?.();
      if (recheck) {
        clearTimeout(recheck);
      }
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
