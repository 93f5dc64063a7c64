import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { replayCall, statisticsCall, trajectoryStatsCall } from '../../../../src/shared/positioning/contracts.js';
import { offsetToLonLat } from '../../../../src/shared/domain/geometry.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { O, square, statisticsScenario } from './positioning-fixtures.js';

describe.each(dialects)('UAPI/Positioning/TrajectoryStats (%s)', (dialect) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0' } });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('gives stops and time per region from every fix, and leaves out regions outside the caller scope', async () => {
    const db = ts.server.store.db;
    const region = Object.fromEntries((await db.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]));
    // LS (the operator's) from 0 to 100 m, WH (not the operator's) from 100 to 200 m.
    ts.server.stream.live.regions.setShapes([
      { regionid: region.LS, code: 'LS', geometry: square(0) },
      { regionid: region.WH, code: 'WH', geometry: square(100) },
    ]);
    const t0 = Date.UTC(2026, 10, 20, 8);
    const fixes: { tagId: string; t: number; lon: number; lat: number; kind: 'person' }[] = [];
    const put = (s: number, x: number) => {
      const [lon, lat] = offsetToLonLat(O, x, 50);
      fixes.push({ tagId: 'P-STATS', t: t0 + s * 1000, lon, lat, kind: 'person' });
    };
    // 10 min standing at 20 m (LS), 60 s walking 1.5 m/s to 110 m (WH), 7 min standing there.
    let s = 0;
    for (; s <= 600; s += 5) {
      put(s, 20);
    }
    for (let x = 27.5; x <= 110; x += 7.5, s += 5) {
      put(s, x);
    }
    const stand = s;
    for (; s <= stand + 420; s += 5) {
      put(s, 110);
    }
    ts.server.stream.ingest.positions(fixes, 'test');
    await ts.server.stream.history.flush();
    const input = { tagId: 'P-STATS', from: t0, to: t0 + 3600_000, stopMinutes: 5 };

    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const all = (await call(ts.url, trajectoryStatsCall, input, supervisor)).body.data!;
    expect(all.fixes).toBe(fixes.length);
    // A stop lasts while fixes stay within 10 m of its first one: the first walking step (7.5 m) still
    // belongs to the first stop, and the second starts at the last step (110 m, 15 m from the fix at 95 m).
    expect(all.stops.map((x) => [x.regionid, x.from - t0, x.to - t0])).toEqual([
      [region.LS, 0, 605_000],
      [region.WH, (stand - 5) * 1000, (stand + 420) * 1000],
    ]);
    const dwell = Object.fromEntries(all.regions.map((r) => [r.regionid, r.dwellMs]));
    const lastFix = fixes.at(-1)!.t - t0;
    expect(dwell[region.LS] + dwell[region.WH]).toBe(lastFix);
    expect(dwell[region.WH]).toBeGreaterThan(420_000);
    expect(all.maxSpeed).toBeCloseTo(1.5, 1);
    expect(all.distanceM).toBeCloseTo(90, 0);

    const operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    // Operators read positions in their own regions; a contractor reads none.
    expect((await call(ts.url, trajectoryStatsCall, input, await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD))).httpStatus).toBe(403);
    const mine = (await call(ts.url, trajectoryStatsCall, input, operator)).body.data!;
    expect(mine.regions.map((r) => r.regionid)).toEqual([region.LS]);
    expect(mine.stops.map((x) => x.regionid)).toEqual([region.LS]);
    expect(mine.fixes).toBeLessThan(all.fixes);
    const bad = await call(ts.url, trajectoryStatsCall, { ...input, to: input.from }, supervisor);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['to']);
  });

  it('replays everyone in the window thinned to one fix per step, with the same isolation', async () => {
    const db = ts.server.store.db;
    const region = Object.fromEntries((await db.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]));
    ts.server.stream.live.regions.setShapes([
      { regionid: region.LS, code: 'LS', geometry: square(0) },
      { regionid: region.WH, code: 'WH', geometry: square(100) },
    ]);
    const t0 = Date.UTC(2026, 10, 21, 8);
    const fixes: { tagId: string; t: number; lon: number; lat: number; kind: 'person' | 'vehicle' }[] = [];
    for (let s = 0; s < 60; s++) {
      const [lon, lat] = offsetToLonLat(O, 50, 50);
      const [wlon, wlat] = offsetToLonLat(O, 150, 50);
      fixes.push({ tagId: 'R-LS', t: t0 + s * 1000, lon, lat, kind: 'person' });
      fixes.push({ tagId: 'R-WH', t: t0 + s * 1000, lon: wlon, lat: wlat, kind: 'vehicle' });
    }
    // Outside the window: not replayed.
    fixes.push({ tagId: 'R-LATE', t: t0 + 7200_000, lon: fixes[0].lon, lat: fixes[0].lat, kind: 'person' });
    ts.server.stream.ingest.positions(fixes, 'test');
    await ts.server.stream.history.flush();
    const input = { from: t0, to: t0 + 3600_000, stepMs: 10_000 };

    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const all = (await call(ts.url, replayCall, input, supervisor)).body.data!;
    const mine = all.items.filter((i) => i.tagId.startsWith('R-'));
    expect(mine.map((i) => [i.tagId, i.kind, i.t.length])).toEqual([
      ['R-LS', 0, 6],
      ['R-WH', 1, 6],
    ]);
    // The last fix of each 10 s bucket.
    expect(mine[0].t.map((t) => t - t0)).toEqual([9000, 19000, 29000, 39000, 49000, 59000]);

    const operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    // Operators read positions in their own regions; a contractor reads none.
    expect((await call(ts.url, replayCall, input, await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD))).httpStatus).toBe(403);
    const scoped = (await call(ts.url, replayCall, input, operator)).body.data!;
    expect(scoped.items.filter((i) => i.tagId.startsWith('R-')).map((i) => i.tagId)).toEqual(['R-LS']);
    const tooLong = await call(ts.url, replayCall, { from: t0, to: t0 + 5 * 3600_000 }, supervisor);
    expect(tooLong.httpStatus).toBe(400);
    expect(tooLong.body.error.controls).toEqual(['to']);
  });

  it('counts people per region and hour, dwell, and positioning alarms by type and region', async () => {
    const t0 = Date.UTC(2026, 10, 22, 8);
    const rows = await statisticsScenario(ts, 'S', t0);
    const region = { LS: rows.LS.regionid, WH: rows.WH.regionid };
    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const r = (await call(ts.url, statisticsCall, { from: t0, to: t0 + 2 * 3600_000 }, supervisor)).body.data!;
    expect(r.hours).toEqual([t0, t0 + 3600_000]);
    const ls = r.regions.find((x) => x.regionid === region.LS)!;
    const wh = r.regions.find((x) => x.regionid === region.WH)!;
    expect(ls.people).toEqual([1, 1]);
    expect(wh.people).toEqual([1, 1]);
    expect(wh.vehicles).toEqual([1, 0]);
    expect(ls.cards).toBe(2);
    // S-A 30 min + S-B 10 min in LS; S-A 60 min + S-V 10 min in WH.
    expect(ls.dwellMs).toBe(40 * 60_000);
    expect(wh.dwellMs).toBe(70 * 60_000);
    expect(r.alarms).toContainEqual({ type: 'intrusion', regionid: region.WH, count: 1 });
  });
});
