import type { Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag, userWithRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, sleep, waitFor } from './stream-helpers.js';

const TAGS = 300;

describe('a slow client', () => {
  let ts: TestServer;
  // Long ids make each batch big, so the client's TCP window fills within a second.
  const tags = Array.from({ length: TAGS }, (_, i) => buildTag({ id: `SLOW.${'X'.repeat(100)}.${String(i).padStart(4, '0')}` }));

  beforeAll(async () => {
    ts = await startTestServer({ env: { SIMULATOR: '0', BROADCAST_TICK_MS: '10' }, tags: createMemoryTagRegistry(tags) });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('costs the server at most one pending entry per subscribed tag, however many updates it misses', async () => {
    const token = await userWithRole(ts, 'supervisor').then((u) => u.token);
    const slow = await connectClient(ts.url, token);
    const fast = await connectClient(ts.url, token);
    try {
      const ids = tags.map((t) => t.id);
      await slow.subscribe({ tags: ids });
      await fast.subscribe({ tags: ids });
      // Stop reading from the socket: the kernel buffers fill and the server's writes stall.
      const wsTransport = slow.socket.io.engine.transport as unknown as { ws: { _socket: NetSocket } };
      wsTransport.ws._socket.pause();

      const t0 = Date.now();
      let round = 0;
      let maxPending = 0;
      let maxWriteBuffer = 0;
      let maxBuffered = 0;
      let stalled = false;
      // At least 4 s and 60,000 updates (a loaded machine runs fewer rounds a second).
      const started = Date.now();
      while (Date.now() - started < 4000 || (round * TAGS < 60_000 && Date.now() - started < 20_000)) {
        round++;
        ts.server.stream.ingest.samples(
          ids.map((tag) => ({ tag, t: t0 + round, v: round })),
          'test',
        );
        const s = ts.server.stream.gateway.socketStats(slow.socket.id!);
        expect(s).toBeDefined();
        maxPending = Math.max(maxPending, s!.pending);
        maxWriteBuffer = Math.max(maxWriteBuffer, s!.writeBuffer);
        maxBuffered = Math.max(maxBuffered, s!.bufferedBytes);
        stalled ||= !s!.writable;
        await sleep(10);
      }
      const produced = round * TAGS;
      // ~300 tags × 140 bytes × 100 sends/s × 4 s ≈ 17 MB would have queued without flow control.
      expect(produced).toBeGreaterThan(50_000);
      expect(stalled).toBe(true);
      expect(maxPending).toBeLessThanOrEqual(TAGS);
      expect(maxWriteBuffer).toBeLessThanOrEqual(2);
      expect(maxBuffered).toBeLessThan(2_000_000);
      // A healthy client on the same data keeps up and ends on the latest values.
      await waitFor(() => fast.values.filter((v) => v[2] === round).length === TAGS, 5000, 'fast client latest');

      // Once the slow client reads again it ends on the latest state (what the kernel buffered arrives first).
      wsTransport.ws._socket.resume();
      await waitFor(() => new Set(slow.values.filter((v) => v[2] === round).map((v) => v[0])).size === TAGS, 10_000, 'slow client catches up');
    } finally {
      slow.close();
      fast.close();
    }
  });
});
