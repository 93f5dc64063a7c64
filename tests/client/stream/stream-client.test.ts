import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, filter, take, toArray } from 'rxjs';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribePayload } from '../../../src/shared/contracts/topics.js';
import type { ChannelBatch, TagValueTuple } from '../../../src/shared/contracts/channel.js';

/*
 * The stream core against a real socket.io server that speaks the protocol of
 * contracts/stream.ts (a stand-in for the gateway): reference counting on the
 * wire, coalesced subscribe messages, token renewal on a refused handshake,
 * and the full resubscribe + LatestValues refill after a reconnect that lost
 * the server's state. The app's API client and session are replaced.
 */

const session = vi.hoisted((): { token: string | null; renewTo: string | null; renewCalls: number } => ({
  token: 'good',
  renewTo: 'good',
  renewCalls: 0,
}));
const latestCalls = vi.hoisted(() => [] as string[][]);

vi.mock('../../../src/client/app/api', () => ({
  api: vi.fn((_contract: unknown, input: { tags: string[] }) => {
    latestCalls.push(input.tags);
    return Promise.resolve({ items: input.tags.map((tag) => ({ tag, t: 1_700_000_000_000, v: 42, q: 0 })), total: input.tags.length });
  }),
  renewAccessToken: vi.fn(() => {
    session.renewCalls++;
    session.token = session.renewTo;
    return Promise.resolve(session.renewTo !== null);
  }),
}));
vi.mock('../../../src/client/app/error-log-store', () => ({ logError: vi.fn() }));
vi.mock('../../../src/client/app/session-store', () => ({
  useSession: { getState: () => ({ accessToken: session.token }), subscribe: () => () => undefined },
}));

const { StreamClient } = await import('../../../src/client/stream/stream-client.js');

interface Received {
  event: 'stream.subscribe' | 'stream.unsubscribe';
  payload: SubscribePayload;
}

let httpServer: http.Server;
let io: Server;
let url: string;
let received: Received[];
let sockets: Socket[];
let client: InstanceType<typeof StreamClient> | null;

beforeEach(async () => {
  received = [];
  sockets = [];
  latestCalls.length = 0;
  session.token = 'good';
  session.renewTo = 'good';
  session.renewCalls = 0;
  httpServer = http.createServer();
  io = new Server(httpServer, { path: '/socket.io' });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token;
    next(token === 'good' ? undefined : new Error('unauthorized'));
  });
  io.on('connection', (socket) => {
    sockets.push(socket);
    for (const event of ['stream.subscribe', 'stream.unsubscribe'] as const) {
      socket.on(event, (payload: SubscribePayload, ack: (r: { ok: boolean; denied: string[] }) => void) => {
        received.push({ event, payload });
        const denied = (payload.tags ?? []).filter((t: string) => t.startsWith('secret')).map((t: string) => `tag/${t}`);
        ack({ ok: true, denied });
      });
    }
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  client = null;
});

afterEach(async () => {
  client?.stop();
  await new Promise<void>((resolve) => {
    void io.close(() => resolve());
  });
});

function newClient() {
  client = new StreamClient({ url, token: () => session.token });
  return client;
}

