import type { Server, Socket } from 'socket.io';
import type { ChannelName, ClientToServerEvents, ServerToClientEvents, TopicKind } from '../../shared/contracts/topics.js';
import type { AuthUser } from '../http/app.js';
import type { Selection, TopicRegistry } from './channels.js';
import type { StreamLog } from './ingest.js';
import type { RegionScope } from './region-scope.js';

/*
 * The state the parts of the gateway (gateway.ts) share: what is kept per
 * socket, per group of sockets, and the one object that holds the server, the
 * groups and the slow sockets. The parts are the session (gateway-session.ts),
 * the subscriptions (gateway-subscriptions.ts) and the delivery
 * (gateway-delivery.ts); each gets this object from createGateway, so nothing
 * here is a module-level singleton.
 */

/** A socket's selection on one channel: reference counts, because several topics may select the same key. */
export interface ChannelSub {
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

export interface TopicSub {
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

export type StreamServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type StreamSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Sockets with one selection on a channel in one scope share a room and one encoded batch per send. */
export interface Group {
  room: string;
  channel: ChannelName;
  keys: ReadonlySet<string>;
  filters: readonly string[];
  scope: RegionScope;
  members: Set<StreamSocket>;
  /** Sockets of this group disconnected recently and recoverable: their missed batches still go to the room (socket.io stores them). */
  detached: Map<string, number>;
}

/** What the session, the subscriptions and the delivery of one gateway share. */
export interface GatewayShared {
  io: StreamServer;
  topics: TopicRegistry;
  log: StreamLog;
  /** Groups (shared rooms) per channel, by room name. */
  groups: Map<ChannelName, Map<string, Group>>;
  /** Sockets holding pending keys or items (or a resync) because they could not take more data; sendPending serves them. */
  slow: Set<StreamSocket>;
}

/** FNV-1a, 32-bit, with a seed: two seeds give two independent hashes of a key. */
export function fnv(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
export const SEED_A = 0x811c9dc5;
export const SEED_B = 0x5bd1e995;

export function newChannelSub(channel: ChannelName): ChannelSub {
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

/** The connected sockets of these users (or every socket) that have a state. */
export function socketsOf(io: StreamServer, userids: readonly number[] | 'all'): StreamSocket[] {
  const wanted = userids === 'all' ? null : new Set(userids);
  const out: StreamSocket[] = [];
  for (const s of io.of('/').sockets.values()) {
    if (s.data.state && (wanted === null || wanted.has(s.data.state.user.userid))) {
      out.push(s);
    }
  }
  return out;
}
