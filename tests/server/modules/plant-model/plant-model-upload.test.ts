import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { PLANT_MODEL_UPLOAD_PATH, plantModelBindingSave, plantModelGet, plantModelUploadDelete, type PlantModel } from '../../../../src/shared/plant-model/contracts.js';
import { MAX_GLB_BYTES } from '../../../../src/shared/plant-model/glb.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, createTag, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { buildGlb } from '../../../helpers/glb.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

/*
 * A plant uploads its own GLB (issue 23 item 1): checked on the server (size, header, JSON chunk,
 * node names) and refused by name otherwise, kept in the store (it survives a restart and every
 * server serves it), audited; its nodes are bound on the binding page's call, and the views load
 * it instead of the demo plant.
 */
interface Answer {
  status: number;
  body: { IsSuccess: boolean; error: { code?: string; message: string; controls: string[] }; data: PlantModel | null };
}

async function upload(t: TestServer, token: string | null, bytes: Buffer, query = 'model=plant&name=%E6%9C%AC%E5%8E%82&name_en=Our%20plant'): Promise<Answer> {
  const res = await fetch(`${t.url}${PLANT_MODEL_UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'model/gltf-binary', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe.each(dialects)('plant model upload (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer;
  let admin: Admin;
  let regionCode: string;
  let tag: string;
  let operator: { token: string };
  const glb = buildGlb(['R-201', 'R-202', 'P-301']);

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ dialect, store });
    admin = await adminOf(t);
    regionCode = `UP${Date.now() % 100_000}`;
    const regionid = await createRegion(t, admin, { code: regionCode });
    tag = await createTag(t, admin, { id: `${regionCode}.R-201.TT`, regionid });
  });
  afterAll(async () => {
    await t.close();
    await store.drop();
  });

  it.each([
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'plantModel.glb.notGlb', ''],
    ['glTF version 1', buildGlb(['A'], { version: 1 }), 'plantModel.glb.badVersion', 'version 1'],
    ['asset version 1.0', buildGlb(['A'], { json: (g) => (g.asset = { version: '1.0' }) }), 'plantModel.glb.badVersion', '1.0'],
    ['a cut file', glb.subarray(0, 40), 'plantModel.glb.notGlb', ''],
    ['no named node', buildGlb(['']), 'plantModel.glb.noNodes', ''],
    ['a node named twice', buildGlb(['R-201', 'R-201']), 'plantModel.glb.duplicateNode', 'R-201'],
    ['a node name of 81 characters', buildGlb(['X'.repeat(81)]), 'plantModel.glb.badNodeName', '80'],
  ])('%s is refused by name on the file field (%s)', async (_name, bytes, code, shown) => {
    const r = await upload(t, admin.token, bytes);
    expect(r.status).toBe(400);
    expect(r.body.IsSuccess).toBe(false);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.controls).toEqual(['file']);
    expect(r.body.error.message).toContain(shown);
  });

  it('a file above 30 MB is refused with 413; a bad model name names its field; no token is 401, no permission 403', async () => {
    const big = await upload(t, admin.token, Buffer.alloc(MAX_GLB_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('plantModel.glb.tooLarge');
    const badName = await upload(t, admin.token, glb, 'model=Not%20A%20Name');
    expect(badName.status).toBe(400);
    expect(badName.body.error.controls).toContain('model');
    expect((await upload(t, null, glb)).status).toBe(401);
    operator = await userWithRole(t, 'operator');
    const denied = await upload(t, operator.token, glb);
    expect(denied.status).toBe(403);
    // Nothing was stored by the refusals: no model yet.
    expect((await call(t.url, plantModelGet, {}, admin.token)).httpStatus).toBe(404);
  });

  it('an upload is stored and audited; the views get it as the current model with its unbound nodes and tags, and its bytes back', async () => {
    const r = await upload(t, admin.token, glb);
    expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
    const sha = createHash('sha256').update(glb).digest('hex');
    expect(r.body.data).toMatchObject({ model: 'plant', name: '本厂', name_en: 'Our plant', nodes: [], unboundNodes: ['R-201', 'R-202', 'P-301'], missingNodes: [] });
    expect(r.body.data!.uploaded).toMatchObject({ by: 'admin', bytes: glb.length, sha256: sha });
    expect(r.body.data!.unboundTags).toContain(tag);

    const current = await ok(t, plantModelGet, {}, admin.token);
    expect(current.model).toBe('plant');
    expect(current.url).toBe(`/UAPI/FactoryModel/File?model=plant&v=${sha.slice(0, 16)}`);
    const file = await fetch(`${t.url}${current.url}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('model/gltf-binary');
    expect(Buffer.from(await file.arrayBuffer()).equals(glb)).toBe(true);
    expect((await fetch(`${t.url}${current.url}`)).status).toBe(401);

    const log = await t.server.port(orgPort).auditLog({ page: 1, pageSize: 20, entity: 'plant_model' });
    const row = log.items.find((x) => x.action === 'plantModel.upload')!;
    expect(row).toMatchObject({ loginname: 'admin', entity_id: 'plant' });
    expect(JSON.parse(row.detail)).toMatchObject({ before: null, after: { sha256: sha, bytes: glb.length, nodes: 3 } });
  });

  it('an unbound node of the upload is bound on the binding call; a name the GLB lacks is refused on node', async () => {
    const saved = await ok(t, plantModelBindingSave, { model: 'plant', node: 'R-201', kind: 'unit', region: regionCode, tags: [tag] }, admin.token);
    expect(saved).toMatchObject({ node: 'R-201', kind: 'unit', region: regionCode, tags: [tag] });
    const m = await ok(t, plantModelGet, {}, admin.token);
    expect(m.nodes.map((n) => n.node)).toEqual(['R-201']);
    expect(m.unboundNodes).toEqual(['R-202', 'P-301']);
    expect(m.unboundTags).not.toContain(tag);
    const stranger = await call(t.url, plantModelBindingSave, { model: 'plant', node: 'TK-999', region: regionCode, tags: [] }, admin.token);
    expect(stranger.httpStatus).toBe(400);
    expect(stranger.body.error.controls).toEqual(['node']);
  });

  it('a new upload of the model keeps the bindings of the nodes it still has and lists the bound ones it dropped', async () => {
    const next = buildGlb(['R-202', 'P-302']);
    const r = await upload(t, admin.token, next);
    expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
    expect(r.body.data).toMatchObject({ unboundNodes: ['R-202', 'P-302'], missingNodes: ['R-201'] });
    const rebound = await upload(t, admin.token, glb);
    expect(rebound.body.data).toMatchObject({ unboundNodes: ['R-202', 'P-301'], missingNodes: [] });
    expect(rebound.body.data!.nodes[0]).toMatchObject({ node: 'R-201', tags: [tag] });
  });

  it('the upload is durable: after a restart on the same store the model and its bytes are still there', async () => {
    await t.close();
    t = await startTestServer({ dialect, store });
    // The signing secret is in the store too, so the token from before the restart still works.
    const m = await ok(t, plantModelGet, {}, admin.token);
    expect(m.model).toBe('plant');
    const file = await fetch(`${t.url}${m.url}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(glb)).toBe(true);
  });

  it('removing the upload (audited) takes the model and its bindings away; a second removal is 404', async () => {
    // The operator made before the restart (the store keeps accounts and the signing secret).
    expect((await call(t.url, plantModelUploadDelete, { model: 'plant' }, operator.token)).httpStatus).toBe(403);
    expect(await ok(t, plantModelUploadDelete, { model: 'plant' }, admin.token)).toEqual({ model: 'plant' });
    expect((await call(t.url, plantModelGet, {}, admin.token)).httpStatus).toBe(404);
    expect((await call(t.url, plantModelUploadDelete, { model: 'plant' }, admin.token)).httpStatus).toBe(404);
    const log = await t.server.port(orgPort).auditLog({ page: 1, pageSize: 20, entity: 'plant_model' });
    expect(log.items.some((x) => x.action === 'plantModel.uploadDelete' && x.entity_id === 'plant')).toBe(true);
  });
});
