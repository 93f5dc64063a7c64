import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestValues, tagList } from '../../../src/shared/realtime/contracts.js';
import { call } from '../../helpers/api.js';
import { type TestServer, startTestServer } from '../../helpers/server.js';
import { demoToken } from '../modules/realtime/realtime-fixtures.js';

describe('the simulator inside the server', () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    // Five samples a tag a second, so a test second shows several.
    t = await startTestServer({ demo: true, env: { SIMULATOR: '1', SIM_RATE_HZ: '5', SIM_SEED: '3' } });
    admin = await demoToken(t.url, 'admin');
  });
  afterAll(() => t?.close());

  it('feeds every enabled tag and the people and trucks through ingest', async () => {
    await new Promise((r) => setTimeout(r, 1500));
    const tags = await call(t.url, tagList, { pageSize: 1000 }, admin);
    const ids = tags.body.data!.items.map((i) => i.id);
    const r = await call(t.url, latestValues, { tags: ids }, admin);
    expect(r.body.data!.total).toBe(ids.length);
    const now = Date.now();
    expect(r.body.data!.items.every((v) => now - v.t < 3000)).toBe(true);
    const stats = t.server.stream.ingest.stats();
    expect(stats.bySource.sim?.samples).toBeGreaterThan(ids.length * 3);
    expect(stats.bySource.sim?.positions).toBeGreaterThan(100);
    expect(stats.samples.unknownTags).toBe(0);
  });

  it('is off with SIMULATOR=0, and stops when the server closes', async () => {
    const quiet = await startTestServer({ demo: true, env: { SIMULATOR: '0' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(quiet.server.stream.ingest.stats().bySource.sim).toBeUndefined();
    await quiet.close();
  });
});
