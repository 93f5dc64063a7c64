import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSamples } from '../../../src/server/history/codec.js';
import { querySampleHistory } from '../../../src/server/history/query.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { tagStorageStats } from '../../../src/shared/realtime/history-contracts.js';
import { call } from '../../helpers/api.js';
import { buildTag, adminOf, userWithRole } from '../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';

const HOUR = 3600_000;

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(dialects)('late, out-of-order and repeated samples (%s)', (dialect) => {
  let ts: TestServer;
  const tags = [buildTag(), buildTag(), buildTag()];

  beforeAll(async () => {
    ts = await startTestServer({ dialect, env: { SIMULATOR: '0' }, tags: createMemoryTagRegistry(tags) });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('a gateway sending 6 hours late, shuffled, a tenth repeated: stored history equals the original', async () => {
    const r = prng(8);
    // Ended 2 hours ago: every window is sealed while the backlog arrives, so late items merge into stored chunks.
    const start = Math.floor((Date.now() - 8 * HOUR) / 1000) * 1000;
    const original = tags.map((tag, k) =>
      Array.from({ length: 6 * 3600 }, (_, i) => ({ tag: tag.id, t: start + i * 1000, v: Math.round((k * 100 + Math.sin(i / 60) * 10 + r()) * 1000) / 1000, q: i % 500 === 0 ? 1 : 0 })),
    );
    const all = original.flat();
    const sent = [...all, ...all.filter(() => r() < 0.1)];
    for (let i = sent.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [sent[i], sent[j]] = [sent[j], sent[i]];
    }
    // Half first, sealed into chunks; the other half late, merged into them.
    const half = Math.floor(sent.length / 2);
    for (let i = 0; i < sent.length; i += 4000) {
      expect(ts.server.stream.ingest.samples(sent.slice(i, Math.min(i + 4000, i < half ? half : sent.length)), 'test').rejected).toEqual([]);
      if (i + 4000 >= half && i < half) {
        await ts.server.stream.history.flush();
        for (let j = half; j < Math.min(i + 4000, sent.length); j++) {
          ts.server.stream.ingest.samples([sent[j]], 'test');
        }
      }
    }
    await ts.server.stream.history.flush();
    const reader = { db: ts.server.store.db, historian: ts.server.stream.history };
    for (const [k, tag] of tags.entries()) {
      const rows = await ts.server.store.db.selectFrom('sample_chunk').select(['w', 'data']).where('tag_id', '=', tag.id).orderBy('w').execute();
      const t: number[] = [];
      const v: number[] = [];
      const q: number[] = [];
      for (const row of rows) {
        const d = decodeSamples(row.data);
        t.push(...d.t);
        v.push(...d.v);
        q.push(...d.q);
      }
      expect(t).toEqual(original[k].map((x) => x.t));
      expect(v).toEqual(original[k].map((x) => x.v));
      expect(q).toEqual(original[k].map((x) => x.q));
      // And through the history call: one bucket per second, each the one stored sample.
      const h = await querySampleHistory(reader, [tag.id], start, start + 6 * HOUR, 6 * 3600);
      expect(h.bucketMs).toBe(1000);
      expect(h.items[0].buckets.map((b) => [b.t, b.n, b.last])).toEqual(original[k].map((x) => [x.t, 1, x.v]));
    }
  });

  it('serves storage figures per tag (UAPI/Tag/StorageStats) to managers only', async () => {
    await ts.server.stream.history.sealAll();
    const admin = await adminOf(ts).then((a) => a.token);
    const r = await call(ts.url, tagStorageStats, {}, admin);
    expect(r.httpStatus).toBe(200);
    const d = r.body.data!;
    const mine = d.items.filter((x) => tags.some((t) => t.id === x.tag));
    expect(mine).toHaveLength(3);
    for (const x of mine) {
      expect(x.samples).toBe(6 * 3600);
      expect(x.bytes).toBeGreaterThan(0);
      expect(x.bytesPerSample).toBeCloseTo(x.bytes / x.samples, 9);
    }
    expect(d.samples).toBe(d.items.reduce((a, x) => a + x.samples, 0));
    const operator = await userWithRole(ts, 'operator').then((u) => u.token);
    expect((await call(ts.url, tagStorageStats, {}, operator)).httpStatus).toBe(403);
  });

  it('a repeated time with a new value replaces the stored one', async () => {
    const t0 = Math.floor((Date.now() - 3 * HOUR) / 1000) * 1000;
    const id = tags[0].id;
    ts.server.stream.ingest.samples([{ tag: id, t: t0, v: 1 }, { tag: id, t: t0 + 1000, v: 2 }], 'test');
    await ts.server.stream.history.flush();
    ts.server.stream.ingest.samples([{ tag: id, t: t0, v: 5 }], 'test');
    await ts.server.stream.history.flush();
    const h = await querySampleHistory({ db: ts.server.store.db, historian: ts.server.stream.history }, [id], t0, t0 + 2000, 2);
    expect(h.items[0].buckets.map((b) => [b.t, b.last, b.n])).toEqual([
      [t0, 5, 1],
      [t0 + 1000, 2, 1],
    ]);
  });
});
