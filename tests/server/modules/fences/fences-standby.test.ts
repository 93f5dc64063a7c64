import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRealTimeList } from '../../../../src/shared/alarms/contracts.js';
import { fenceKeys } from '../../../../src/shared/domain/fences.js';
import { regionHeadCount } from '../../../../src/shared/regions/contracts.js';
import { call } from '../../../helpers/api.js';
import { freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';
import { centreOf, sosCards } from './fences-fixtures.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import type { RecordItem } from '../../../../src/shared/records/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';

/**
 * Two servers on one PostgreSQL store (in one process): both take every fix
 * (as from MQTT), the lease holder alone raises the positioning alarms, the
 * standby counts heads the same; when the holder closes, the standby takes
 * over with what is open (no second alarm) and raises from then on.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the fence engine on a standby server (PostgreSQL, two servers)', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  let admin: string;
  let roster: RecordItem[];
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    a = await startTestServer({ demo: true, store });
    b = await startTestServer({ demo: true, store });
    admin = await demoToken(a.url, 'admin');
    // The demo's people, read from the PositioningObject ledger as the product has them.
    roster = await a.server.port(recordsPort).allRecords(positioningObjectLedger);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await store?.drop();
  });
  const fences = (t: TestServer) => t.server.moduleStats().fences;
  const lease = async (t: TestServer) => (await fetch(`${t.url}/healthz/lease`)).status;
  const fixOnBoth = (card: string, [lon, lat]: [number, number]) => {
    const at = Date.now();
    for (const t of [a, b]) {
      t.server.stream.ingest.positions([{ tagId: card, t: at, lon, lat, kind: 'person' }], 'test');
    }
  };
  const open = async (t: TestServer, key: string) => (await call(t.url, alarmRealTimeList, {}, admin)).body.data!.list.filter((x) => x.alarmKey === key);

  it('the holder raises, the standby counts and lists; after the holder closes the standby raises, without a second alarm', async () => {
    expect([await lease(a), await lease(b)]).toEqual([200, 503]);
    const ids = await orgIds(a.url, admin);
    const contractor = { card: String(roster.find((r) => r.personType === 'contractor')!.card) };
    const key = fenceKeys.intrusion(contractor.card, ids.region.get('TF-B')!);
    fixOnBoth(contractor.card, await centreOf(a, 'TF-B'));
    await expect.poll(async () => (await open(b, key)).length, { timeout: 10_000 }).toBe(1);
    expect((await open(a, key)).map((x) => x.id)).toEqual((await open(b, key)).map((x) => x.id));
    expect(fences(a).raised).toBeGreaterThan(0);
    expect(fences(b).raised).toBe(0);
    // The standby evaluates the same fixes on its own tick (counting, raising nothing): wait for its first run.
    await expect.poll(() => fences(b).runs, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(fences(b).raised).toBe(0);
    // Both answer the same head count.
    const tfb = ids.region.get('TF-B')!;
    const count = async (t: TestServer) => (await call(t.url, regionHeadCount, {}, admin)).body.data!.items.find((c) => c.regionid === tfb)?.people;
    expect(await count(b)).toBe(await count(a));
    expect(await count(b)).toBeGreaterThan(0);

    await a.close();
    await expect.poll(() => lease(b), { timeout: 10_000 }).toBe(200);
    // B took over with the open intrusion: it raises nothing for it again.
    fixOnBoth(contractor.card, await centreOf(b, 'TF-B'));
    await new Promise((r) => setTimeout(r, 1200));
    expect(fences(b).raised).toBe(0);
    const rows = await b.server.store.db.selectFrom('alarm_occurrence').select(['id', 'closed_at']).where('alarm_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    // And it raises what comes next: an SOS.
    const card = (await sosCards(b))[0];
    b.server.stream.ingest.samples([{ tag: `person.${card}.sos`, t: Date.now(), v: 1 }], 'test');
    await expect.poll(async () => (await open(b, fenceKeys.sos(card))).length, { timeout: 10_000 }).toBe(1);
    expect(fences(b).raised).toBe(1);
  });
});
