import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { regionGeometryList, regionGeometrySave, regionGetList, regionSave, auditLogList } from '../../../../src/shared/org/contracts.js';
import { offsetToLonLat, pointInGeometry, type LonLat } from '../../../../src/shared/domain/geometry.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from './org-fixtures.js';

const origin: LonLat = [118.8, 32.25];
/** A closed rectangle in local metres around the demo plant's origin. */
const rect = (x0: number, y0: number, x1: number, y1: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ].map(([x, y]) => offsetToLonLat(origin, x, y)),
  ],
});

describe.each(dialects)('regions with geometry in the store (%s)', (dialect) => {
  let ts: TestServer;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect });
    admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
    operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('the demo seeds every region polygon from the plant layout, with kinds; isolation applies to the map call', async () => {
    const all = await call(ts.url, regionGeometryList, {}, admin);
    const codes = all.body.data!.features.map((f) => f.properties.regioncode);
    expect(codes).toEqual(expect.arrayContaining(['TF', 'TF-A', 'PU-1', 'LS', 'GT-N']));
    expect(all.body.data!.features.find((f) => f.properties.regioncode === 'TF-A')?.properties.kind).toBe('tank_farm');
    const mine = await call(ts.url, regionGeometryList, {}, operator);
    expect(mine.body.data!.features.map((f) => f.properties.regioncode).sort()).toEqual(['LS', 'TF', 'TF-A', 'TF-B', 'TF-C']);
    const list = await call(ts.url, regionGetList, { isallregionid: 1 }, admin);
    expect(list.body.data!.find((r) => r.regioncode === 'TF-A')).toMatchObject({ hasGeometry: true, kind: 'tank_farm', floors: [] });
  });

  it('a new restricted zone drawn on the map places positions in it at once, without a restart', async () => {
    const plant = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.find((r) => r.regioncode === 'PLANT')!;
    // Inside the utilities area, where no other small region lies.
    const zone = rect(1150, 560, 1190, 600);
    const saved = await call(
      ts.url,
      regionSave,
      { regionparentid: plant.regionid, regionname: '受限空间', regionname_en: 'Confined space', regioncode: `RZ-${dialect}`, kind: 'restricted', geometry: zone },
      admin,
    );
    expect(saved.body.IsSuccess, saved.body.error.message).toBe(true);
    const id = saved.body.data!.regionid;
    const inside = offsetToLonLat(origin, 1170, 580);
    expect(pointInGeometry(inside, zone)).toBe(true);
    const placed = async () => {
      ts.server.stream.ingest.positions([{ tagId: `P-RZ-${dialect}`, t: Date.now(), lon: inside[0], lat: inside[1], kind: 'person' }], 'test');
      return ts.server.stream.live.position(`P-RZ-${dialect}`)?.regionid;
    };
    // The locator reloads on region.changed (asynchronously, within a moment).
    await expect.poll(placed, { timeout: 2000 }).toBe(id);

    // Moved away: the next fix there falls in the surrounding area again.
    const moved = await call(ts.url, regionGeometrySave, { regionid: id, geometry: rect(1100, 500, 1120, 520) }, admin);
    expect(moved.body.IsSuccess).toBe(true);
    await expect.poll(placed, { timeout: 2000 }).not.toBe(id);

    const audit = await call(ts.url, auditLogList, { entity: 'region', page: 1, pageSize: 20 }, admin);
    expect(audit.body.data!.items.some((a) => a.action === 'geometry' && a.entity_id === String(id))).toBe(true);
  });

  it('refuses a polygon that crosses itself, naming the edges, in the caller language', async () => {
    const bow = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [118.8, 32.25],
          [118.801, 32.251],
          [118.801, 32.25],
          [118.8, 32.251],
          [118.8, 32.25],
        ] as [number, number][],
      ],
    };
    const tf = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.find((r) => r.regioncode === 'TF-A')!;
    const r = await call(ts.url, regionGeometrySave, { regionid: tf.regionid, geometry: bow }, admin);
    expectRefused(r, 400, ['geometry.coordinates.0']);
    expect(r.body.error.issues).toEqual([{ field: 'geometry.coordinates.0', code: 'geometry.selfIntersects', params: { a: 1, b: 3 } }]);
    const open = await call(ts.url, regionGeometrySave, { regionid: tf.regionid, geometry: { type: 'Polygon', coordinates: [bow.coordinates[0].slice(0, 4)] } }, admin);
    expect(open.body.error.issues?.[0].code).toBe('geometry.notClosed');
    // The polygon did not change.
    const still = await call(ts.url, regionGetList, { isallregionid: 1 }, admin);
    expect(still.body.data!.find((x) => x.regioncode === 'TF-A')?.hasGeometry).toBe(true);
  });

  it('an operator may not redraw a region outside the regions they see', async () => {
    const pu = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.find((r) => r.regioncode === 'PU-1')!;
    const r = await call(ts.url, regionGeometrySave, { regionid: pu.regionid, geometry: rect(0, 0, 10, 10) }, operator);
    expect(r.httpStatus).toBe(403);
  });

  it('an edit that leaves the new fields out keeps them', async () => {
    const tf = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.find((r) => r.regioncode === 'TF-B')!;
    const r = await call(
      ts.url,
      regionSave,
      { regionid: tf.regionid, regionparentid: tf.regionparentid, regionname: '液化烃球罐区（改）', regioncode: tf.regioncode, description: '球罐 4 座' },
      admin,
    );
    expect(r.body.data).toMatchObject({ kind: 'tank_farm', hasGeometry: true, description: '球罐 4 座' });
    const again = await call(ts.url, regionSave, { regionid: tf.regionid, regionparentid: tf.regionparentid, regionname: '液化烃球罐区', regioncode: tf.regioncode }, admin);
    expect(again.body.data).toMatchObject({ description: '球罐 4 座', hasGeometry: true });
  });
});
