import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { regionGetList, regionSave } from '../../../src/shared/org/contracts.js';
import { MAX_TOPICS_PER_SOCKET } from '../../../src/shared/contracts/topics.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { call, tokenFor } from '../../helpers/api.js';
import { buildTag } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, sleep, waitFor, type RecordingClient } from './stream-helpers.js';

describe('topics on the generic gateway', () => {
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let contractor: string;
  const clients: RecordingClient[] = [];
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, env: { SIMULATOR: '0' } });
    admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
    operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    contractor = await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      c.close();
    }
  });
  afterAll(async () => {
    await ts?.close();
  });
  const client = async (token: string) => {
    const c = await connectClient(ts.url, token);
    clients.push(c);
    return c;
  };

  it('refuses alias spellings of a group topic instead of holding each', async () => {
    const c = await client(admin);
    const ack = await c.subscribe({ topics: ['tags/1', 'tags/ 1', 'tags/01', 'tags/0x1', 'tags/1.0'] });
    expect(ack.ok).toBe(true);
    expect(ack.denied.sort()).toEqual(['tags/ 1', 'tags/01', 'tags/0x1', 'tags/1.0']);
    expect(ts.server.stream.gateway.socketStats(c.socket.id!)?.topics).toBe(1);
  });

  it('caps the topics of one connection, and answers other users while a huge subscribe is processed', async () => {
    const c = await client(admin);
    const names = Array.from({ length: MAX_TOPICS_PER_SOCKET }, (_, i) => `tag/NO-SUCH-${i}`);
    const pending = c.subscribe({ topics: names });
    // The event loop is not held by one client's subscribe: another request is answered first.
    const order: string[] = [];
    const health = fetch(`${ts.url}/healthz`).then(() => order.push('healthz'));
    const ack = await pending.then((a) => {
      order.push('ack');
      return a;
    });
    await health;
    expect(order[0]).toBe('healthz');
    // Refused names are not held: they cost the server nothing after the ack.
    expect(ack.denied).toHaveLength(MAX_TOPICS_PER_SOCKET);
    expect(ts.server.stream.gateway.socketStats(c.socket.id!)?.topics).toBe(0);
  });

  it('sends region changes to users who see the region (or, for a new one, its parent), and no one else', async () => {
    const sup = await client(admin);
    const op = await client(operator);
    expect((await sup.subscribe({ topics: ['region'] })).denied).toEqual([]);
    expect((await op.subscribe({ topics: ['region'] })).denied).toEqual([]);
    const regions = (await call(ts.url, regionGetList, { isallregionid: 1 }, admin)).body.data!;
    const tf = regions.find((r) => r.regioncode === 'TF')!;
    const pu = regions.find((r) => r.regioncode === 'PU')!;
    const inTf = await call(ts.url, regionSave, { regionparentid: tf.regionid, regionname: '新罐组', regioncode: 'TF-NEW' }, admin);
    const inPu = await call(ts.url, regionSave, { regionparentid: pu.regionid, regionname: '新装置', regioncode: 'PU-NEW' }, admin);
    await waitFor(() => sup.regions.length >= 2, 2000, 'admin region events');
    await waitFor(() => op.regions.length >= 1, 2000, 'operator region event');
    await sleep(200);
    expect(sup.regions.map((r) => r.regionid).sort()).toEqual([inTf.body.data!.regionid, inPu.body.data!.regionid].sort());
    expect(op.regions).toEqual([expect.objectContaining({ regionid: inTf.body.data!.regionid, parentid: tf.regionid, action: 'create' })]);
  });

  it('holds at most MAX_TOPICS_PER_SOCKET accepted topics per connection', async () => {
    const registry = createMemoryTagRegistry();
    const own = await startTestServer({ demo: true, env: { SIMULATOR: '0' }, tags: registry });
    try {
      const ids = Array.from({ length: MAX_TOPICS_PER_SOCKET + 1 }, (_, i) => `CAP.T${i}`);
      registry.set(...ids.map((id) => buildTag({ id })));
      const c = await connectClient(own.url, await tokenFor(own.url, 'admin', DEFAULT_DEMO_PASSWORD));
      try {
        const full = await c.subscribe({ tags: ids.slice(0, MAX_TOPICS_PER_SOCKET) });
        expect(full.denied).toEqual([]);
        const over = await c.subscribe({ tags: [ids[MAX_TOPICS_PER_SOCKET]] });
        expect(over).toMatchObject({ ok: false, denied: [`tag/${ids[MAX_TOPICS_PER_SOCKET]}`], error: expect.stringMatching(/too many topics/) });
        expect(own.server.stream.gateway.socketStats(c.socket.id!)?.topics).toBe(MAX_TOPICS_PER_SOCKET);
      } finally {
        c.close();
      }
    } finally {
      await own.close();
    }
  });

  it('refuses a topic without the permission it declares', async () => {
    // The demo contractor has no positioning:read (operators and inspectors read positions in their regions).
    const c = await client(contractor);
    const ack = await c.subscribe({ topics: ['position/person', 'region'] });
    expect(ack.denied).toEqual(['position/person']);
  });
});
