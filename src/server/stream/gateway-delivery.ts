import { channels, type ChannelBatch, type ChannelName } from '../../shared/contracts/topics.js';
import type { ChannelSource } from './channels.js';
import { inScope, type RegionScope } from './region-scope.js';
import { fnv, SEED_A, socketsOf, type ChannelSub, type GatewayShared, type Group, type StreamSocket } from './gateway-state.js';

/*
 * The gateway's delivery: per channel, sockets selecting the same keys and
 * filters in the same scope share a room (a group) and one encoded batch per
 * send. A socket that cannot take more data is skipped and remembers only keys
 * (latest channels) or a bounded backlog (ordered channels), so a slow client
 * costs bounded memory. What socket.io keeps for connection-state recovery is
 * bounded here too.
 */

/** Weight of one stored recovery packet besides its items, so many tiny packets count too. */
const PACKET_WEIGHT = 8;
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
export function canWrite(s: StreamSocket): boolean {
  return writeBufferLength(s) < 2 && bufferedBytes(s) < MAX_IN_FLIGHT_BYTES;
}

export function writeBufferLength(s: StreamSocket): number {
  return (s.conn as unknown as { writeBuffer?: unknown[] }).writeBuffer?.length ?? 0;
}

export function bufferedBytes(s: StreamSocket): number {
  return (s.conn.transport as unknown as { socket?: { bufferedAmount?: number } }).socket?.bufferedAmount ?? 0;
}

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

export interface DeliveryOptions {
  /** How long socket.io keeps a disconnected client's state and missed events. */
  recoveryMs: number;
  /** Most items kept for recovery across all clients (GatewayOptions.recoveryMaxItems). */
  recoveryMaxItems: number;
  /** Most items of an ordered channel a slow socket may have waiting before it is told to resync. */
  maxPendingItems: number;
}

export interface Delivery {
  /** Moves the socket to the group (room) of its current selection on a channel; creates the group when it is the first. */
  regroup: (socket: StreamSocket, channel: ChannelName) => void;
  /** A recovered socket is back: socket.io rejoined its rooms, so it rejoins their groups (and the slow set when it had data waiting). */
  rejoin: (socket: StreamSocket) => void;
  /** The socket disconnected: it leaves its groups, staying recoverable in them when the reason allows recovery. */
  detach: (socket: StreamSocket, recoverable: boolean) => void;
  publishLatest: (channel: ChannelName, changed: readonly string[], now: number) => void;
  publishOrdered: (channel: ChannelName, batch: readonly unknown[], now: number) => void;
  overflow: (channel: ChannelName) => void;
  sendPending: (now: number) => void;
  maintain: (now: number) => void;
  /** Packets and items socket.io keeps for recovery now. */
  recovery: () => { packets: number; items: number };
}

export function createDelivery(shared: GatewayShared, opts: DeliveryOptions): Delivery {
  const { io, topics, groups, slow } = shared;
  const { recoveryMs, recoveryMaxItems, maxPendingItems } = opts;

  const groupsOf = (channel: ChannelName) => {
    let g = groups.get(channel);
    if (!g) {
      g = new Map();
      groups.set(channel, g);
    }
    return g;
  };

  function rejoin(socket: StreamSocket) {
    const state = socket.data.state!;
    for (const sub of state.channels.values()) {
      const g = groups.get(sub.channel)?.get(sub.room ?? '');
      g?.detached.delete(socket.id);
      g?.members.add(socket);
      if (sub.pendingKeys.size > 0 || sub.pendingItems.length > 0 || sub.resync) {
        slow.add(socket);
      }
    }
  }

  function detach(socket: StreamSocket, recoverable: boolean) {
    const state = socket.data.state!;
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
  }

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

  function overflow(channel: ChannelName) {
    for (const s of socketsOf(io, 'all')) {
      const sub = s.data.state!.channels.get(channel);
      if (sub) {
        sub.resync = true;
        sub.pendingItems.length = 0;
        slow.add(s);
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

  let lastMaintenance = 0;

  return {
    regroup,
    rejoin,
    detach,
    publishLatest,
    publishOrdered,
    overflow,
    sendPending,
    maintain(now) {
      if (now - lastMaintenance >= 1000) {
        lastMaintenance = now;
        prune(now);
        trimRecovery(now);
      }
    },
    recovery() {
      const packets = storedPackets() ?? [];
      return { packets: packets.length, items: packets.reduce((a, p) => a + packetWeight(p) - PACKET_WEIGHT, 0) };
    },
  };
}
