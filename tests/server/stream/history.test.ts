import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { querySampleHistory as query, queryTrajectory as trajectoryOf } from '../../../src/server/history/query.js';
import { rebuildRollups } from '../../../src/server/stream/history-repository.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { trajectory } from '../../../src/shared/positioning/contracts.js';
import { call, tokenFor } from '../../helpers/api.js';
import { buildTag } from '../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';

const DAY = 24 * 3600 * 1000;

describe.each(dialects)('history (%s)', (dialect) => {
  let ts: TestServer;
  const a = buildTag();
  const b = buildTag();
  const from = Date.UTC(2026, 10, 1);
  const registry = createMemoryTagRegistry([a, b]);

  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0' }, tags: registry });
  });
  afterAll(async () => {
    await ts?.close();
  });
  const reader = () => ({ db: ts.server.store.db, historian: ts.server.stream.history });
  const querySampleHistory = (_db: unknown, ids: string[], f: number, t: number, points: number, _now?: number) => query(reader(), ids, f, t, points);
  const queryTrajectory = (_db: unknown, id: string, f: number, t: number, max?: number) => trajectoryOf(reader(), id, f, t, max);
  const chunkCount = async (table: 'sample_chunk' | 'position_chunk') =>
    Number((await ts.server.store.db.selectFrom(table).select((eb) => eb.fn.sum<number | string>('n').as('c')).executeTakeFirstOrThrow()).c ?? 0);

  it('writes big bursts in batches, all of them', async () => {
    const n = 30_000;
    const items = Array.from({ length: n }, (_, i) => ({ tag: i % 2 ? a.id : b.id, t: from + i * 10, v: i % 1000, q: 0 }));
    for (let i = 0; i < n; i += 5000) {
      expect(ts.server.stream.ingest.samples(items.slice(i, i + 5000), 'test').accepted).toBe(5000);
    }
    await ts.server.stream.history.flush();
    // The windows are long over: sealed into chunks, one per tag per 10 minutes.
    expect(await chunkCount('sample_chunk')).toBe(n);
    const stats = ts.server.stream.history.stats();
    expect(stats.writtenSamples).toBe(n);
    expect(stats.dropped).toBe(0);
  });

  it('downsamples to at most `points` buckets with the right min, max, avg and last', async () => {
    // Tag a holds i % 1000 at odd i, every 20 ms over 300 s (written above).
    const to = from + 300_000;
    const h = await querySampleHistory(ts.server.store.db, [a.id, b.id, 'NONE'], from, to, 7);
    expect(h.bucketMs).toBe(Math.ceil(300_000 / 7));
    expect(h.items.map((i) => i.tag)).toEqual([a.id, b.id, 'NONE']);
    expect(h.items[2].buckets).toEqual([]);
    const buckets = h.items[0].buckets;
    expect(buckets.length).toBeLessThanOrEqual(7);
    expect(buckets.length).toBe(7);
    // Check each bucket against a computation in JS.
    for (const bk of buckets) {
      const vals: { t: number; v: number }[] = [];
      for (let i = 1; i < 30_000; i += 2) {
        const t = from + i * 10;
        if (t >= bk.t && t < bk.t + h.bucketMs && t < to) {
          vals.push({ t, v: i % 1000 });
        }
      }
      expect(bk.n).toBe(vals.length);
      expect(bk.min).toBe(Math.min(...vals.map((x) => x.v)));
      expect(bk.max).toBe(Math.max(...vals.map((x) => x.v)));
      expect(bk.avg).toBeCloseTo(vals.reduce((s, x) => s + x.v, 0) / vals.length, 6);
      expect(bk.last).toBe(vals.at(-1)!.v);
    }
    expect(buckets.reduce((s, x) => s + x.n, 0)).toBe(15_000);
    // The bucket starts step by bucketMs from `from`.
    expect(buckets.map((x) => (x.t - from) / h.bucketMs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('leaves empty buckets out and never returns more than `points`', async () => {
    const h = await querySampleHistory(ts.server.store.db, [a.id], from - 300_000, from + 300_000, 1000);
    expect(h.items[0].buckets.length).toBeLessThanOrEqual(1000);
    expect(h.items[0].buckets.every((x) => x.t >= from - h.bucketMs)).toBe(true);
    const one = await querySampleHistory(ts.server.store.db, [a.id], from, from + 300_000, 1);
    expect(one.items[0].buckets).toEqual([{ t: from, min: 1, max: 999, avg: 500, last: 999, n: 15_000 }]);
  });

  it('builds buckets of a minute or more from the 1-minute rollups, with raw samples for the last minutes', async () => {
    const c = buildTag();
    registry.set(c);
    const start = from + 10 * DAY;
    // 2 hours at 1 Hz, minute-aligned; values a saw tooth so each bucket differs.
    const items = Array.from({ length: 7200 }, (_, i) => ({ tag: c.id, t: start + i * 1000, v: (i % 97) + (i % 3) * 0.25 }));
    ts.server.stream.ingest.samples(items, 'test');
    await ts.server.stream.history.flush();
    const chunks = await ts.server.store.db.selectFrom('sample_chunk').select(['w', 'n']).where('tag_id', '=', c.id).orderBy('w').execute();
    expect(chunks).toHaveLength(12);
    expect(chunks.every((x) => Number(x.n) === 600)).toBe(true);
    const end = start + 7200_000;
    const expected = (w: number) => {
      const out: { t: number; min: number; max: number; avg: number; last: number; n: number }[] = [];
      for (let b = 0; b * w < 7200_000; b++) {
        const vs = items.filter((x) => x.t >= start + b * w && x.t < start + (b + 1) * w).map((x) => x.v);
        out.push({ t: start + b * w, min: Math.min(...vs), max: Math.max(...vs), avg: vs.reduce((a, x) => a + x, 0) / vs.length, last: vs.at(-1)!, n: vs.length });
      }
      return out;
    };
    const round = <T extends { avg: number }>(list: T[]) => list.map((x) => ({ ...x, avg: Math.round(x.avg * 1e6) / 1e6 }));
    // Long after: all from rollups.
    const h = await querySampleHistory(ts.server.store.db, [c.id], start, end, 10, end + DAY);
    expect(h.bucketMs).toBe(720_000);
    expect(round(h.items[0].buckets)).toEqual(round(expected(720_000)));
    // Open windows (in memory) answer the same as sealed ones.
    const d = buildTag();
    registry.set(d);
    const nowWindow = Math.floor(Date.now() / 600_000) * 600_000 - 600_000;
    const recent = items.map((x) => ({ ...x, tag: d.id, t: x.t - start + nowWindow - 7200_000 + 1_200_000 }));
    ts.server.stream.ingest.samples(recent, 'test');
    const live = await querySampleHistory(ts.server.store.db, [d.id], recent[0].t, recent[0].t + 7200_000, 10);
    expect(ts.server.stream.history.stats().openSamples).toBeGreaterThan(0);
    expect(round(live.items[0].buckets)).toEqual(round(expected(720_000)).map((x) => ({ ...x, t: x.t - start + recent[0].t })));
    // Short buckets read raw samples.
    const fine = await querySampleHistory(ts.server.store.db, [c.id], start, start + 600_000, 100, end + DAY);
    expect(fine.bucketMs).toBe(6000);
    expect(fine.items[0].buckets).toHaveLength(100);
    expect(fine.items[0].buckets[0]).toMatchObject({ t: start, n: 6, min: 0, last: 5 + 2 * 0.25 });
  });

  it('reads rows written straight into `sample` (no rollups) raw, and rebuilds their rollups on request', async () => {
    const c = buildTag();
    const t0 = from + 12 * DAY;
    const db = ts.server.store.db;
    await db
      .insertInto('sample')
      .values([
        { tag_id: c.id, t: t0 + 1000, v: 1, q: 0 },
        { tag_id: c.id, t: t0 + 5 * DAY, v: 9, q: 0 },
        { tag_id: c.id, t: t0 + 5 * DAY + 1000, v: 3, q: 0 },
      ])
      .execute();
    const month = await querySampleHistory(db, [c.id], t0, t0 + 30 * DAY, 30, t0 + 60 * DAY);
    expect(month.items[0].buckets).toEqual([
      { t: t0, min: 1, max: 1, avg: 1, last: 1, n: 1 },
      { t: t0 + 5 * DAY, min: 3, max: 9, avg: 6, last: 3, n: 2 },
    ]);
    await rebuildRollups(db, [c.id], t0, t0 + 30 * DAY);
    const rows = await db.selectFrom('sample_1m').selectAll().where('tag_id', '=', c.id).orderBy('m').execute();
    expect(rows).toEqual([
      { tag_id: c.id, m: t0, vmin: 1, vmax: 1, vsum: 1, n: 1, vlast: 1, tlast: t0 + 1000 },
      { tag_id: c.id, m: t0 + 5 * DAY, vmin: 3, vmax: 9, vsum: 12, n: 2, vlast: 3, tlast: t0 + 5 * DAY + 1000 },
    ]);
    expect(await querySampleHistory(db, [c.id], t0, t0 + 30 * DAY, 30, t0 + 60 * DAY)).toEqual(month);
  });

  it('merges a late sample into its sealed chunk and replaces a repeated one', async () => {
    const c = buildTag();
    registry.set(c);
    const m0 = from + 11 * DAY;
    ts.server.stream.ingest.samples([{ tag: c.id, t: m0 + 1000, v: 5 }, { tag: c.id, t: m0 + 61_000, v: 6 }], 'test');
    await ts.server.stream.history.flush();
    ts.server.stream.ingest.samples([{ tag: c.id, t: m0 + 2000, v: -1 }, { tag: c.id, t: m0 + 61_000, v: 7 }], 'test');
    await ts.server.stream.history.flush();
    expect(await ts.server.store.db.selectFrom('sample_chunk').select('n').where('tag_id', '=', c.id).execute()).toEqual([{ n: 3 }]);
    const h = await querySampleHistory(null, [c.id], m0, m0 + 120_000, 2);
    expect(h.items[0].buckets).toEqual([
      { t: m0, min: -1, max: 5, avg: 2, last: -1, n: 2 },
      { t: m0 + 60_000, min: 7, max: 7, avg: 7, last: 7, n: 1 },
    ]);
  });

  it('keeps a tag of 1e308 samples answering: avg stays finite on both dialects', async () => {
    const c = buildTag();
    registry.set(c);
    const m0 = from + 13 * DAY;
    ts.server.stream.ingest.samples(
      Array.from({ length: 120 }, (_, i) => ({ tag: c.id, t: m0 + i * 1000, v: i % 2 ? 1e308 : -1e308 + 1e300 * (i % 3) })),
      'test',
    );
    ts.server.stream.ingest.samples(
      Array.from({ length: 10 }, (_, i) => ({ tag: c.id, t: m0 + 200_000 + i * 1000, v: 1e308 })),
      'test',
    );
    await ts.server.stream.history.flush();
    for (const points of [1, 4, 300]) {
      const h = await querySampleHistory(null, [c.id], m0, m0 + 600_000, points);
      for (const b of h.items[0].buckets) {
        expect(Number.isFinite(b.avg)).toBe(true);
      }
    }
    const tail = await querySampleHistory(null, [c.id], m0 + 180_000, m0 + 240_000, 1);
    expect(tail.items[0].buckets).toEqual([{ t: m0 + 180_000, min: 1e308, max: 1e308, avg: 1e308, last: 1e308, n: 10 }]);
  });

  it('deletes history older than the retention period', async () => {
    const db = ts.server.store.db;
    const now = from + 40 * DAY;
    await db
      .insertInto('sample')
      .values([
        { tag_id: a.id, t: now - 31 * DAY, v: 1, q: 0 },
        { tag_id: 'OLD.ONLY', t: now - 45 * DAY, v: 1, q: 0 },
        { tag_id: a.id, t: now - 29 * DAY, v: 2, q: 0 },
      ])
      .execute();
    await db
      .insertInto('position')
      .values([
        { target_id: 'P-OLD', t: now - 31 * DAY, lon: 1, lat: 1, floor: null, kind: 0 },
        { target_id: 'P-OLD', t: now - 1 * DAY, lon: 1, lat: 1, floor: null, kind: 0 },
      ])
      .execute();
    const count = async () => Number((await db.selectFrom('sample').select((eb) => eb.fn.countAll<number | string>().as('c')).executeTakeFirstOrThrow()).c);
    const before = await count();
    const chunksBefore = await chunkCount('sample_chunk');
    // The job clamps to 30 days whatever is configured; the burst above is 39+ days old too.
    const r = await ts.server.stream.retention.runOnce(now);
    expect(r.samples).toBe(30_000 + 2);
    expect(r.positions).toBe(1);
    expect(await count()).toBe(before - 2);
    expect(await chunkCount('sample_chunk')).toBe(chunksBefore - 30_000);
    const left = await db.selectFrom('sample').select(['tag_id', 'v']).where('tag_id', 'in', [a.id, b.id, 'OLD.ONLY']).execute();
    expect(left).toEqual([{ tag_id: a.id, v: 2 }]);
    const chunkTags = await db.selectFrom('sample_chunk').select('tag_id').distinct().execute();
    expect(chunkTags.map((r) => r.tag_id)).not.toContain(b.id);
    expect(chunkTags.length).toBeGreaterThan(0);
    expect(await ts.server.stream.history.deleteBefore(now - 30 * DAY)).toEqual({ samples: 0, positions: 0 });
  });

  it('returns a trajectory oldest first and thins long ones evenly', async () => {
    const t0 = from + 50 * DAY;
    const fixes = Array.from({ length: 1000 }, (_, i) => ({ tagId: 'P-TRAJ', t: t0 + i * 1000, lon: 118.8 + i * 1e-6, lat: 32.25, kind: 'person' as const }));
    ts.server.stream.ingest.positions(fixes, 'test');
    await ts.server.stream.history.flush();
    const all = await queryTrajectory(ts.server.store.db, 'P-TRAJ', t0, t0 + 1000_000);
    expect(all).toHaveLength(1000);
    expect(all[0]).toEqual({ t: t0, lon: 118.8, lat: 32.25, floor: null, kind: 0 });
    const thin = await queryTrajectory(ts.server.store.db, 'P-TRAJ', t0, t0 + 1000_000, 100);
    expect(thin).toHaveLength(100);
    expect(thin.map((p) => p.t)).toEqual([...thin.map((p) => p.t)].sort((x, y) => x - y));
    expect(thin.at(-1)!.t).toBe(t0 + 999_000);
  });

  it('serves UAPI/Positioning/Trajectory with permission and region isolation', async () => {
    const db = ts.server.store.db;
    const region = Object.fromEntries((await db.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]));
    const sq = (lon: number, lat: number) => ({
      type: 'Polygon' as const,
      coordinates: [
        [
          [lon - 0.001, lat - 0.001],
          [lon + 0.001, lat - 0.001],
          [lon + 0.001, lat + 0.001],
          [lon - 0.001, lat + 0.001],
          [lon - 0.001, lat - 0.001],
        ] as [number, number][],
      ],
    });
    ts.server.stream.live.regions.setShapes([
      { regionid: region.LS, code: 'LS', geometry: sq(118.81, 32.25) },
      { regionid: region.WH, code: 'WH', geometry: sq(118.82, 32.25) },
    ]);
    const t0 = from + 60 * DAY;
    ts.server.stream.ingest.positions(
      [
        { tagId: 'V-TRUCK', t: t0, lon: 118.81, lat: 32.25, kind: 'vehicle' },
        { tagId: 'V-TRUCK', t: t0 + 1000, lon: 118.82, lat: 32.25, kind: 'vehicle' },
        { tagId: 'V-TRUCK', t: t0 + 2000, lon: 118.8101, lat: 32.2501, floor: 1, kind: 'vehicle' },
      ],
      'test',
    );
    await ts.server.stream.history.flush();
    const input = { tagId: 'V-TRUCK', from: t0, to: t0 + 10_000 };

    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const all = await call(ts.url, trajectory, input, supervisor);
    expect(all.body.data!.items.map((p) => p.t)).toEqual([t0, t0 + 1000, t0 + 2000]);
    expect(all.body.data!.items[2]).toEqual({ t: t0 + 2000, lon: 118.8101, lat: 32.2501, floor: 1 });

    const operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    // Operators read positions in their own regions; a contractor reads none.
    expect((await call(ts.url, trajectory, input, await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD))).httpStatus).toBe(403);
    // Operator: regions TF and LS; the fix in WH is left out.
    const mine = await call(ts.url, trajectory, input, operator);
    expect(mine.body.data).toEqual({ items: [expect.objectContaining({ t: t0 }), expect.objectContaining({ t: t0 + 2000 })], total: 2 });
    const bad = await call(ts.url, trajectory, { tagId: 'V-TRUCK', from: t0, to: t0 + 31 * DAY }, supervisor);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['to']);
  });
});
