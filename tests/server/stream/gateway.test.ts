import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import type { TagMeta } from '../../../src/server/stream/tag-registry.js';
import { tokenFor } from '../../helpers/api.js';
import { buildTag } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, INGEST_KEY, ingestHttp, sleep, waitFor, type RecordingClient } from './stream-helpers.js';

/** A small square around (lon, lat), about 100 m wide. */
function square(lon: number, lat: number) {
  const d = 0.0005;
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lon - d, lat - d],
        [lon + d, lat - d],
        [lon + d, lat + d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ] as [number, number][],
    ],
  };
}

describe('socket.io gateway', () => {
  let ts: TestServer;
  const registry = createMemoryTagRegistry();
  const clients: RecordingClient[] = [];
  let region: Record<string, number>;
  let tagTF: TagMeta;
  let tagPU: TagMeta;
  let tagPlantWide: TagMeta;
  let operator: string;
  let supervisor: string;

  beforeAll(async () => {
    ts = await startTestServer({ demo: true, env: { INGEST_API_KEY: INGEST_KEY, SIMULATOR: '0' }, tags: registry });
    const rows = await ts.server.store.db.selectFrom('region').select(['regionid', 'regioncode']).execute();
    region = Object.fromEntries(rows.map((r) => [r.regioncode, r.regionid]));
    tagTF = buildTag({ id: 'TF-A.T101.LT', regionid: region['TF-A'], kind: 'level' });
    tagPU = buildTag({ id: 'PU-1.R101.TT', regionid: region['PU-1'] });
    tagPlantWide = buildTag({ id: 'UT.WIND.SPEED', regionid: null });
    registry.set(tagTF, tagPU, tagPlantWide);
    registry.setGroup('7', [tagTF.id, tagPU.id, tagPlantWide.id]);
    operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      c.close();
    }
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function client(token: string) {
    const c = await connectClient(ts.url, token);
    clients.push(c);
    return c;
  }

  const ingest = (items: unknown[]) => ts.server.stream.ingest.samples(items, 'test');

  it('refuses a handshake without a valid access token', async () => {
    await expect(connectClient(ts.url, '')).rejects.toThrow(/unauthorized/);
    await expect(connectClient(ts.url, 'forged.token.value')).rejects.toThrow(/unauthorized/);
  });

  it('delivers subscribed tag values ingested over HTTP, starting with the current value', async () => {
    const t0 = Date.now();
    ingest([{ tag: tagPlantWide.id, t: t0, v: 3.5 }]);
    const c = await client(supervisor);
    const ack = await c.subscribe({ topics: [`tag/${tagPlantWide.id}`] });
    expect(ack).toEqual({ ok: true, denied: [] });
    await waitFor(() => c.values.some((v) => v[0] === tagPlantWide.id && v[2] === 3.5), 3000, 'first value');
    const r = await ingestHttp(ts.url, 'samples', [{ tag: tagPlantWide.id, t: t0 + 1, v: 4.25, q: 1 }]);
    expect(r.body.data!.accepted).toBe(1);
    await waitFor(() => c.values.some((v) => v[0] === tagPlantWide.id && v[2] === 4.25), 3000, 'ingested value');
    expect(c.values.at(-1)).toEqual([tagPlantWide.id, t0 + 1, 4.25, 1]);
  });

  it('never sends an operator tags of regions outside TF and LS', async () => {
    const c = await client(operator);
    const ack = await c.subscribe({ topics: [`tag/${tagTF.id}`, `tag/${tagPU.id}`, 'tags/7', 'tags/404', 'bogus', 'position/person'] });
    expect(ack.ok).toBe(true);
    // position/person is granted (positioning:read), filtered to TF and LS like the tags (see the positions test).
    expect(ack.denied.sort()).toEqual([`tag/${tagPU.id}`, 'bogus', 'tags/404'].sort());
    const spy = await client(supervisor);
    await spy.subscribe({ tags: [tagTF.id, tagPU.id, tagPlantWide.id] });
    const t = Date.now();
    for (let i = 0; i < 10; i++) {
      ingest([
        { tag: tagTF.id, t: t + i, v: 10 + i },
        { tag: tagPU.id, t: t + i, v: 20 + i },
        { tag: tagPlantWide.id, t: t + i, v: 30 + i },
      ]);
      await sleep(30);
    }
    await waitFor(() => spy.values.some((v) => v[0] === tagPU.id && v[2] === 29), 3000, 'supervisor sees PU');
    await waitFor(() => c.values.some((v) => v[0] === tagTF.id && v[2] === 19), 3000, 'operator sees TF');
    await waitFor(() => c.values.some((v) => v[0] === tagPlantWide.id && v[2] === 39), 3000, 'operator sees plant-wide tag');
    await sleep(200);
    expect(c.values.filter((v) => v[0] === tagPU.id)).toEqual([]);
    // The tag-list form is checked the same way.
    const ack2 = await c.subscribe({ tags: [tagPU.id] });
    expect(ack2.denied).toEqual([`tag/${tagPU.id}`]);
  });

  it('sends each tag at most once per tick, always ending on the latest value', async () => {
    const c = await client(supervisor);
    await c.subscribe({ tags: [tagTF.id] });
    await sleep(150);
    c.values.length = 0;
    const tick = ts.config.broadcastTickMs;
    const started = Date.now();
    for (let i = 0; i < 200; i++) {
      ingest([{ tag: tagTF.id, t: started + i, v: i }]);
      if (i % 20 === 0) {
        await sleep(5);
      }
    }
    const took = Date.now() - started;
    await waitFor(() => c.values.at(-1)?.[2] === 199, 3000, 'latest value');
    expect(c.values.length).toBeLessThanOrEqual(Math.ceil(took / tick) + 2);
    expect(c.values.length).toBeLessThan(20);
  });

  it('stops sending after unsubscribe', async () => {
    const c = await client(supervisor);
    await c.subscribe({ topics: [`tag/${tagTF.id}`] });
    // Later than every earlier test's samples: the live cache never goes back in time.
    const t = Date.now() + 60_000;
    ingest([{ tag: tagTF.id, t, v: 1000 }]);
    await waitFor(() => c.values.some((v) => v[2] === 1000), 3000);
    const ack = await c.unsubscribe({ topics: [`tag/${tagTF.id}`] });
    expect(ack.ok).toBe(true);
    c.values.length = 0;
    ingest([{ tag: tagTF.id, t: t + 1, v: 1001 }]);
    await sleep(300);
    expect(c.values).toEqual([]);
  });

  it('refuses a malformed subscribe payload in the ack', async () => {
    const c = await client(supervisor);
    const ack = await c.socket.timeout(3000).emitWithAck('stream.subscribe', { topics: 'tag/x' } as never);
    expect(ack.ok).toBe(false);
    expect(ack.error).toMatch(/topics/);
  });

  it('filters positions by the region polygon they fall in', async () => {
    // Own polygons: one in TF-A (inside the operator's scope), one in PU-1 (outside it).
    ts.server.stream.live.regions.setShapes([
      { regionid: region['TF-A'], code: 'TF-A', geometry: square(118.801, 32.251) },
      { regionid: region['PU-1'], code: 'PU-1', geometry: square(118.803, 32.255) },
    ]);
    // The operator reads positions (positioning:read), only those in TF and LS.
    const op = await client(operator);
    const sup = await client(supervisor);
    expect((await op.subscribe({ topics: ['position/person', 'position/vehicle'] })).denied).toEqual([]);
    expect((await sup.subscribe({ topics: ['position/person'] })).denied).toEqual([]);
    const t = Date.now();
    const r = ts.server.stream.ingest.positions(
      [
        { tagId: 'P-IN-TF', t, lon: 118.801, lat: 32.251, kind: 'person' },
        { tagId: 'P-IN-PU', t, lon: 118.803, lat: 32.255, kind: 'person' },
        { tagId: 'P-NOWHERE', t, lon: 118.9, lat: 32.3, kind: 'person' },
        { tagId: 'V-IN-TF', t, lon: 118.8011, lat: 32.2511, floor: 1, kind: 'vehicle' },
      ],
      'test',
    );
    expect(r.accepted).toBe(4);
    await waitFor(() => sup.positions.length >= 3, 3000, 'supervisor positions');
    await waitFor(() => op.positions.length >= 2, 3000, 'operator positions');
    await sleep(200);
    expect(op.positions.map((p) => p[0]).sort()).toEqual(['P-IN-TF', 'V-IN-TF']);
    expect(op.positions.find((p) => p[0] === 'V-IN-TF')).toEqual(['V-IN-TF', t, 118.8011, 32.2511, 1, 1]);
    // Supervisors see every region; the vehicle is not in their subscription.
    expect(sup.positions.map((p) => p[0]).sort()).toEqual(['P-IN-PU', 'P-IN-TF', 'P-NOWHERE']);
    // A person walking out of the operator's regions is no longer sent to them.
    op.positions.length = 0;
    ts.server.stream.ingest.positions([{ tagId: 'P-IN-TF', t: t + 1000, lon: 118.803, lat: 32.255, kind: 'person' }], 'test');
    await waitFor(() => sup.positions.some((p) => p[1] === t + 1000), 3000);
    await sleep(200);
    expect(op.positions).toEqual([]);
  });

  it('shares one room per distinct subscription', async () => {
    const a = await client(supervisor);
    const b = await client(supervisor);
    await a.subscribe({ tags: [tagTF.id, tagPlantWide.id] });
    await b.subscribe({ tags: [tagPlantWide.id, tagTF.id] });
    const rooms = ts.server.stream.gateway.io.of('/').adapter.rooms;
    const shared = [...rooms.entries()].filter(([name, ids]) => name.startsWith('tag|') && ids.has(a.socket.id!) && ids.has(b.socket.id!));
    expect(shared).toHaveLength(1);
  });
});
