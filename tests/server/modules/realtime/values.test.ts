import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MAX_RANGE_MS, history, latestValues, tagSave } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { type TestServer, dialects, startTestServer } from '../../../helpers/server.js';
import { buildTag, demoToken, expectRefused } from './realtime-fixtures.js';

const TF = 'TF-A.TK-101.LT';
const PU = 'PU-1.R-101.TT';

describe.each(dialects)('realtime values (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0' } });
    admin = await demoToken(t.url, 'admin');
    operator = await demoToken(t.url, 'operator');
  });
  afterAll(() => t?.close());

  describe('LatestValues', () => {
    it("gives the live cache's latest value and quality of each visible tag", async () => {
      const now = Date.now();
      const r0 = t.server.stream.ingest.samples(
        [
          { tag: TF, t: now - 1000, v: 10.5 },
          { tag: TF, t: now, v: 11.25, q: 1 },
          { tag: PU, t: now, v: 251 },
        ],
        'test',
      );
      expect(r0.accepted).toBe(3);
      const r = await call(t.url, latestValues, { tags: [TF, PU, 'NO.SUCH.TAG', 'person.P-0001.sos'] }, admin);
      expect(r.body.data).toEqual({
        items: [
          { tag: TF, t: now, v: 11.25, q: 1 },
          { tag: PU, t: now, v: 251, q: 0 },
        ],
        total: 2,
      });
    });

    it('leaves out tags outside the caller’s regions', async () => {
      const r = await call(t.url, latestValues, { tags: [TF, PU] }, operator);
      expect(r.body.data!.items.map((i) => i.tag)).toEqual([TF]);
    });

    it('validates the tag list', async () => {
      expectRefused(await call(t.url, latestValues, { tags: [] }, admin), 400, ['tags']);
      expectRefused(await call(t.url, latestValues, {}, admin), 400, ['tags']);
    });
  });

  describe('History', () => {
    const from = Date.UTC(2026, 10, 1, 0, 0, 0);

    beforeAll(async () => {
      // Ten minutes of one sample a second, v = seconds since `from`, straight into the history table.
      const rows = Array.from({ length: 600 }, (_, i) => ({ tag_id: TF, t: from + i * 1000, v: i, q: 0 }));
      for (let i = 0; i < rows.length; i += 200) {
        await t.server.store.db
          .insertInto('sample')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      await t.server.store.db
        .insertInto('sample')
        .values([{ tag_id: PU, t: from, v: 250, q: 0 }])
        .execute();
    });

    it('downsamples to the points asked for: buckets with min, max, avg, last and count', async () => {
      const r = await call(t.url, history, { tags: [TF], from, to: from + 600_000, points: 10 }, admin);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      expect(r.body.data!.bucketMs).toBe(60_000);
      const buckets = r.body.data!.items[0].buckets;
      expect(r.body.data!.items[0].tag).toBe(TF);
      expect(buckets).toHaveLength(10);
      expect(buckets[0]).toEqual({ t: from, min: 0, max: 59, avg: 29.5, last: 59, n: 60 });
      expect(buckets[9]).toEqual({ t: from + 540_000, min: 540, max: 599, avg: 569.5, last: 599, n: 60 });
    });

    it('never makes buckets shorter than a second, and leaves empty buckets out', async () => {
      const r = await call(t.url, history, { tags: [TF], from: from + 590_000, to: from + 620_000, points: 2000 }, admin);
      expect(r.body.data!.bucketMs).toBe(1000);
      expect(r.body.data!.items[0].buckets.map((b) => b.avg)).toEqual([590, 591, 592, 593, 594, 595, 596, 597, 598, 599]);
    });

    it('answers a 30-day range with at most `points` buckets per tag', async () => {
      const r = await call(t.url, history, { tags: [TF, PU], from: from - 29 * 86_400_000, to: from + 86_400_000, points: 500 }, admin);
      expect(r.body.data!.bucketMs).toBe(Math.ceil(HISTORY_MAX_RANGE_MS / 500));
      expect(r.body.data!.items.map((i) => [i.tag, i.buckets.reduce((s, b) => s + b.n, 0)])).toEqual([
        [TF, 600],
        [PU, 1],
      ]);
      expect(r.body.data!.items[0].buckets.length).toBeLessThanOrEqual(500);
    });

    it('refuses a range over 30 days, an inverted range, and too many points, naming the field', async () => {
      expectRefused(await call(t.url, history, { tags: [TF], from, to: from + HISTORY_MAX_RANGE_MS + 1 }, admin), 400, ['to']);
      expectRefused(await call(t.url, history, { tags: [TF], from, to: from }, admin), 400, ['to']);
      expectRefused(await call(t.url, history, { tags: [TF], from, to: from + 1000, points: 5000 }, admin), 400, ['points']);
    });

    it('isolation: a tag outside the caller’s regions is refused like an unknown one', async () => {
      expectRefused(await call(t.url, history, { tags: [TF, PU], from, to: from + 600_000 }, operator), 400, ['tags']);
      const own = await call(t.url, history, { tags: [TF], from, to: from + 600_000, points: 1 }, operator);
      expect(own.body.data!.items[0].buckets).toEqual([{ t: from, min: 0, max: 599, avg: 299.5, last: 599, n: 600 }]);
    });

    it('keeps the history of a disabled tag readable', async () => {
      const tag = buildTag({ id: 'TEST.HIST.PT' });
      await call(t.url, tagSave, { ...tag, isNew: true }, admin);
      await t.server.store.db.insertInto('sample').values({ tag_id: tag.id, t: from, v: 5, q: 0 }).execute();
      await call(t.url, tagSave, { ...tag, enabled: 0 }, admin);
      const r = await call(t.url, history, { tags: [tag.id], from, to: from + 1000 }, admin);
      expect(r.body.data!.items[0].buckets).toEqual([{ t: from, min: 5, max: 5, avg: 5, last: 5, n: 1 }]);
    });
  });
});
