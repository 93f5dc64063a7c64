import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag, userWithRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, sleep, waitFor } from './stream-helpers.js';

describe('reconnect with connection-state recovery', () => {
  let ts: TestServer;
  const tag = buildTag();
  const quiet = buildTag();

  beforeAll(async () => {
    ts = await startTestServer({ env: { SIMULATOR: '0', BROADCAST_TICK_MS: '20' }, tags: createMemoryTagRegistry([tag, quiet]) });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('a client disconnected for a few seconds misses nothing and keeps its subscriptions', async () => {
    const token = await userWithRole(ts, 'operator').then((u) => u.token);
    const c = await connectClient(ts.url, token);
    try {
      const t0 = Date.now();
      await c.subscribe({ tags: [tag.id] });
      ts.server.stream.ingest.samples([{ tag: tag.id, t: t0, v: 0 }], 'test');
      await waitFor(() => c.values.length === 1, 3000, 'first value');

      // Drop the connection under the client (as a network outage would) and keep it down.
      const disconnected = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
      c.socket.io.reconnection(false);
      c.socket.io.engine.close();
      await disconnected;

      // Values keep coming in while the client is away, slower than the tick so none is coalesced away.
      const sent: number[] = [];
      for (let i = 1; i <= 25; i++) {
        ts.server.stream.ingest.samples([{ tag: tag.id, t: t0 + i, v: i }], 'test');
        sent.push(i);
        await sleep(100);
      }
      expect(c.values).toHaveLength(1);

      c.socket.io.reconnection(true);
      const reconnected = new Promise<void>((resolve) => c.socket.once('connect', () => resolve()));
      c.socket.connect();
      await reconnected;
      expect(c.socket.recovered).toBe(true);
      await waitFor(() => c.values.length >= 1 + sent.length, 5000, 'missed values');
      expect(c.values.map((v) => v[2])).toEqual([0, ...sent]);

      // Still subscribed without asking again.
      ts.server.stream.ingest.samples([{ tag: tag.id, t: t0 + 100, v: 100 }], 'test');
      await waitFor(() => c.values.at(-1)?.[2] === 100, 3000, 'value after recovery');
    } finally {
      c.close();
    }
  });

  it('keeps the recovery offset fresh with heartbeats for a client that only watches quiet tags', async () => {
    const token = await userWithRole(ts, 'operator').then((u) => u.token);
    const c = await connectClient(ts.url, token);
    try {
      await c.subscribe({ tags: [quiet.id] });
      const beat = await new Promise<{ t: number }>((resolve) => c.socket.once('stream.heartbeat', resolve));
      expect(Math.abs(beat.t - Date.now())).toBeLessThan(2000);
      c.socket.io.engine.close();
      await new Promise<void>((resolve) => c.socket.once('connect', () => resolve()));
      expect(c.socket.recovered).toBe(true);
    } finally {
      c.close();
    }
  });

  it('bounds what socket.io keeps for recovery', async () => {
    const stats = ts.server.stream.gateway.stats();
    expect(stats.recoveryPackets).toBeGreaterThan(0);
    expect(stats.recoveryItems).toBeLessThanOrEqual(100_000);
  });
});
