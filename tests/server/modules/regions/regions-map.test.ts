import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { accountGetList, auditLogList, userScopeSave, regionGeometryList, regionGetList, regionSave, type RegionFeature } from '../../../../src/shared/org/contracts.js';
import {
  baseMapGet,
  baseMapSave,
  regionGeoJsonExport,
  regionGeoJsonImport,
  regionHeadCount,
  SITE_PLAN_IMAGE_PATH,
  SITE_PLAN_MAX_BYTES,
  SITE_PLAN_UPLOAD_PATH,
  sitePlanGet,
  sitePlanPlace,
} from '../../../../src/shared/regions/contracts.js';
import { offsetToLonLat, pointInGeometry, type LonLat } from '../../../../src/shared/domain/geometry.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';

/** A point inside a region's polygon: the middle of its bounding box, nudged until it is inside. */
function pointIn(f: RegionFeature): LonLat {
  const ring = f.geometry.type === 'Polygon' ? f.geometry.coordinates[0] : f.geometry.coordinates[0][0];
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (let i = 1; i < 10; i++) {
    for (let j = 1; j < 10; j++) {
      const p: LonLat = [x0 + ((x1 - x0) * i) / 10, y0 + ((y1 - y0) * j) / 10];
      if (pointInGeometry(p, f.geometry)) {
        return p;
      }
    }
  }
  throw new Error(`no inside point for ${f.properties.regioncode}`);
}

const origin: LonLat = [118.8, 32.25];
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

