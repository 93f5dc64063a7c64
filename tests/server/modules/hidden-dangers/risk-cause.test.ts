import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerRegister, hiddenDangerSendBack, hiddenDangerVoid } from '../../../../src/shared/hidden-dangers/contracts.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import type { RiskZoneItem } from '../../../../src/shared/risk/items.js';
import { adminOf, createRegion, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

const calls = recordContracts(hiddenDangerLedger);

/*
 * Issue 24 §1, DOMAIN.md §6 and §8: a 重大 hidden danger is reported as a
 * cause to the risk module's escalation port while it is open. Its zone is
 * raised one level by the default rule `major-hidden-danger`, the cause links
 * to the danger, and it ends when the danger is voided or closed; a 一般
 * danger raises nothing. After a restart the open ones are causes again.
 */
describe.each(dialects)('open 重大 hidden dangers escalate their zone (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer;
  let admin: Admin;
  let supervisor: User;
  let inspector: User;
  let tankFarm: number;
  let yard: number;

  const zone = async (regionid: number): Promise<RiskZoneItem | undefined> => (await ok(t, zoneRiskList, {}, admin.token)).items.find((z) => z.regionid === regionid);

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(t);
    tankFarm = await createRegion(t, admin, { name: '罐区' });
    yard = await createRegion(t, admin, { name: '装卸区' });
    supervisor = await userWithRole(t, 'supervisor');
    inspector = await userWithRole(t, 'inspector');
  });
  afterAll(async () => {
    await t.close();
    await store.drop();
  });

  let major: number;

  it('graded 重大 (121 号 item 20), the danger raises its zone one level and the zone names and links it; a 一般 one raises nothing', async () => {
    await expect.poll(async () => (await zone(tankFarm))?.live).toBe(4);
    major = (await ok(t, calls.save, { title: '氧化剂与易燃物混存', category: 'storage', region: tankFarm }, inspector.token)).id;
    const general = (await ok(t, calls.save, { title: '通道堆放杂物', category: 'other', region: yard }, inspector.token)).id;
    // Found, not yet graded: no cause.
    expect((await zone(tankFarm))?.causes).toEqual([]);

    await ok(t, hiddenDangerRegister, { id: major, grade: 'major', criteria: [20] }, supervisor.token);
    await ok(t, hiddenDangerRegister, { id: general, grade: 'general', criteria: [] }, supervisor.token);
    await expect.poll(async () => (await zone(tankFarm))?.live).toBe(3);
    const tf = (await zone(tankFarm))!;
    expect(tf.baseline).toBe(4);
    expect(tf.causes).toHaveLength(1);
    expect(tf.causes[0]).toMatchObject({
      kind: 'hiddenDanger',
      id: `hiddenDanger:${major}`,
      ruleId: 'major-hidden-danger',
      effectLevel: 3,
      attrs: { grade: 'major', category: 'storage' },
      label: '重大隐患：氧化剂与易燃物混存',
      labelEn: 'Major hidden danger: 氧化剂与易燃物混存',
      href: `/SecurityRiskManagement/RectificationSearch?id=${major}`,
    });
    const y = (await zone(yard))!;
    expect(y.live).toBe(4);
    expect(y.causes).toEqual([]);
  });

  it('sent back a step it is still open, so still a cause', async () => {
    await ok(t, hiddenDangerSendBack, { id: major, reason: '补充现场照片' }, supervisor.token);
    expect((await ok(t, calls.get, { id: major }, admin.token)).record.status).toBe(1);
    await ok(t, hiddenDangerRegister, { id: major, grade: 'major', criteria: [20] }, supervisor.token);
    const tf = (await zone(tankFarm))!;
    expect(tf.live).toBe(3);
    expect(tf.causes.map((c) => c.id)).toEqual([`hiddenDanger:${major}`]);
  });

  it('after a restart the open 重大 danger is a cause again', async () => {
    await t.close();
    t = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    await expect.poll(async () => (await zone(tankFarm))?.live).toBe(3);
    expect((await zone(tankFarm))!.causes.map((c) => c.id)).toEqual([`hiddenDanger:${major}`]);
  });

  it('voided, it ends: the zone goes back to its own level', async () => {
    await ok(t, hiddenDangerVoid, { id: major, reason: '重复上报' }, supervisor.token);
    await expect.poll(async () => (await zone(tankFarm))?.live).toBe(4);
    expect((await zone(tankFarm))!.causes).toEqual([]);
  });
});
