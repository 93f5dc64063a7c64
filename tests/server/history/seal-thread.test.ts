import { afterAll, describe, expect, it } from 'vitest';
import { querySampleHistory } from '../../../src/server/history/query.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag } from '../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer } from '../../helpers/server.js';

/*
 * Windows are sealed in the history thread (SQLite file, PostgreSQL), in parts
 * of at most 50,000 items. While that runs, every query sees each item exactly
 * once: a part leaves memory only after its chunks are committed.
 */

describe.each(dialects)('sealing in the history thread (%s)', (dialect) => {
  let ts: TestServer | null = null;
  afterAll(async () => {
    await ts?.close();
  });

  it('seals 150,000 items in parts off the main thread; queries during the seal see each item once', async () => {
    const tags = Array.from({ length: 250 }, () => buildTag());
    const store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ store, tags: createMemoryTagRegistry(tags) });
    const { stream, store: st } = ts.server;
    expect(stream.history.stats().mode).toBe('thread');
    const t0 = Date.UTC(2026, 9, 1);
    const perTag = 600;
    for (let i = 0; i < perTag; i++) {
      stream.ingest.samples(
        tags.map((tag, k) => ({ tag: tag.id, t: t0 + i * 1000, v: k + i })),
        'test',
      );
    }
    await stream.history.sync();
    const probe = [tags[0].id, tags[124].id, tags[249].id];
    const reader = { db: st.db, historian: stream.history };
    const counts: number[] = [];
    const sealing = stream.history.sealAll();
    let done = false;
    void sealing.then(() => (done = true));
    while (!done) {
      // Raw (1 s buckets) and minute buckets: both paths of the query.
      const raw = await querySampleHistory(reader, probe, t0, t0 + perTag * 1000, perTag);
      const minutes = await querySampleHistory(reader, probe, t0, t0 + perTag * 1000, 10);
      for (const h of [raw, minutes]) {
        for (const item of h.items) {
          counts.push(item.buckets.reduce((a, b) => a + b.n, 0));
        }
      }
      await new Promise((r) => setImmediate(r));
    }
    await sealing;
    expect(counts.length).toBeGreaterThan(0);
    expect(new Set(counts)).toEqual(new Set([perTag]));
    const stats = stream.history.stats();
    expect(stats.openSamples).toBe(0);
    // 150,000 items in parts of at most 50,000: at least 3 writes.
    expect(stats.flushes).toBeGreaterThanOrEqual(3);
    const { n } = await st.db.selectFrom('sample_chunk').select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(tags.length * perTag);
    const after = await querySampleHistory(reader, probe, t0, t0 + perTag * 1000, perTag);
    expect(after.items.map((x) => x.buckets.length)).toEqual([perTag, perTag, perTag]);
    expect(after.items[1].buckets[5]).toEqual({ t: t0 + 5000, min: 129, max: 129, avg: 129, last: 129, n: 1 });
  });
});
