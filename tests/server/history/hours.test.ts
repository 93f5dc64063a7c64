import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { querySampleHistory } from '../../../src/server/history/query.js';
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
});
