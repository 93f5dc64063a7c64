import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { responsibleCheckIn, responsibleCheckList } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { recordContracts, uploadFileToServer } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * A responsible person's check of a major hazard source (issue 20 §5) on both
 * stores: findings and photos kept with the check; a finding opens a hidden
 * danger through the hidden-dangers port (source 隐患排查, the unit's region,
 * the photos attached, the person as finder); refusals name the field.
 */
const units = recordContracts(dangerSourceLedger);
const resp = recordContracts(dangerSourceResponsibleLedger);
const dangers = recordContracts(hiddenDangerLedger);

async function upload(url: string, token: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('upfile', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])]), name);
  const res = await fetch(url + uploadFileToServer.path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe.each(dialects)('major hazard: responsibility checks with photos and hidden dangers (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let withRegion = 0;
  let noRegion = 0;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    const region = await createRegion(t, admin, { name: '罐区A' });
    const unit = await ok(t, units.save, { name: '液氨罐区', kind: 'storage', region, population: 5, substances: [{ name: '氨', q: 30 }] }, admin.token);
    const bare = await ok(t, units.save, { name: '无区域单元', kind: 'production', population: 0, substances: [{ name: '氨', q: 30 }] }, admin.token);
    withRegion = (await ok(t, resp.save, { source: unit.id, role: 'operation', person: admin.userid }, admin.token)).id;
    noRegion = (await ok(t, resp.save, { source: bare.id, role: 'technical', person: admin.userid }, admin.token)).id;
  });
  afterAll(() => t.close());

  it('a check keeps its findings and photos; with openHiddenDanger its findings open a hidden danger with the photos', async () => {
    const photos = [await upload(t.url, admin.token, 'dike.png'), await upload(t.url, admin.token, 'valve.png')];
    const done = await ok(t, responsibleCheckIn, { id: withRegion, findings: '围堰排水阀未关闭', photos, openHiddenDanger: true }, admin.token);
    expect(done).toMatchObject({ lastFindings: '围堰排水阀未关闭', lastPhotos: photos, overdue: false });
    expect(done.lastHiddenDangerId).toEqual(expect.any(Number));

    const danger = (await ok(t, dangers.get, { id: done.lastHiddenDangerId! }, admin.token)).record;
    expect(danger).toMatchObject({ source: 'check', category: 'storage', finder: admin.userid, place: '液氨罐区' });
    expect(String(danger.title)).toContain('围堰排水阀未关闭');
    expect((danger.photos as { id: number }[] | number[]).map((p) => (typeof p === 'number' ? p : p.id))).toEqual(photos);

    const listed = (await ok(t, responsibleCheckList, {}, admin.token)).items.find((x) => x.id === withRegion)!;
    expect(listed).toMatchObject({ lastFindings: '围堰排水阀未关闭', lastPhotos: photos, lastHiddenDangerId: done.lastHiddenDangerId });
    const audit = await t.server.store.db.selectFrom('audit_log').select('detail').where('action', '=', 'majorHazard.check').execute();
    expect(audit.some((a) => String(a.detail).includes(`"hiddenDanger":${done.lastHiddenDangerId}`))).toBe(true);
  });

  it('a check without a danger opens none; refusals name the field', async () => {
    const before = (await ok(t, dangers.list, { page: 1, pageSize: 100 }, admin.token)).total;
    const plain = await ok(t, responsibleCheckIn, { id: withRegion, findings: '一切正常' }, admin.token);
    expect(plain).toMatchObject({ lastHiddenDangerId: null, lastPhotos: [] });
    expect((await ok(t, dangers.list, { page: 1, pageSize: 100 }, admin.token)).total).toBe(before);

    const empty = await call(t.url, responsibleCheckIn, { id: withRegion, findings: '  ', openHiddenDanger: true }, admin.token);
    expect(empty.httpStatus).toBe(400);
    expect(empty.body.error.controls).toEqual(['findings']);
    const where = await call(t.url, responsibleCheckIn, { id: noRegion, findings: '阀门泄漏', openHiddenDanger: true }, admin.token);
    expect(where.httpStatus).toBe(400);
    expect(where.body.error.controls).toEqual(['openHiddenDanger']);
    const many = await call(t.url, responsibleCheckIn, { id: withRegion, findings: 'x', photos: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, admin.token);
    expect(many.httpStatus).toBe(400);
    expect(many.body.error.controls).toEqual(['photos']);
    expect((await ok(t, dangers.list, { page: 1, pageSize: 100 }, admin.token)).total).toBe(before);
  });
});
