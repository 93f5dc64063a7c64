import type http from 'node:http';
import { Server } from 'socket.io';
import type { ChannelName, StreamCloseReason } from '../../shared/contracts/topics.js';
import type { Authenticate } from '../http/app.js';
import type { TopicRegistry } from './channels.js';
import type { StreamLog } from './ingest.js';
import type { ScopeOf } from './region-scope.js';
import { bufferedBytes, canWrite, createDelivery, writeBufferLength } from './gateway-delivery.js';
import { createSessions, type AccessOf } from './gateway-session.js';
import { createSubscriptions } from './gateway-subscriptions.js';
import type { GatewayShared, StreamServer } from './gateway-state.js';

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
 *
 * This file composes the parts, which share one GatewayShared object
 * (gateway-state.ts): the sessions (gateway-session.ts: connection, token,
 * expiry, close reasons, rescoping), the subscriptions
 * (gateway-subscriptions.ts: topics, selections, re-checks, first items) and
 * the delivery (gateway-delivery.ts: groups and rooms, batches, backpressure,
 * recovery bounds).
 */

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

export function createGateway(opts: GatewayOptions): Gateway {
  const recoveryMs = opts.recoveryMs ?? 120_000;
  const io: StreamServer = new Server(opts.httpServer, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: false },
  });
  const shared: GatewayShared = { io, topics: opts.topics, log: opts.log, groups: new Map(), slow: new Set() };
  const delivery = createDelivery(shared, {
    recoveryMs,
    recoveryMaxItems: opts.recoveryMaxItems ?? 100_000,
    maxPendingItems: opts.maxPendingItems ?? 2_000,
  });
  const subscriptions = createSubscriptions(shared, delivery);
  const sessions = createSessions(shared, opts, subscriptions, delivery);

  return {
    io,
    publishLatest: delivery.publishLatest,
    publishOrdered: delivery.publishOrdered,
    overflow: delivery.overflow,
    sendPending: delivery.sendPending,
    maintain: delivery.maintain,
    endSessions: sessions.endSessions,
    rescope: sessions.rescope,
    stats() {
      let maxPending = 0;
      let maxWriteBuffer = 0;
      let topicCount = 0;
      for (const s of io.of('/').sockets.values()) {
        const st = s.data.state;
        if (st) {
          topicCount += st.topics.size;
          let pending = 0;
          for (const sub of st.channels.values()) {
            pending += sub.pendingKeys.size + sub.pendingItems.length;
          }
          maxPending = Math.max(maxPending, pending);
        }
        maxWriteBuffer = Math.max(maxWriteBuffer, writeBufferLength(s));
      }
      const recovery = delivery.recovery();
      return {
        sockets: io.of('/').sockets.size,
        groups: Object.fromEntries([...shared.groups].map(([c, g]) => [c, g.size])),
        subscriptions: topicCount,
        slowSockets: shared.slow.size,
        maxPending,
        maxWriteBuffer,
        recoveryPackets: recovery.packets,
        recoveryItems: recovery.items,
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
      sessions.close();
      subscriptions.close();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
