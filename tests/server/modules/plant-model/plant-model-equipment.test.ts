import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { identificationList } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { PLANT_MODEL_UPLOAD_PATH, plantModelBindingSave, plantModelGet, plantModelNodeCard } from '../../../../src/shared/plant-model/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, createTag, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { buildGlb } from '../../../helpers/glb.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * A node of the 3D model stands for a device of the major hazard register (issue 23): bound on
 * the binding call (audited, only a device of the caller's regions), and its card
 * (`UAPI/FactoryModel/NodeCard`) shows the device, its unit with the unit's GB 18218 grade and
 * the tags to follow live, to users of the node's region only.
 */
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);

describe.each(dialects)('plant model: node → major hazard equipment (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let codeA: string;
  let codeB: string;
  let regionA: number;
  let regionB: number;
  let level: string;
  let pressure: string;
  let nodeTag: string;
  let operatorA: User;
  let operatorB: User;
  let supervisorA: User;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    const n = Date.now() % 100_000;
    codeA = `EQA${n}`;
    codeB = `EQB${n}`;
    regionA = await createRegion(t, admin, { code: codeA });
    regionB = await createRegion(t, admin, { code: codeB });
    level = await createTag(t, admin, { id: `${codeA}.V-101.LT`, kind: 'level', unit: 'm', regionid: regionA, range: [0, 12] });
    pressure = await createTag(t, admin, { id: `${codeA}.V-101.PT`, kind: 'pressure', unit: 'MPa', regionid: regionA });
    nodeTag = await createTag(t, admin, { id: `${codeA}.V-101.TT`, regionid: regionA });
    const glb = buildGlb(['V-101', 'V-201']);
    const res = await fetch(`${t.url}${PLANT_MODEL_UPLOAD_PATH}?model=plant`, {
      method: 'POST',
      headers: { 'content-type': 'model/gltf-binary', authorization: `Bearer ${admin.token}` },
      body: new Uint8Array(glb),
    });
    expect(res.status).toBe(200);
    // 30 t of ammonia against its critical 10 t (GB 18218-2018 Table 1): a major hazard.
    const unitA = await ok(t, units.save, { name: '液氨罐区', code: `MH-${codeA}`, kind: 'storage', region: regionA, population: 5, substances: [{ name: '氨', cas: '7664-41-7', q: 30 }] }, admin.token);
    await ok(t, devices.save, { name: '1#液氨罐', code: 'V-101', source: unitA.id, type: 'tank', region: regionA, levelTag: level, pressureTag: pressure }, admin.token);
    const unitB = await ok(t, units.save, { name: '乙区', code: `MH-${codeB}`, kind: 'storage', region: regionB, population: 0, substances: [{ name: '氨', cas: '7664-41-7', q: 1 }] }, admin.token);
    await ok(t, devices.save, { name: '2#液氨罐', code: 'V-201', source: unitB.id, type: 'tank', region: regionB }, admin.token);
    operatorA = await userWithRole(t, 'operator', { regions: [regionA] });
    operatorB = await userWithRole(t, 'operator', { regions: [regionB] });
    supervisorA = await userWithRole(t, 'supervisor', { regions: [regionA] });
  });
  afterAll(() => t.close());

  it('a node is bound to a device of the register (audited); the model lists the binding', async () => {
    const saved = await ok(t, plantModelBindingSave, { model: 'plant', node: 'V-101', kind: 'tank', region: codeA, tags: [nodeTag], equipment: 'V-101' }, admin.token);
    expect(saved).toMatchObject({ node: 'V-101', equipment: 'V-101', tags: [nodeTag] });
    const m = await ok(t, plantModelGet, { model: 'plant' }, admin.token);
    expect(m.nodes.find((x) => x.node === 'V-101')?.equipment).toBe('V-101');
    // Absent keeps the device; the tags change alone.
    const kept = await ok(t, plantModelBindingSave, { model: 'plant', node: 'V-101', region: codeA, tags: [] }, admin.token);
    expect(kept.equipment).toBe('V-101');
    const log = await t.server.port(orgPort).auditLog({ page: 1, pageSize: 20, entity: 'plant_model_node' });
    const rows = log.items.filter((x) => x.action === 'plantModel.bind' && x.entity_id === 'plant/V-101');
    expect(rows.map((r) => (JSON.parse(r.detail) as { after: { equipment: string | null } }).after.equipment)).toEqual(['V-101', 'V-101']);
    await ok(t, plantModelBindingSave, { model: 'plant', node: 'V-101', region: codeA, tags: [nodeTag] }, admin.token);
  });

  it('an unknown device, or one outside the caller\'s regions, is refused on the equipment field', async () => {
    const unknown = await call(t.url, plantModelBindingSave, { model: 'plant', node: 'V-101', region: codeA, tags: [], equipment: 'NOPE-1' }, admin.token);
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body.IsSuccess).toBe(false);
    expect(unknown.body.error.controls).toEqual(['equipment']);
    expect(unknown.body.error.message).toContain('NOPE-1');
    const foreign = await call(t.url, plantModelBindingSave, { model: 'plant', node: 'V-101', region: codeA, tags: [], equipment: 'V-201' }, supervisorA.token);
    expect(foreign.httpStatus).toBe(400);
    expect(foreign.body.error.controls).toEqual(['equipment']);
    // Nothing changed by the refusals.
    expect((await ok(t, plantModelNodeCard, { model: 'plant', node: 'V-101' }, admin.token)).node.equipment).toBe('V-101');
  });

  it('the card shows the device, its unit with the kept grade, and the node\'s and the device\'s tags', async () => {
    // The identification runs after the unit is saved; the card reads what is kept.
    await expect.poll(async () => (await ok(t, identificationList, {}, admin.token)).items.find((u) => u.code === `MH-${codeA}`)?.result?.grade ?? null).not.toBeNull();
    const card = await ok(t, plantModelNodeCard, { model: 'plant', node: 'V-101' }, operatorA.token);
    expect(card.node).toMatchObject({ node: 'V-101', region: codeA, regionid: regionA, equipment: 'V-101' });
    expect(card.equipment).toMatchObject({ code: 'V-101', name: '1#液氨罐', type: 'tank', regionid: regionA, unit: { name: '液氨罐区', code: `MH-${codeA}`, isMajor: true } });
    expect(card.equipment!.unit.grade).toBeGreaterThanOrEqual(1);
    expect(card.equipment!.tags.sort()).toEqual([level, pressure].sort());
    expect(card.tags.sort()).toEqual([level, pressure, nodeTag].sort());
  });

  it('a node bound to no device has a card without one; unknown or foreign nodes are 404, a missing node names its field', async () => {
    await ok(t, plantModelBindingSave, { model: 'plant', node: 'V-201', kind: 'tank', region: codeB, tags: [] }, admin.token);
    const bare = await ok(t, plantModelNodeCard, { model: 'plant', node: 'V-201' }, operatorB.token);
    expect(bare.equipment).toBeNull();
    expect((await call(t.url, plantModelNodeCard, { model: 'plant', node: 'V-101' }, operatorB.token)).httpStatus).toBe(404);
    expect((await call(t.url, plantModelNodeCard, { model: 'plant', node: 'V-999' }, operatorA.token)).httpStatus).toBe(404);
    const missing = await call(t.url, plantModelNodeCard, { model: 'plant' }, operatorA.token);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toEqual(['node']);
    expect((await call(t.url, plantModelNodeCard, { model: 'plant', node: 'V-101' })).httpStatus).toBe(401);
  });

  it('unbinding (null) takes the device off the card', async () => {
    const saved = await ok(t, plantModelBindingSave, { model: 'plant', node: 'V-101', region: codeA, tags: [nodeTag], equipment: null }, admin.token);
    expect(saved.equipment).toBeNull();
    const card = await ok(t, plantModelNodeCard, { model: 'plant', node: 'V-101' }, operatorA.token);
    expect(card.equipment).toBeNull();
    expect(card.tags).toEqual([nodeTag]);
  });
});
