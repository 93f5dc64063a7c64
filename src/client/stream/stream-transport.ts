import { io, type Socket } from 'socket.io-client';
import {
  STREAM_PATH,
  channelNames,
  channels,
  parseTopic,
  type ChannelBatch,
  type ChannelName,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type StreamCloseReason,
  type SubscribeAck,
} from '../../shared/contracts/topics';

/**
 * The socket transport of the stream client: creating the socket.io
 * connection and wiring the protocol's events (contracts/topics.ts) to
 * handlers, and the client-to-server messages with their acks. It keeps no
 * state; the connection (stream-connection.ts) owns the socket.
 */

export type StreamSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long a subscribe/unsubscribe waits for its ack before it is retried. */
export const ACK_TIMEOUT_MS = 15_000;

/** What the server sends besides the connection's own events: data and notices about topics. */
export interface StreamDataHandlers {
  /** One channel's batch of items. */
  batch(channel: ChannelName, batch: ChannelBatch<unknown>): void;
  /** Server time, epoch ms. */
  heartbeat(t: number): void;
  /** An ordered channel lost items for this client: reload its data. */
  resync(channel: ChannelName): void;
  /** Topics this connection no longer gets. */
  denied(topics: string[]): void;
}

export interface StreamSocketHandlers extends StreamDataHandlers {
  connect(): void;
  disconnect(reason: Socket.DisconnectReason): void;
  connectError(err: Error): void;
  /** The server ended the session. */
  closed(reason: StreamCloseReason): void;
}

/** A new socket (not yet connected) with every handler attached. */
export function createStreamSocket(url: string | undefined, token: () => string | null, on: StreamSocketHandlers): StreamSocket {
  const options = {
    path: STREAM_PATH,
    autoConnect: false,
    // One manager per socket, so a socket created after sign-out is really new (socket.io caches managers by URL).
    forceNew: true,
    // Read at every handshake, so a reconnect uses the token renewed meanwhile.
    auth: (cb: (data: object) => void) => cb({ token: token() ?? '' }),
  };
  const socket: StreamSocket = url ? io(url, options) : io(options);

  socket.on('connect', () => on.connect());
  socket.on('disconnect', (reason) => on.disconnect(reason));
  socket.on('connect_error', (err) => on.connectError(err));
  for (const channel of channelNames) {
    const event = channels[channel].event as keyof ServerToClientEvents;
    (socket.on as (ev: string, fn: (batch: ChannelBatch<unknown>) => void) => void)(event, (batch) => on.batch(channel, batch));
  }
  socket.on('stream.heartbeat', (beat) => on.heartbeat(beat.t));
  socket.on('stream.resync', ({ channel }) => on.resync(channel));
  socket.on('stream.denied', ({ topics }) => on.denied(topics));
  socket.on('stream.closed', ({ reason }) => on.closed(reason));
  return socket;
}

/**
 * Sends a subscribe or unsubscribe of these topics: tag topics go as bare
 * tag ids (`tags`), every other topic by name (`topics`).
 */
export function emitTopics(
  socket: StreamSocket,
  event: 'stream.subscribe' | 'stream.unsubscribe',
  topics: readonly string[],
  onAck: (err: Error | null, ack?: SubscribeAck) => void,
): void {
  const tags: string[] = [];
  const other: string[] = [];
  for (const topic of topics) {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'tag') {
      tags.push(parsed.arg);
    } else {
      other.push(topic);
    }
  }
  socket.timeout(ACK_TIMEOUT_MS).emit(event, { topics: other, tags }, onAck);
}

/** Hands the open connection a renewed access token; `onResult(false)` when it was refused or not answered. */
export function emitReauth(socket: StreamSocket, token: string, onResult: (ok: boolean) => void): void {
  socket.timeout(ACK_TIMEOUT_MS).emit('stream.reauth', { token }, (err: Error | null, res?: { ok: boolean }) => {
    onResult(!err && !!res?.ok);
  });
}
