import type { AlarmItem } from '../../../src/shared/alarms/contracts.js';
import { io, type Socket } from 'socket.io-client';
import type { Envelope } from '../../../src/shared/contracts/envelope.js';
import type { IngestResult } from '../../../src/shared/contracts/stream.js';
import type {
  ClientToServerEvents,
  PositionTuple,
  ServerToClientEvents,
  StreamCloseReason,
  SubscribeAck,
  SubscribePayload,
  TagValueTuple,
} from '../../../src/shared/contracts/topics.js';
import type { RegionChangeItem } from '../../../src/shared/regions/contracts.js';

export const INGEST_KEY = 'test-ingest-key-0123456789';
export type StreamClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** POSTs an ingest body with a bearer key; returns HTTP status and envelope. */
export async function ingestHttp(baseUrl: string, kind: 'samples' | 'positions', body: unknown, key: string | null = INGEST_KEY) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) {
    headers.authorization = `Bearer ${key}`;
  }
  const res = await fetch(`${baseUrl}/ingest/v1/${kind}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Envelope<IngestResult> };
}

/** A socket.io client that records every value it receives. */
export interface RecordingClient {
  socket: StreamClient;
  values: TagValueTuple[];
  positions: PositionTuple[];
  regions: RegionChangeItem[];
  alarms: AlarmItem[];
  /** Topics the server stopped serving (`stream.denied`). */
  denied: string[];
  /** Why the server ended the connection (`stream.closed`), when it did. */
  closed: StreamCloseReason | null;
  batches: number;
  subscribe(p: SubscribePayload): Promise<SubscribeAck>;
  unsubscribe(p: SubscribePayload): Promise<SubscribeAck>;
  close(): void;
}

export async function connectClient(baseUrl: string, token: string, opts: { websocketOnly?: boolean } = {}): Promise<RecordingClient> {
  const socket: StreamClient = io(baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: opts.websocketOnly === false ? ['polling', 'websocket'] : ['websocket'],
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
  });
  const client: RecordingClient = {
    socket,
    values: [],
    positions: [],
    regions: [],
    alarms: [],
    denied: [],
    closed: null,
    batches: 0,
    subscribe: (p) => socket.timeout(5000).emitWithAck('stream.subscribe', p),
    unsubscribe: (p) => socket.timeout(5000).emitWithAck('stream.unsubscribe', p),
    close: () => socket.close(),
  };
  socket.on('tag.batch', (b) => {
    client.batches++;
    client.values.push(...b.items);
  });
  socket.on('position.batch', (b) => client.positions.push(...b.items));
  socket.on('region.changed', (b) => client.regions.push(...b.items));
  socket.on('alarm.changed', (b) => client.alarms.push(...b.items));
  socket.on('stream.denied', (r) => client.denied.push(...r.topics));
  socket.on('stream.closed', (r) => {
    client.closed = r.reason;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return client;
}

/** Polls until the check passes (returns truthy) or the time is up. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await check();
    if (r) {
      return r;
    }
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((res) => setTimeout(res, 20));
  }
}

export const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
