import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleMigrations } from '../../../../src/server/modules/index.js';
import { alarmRealTimeList } from '../../../../src/shared/alarms/contracts.js';
import { fenceRuleDelete, fenceRuleList, fenceRuleSave } from '../../../../src/shared/fences/contracts.js';
import { regionHeadCount } from '../../../../src/shared/regions/contracts.js';
import { auditLogList, userScopeSave } from '../../../../src/shared/org/contracts.js';
import { fenceKeys } from '../../../../src/shared/domain/fences.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { centreOf, sosCards } from './fences-fixtures.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import type { RecordItem } from '../../../../src/shared/records/contracts.js';

describe.each(dialects)('fences and the fence engine (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let ids: Awaited<ReturnType<typeof orgIds>>;
  const fix = (card: string, [lon, lat]: [number, number], at = Date.now()) =>
    t.server.stream.ingest.positions([{ tagId: card, t: at, lon, lat, kind: 'person' }], 'test');
  const open = async (token: string, types: Parameters<typeof call<typeof alarmRealTimeList>>[2]['types']) =>
    (await call(t.url, alarmRealTimeList, { types }, token)).body.data!.list;

  // The demo's people, read from the PositioningObject ledger as the product has them.
  let roster: RecordItem[];
  let contractor: { card: string; name: string };
  let operatorOfTfb: { card: string };

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    ids = await orgIds(t.url, admin);
    roster = await t.server.port(recordsPort).allRecords(positioningObjectLedger);
    const c = roster.find((r) => r.personType === 'contractor')!;
    contractor = { card: String(c.card), name: String(c.name) };
    const tfbRule = (await call(t.url, fenceRuleList, {}, admin)).body.data!.items.find((r) => r.regionid === ids.region.get('TF-B'))!;
    operatorOfTfb = { card: tfbRule.allowCards[0] };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo roster is in the PositioningObject ledger: every card once, contractors as contractors, the trucks as vehicles', async () => {
    const items = await t.server.port(recordsPort).allRecords(positioningObjectLedger);
    const cards = items.map((r) => r.card);
    expect(new Set(cards).size).toBe(cards.length);
    expect(items.filter((r) => r.kind === 'person').length).toBeGreaterThan(50);
    expect(items.find((r) => r.card === contractor.card)).toMatchObject({
      kind: 'person',
      personType: 'contractor',
      dept: ids.dept.get('CONTRACTOR'),
    });
    expect(items.filter((r) => r.kind === 'vehicle').map((r) => r.card)).toContain('TRK-01');
  });

  it('the demo fence rules: TF-B restricted, control room head counts, man-down everywhere, gathering in the tank farm', async () => {
    const list = (await call(t.url, fenceRuleList, {}, admin)).body.data!.items;
    const by = new Map(list.map((r) => [r.regionid, r]));
    expect(by.get(ids.region.get('TF-B')!)).toMatchObject({ restricted: true, allowCards: expect.arrayContaining([operatorOfTfb.card]) });
    expect(by.get(ids.region.get('CR')!)?.maxCount).toBeGreaterThan(0);
    expect(by.get(ids.region.get('PLANT')!)?.manDown).not.toBeNull();
    expect(by.get(ids.region.get('TF')!)?.gathering).toMatchObject({ radiusM: 15, seconds: 60 });
  });

  it('RuleSave needs system:config, checks the region and min ≤ max, and is audited', async () => {
    const operator = await demoToken(t.url, 'operator');
    const lsId = ids.region.get('LS')!;
    expectRefused(await call(t.url, fenceRuleSave, { regionid: lsId, maxCount: 5 }, operator), 403);
    expectRefused(await call(t.url, fenceRuleSave, { regionid: 999_999, maxCount: 5 }, admin), 400, ['regionid']);
    expectRefused(await call(t.url, fenceRuleSave, { regionid: lsId, maxCount: 2, minCount: 3 }, admin), 400, ['minCount']);
    const saved = await call(t.url, fenceRuleSave, { regionid: lsId, maxCount: 5 }, admin);
    expect(saved.body.data).toMatchObject({ regionid: lsId, maxCount: 5, restricted: false, regionname: '装卸站', updated_by: 'admin' });
    const log = (await call(t.url, auditLogList, { entity: 'fence_rule' }, admin)).body.data!.items;
    expect(log[0]).toMatchObject({ action: 'fence.create', entity_id: String(lsId) });
    expect((await call(t.url, fenceRuleDelete, { regionid: lsId }, admin)).body.IsSuccess).toBe(true);
    expectRefused(await call(t.url, fenceRuleDelete, { regionid: lsId }, admin), 404);
  });

  it('a contractor entering TF-B raises 越界 with person and region; the authorised operator raises none; a user outside TF sees none', async () => {
    const tfb = await centreOf(t, 'TF-B');
    fix(contractor.card, tfb);
    fix(operatorOfTfb.card, tfb);
    // The engine runs every 500 ms; wait for its run rather than a fixed time.
    await expect
      .poll(async () => (await open(admin, ['intrusion'])).map((a) => a.alarmKey))
      .toContain(fenceKeys.intrusion(contractor.card, ids.region.get('TF-B')!));
    const [a] = (await open(admin, ['intrusion'])).filter((x) => x.source === contractor.card);
    expect(a).toMatchObject({ type: 'intrusion', priority: 2, regionid: ids.region.get('TF-B'), sourceName: contractor.name });
    expect(a.detail).toMatchObject({
      card: contractor.card,
      name: contractor.name,
      personType: 'contractor',
      deptid: ids.dept.get('CONTRACTOR'),
      region: '液化烃球罐区',
    });
    expect((await open(admin, ['intrusion'])).some((x) => x.source === operatorOfTfb.card)).toBe(false);
    // The demo inspector sees TF (with TF-B); narrowed to the warehouse, they see no positioning alarm of TF-B.
    const inspector = await demoToken(t.url, 'inspector');
    expect((await open(inspector, ['intrusion'])).map((x) => x.source)).toContain(contractor.card);
    const userid = (
      await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'inspector').executeTakeFirstOrThrow()
    ).userid;
    expect(
      (await call(t.url, userScopeSave, { userid, isolation_all: 0, deptids: [], regionids: [ids.region.get('WH')!] }, admin)).body
        .IsSuccess,
    ).toBe(true);
    expect(await open(inspector, ['intrusion'])).toEqual([]);
  });

  it('head counts on the area channel agree with UAPI/Region/HeadCount', async () => {
    const source = t.server.stream.topics.source('area')!;
    await expect.poll(() => source.current!(String(ids.region.get('TF-B')))?.people).toBe(2);
    const counts = (await call(t.url, regionHeadCount, {}, admin)).body.data!.items;
    for (const code of ['TF-B', 'TF', 'PLANT', 'PU-2']) {
      const id = ids.region.get(code)!;
      expect(source.current!(String(id))?.people ?? 0, code).toBe(counts.find((c) => c.regionid === id)?.people ?? 0);
    }
  });

  it('HeadCount and area.count count the same people: a stale fix in neither, one who just left in both until the leaving delay', async () => {
    const source = t.server.stream.topics.source('area')!;
    const pu2 = ids.region.get('PU-2')!;
    const headCounts = async () => new Map((await call(t.url, regionHeadCount, {}, admin)).body.data!.items.map((c) => [c.regionid, c]));
    const agree = (counts: Map<number, { people: number; vehicles: number }>) => {
      for (const [id, c] of counts) {
        const topic = source.current!(String(id));
        expect({ people: topic?.people ?? 0, vehicles: topic?.vehicles ?? 0 }, `region ${id}`).toEqual({
          people: c.people,
          vehicles: c.vehicles,
        });
      }
    };
    const before = (await headCounts()).get(pu2)!.people;
    // A fix 11 minutes old (the stale time is 10): nobody is there now.
    fix('HC-STALE', await centreOf(t, 'PU-2'), Date.now() - 11 * 60_000);
    let counts = await headCounts();
    expect(counts.get(pu2)!.people).toBe(before);
    agree(counts);
    // Two fresh people in PU-2; one of them steps over to PU-1 a second later.
    const now = Date.now();
    fix('HC-STAY', await centreOf(t, 'PU-2'), now);
    fix('HC-GONE', await centreOf(t, 'PU-2'), now);
    fix('HC-GONE', await centreOf(t, 'PU-1'), now + 1000);
    counts = await headCounts();
    expect(counts.get(pu2)!.people).toBe(before + 2);
    agree(counts);
    // After the leaving delay (5 s) only the one who stayed.
    await expect.poll(async () => (await headCounts()).get(pu2)!.people, { timeout: 10_000, interval: 500 }).toBe(before + 1);
    agree(await headCounts());
  });

  it('SOS raises at once from the button tag, priority 1, and returns when released', async () => {
    const card = (await sosCards(t))[0];
    fix(card, await centreOf(t, 'PU-1'));
    const r = t.server.stream.ingest.samples([{ tag: `person.${card}.sos`, t: Date.now(), v: 1 }], 'test');
    expect(r.accepted).toBe(1);
    await expect.poll(async () => (await open(admin, ['sos'])).find((a) => a.source === card)?.state).toBe('unack');
    expect((await open(admin, ['sos'])).find((a) => a.source === card)).toMatchObject({ priority: 1, regionid: ids.region.get('PU-1') });
    // One alarm per press: the SOS tag has no limit of its own that would raise a second, tag alarm.
    const ofPress = (await open(admin, ['sos', 'discrete'])).filter((a) => a.source === card || a.source === `person.${card}.sos`);
    expect(ofPress.map((a) => a.type)).toEqual(['sos']);
    t.server.stream.ingest.samples([{ tag: `person.${card}.sos`, t: Date.now(), v: 0 }], 'test');
    await expect.poll(async () => (await open(admin, ['sos'])).find((a) => a.source === card)?.state).toBe('rtnUnack');
  });

  it('a store seeded with HH 1 on the SOS tags loses that limit (0088), and keeps a limit an operator set', async () => {
    const [a, b] = (await sosCards(t)).map((card) => `person.${card}.sos`);
    const db = t.server.store.db as unknown as Kysely<{ tag: { id: string; h: number | null; hh: number | null } }>;
    await db.updateTable('tag').set({ hh: 1 }).where('id', '=', a).execute();
    await db.updateTable('tag').set({ hh: 2 }).where('id', '=', b).execute();
    await moduleMigrations()['0088_sos_one_alarm'](dialect).up(t.server.store.db);
    const rows = await db.selectFrom('tag').select(['id', 'hh']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.hh === null ? null : Number(r.hh)]))).toEqual({ [a]: null, [b]: 2 });
  });
});
