import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { plantModelBindingSave, plantModelGet, plantModelNodeCard } from '../../../../src/shared/plant-model/contracts.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * The plant model (issue 23): the generated demo plant and its bindings,
 * seeded in demo mode, served by one call with its permission and the
 * caller's regions; a node rebound by a manager, audited.
 */
describe.each(dialects)('plant model (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await tokenFor(t.url, 'admin', DEFAULT_DEMO_PASSWORD);
    operator = await tokenFor(t.url, 'operator', DEFAULT_DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  it('models/ holds the generated GLB, and every node the bindings name is a node of it', () => {
    const glb = fs.readFileSync('models/demo-plant.glb');
    expect(glb.readUInt32LE(0)).toBe(0x46546c67); // 'glTF'
    expect(glb.readUInt32LE(4)).toBe(2);
    const jsonLength = glb.readUInt32LE(12);
    const gltf = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8')) as { nodes: { name: string }[] };
    const names = new Set(gltf.nodes.map((n) => n.name));
    const bindings = JSON.parse(fs.readFileSync('models/demo-plant.bindings.json', 'utf8')) as { nodes: { node: string; kind: string }[] };
    expect(bindings.nodes.length).toBeGreaterThan(50);
    expect(bindings.nodes.filter((n) => !names.has(n.node))).toEqual([]);
    for (const n of bindings.nodes.filter((b) => b.kind === 'tank' || b.kind === 'sphere')) {
      expect(names.has(`${n.node}_fill`), n.node).toBe(true);
    }
  });

  it('the demo bindings are seeded: every bound tag and region exists, and each tank has its level tag and range', async () => {
    const res = await call(t.url, plantModelGet, {}, admin);
    expect(res.body.IsSuccess, JSON.stringify(res.body.error)).toBe(true);
    const m = res.body.data!;
    expect(m.url).toBe('/models/demo-plant.glb');
    expect(m.problems).toEqual({ unknownTags: [], unknownRegions: [] });
    const tank = m.nodes.find((n) => n.node === 'TK-101')!;
    expect(tank).toMatchObject({ kind: 'tank', region: 'TF-A', levelTag: 'TF-A.TK-101.LT', levelRange: [0, 17.8] });
    expect(tank.regionid).toBeGreaterThan(0);
    expect(tank.tags).toContain('TF-A.TK-101.TT');
    expect(m.nodes.filter((n) => n.kind === 'tank').every((n) => n.levelTag !== null)).toBe(true);
    const glb = await fetch(`${t.url}${m.url}`);
    expect(glb.status).toBe(200);
  });

  it('a user sees the bindings of their regions only; a call without the permission is refused', async () => {
    const res = await call(t.url, plantModelGet, { model: 'demo-plant' }, operator);
    expect(res.body.IsSuccess).toBe(true);
    const regions = new Set(res.body.data!.nodes.map((n) => n.region));
    expect(regions.has('TF-A')).toBe(true);
    expect(regions.has('PU-1')).toBe(false);
    const anon = await call(t.url, plantModelGet, {});
    expect(anon.httpStatus).toBe(401);
    const contractor = await tokenFor(t.url, 'contractor', DEFAULT_DEMO_PASSWORD);
    const denied = await call(t.url, plantModelGet, {}, contractor);
    expect(denied.httpStatus).toBe(403);
    expect(denied.body.IsSuccess).toBe(false);
  });

  it('bad input names its field: an unknown model, node, tag, or a level tag not among the tags', async () => {
    const badModel = await call(t.url, plantModelGet, { model: 'No Such!' }, admin);
    expect(badModel.httpStatus).toBe(400);
    expect(badModel.body.error.controls).toContain('model');
    const missing = await call(t.url, plantModelGet, { model: 'nope' }, admin);
    expect(missing.httpStatus).toBe(404);
    const base = { node: 'TK-101', region: 'TF-A', tags: ['TF-A.TK-101.LT'], levelTag: 'TF-A.TK-101.LT' };
    const node = await call(t.url, plantModelBindingSave, { ...base, node: 'TK-999' }, admin);
    expect(node.httpStatus).toBe(400);
    expect(node.body.error.controls).toContain('node');
    const tag = await call(t.url, plantModelBindingSave, { ...base, tags: ['NO.SUCH.TAG'], levelTag: null }, admin);
    expect(tag.httpStatus).toBe(400);
    expect(tag.body.error.controls).toContain('tags');
    const level = await call(t.url, plantModelBindingSave, { ...base, levelTag: 'TF-A.TK-101.TT' }, admin);
    expect(level.body.error.controls).toContain('levelTag');
    const region = await call(t.url, plantModelBindingSave, { ...base, region: 'NOWHERE' }, admin);
    expect(region.body.error.controls).toContain('region');
    const notAllowed = await call(t.url, plantModelBindingSave, base, operator);
    expect(notAllowed.httpStatus).toBe(403);
  });

  it('a manager rebinds a node: the model call shows the new binding and the audit log has who and what', async () => {
    const saved = await call(t.url, plantModelBindingSave, { node: 'TK-102', region: 'TF-A', tags: ['TF-A.TK-102.LT', 'TF-A.TK-101.TT'], levelTag: 'TF-A.TK-102.LT' }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    expect(saved.body.data).toMatchObject({ node: 'TK-102', tags: ['TF-A.TK-102.LT', 'TF-A.TK-101.TT'], levelRange: [0, 17.8] });
    const m = (await call(t.url, plantModelGet, {}, admin)).body.data!;
    expect(m.nodes.find((n) => n.node === 'TK-102')!.tags).toEqual(['TF-A.TK-102.LT', 'TF-A.TK-101.TT']);
    const log = await t.server.port(orgPort).auditLog({ page: 1, pageSize: 20, entity: 'plant_model_node' });
    const row = log.items.find((r) => r.action === 'plantModel.bind')!;
    expect(row).toMatchObject({ loginname: 'admin', entity_id: 'demo-plant/TK-102' });
    expect(JSON.parse(row.detail)).toMatchObject({ before: { tags: ['TF-A.TK-102.LT', 'TF-A.TK-102.PT', 'TF-A.TK-102.TT'] }, after: { levelTag: 'TF-A.TK-102.LT' } });
  });

  it('every tank and sphere of the demo plant stands for the device of the same code in the demo major hazard register', async () => {
    const m = (await call(t.url, plantModelGet, {}, admin)).body.data!;
    const vessels = m.nodes.filter((n) => n.kind === 'tank' || n.kind === 'sphere');
    expect(vessels.length).toBe(24);
    expect(vessels.filter((n) => n.equipment !== n.node)).toEqual([]);
    for (const node of ['TK-101', 'SP-201', 'TK-301']) {
      const card = await call(t.url, plantModelNodeCard, { node }, admin);
      expect(card.body.IsSuccess, JSON.stringify(card.body.error)).toBe(true);
      expect(card.body.data!.equipment, node).toMatchObject({ code: node, unit: { isMajor: true } });
    }
  });
});
