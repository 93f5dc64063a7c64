import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/store/db.js';
import type { Database } from '../../../src/server/store/schema.js';
import { querySampleHistory, queryTrajectories, queryTrajectory } from '../../../src/server/history/query.js';
import { upgradeRowTables } from '../../../src/server/history/upgrade.js';
import {
  querySampleHistory as legacyHistory,
  queryTrajectory as legacyTrajectory,
  rebuildRollups,
} from '../../../src/server/stream/history-repository.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag } from '../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';

const HOUR = 3600_000;

/** Rows of the former format written straight into its tables, 500 per statement. */
async function insertRows<T extends 'sample' | 'position'>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
const DAY = 24 * HOUR;

describe.each(dialects)('upgrade of a store of row tables to chunks (%s)', (dialect) => {
  let ts: TestServer;
  const tags = [buildTag(), buildTag(), buildTag()];
  const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

  beforeAll(async () => {
    ts = await startTestServer({ dialect, env: { SIMULATOR: '0' }, tags: createMemoryTagRegistry(tags) });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('answers the same History and Trajectory before, during and after the move', async () => {
    // The background job would move the rows while this test counts them.
    await ts.server.stream.historyUpgrade.stop();
    const db = ts.server.store.db;
    const ids = tags.map((t) => t.id);
    const start = Date.UTC(2026, 9, 3, 7, 13, 20);
    // The current format: one row per sample (and rollups by the former writer), positions likewise.
    const rows = ids.flatMap((tag, k) =>
      Array.from({ length: 3 * 3600 }, (_, i) => ({
        tag_id: tag,
        t: start + i * 1000 + k,
        v: Math.round((Math.cos(i / 300) * 50 + k + (i % 7) * 0.01) * 100) / 100,
        q: i % 1000 === 0 ? 2 : 0,
      })),
    );
    await insertRows(db, 'sample', rows);
    await rebuildRollups(db, ids, start - HOUR, start + 4 * HOUR);
    const fixes = Array.from({ length: 2000 }, (_, i) => ({
      target_id: 'P-UPGRADE',
      t: start + i * 2000,
      lon: 118.8 + i * 1e-6,
      lat: 32.25,
      floor: i % 3 === 0 ? null : 2,
      kind: 0,
    }));
    await insertRows(db, 'position', fixes);

    const ranges: [number, number, number][] = [
      [start, start + 3 * HOUR, 1],
      [start, start + 3 * HOUR, 10],
      [start - HOUR, start + 4 * HOUR, 1000],
      [start + 600_000, start + 900_000, 300],
      [start - DAY, start + DAY, 24],
    ];
    const now = start + 30 * DAY;
    const round = (h: { items: { tag: string; buckets: { avg: number; n: number }[] }[] }) =>
      h.items.map((i) => ({ ...i, buckets: i.buckets.map((b) => ({ ...b, avg: Number(b.avg.toPrecision(12)) })) }));
    const before = await Promise.all(ranges.map(([f, t, p]) => legacyHistory(db, ids, f, t, p, now).then(round)));
    const trajBefore = await legacyTrajectory(db, 'P-UPGRADE', start, start + 2 * HOUR, 500);
    const reader = { db, historian: ts.server.stream.history };
    const answers = async () => Promise.all(ranges.map(([f, t, p]) => querySampleHistory(reader, ids, f, t, p).then(round)));
    expect(before[0][0].buckets[0].n).toBe(3 * 3600);

    // Through the chunk reader, before the move (rows only).
    expect(await answers()).toEqual(before);
    // Partly moved: stop after a few steps.
    let steps = 0;
    const partial = await upgradeRowTables(ts.server.stream.history.conn, silent, () => ++steps > 4);
    expect(partial.done).toBe(false);
    expect(partial.samples).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
    // Resumed to the end.
    const rest = await upgradeRowTables(ts.server.stream.history.conn, silent);
    expect(rest.done).toBe(true);
    expect(partial.samples + rest.samples).toBe(rows.length);
    expect(rest.positions).toBe(fixes.length);
    const left = await db
      .selectFrom('sample')
      .select((eb) => eb.fn.countAll<number | string>().as('c'))
      .executeTakeFirstOrThrow();
    expect(Number(left.c)).toBe(0);
    expect(await answers()).toEqual(before);
    expect(await queryTrajectory(reader, 'P-UPGRADE', start, start + 2 * HOUR, 500)).toEqual(trajBefore);
  });

  it('answers every query made while the upgrade moves rows with all of them: none hidden, none counted twice', async () => {
    await ts.server.stream.historyUpgrade.stop();
    const db = ts.server.store.db;
    const ids = ['UPG-A', 'UPG-B'];
    const start = Date.UTC(2026, 9, 5, 0, 0, 0);
    const rows = ids.flatMap((tag, k) =>
      Array.from({ length: 2 * 3600 }, (_, i) => ({ tag_id: tag, t: start + i * 1000, v: i + k, q: 0 })),
    );
    await insertRows(db, 'sample', rows);
    const fixes = Array.from({ length: 1800 }, (_, i) => ({
      target_id: 'P-UPG-RACE',
      t: start + i * 4000,
      lon: 118.8,
      lat: 32.25,
      floor: 1,
      kind: 0,
    }));
    await insertRows(db, 'position', fixes);
    const reader = { db, historian: ts.server.stream.history };
    // Raw path (1 s buckets) and minute path (one bucket): each answer counts every sample exactly once.
    const counts = async () => {
      const [raw, minute, path, replay] = await Promise.all([
        querySampleHistory(reader, ids, start, start + 2 * HOUR, 7200),
        querySampleHistory(reader, ids, start, start + 2 * HOUR, 1),
        queryTrajectory(reader, 'P-UPG-RACE', start, start + 2 * HOUR, 10_000),
        queryTrajectories(reader, start, start + 2 * HOUR, 4000),
      ]);
      const n = (h: typeof raw) => h.items.map((i) => i.buckets.reduce((s, b) => s + b.n, 0));
      return { raw: n(raw), minute: n(minute), path: path.length, replay: replay.get('P-UPG-RACE')?.length ?? 0 };
    };
    const all = { raw: [7200, 7200], minute: [7200, 7200], path: 1800, replay: 1800 };
    expect(await counts()).toEqual(all);
    let moving = true;
    const upgrade = upgradeRowTables(ts.server.stream.history.conn, silent).finally(() => {
      moving = false;
    });
    const seen: unknown[] = [];
    let during = 0;
    while (moving) {
      seen.push(await counts());
      during++;
      // Queries as a busy screen makes them, not a loop that leaves the upgrade no turn.
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await upgrade).done).toBe(true);
    expect(during).toBeGreaterThan(1);
    expect(seen.filter((c) => JSON.stringify(c) !== JSON.stringify(all))).toEqual([]);
    expect(await counts()).toEqual(all);
  });
});
