import { alarmRaise } from '../../../../src/shared/alarms/contracts.js';
import { offsetToLonLat } from '../../../../src/shared/domain/geometry.js';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { call, tokenFor } from '../../../helpers/api.js';
import type { TestServer } from '../../../helpers/server.js';

export const O: [number, number] = [118.81, 32.25];
/** A 100 m square whose south-west corner lies `x0` metres east of O. */
export const square = (x0: number) => ({
  type: 'Polygon' as const,
  coordinates: [[offsetToLonLat(O, x0, 0), offsetToLonLat(O, x0 + 100, 0), offsetToLonLat(O, x0 + 100, 100), offsetToLonLat(O, x0, 100), offsetToLonLat(O, x0, 0)]],
});

/**
 * Two hours of statistics from 08:00 of `t0`'s day, regions LS (0–100 m) and WH (100–200 m):
 * `<prefix>-A` in LS 08:00–08:30 then WH 08:30–09:30 (a fix each minute), `<prefix>-B` in LS
 * 09:00–09:10, `<prefix>-V` (vehicle) in WH 08:10–08:20, and an intrusion alarm of A in WH at 08:31.
 */
export async function statisticsScenario(ts: TestServer, prefix: string, t0: number) {
  const db = ts.server.store.db;
  const rows = await db.selectFrom('region').select(['regionid', 'regioncode', 'regionname', 'regionname_en']).execute();
  const region = Object.fromEntries(rows.map((r) => [r.regioncode, r]));
  ts.server.stream.live.regions.setShapes([
    { regionid: region.LS.regionid, code: 'LS', geometry: square(0) },
    { regionid: region.WH.regionid, code: 'WH', geometry: square(100) },
  ]);
  const [lsLon, lsLat] = offsetToLonLat(O, 50, 50);
  const [whLon, whLat] = offsetToLonLat(O, 150, 50);
  const fixes: { tagId: string; t: number; lon: number; lat: number; kind: 'person' | 'vehicle' }[] = [];
  for (let m = 0; m <= 90; m++) {
    fixes.push({ tagId: `${prefix}-A`, t: t0 + m * 60_000, lon: m < 30 ? lsLon : whLon, lat: m < 30 ? lsLat : whLat, kind: 'person' });
  }
  for (let m = 60; m <= 70; m++) {
    fixes.push({ tagId: `${prefix}-B`, t: t0 + m * 60_000, lon: lsLon, lat: lsLat, kind: 'person' });
  }
  for (let m = 10; m <= 20; m++) {
    fixes.push({ tagId: `${prefix}-V`, t: t0 + m * 60_000, lon: whLon, lat: whLat, kind: 'vehicle' });
  }
  ts.server.stream.ingest.positions(fixes, 'test');
  await ts.server.stream.history.flush();
  const admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
  const raised = await call(
    ts.url,
    alarmRaise,
    { key: `pos:${prefix}-A:intrusion`, type: 'intrusion', source: `${prefix}-A`, sourceName: `${prefix}-A`, priority: 2, regionid: region.WH.regionid, t: t0 + 31 * 60_000 },
    admin,
  );
  if (!raised.body.IsSuccess) {
    throw new Error(JSON.stringify(raised.body));
  }
  return region;
}
