import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musterBoardCall, musterEnd, musterStart, type MusterBoard } from '../../../../src/shared/fences/muster-contracts.js';
import { auditLogList, regionSave, userScopeSave } from '../../../../src/shared/org/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { centreOf } from './fences-fixtures.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';

const cardsOf = (b: MusterBoard) => [...b.arrived, ...b.inside, ...b.noFix].map((p) => p.card);

/**
 * The muster board during an emergency: the demo plant with its simulator
 * running, plus four people of our own — one at the muster point, one in a
 * unit, one whose tag went quiet in the tank farm, one who left by the gate.
 */
describe('muster', () => {
  let t: TestServer;
  let admin: string;
  let ids: Awaited<ReturnType<typeof orgIds>>;
  const board = async (token = admin) => (await call(t.url, musterBoardCall, {}, token)).body.data!;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, env: { SIMULATOR: '1' } });
    admin = await demoToken(t.url, 'admin');
    ids = await orgIds(t.url, admin);
    const [lon, lat] = await centreOf(t, 'OF');
    const d = 0.0002;
    const saved = await call(
      t.url,
      regionSave,
      {
        regionparentid: ids.region.get('OF')!,
        regionname: '办公区集合点',
        regionname_en: 'Office muster point',
        regioncode: 'MP-OF',
        kind: 'muster_point',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon - d, lat - d],
              [lon + d, lat - d],
              [lon + d, lat + d],
              [lon - d, lat + d],
              [lon - d, lat - d],
            ],
          ],
        },
      },
      admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    ids.region.set('MP-OF', saved.body.data!.regionid);
    for (const card of ['M-A', 'M-B', 'M-C', 'M-D']) {
      const r = await call(
        t.url,
        recordContracts(positioningObjectLedger).save,
        { card, kind: 'person', name: `清点${card}`, personType: 'staff', dept: ids.dept.get('SAFE') },
        admin,
      );
      expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts (alarm:admin, one at a time, audited), counts everyone once, lists who never reached a muster point with the last position, and ends', async () => {
    const operator = await demoToken(t.url, 'operator');
    expectRefused(await call(t.url, musterStart, { reason: '演练' }, operator), 403);
    const started = await call(t.url, musterStart, { reason: '液氨泄漏演练' }, admin);
    expect(started.body.data).toMatchObject({ reason: '液氨泄漏演练', started_by: 'admin', ended_at: null });
    expectRefused(await call(t.url, musterStart, { reason: '再次' }, admin), 409);

    const now = Date.now();
    const quiet = now - 10 * 60_000;
    const tfa = await centreOf(t, 'TF-A');
    const fix = (card: string, [lon, lat]: [number, number], at: number) =>
      t.server.stream.ingest.positions([{ tagId: card, t: at, lon, lat, kind: 'person' }], 'test');
    fix('M-A', await centreOf(t, 'OF'), now);
    fix('M-B', await centreOf(t, 'PU-1'), now);
    fix('M-C', tfa, quiet);
    fix('M-D', await centreOf(t, 'GT-N'), quiet);

    // The roster and the muster point reach the engine through their change events.
    await expect.poll(async () => (await board()).arrived.map((p) => p.card)).toContain('M-A');
    // The simulator's people are on the board too, once it has sent their first fixes (slower on a busy machine).
    await expect.poll(async () => cardsOf(await board()).length, { timeout: 30_000 }).toBeGreaterThan(4);
    const b = await board();
    expect(b.muster).toMatchObject({ reason: '液氨泄漏演练', ended_at: null });
    const arrivedAt = (code: string) => b.arrived.filter((p) => p.regionid === ids.region.get(code)).length;
    // The demo's own assembly point by the north gate, and ours in the offices.
    expect(b.points).toEqual([
      { regionid: ids.region.get('MP'), name: '紧急集合点', name_en: 'Emergency assembly point', count: arrivedAt('MP') },
      {
        regionid: ids.region.get('MP-OF'),
        name: '办公区集合点',
        name_en: 'Office muster point',
        count: arrivedAt('MP-OF'),
      },
    ]);
    // Everyone once: no card in two lists, and everyone the plant has a fix of is in one list or counted as left.
    const cards = cardsOf(b);
    expect(new Set(cards).size).toBe(cards.length);
    const seen = [...t.server.stream.live.positions()].filter(([, f]) => f.kind === 0).map(([id]) => id);
    const roster = new Set((await t.server.port(recordsPort).allRecords(positioningObjectLedger)).map((r) => r.card));
    expect(cards.length + b.left).toBe(seen.filter((c) => roster.has(c)).length);
    expect(b.inside.find((p) => p.card === 'M-B')).toMatchObject({ region: '合成装置', regionid: ids.region.get('PU-1') });
    expect(b.noFix.find((p) => p.card === 'M-C')).toMatchObject({
      region: '甲类储罐区',
      t: quiet,
      lon: tfa[0],
      lat: tfa[1],
      dept: '安全环保部',
    });
    expect(cards).not.toContain('M-D'); // left by the north gate before
    expect(b.left).toBeGreaterThanOrEqual(1);

    const ended = await call(t.url, musterEnd, {}, admin);
    expect(ended.body.data).toMatchObject({ ended_by: 'admin' });
    expect((await board()).muster?.ended_at).toBe(ended.body.data!.ended_at);
    expectRefused(await call(t.url, musterEnd, {}, admin), 409);
    const log = (await call(t.url, auditLogList, { entity: 'muster' }, admin)).body.data!.items.map((i) => i.action);
    expect(log).toEqual(['muster.end', 'muster.start']);
  }, 60_000);

  it('a user sees only the people in their regions', async () => {
    const supervisor = await demoToken(t.url, 'supervisor');
    const userid = (
      await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()
    ).userid;
    const scoped = [ids.region.get('TF')!, ids.region.get('PU')!, ids.region.get('WH')!];
    expect((await call(t.url, userScopeSave, { userid, isolation_all: 0, deptids: [], regionids: scoped }, admin)).body.IsSuccess).toBe(
      true,
    );
    const b = await board(supervisor);
    const allowed = new Set([...ids.region].filter(([code]) => /^(TF|PU|WH)/.test(code)).map(([, id]) => id));
    expect(b.inside.map((p) => p.card)).toContain('M-B');
    for (const p of [...b.arrived, ...b.inside, ...b.noFix]) {
      expect(allowed.has(p.regionid!), `${p.card} in ${p.region}`).toBe(true);
    }
    expect(b.points).toEqual([]);
  });
});