/** A real PNG of w×h pixels (one grey row repeated), as a site plan. */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) {
      c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((w + 1) * h, 0xcc);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0;
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(dialects)('region maps: head counts, GeoJSON, site plan (%s)', (dialect) => {
  let ts: TestServer;
  let store: TestStore;
  let admin: string;
  let operator: string;
  let features: RegionFeature[];
  let ids: Map<string, number>;
  /** A region of the demo: its id, and its polygon when it has one. */
  const byCode = (code: string) => ({ id: ids.get(code)!, feature: features.find((f) => f.properties.regioncode === code)! });

  beforeAll(async () => {
    // A data folder on disk: the site plan is stored under DATA_DIR.
    store = await freshDatabase(dialect, { file: true });
    if (dialect === 'postgres') {
      const pgStore = await freshDatabase('postgres');
      const disk = await freshDatabase('sqlite', { file: true });
      store = { databaseUrl: pgStore.databaseUrl, dataDir: disk.dataDir, drop: async () => (await pgStore.drop(), await disk.drop()) };
    }
    ts = await startTestServer({ demo: true, dialect, store });
    admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
    operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    features = (await call(ts.url, regionGeometryList, {}, admin)).body.data!.features;
    ids = new Map((await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.map((r) => [r.regioncode, r.regionid]));
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('counts people and vehicles per region up the tree, and each user sees only their regions', async () => {
    const inTfA = pointIn(byCode('TF-A').feature);
    const inPu = pointIn(byCode('PU-1').feature);
    ts.server.stream.ingest.positions(
      [
        { tagId: 'HC-P1', t: Date.now(), lon: inTfA[0], lat: inTfA[1], kind: 'person' },
        { tagId: 'HC-P2', t: Date.now(), lon: inTfA[0], lat: inTfA[1], kind: 'person' },
        { tagId: 'HC-V1', t: Date.now(), lon: inTfA[0], lat: inTfA[1], kind: 'vehicle' },
        { tagId: 'HC-P3', t: Date.now(), lon: inPu[0], lat: inPu[1], kind: 'person' },
      ],
      'test',
    );
    const countOf = (items: { regionid: number; people: number; vehicles: number }[], code: string) =>
      items.find((i) => i.regionid === byCode(code).id);
    const all = await call(ts.url, regionHeadCount, {}, admin);
    expect(all.body.IsSuccess, all.body.error.message).toBe(true);
    expect(countOf(all.body.data!.items, 'TF-A')).toMatchObject({ people: 2, vehicles: 1 });
    expect(countOf(all.body.data!.items, 'TF')).toMatchObject({ people: 2, vehicles: 1 });
    expect(countOf(all.body.data!.items, 'PU-1')).toMatchObject({ people: 1, vehicles: 0 });
    expect(countOf(all.body.data!.items, 'PLANT')?.people).toBe(3);

    // Without positioning:read (a contractor) there are no counts at all.
    expect((await call(ts.url, regionHeadCount, {}, await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD))).httpStatus).toBe(403);
    // The operator (regions TF and LS) counts the tank farm and nothing of the process unit.
    const ops = (await call(ts.url, regionHeadCount, {}, operator)).body.data!.items;
    expect(countOf(ops, 'TF-A')).toMatchObject({ people: 2, vehicles: 1 });
    expect(ops.some((i) => i.regionid === byCode('PU-1').id)).toBe(false);
    // A supervisor limited to the tank farm sees its counts and nothing of the process unit or the plant.
    const sup = (await call(ts.url, accountGetList, { keyword: 'supervisor' }, admin)).body.data!.items[0];
    const scoped = await call(ts.url, userScopeSave, { userid: sup.userid, isolation_all: 0, deptids: [], regionids: [byCode('TF').id] }, admin);
    expect(scoped.body.IsSuccess, scoped.body.error.message).toBe(true);
    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const mine = await call(ts.url, regionHeadCount, {}, supervisor);
    expect(mine.body.IsSuccess, mine.body.error.message).toBe(true);
    const seen = new Set(mine.body.data!.items.map((i) => i.regionid));
    expect(seen.has(byCode('PU-1').id)).toBe(false);
    expect(seen.has(byCode('PLANT').id)).toBe(false);
    expect(countOf(mine.body.data!.items, 'TF-A')).toMatchObject({ people: 2, vehicles: 1 });
  });

  it('a zone drawn after the fixes counts the people already standing in it', async () => {
    const plant = byCode('PLANT');
    const zone = rect(1150, 560, 1190, 600);
    const inside = offsetToLonLat(origin, 1170, 580);
    ts.server.stream.ingest.positions([{ tagId: 'HC-Z1', t: Date.now(), lon: inside[0], lat: inside[1], kind: 'person' }], 'test');
    const saved = await call(
      ts.url,
      regionSave,
      { regionparentid: plant.id, regionname: '受限空间', regioncode: 'HC-ZONE', kind: 'restricted', geometry: zone },
      admin,
    );
    expect(saved.body.IsSuccess, saved.body.error.message).toBe(true);
    const id = saved.body.data!.regionid;
    await expect
      .poll(async () => (await call(ts.url, regionHeadCount, {}, admin)).body.data!.items.find((i) => i.regionid === id)?.people, { timeout: 3000 })
      .toBe(1);
  });

  it('refuses an invalid GeoJSON import by feature index and field, and saves nothing', async () => {
    const before = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!.length;
    const bow = {
      type: 'Polygon',
      coordinates: [
        [
          [118.8, 32.25],
          [118.801, 32.251],
          [118.801, 32.25],
          [118.8, 32.251],
          [118.8, 32.25],
        ],
      ],
    };
    const shape = rect(0, 0, 50, 50);
    const bad = await call(
      ts.url,
      regionGeoJsonImport,
      {
        parentid: byCode('PLANT').id,
        collection: {
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', properties: { code: 'IMP-OK', name: '好区域' }, geometry: shape },
            { type: 'Feature', properties: { code: 'IMP-BOW', name: '自交' }, geometry: bow },
            { type: 'Feature', properties: { code: 'IMP-NONAME' }, geometry: shape },
          ],
        },
      },
      admin,
    );
    expectRefused(bad, 400, ['collection.features.1.geometry.coordinates.0', 'collection.features.2.properties.name']);
    expect(bad.body.error.issues?.find((i) => i.field === 'collection.features.1.geometry.coordinates.0')?.code).toBe('geometry.selfIntersects');

    // Structurally fine but naming a parent that does not exist, and a code twice: still nothing saved.
    const semantic = await call(
      ts.url,
      regionGeoJsonImport,
      {
        parentid: byCode('PLANT').id,
        collection: {
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', properties: { code: 'IMP-OK', name: '好区域' }, geometry: shape },
            { type: 'Feature', properties: { code: 'IMP-ORPHAN', name: '孤儿', parent: 'NO-SUCH' }, geometry: shape },
            { type: 'Feature', properties: { code: 'IMP-OK', name: '重复' }, geometry: null },
          ],
        },
      },
      admin,
    );
    expectRefused(semantic, 400, ['collection.features.1.properties.parent', 'collection.features.2.properties.code']);
    expect(semantic.body.error.issues?.map((i) => i.code).sort()).toEqual(['region.importDuplicateCode', 'region.importParentMissing']);
    const after = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!;
    expect(after.length).toBe(before);
    expect(after.some((r) => r.regioncode === 'IMP-OK')).toBe(false);
  });

  it('exports every region and imports a collection in one transaction: new codes created, known codes updated, audited, one event', async () => {
    const exported = await call(ts.url, regionGeoJsonExport, {}, admin);
    expect(exported.body.IsSuccess).toBe(true);
    const tfA = exported.body.data!.features.find((f) => f.properties.code === 'TF-A')!;
    expect(tfA.properties).toMatchObject({ parent: 'TF', kind: 'tank_farm' });
    expect(tfA.geometry?.type).toMatch(/Polygon/);

    const events: string[] = [];
    const sub = ts.server.stream.bus.on('region.changed').subscribe((e) => events.push(e.action));
    const r = await call(
      ts.url,
      regionGeoJsonImport,
      {
        parentid: byCode('PLANT').id,
        collection: {
          type: 'FeatureCollection',
          features: [
            // The child comes first in the file; its parent is created before it.
            { type: 'Feature', properties: { code: 'IMP-CHILD', name: '子区', parent: 'IMP-GROUP', kind: 'restricted' }, geometry: rect(10, 10, 20, 20) },
            { type: 'Feature', properties: { code: 'IMP-GROUP', name: '导入组', kind: 'area' }, geometry: rect(0, 0, 40, 40) },
            { ...tfA, properties: { ...tfA.properties, name: '甲类罐区（导入）' } },
          ],
        },
      },
      admin,
    );
    sub.unsubscribe();
    expect(r.body.IsSuccess, r.body.error.message).toBe(true);
    expect(r.body.data).toEqual({ created: 2, updated: 1 });
    expect(events).toEqual(['import']);
    const list = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!;
    const group = list.find((x) => x.regioncode === 'IMP-GROUP')!;
    expect(group.regionparentid).toBe(byCode('PLANT').id);
    expect(list.find((x) => x.regioncode === 'IMP-CHILD')).toMatchObject({ regionparentid: group.regionid, kind: 'restricted', hasGeometry: true });
    expect(list.find((x) => x.regioncode === 'TF-A')?.regionname).toBe('甲类罐区（导入）');
    const audit = await call(ts.url, auditLogList, { entity: 'region', page: 1, pageSize: 50 }, admin);
    expect(audit.body.data!.items.filter((a) => a.action === 'import').length).toBe(3);

    // An operator may not import into regions outside their scope.
    const denied = await call(ts.url, regionGeoJsonImport, { parentid: 0, collection: { type: 'FeatureCollection', features: [] } }, operator);
    expect(denied.httpStatus).toBe(403);
  });

  it('takes a PNG site plan within the limits, refuses other files, and places it with three control points', async () => {
    const upload = (body: Buffer, type: string, token = admin) =>
      fetch(ts.url + SITE_PLAN_UPLOAD_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body: new Uint8Array(body) });

    const notImage = await upload(Buffer.from('GIF89a not a plan'), 'image/png');
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error.code).toBe('map.sitePlanType');
    const tooLarge = await upload(Buffer.alloc(SITE_PLAN_MAX_BYTES + 1, 1), 'image/png');
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.code).toBe('map.sitePlanTooLarge');
    const tooWide = await upload(png(20000, 1), 'image/png');
    expect(tooWide.status).toBe(400);
    expect((await tooWide.json()).error.code).toBe('map.sitePlanTooBig');
    expect((await upload(png(40, 30), 'image/png', operator)).status).toBe(403);
    expect((await fetch(ts.url + SITE_PLAN_UPLOAD_PATH, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png(4, 4)) })).status).toBe(401);
    expect((await call(ts.url, sitePlanGet, {}, admin)).body.data!.present).toBe(false);

    const ok = await upload(png(400, 300), 'image/png');
    expect(ok.status).toBe(200);
    const info = (await ok.json()).data;
    expect(info).toMatchObject({ present: true, width: 400, height: 300, mime: 'image/png', corners: null });
    const image = await fetch(ts.url + SITE_PLAN_IMAGE_PATH, { headers: { authorization: `Bearer ${operator}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png(400, 300))).toBe(true);
    expect((await fetch(ts.url + SITE_PLAN_IMAGE_PATH)).status).toBe(401);

    const at = (px: number, py: number) => {
      const [lon, lat] = offsetToLonLat(origin, px * 2, -py * 2);
      return { px, py, lon, lat };
    };
    const inLine = await call(ts.url, sitePlanPlace, { points: [at(0, 0), at(100, 100), at(200, 200)] }, admin);
    expectRefused(inLine, 400, ['points']);
    const outside = await call(ts.url, sitePlanPlace, { points: [at(0, 0), at(500, 0), at(0, 300)] }, admin);
    expectRefused(outside, 400, ['points.1']);
    const placed = await call(ts.url, sitePlanPlace, { points: [at(0, 0), at(400, 0), at(0, 300)] }, admin);
    expect(placed.body.IsSuccess, placed.body.error.message).toBe(true);
    expect(placed.body.data!.rmsM).toBeLessThan(0.01);
    const [, , br] = placed.body.data!.corners!;
    const expected = offsetToLonLat(origin, 800, -600);
    expect(Math.abs(br[0] - expected[0])).toBeLessThan(1e-7);
    expect(Math.abs(br[1] - expected[1])).toBeLessThan(1e-7);
    // A fourth point 10 m off shows as a residual in metres.
    const [lon4, lat4] = offsetToLonLat(origin, 400 * 2 + 10, -300 * 2);
    const four = await call(ts.url, sitePlanPlace, { points: [at(0, 0), at(400, 0), at(0, 300), { px: 400, py: 300, lon: lon4, lat: lat4 }] }, admin);
    expect(four.body.data!.rmsM).toBeGreaterThan(1);
    const audit = await call(ts.url, auditLogList, { entity: 'sitePlan', page: 1, pageSize: 20 }, admin);
    expect(audit.body.data!.items.map((a) => a.action).sort()).toEqual(['place', 'place', 'upload']);
  });

  it('keeps the online base map off by default and accepts only an https tile template; while on, the page may fetch from its host and no other', async () => {
    const csp = async () => (await fetch(`${ts.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(await csp()).not.toContain('tiles.example');
    expect((await call(ts.url, baseMapGet, {}, operator)).body.data).toEqual({ enabled: false, tileUrl: '', attribution: '' });
    const bad = await call(ts.url, baseMapSave, { enabled: true, tileUrl: 'http://tiles.example/{z}/{x}/{y}.png', attribution: '' }, admin);
    expectRefused(bad, 400, ['tileUrl']);
    expect((await call(ts.url, baseMapSave, { enabled: false, tileUrl: '', attribution: '' }, operator)).httpStatus).toBe(403);
    const good = await call(ts.url, baseMapSave, { enabled: true, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png?key=k', attribution: '© example' }, admin);
    expect(good.body.IsSuccess).toBe(true);
    expect((await call(ts.url, baseMapGet, {}, operator)).body.data!.enabled).toBe(true);
    expect(await csp()).toContain("connect-src 'self' https://tiles.example");
    expect(await csp()).toContain("img-src 'self' data: blob: https://tiles.example;");
    await call(ts.url, baseMapSave, { enabled: false, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png?key=k', attribution: '' }, admin);
    expect(await csp()).not.toContain('tiles.example');
  });
});
