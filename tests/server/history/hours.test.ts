import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { querySampleHistory, type SampleBucket } from '../../../src/server/history/query.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag } from '../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer } from '../../helpers/server.js';

/*
 * Hour rows (sample_hour): the minute rollups of an hour's chunks in one row,
 * written with the chunks. Long trends read them; the answers are the same as
 * from the chunks (hours without a row, as in a store from before them).
 */

const HOUR = 3_600_000;

describe.each(dialects)('hour rows (%s)', (dialect) => {
  let ts: TestServer | null = null;
  afterAll(async () => {
    await ts?.close();
  });

  it('are written with the chunks, follow late samples, and give the answers the chunks give', async () => {
    const tags = [buildTag(), buildTag()];
    const store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ store, tags: createMemoryTagRegistry(tags) });
    const { stream, store: st } = ts.server;
    const reader = { db: st.db, historian: stream.history };
    const ids = tags.map((t) => t.id);
    // 5 hours from 00:20 at 1 sample per 10 s: the first and last hours partly filled.
    const t0 = Date.UTC(2026, 9, 1, 0, 20);
    const n = (5 * HOUR) / 10_000;
    stream.ingest.samples(
      Array.from({ length: n }, (_, i) => ids.map((tag, k) => ({ tag, t: t0 + i * 10_000, v: Math.round(Math.sin(i / 50) * 1000) / 100 + k }))).flat(),
      'test',
    );
    await stream.history.sync();
    await stream.history.sealAll();
    const hours = await st.db.selectFrom('sample_hour').select(['tag_id', 'h', 'n']).orderBy('tag_id').orderBy('h').execute();
    expect(hours.filter((r) => r.tag_id === ids[0]).map((r) => [Number(r.h) - Date.UTC(2026, 9, 1), Number(r.n)])).toEqual([
      [0, 240],
      [HOUR, 360],
      [2 * HOUR, 360],
      [3 * HOUR, 360],
      [4 * HOUR, 360],
      [5 * HOUR, 120],
    ]);

    // A late sample into a sealed window replaces a value: its hour row follows.
    stream.ingest.samples([{ tag: ids[0], t: t0 + 2 * HOUR, v: 999 }], 'test');
    await stream.history.sync();
    await stream.history.sealAll();

    const ranges: [number, number, number][] = [
      [t0 - HOUR, t0 + 6 * HOUR, 7],
      [t0 + 7 * 60_000, t0 + 4 * HOUR + 13 * 60_000, 11],
      [t0, t0 + 5 * HOUR, 300],
    ];
    const withHours = [];
    for (const [from, to, points] of ranges) {
      withHours.push(await querySampleHistory(reader, ids, from, to, points));
    }
    expect(withHours[0].items[0].buckets.find((b) => b.max === 999)).toBeTruthy();
    // Without hour rows (a store from before them): read from the chunks, the same answers.
    await sql`delete from sample_hour`.execute(st.db);
    for (let i = 0; i < ranges.length; i++) {
      const [from, to, points] = ranges[i];
      expect(await querySampleHistory(reader, ids, from, to, points)).toEqual(withHours[i]);
    }
    // Retention drops the hour rows of hours it reached.
    await stream.history.sealAll();
    stream.ingest.samples([{ tag: ids[0], t: t0, v: 1 }], 'test');
    await stream.history.sync();
    await stream.history.sealAll();
    expect((await st.db.selectFrom('sample_hour').select('h').execute()).length).toBe(1);
    await stream.history.deleteBefore(t0 + HOUR);
    expect((await st.db.selectFrom('sample_hour').select('h').execute()).length).toBe(0);
  });

  it('give exact buckets on their edges, from hour totals, minute rollups or samples alike', async () => {
    await ts?.close();
    const tag = buildTag();
    const store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ store, tags: createMemoryTagRegistry([tag]) });
    const { stream, store: st } = ts.server;
    const reader = { db: st.db, historian: stream.history };
    // 30 hours from 00:00 at irregular steps (1–13 s, one sample on each hour's first and last millisecond).
    const t0 = Date.UTC(2026, 9, 2);
    const t: number[] = [];
    const v: number[] = [];
    for (let x = t0, i = 0; x < t0 + 30 * HOUR; x += 1000 + ((i * 7919) % 13) * 1000, i++) {
      t.push(x);
      v.push(Math.round(Math.sin(i / 40) * 5000 + i) / 100);
    }
    for (let h = 1; h < 30; h++) {
      t.push(t0 + h * HOUR - 1, t0 + h * HOUR);
      v.push(1000 + h, -1000 - h);
    }
    const order = t.map((_, i) => i).sort((a, b) => t[a] - t[b]);
    const ts0 = order.map((i) => t[i]);
    const vs0 = order.map((i) => v[i]);
    const uniq = ts0.map((x, i) => i).filter((i) => i + 1 === ts0.length || ts0[i + 1] !== ts0[i]);
    const T = uniq.map((i) => ts0[i]);
    const V = uniq.map((i) => vs0[i]);
    stream.ingest.samples(T.map((x, i) => ({ tag: tag.id, t: x, v: V[i] })), 'test');
    await stream.history.sync();
    await stream.history.sealAll();

    /** The buckets from the samples themselves: a minute counts in the bucket its start falls in (buckets of a minute or more). */
    const oracle = (from: number, to: number, points: number) => {
      const w = Math.ceil((to - from) / points);
      const lo = w >= 60_000 ? Math.floor(from / 60_000) * 60_000 : from;
      const out = new Map<number, { t: number; min: number; max: number; sum: number; last: number; n: number }>();
      T.forEach((x, i) => {
        const at = w >= 60_000 ? x - (x % 60_000) : x;
        if (at < lo || at >= to || (w < 60_000 && x >= to)) {
          return;
        }
        const b = w >= 60_000 ? Math.trunc((at - from) / w) : Math.floor((x - from) / w);
        const e = out.get(b) ?? { t: from + b * w, min: Infinity, max: -Infinity, sum: 0, last: NaN, n: 0 };
        e.min = Math.min(e.min, V[i]);
        e.max = Math.max(e.max, V[i]);
        e.sum += V[i];
        e.last = V[i];
        e.n++;
        out.set(b, e);
      });
      return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => ({ t: e.t, min: e.min, max: e.max, avg: e.sum / e.n, last: e.last, n: e.n }));
    };
    const ranges: [number, number, number][] = [
      [t0, t0 + 30 * HOUR, 30], // 1 h buckets on the hours: every hour from its total
      [t0 + 2 * HOUR, t0 + 26 * HOUR, 8], // 3 h buckets on the hours
      [t0 + 30 * 60_000, t0 + 27 * HOUR + 30 * 60_000, 18], // 90 min from a half hour: totals and minutes mixed
      [t0 + 17_345, t0 + 29 * HOUR + 17_345, 40], // edges inside minutes
      [t0, t0 + 30 * HOUR, 1000], // 108 s buckets: minutes only
      [t0 + HOUR - 30_000, t0 + HOUR + 30_000, 60], // 1 s buckets across an hour edge: samples
    ];
    const answers: SampleBucket[][] = [];
    for (const [from, to, points] of ranges) {
      const got = (await querySampleHistory(reader, [tag.id], from, to, points)).items[0].buckets;
      const want = oracle(from, to, points);
      expect(got.map(({ avg: _, ...b }) => b)).toEqual(want.map(({ avg: _, ...b }) => b));
      got.forEach((b, i) => expect(Math.abs(b.avg - want[i].avg)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(want[i].avg))));
      answers.push(got);
    }
    expect(answers[0]).toHaveLength(30);
    // Hour rows from before their totals (migration 0092): the same buckets from the minutes.
    await sql`update sample_hour set total = null`.execute(st.db);
    for (let i = 0; i < ranges.length; i++) {
      const [from, to, points] = ranges[i];
      const got = (await querySampleHistory(reader, [tag.id], from, to, points)).items[0].buckets;
      expect(got.map(({ avg: _, ...b }) => b)).toEqual(answers[i].map(({ avg: _, ...b }) => b));
      got.forEach((b, k) => expect(b.avg).toBeCloseTo(answers[i][k].avg, 10));
    }
  });
});
