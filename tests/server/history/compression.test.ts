import { afterAll, describe, expect, it } from 'vitest';
import { querySampleHistory } from '../../../src/server/history/query.js';
import { interpolate } from '../../../src/server/history/swinging-door.js';
import { tagSave } from '../../../src/shared/realtime/contracts.js';
import { call } from '../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer } from '../../helpers/server.js';
import { adminOf } from '../../helpers/factories.js';
import { buildTag, expectRefused } from '../modules/realtime/realtime-fixtures.js';
import { realtimePort } from '../../../src/server/modules/realtime/port.js';

/*
 * A compression deviation set on a tag (TagSave, an administrator): its
 * windows are sealed as swinging-door points, the raw window returns those,
 * every original sample lies within the deviation of the line they draw, and
 * trends (minute rollups from every sample) are what the lossless tag gives.
 */

const HOUR = 3_600_000;

describe.each(dialects)('compression deviation per tag (%s)', (dialect) => {
  let ts: TestServer | null = null;
  afterAll(async () => {
    await ts?.close();
  });

  it('keeps swinging-door points within the deviation, exact trends, fewer bytes; late data merges', async () => {
    const store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ store });
    const admin = await adminOf(ts).then((a) => a.token);
    const dev = 0.5;
    const packed = buildTag({ id: 'TEST.SDT.PT', range_lo: -1000, range_hi: 1000, ll: null, l: null, h: null, hh: null, comp_dev: dev });
    const lossless = buildTag({ id: 'TEST.RAW.PT', range_lo: -1000, range_hi: 1000, ll: null, l: null, h: null, hh: null });
    expectRefused(await call(ts.url, tagSave, { ...packed, isNew: true, comp_dev: -1 }, admin), 400, ['comp_dev']);
    const saved = await call(ts.url, tagSave, { ...packed, isNew: true }, admin);
    expect(saved.body.data).toMatchObject({ id: packed.id, comp_dev: dev });
    expect((await call(ts.url, tagSave, { ...lossless, isNew: true, comp_dev: '' }, admin)).body.data).toMatchObject({ comp_dev: null });
    expect(ts.server.port(realtimePort).registry.get(packed.id)?.comp_dev).toBe(dev);

    // One hour at 1 Hz, a random walk with two decimals, the same values on both tags.
    const t0 = Date.UTC(2026, 9, 3, 1);
    const t: number[] = [];
    const v: number[] = [];
    let seed = 3;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0, x = 20; i < 3600; i++) {
      x += (rnd() - 0.5) * 0.4;
      t.push(t0 + i * 1000);
      v.push(Math.round(x * 100) / 100);
    }
    const { stream, store: st } = ts.server;
    stream.ingest.samples(
      t.flatMap((x, i) => [
        { tag: packed.id, t: x, v: v[i] },
        { tag: lossless.id, t: x, v: v[i] },
      ]),
      'test',
    );
    await stream.history.sync();
    await stream.history.sealAll();
    const reader = { db: st.db, historian: stream.history };

    // Raw window (1 s buckets): the lossless tag returns everything, the compressed one its kept points.
    const raw = await querySampleHistory(reader, [packed.id, lossless.id], t0, t0 + HOUR, 3600);
    expect(raw.items[1].buckets.map((b) => [b.t, b.last])).toEqual(t.map((x, i) => [x, v[i]]));
    const kept = raw.items[0].buckets;
    expect(kept.length).toBeGreaterThanOrEqual(12); // first and last of each 10-minute window
    expect(kept.length).toBeLessThan(3600 / 5);
    const at = new Map(t.map((x, i) => [x, v[i]]));
    for (const b of kept) {
      expect(at.get(b.t)).toBe(b.last);
    }
    let worst = 0;
    for (let k = 0; k + 1 < kept.length; k++) {
      const a = kept[k];
      const b = kept[k + 1];
      for (let i = (a.t - t0) / 1000; i <= (b.t - t0) / 1000; i++) {
        worst = Math.max(worst, Math.abs(v[i] - interpolate(a.t, a.last, b.t, b.last, t[i])));
      }
    }
    expect(worst).toBeLessThanOrEqual(dev);

    // Trends: the same buckets as the lossless tag (rollups made from every sample at seal).
    for (const points of [60, 7, 1]) {
      const trend = await querySampleHistory(reader, [packed.id, lossless.id], t0, t0 + HOUR, points);
      expect(trend.items[0].buckets).toEqual(trend.items[1].buckets);
      expect(trend.items[0].buckets.reduce((s, b) => s + b.n, 0)).toBe(3600);
    }

    // Fewer bytes on disk for the compressed tag.
    const figures = await stream.history.storage(0);
    const bytes = (id: string) => figures.tags.find((x) => x.id === id)!.bytes;
    expect(bytes(packed.id)).toBeLessThan(bytes(lossless.id));

    // A late sample into a sealed window is merged as it came; only its minute's rollup changes.
    const lateT = t0 + 25 * 60_000 + 30_000;
    stream.ingest.samples([{ tag: packed.id, t: lateT, v: 999 }], 'test');
    await stream.history.sync();
    await stream.history.sealAll();
    const after = await querySampleHistory(reader, [packed.id, lossless.id], t0, t0 + HOUR, 60);
    const minute = (lateT - t0) / 60_000 - 0.5;
    after.items[0].buckets.forEach((b, i) => {
      if (i === minute) {
        expect(b.max).toBe(999);
      } else {
        expect(b).toEqual(after.items[1].buckets[i]);
      }
    });
    const rawAfter = await querySampleHistory(reader, [packed.id], t0, t0 + HOUR, 3600);
    expect(rawAfter.items[0].buckets.find((b) => b.t === lateT)?.last).toBe(999);
  });
});