async function until(check: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const batch = (items: TagValueTuple[]): ChannelBatch<TagValueTuple> => ({ t: Date.now(), items });
const tagsOf = (r: Received) => [...(r.payload.tags ?? [])].sort();

describe('StreamClient', () => {
  it('subscribes a tag once however many observers it has, and unsubscribes after the last', async () => {
    const c = newClient();
    const a = c.tag$('T1').subscribe();
    const b = c.tag$('T1').subscribe();
    const many = c.tags$(['T1', 'T2']).subscribe();
    await until(() => received.length === 1);
    expect(received[0].event).toBe('stream.subscribe');
    expect(tagsOf(received[0])).toEqual(['T1', 'T2']);

    a.unsubscribe();
    many.unsubscribe();
    await until(() => received.length === 2);
    expect(received[1]).toEqual({ event: 'stream.unsubscribe', payload: { topics: [], tags: ['T2'] } });

    b.unsubscribe();
    await until(() => received.length === 3);
    expect(received[2]).toEqual({ event: 'stream.unsubscribe', payload: { topics: [], tags: ['T1'] } });
  });

  it('coalesces the subscriptions of one task into one message, and an unsubscribe-resubscribe into none', async () => {
    const c = newClient();
    const subs = Array.from({ length: 200 }, (_, i) => c.tag$(`T${i}`).subscribe());
    await until(() => received.length === 1);
    expect(received[0].payload.tags).toHaveLength(200);
    // StrictMode-style: unmount and mount again in the same task.
    subs[0].unsubscribe();
    subs[0] = c.tag$('T0').subscribe();
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    subs.forEach((s) => s.unsubscribe());
  });

  it('delivers batches to the observers of each tag and replays the latest value to a late observer', async () => {
    const c = newClient();
    // Holds T1 subscribed after the two observers below complete (without any observer the cached value is dropped).
    const holder = c.tag$('T1').subscribe();
    const values = firstValueFrom(c.tag$('T1').pipe(take(2), toArray()));
    const groups = firstValueFrom(c.tags$(['T1', 'T2']).pipe(take(1)));
    await until(() => received.length === 1 && c.status.state === 'live');
    sockets[0].emit(
      'tag.batch',
      batch([
        ['T1', 1000, 1.5, 0],
        ['T2', 1000, 7, 1],
        ['T9', 1000, 0, 0],
      ]),
    );
    sockets[0].emit('tag.batch', batch([['T1', 2000, 2.5, 0]]));
    expect((await values).map((u) => u.v)).toEqual([1.5, 2.5]);
    expect((await groups).map((u) => u.tag)).toEqual(['T1', 'T2']);
    const late = await firstValueFrom(c.tag$('T1'));

    expect(late).toEqual({ tag: 'T1', t: 2000, v: 2.5, q: 0 });
    expect(c.latestValue('T9')).toBeUndefined();
    holder.unsubscribe();
    await until(() => received.some((r) => r.event === 'stream.unsubscribe' && r.payload.tags?.includes('T1')));
    expect(c.latestValue('T1')).toBeUndefined();
  });

  it('drops a value older than the one it holds', async () => {
    const c = newClient();
    const seen: number[] = [];
    const sub = c.tag$('T1').subscribe((u) => seen.push(u.v));
    await until(() => received.length === 1 && c.status.state === 'live');
    sockets[0].emit('tag.batch', batch([['T1', 2000, 2, 0]]));
    sockets[0].emit('tag.batch', batch([['T1', 1000, 1, 0]]));
    sockets[0].emit('tag.batch', batch([['T1', 3000, 3, 0]]));
    await until(() => seen.length === 2);
    expect(seen).toEqual([2, 3]);
    sub.unsubscribe();
  });

  it('does not ask again for a topic the server denied', async () => {
    const c = newClient();
    const sub = c.tags$(['secret-1', 'T1']).subscribe();
    await until(() => received.length === 1);
    // Let the ack come back.
    await new Promise((r) => setTimeout(r, 100));
    sub.unsubscribe();
    await until(() => received.length === 2);
    expect(received[1].payload.tags).toEqual(['T1']);
  });

  it('renews the token when the handshake is refused, then connects', async () => {
    session.token = 'expired';
    const c = newClient();
    const sub = c.tag$('T1').subscribe();
    await until(() => c.status.state === 'live');
    expect(session.renewCalls).toBe(1);
    await until(() => received.length === 1);
    sub.unsubscribe();
  });

  it('stays offline when the token cannot be renewed', async () => {
    session.token = 'expired';
    session.renewTo = null;
    const c = newClient();
    const sub = c.tag$('T1').subscribe();
    await firstValueFrom(c.connection$.pipe(filter((s) => s.state === 'offline' && session.renewCalls === 1)));
    expect(received).toHaveLength(0);
    sub.unsubscribe();
  });

  it('after a reconnect that lost the server state: resubscribes everything, refills from LatestValues and announces the gap', async () => {
    const c = newClient();
    const seen: number[] = [];
    const a = c.tag$('T1').subscribe((u) => seen.push(u.v));
    const b = c.positions$('person').subscribe();
    await until(() => received.length === 1 && c.status.state === 'live');
    expect(received[0].payload).toEqual({ topics: ['position/person'], tags: ['T1'] });

    const gap = firstValueFrom(c.resync$);
    const states: string[] = [];
    const stateSub = c.connection$.subscribe((s) => states.push(s.state));
    // A transport failure: socket.io reconnects by itself; this server keeps no state, so recovery fails.
    sockets[0].conn.close();
    const g = await gap;
    expect(g.to).toBeGreaterThanOrEqual(g.from);
    await until(() => received.length === 2);
    expect(received[1].event).toBe('stream.subscribe');
    expect(received[1].payload).toEqual({ topics: ['position/person'], tags: ['T1'] });
    await until(() => seen.includes(42));
    expect(latestCalls).toEqual([['T1']]);
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('live');
    a.unsubscribe();
    b.unsubscribe();
    stateSub.unsubscribe();
  });

  it('reports the age of the newest value and forgets it when nothing is subscribed', async () => {
    const c = newClient();
    expect(c.newestValueAge()).toBeNull();
    const sub = c.tag$('T1').subscribe();
    await until(() => received.length === 1 && c.status.state === 'live');
    const t = Date.now() - 3000;
    sockets[0].emit('tag.batch', { t: Date.now(), items: [['T1', t, 1, 0]] });
    await until(() => c.newestValueAge() !== null);
    expect(c.newestValueAge()).toBeGreaterThanOrEqual(2900);
    sub.unsubscribe();
    await until(() => received.length === 2);
    expect(c.newestValueAge()).toBeNull();
  });
});
