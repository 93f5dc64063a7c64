import { afterAll, describe, expect, it } from 'vitest';
import { permitList } from '../../../../src/shared/permits/contracts.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, regionIds } from '../realtime/realtime-fixtures.js';

/*
 * The risk module keeps its causes in memory: after a restart the permits in
 * effect are reported again, so their zones stay raised (issue 25 §5).
 */
describe.each(dialects)('permits in effect after a restart (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it('the demo permit in effect still raises its zone on a server started again on the same store', async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    await t.close();
    t = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    const admin = await demoToken(t.url, 'admin');
    const active = (await call(t.url, permitList, { page: 1, pageSize: 20, status: 'active' }, admin)).body.data!.items;
    expect(active).toHaveLength(1);
    const tfa = (await regionIds(t.url, admin)).get('TF-A')!;
    const zone = (await call(t.url, zoneRiskList, {}, admin)).body.data!.items.find((z) => z.regionid === tfa)!;
    expect(zone.causes.map((c) => c.id)).toEqual([`permit:${active[0].id}`]);
    expect(zone.live).toBe(zone.baseline - 1);
  });
});
