import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitLiveItem } from '../../../../src/shared/permits/items.js';
import {
  permitApply,
  permitComplete,
  permitDetailCall,
  permitGasAdd,
  permitList,
  permitMapShow,
  permitResume,
  permitSign,
  permitStart,
  type PermitStepCode,
} from '../../../../src/shared/permits/contracts.js';
import { offsetToLonLat } from '../../../../src/shared/domain/geometry.js';
import { permitsModule } from '../../../../src/server/modules/permits/index.js';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { connectClient, waitFor } from '../../stream/stream-helpers.js';
import { demoToken } from '../org/org-fixtures.js';
import { imageCount, pdfText } from '../documents/pdf-text.js';
import { completedJsa } from './jsa-fixtures.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE: [number, number] = [118.8017, 32.2557];
const SIG = DEMO_SIGNATURE;

type Who = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

/*
 * A 一级 hot-work permit's life over HTTP, signed by five demo users on their
 * own sessions, on both stores: the order of the statutory steps and who may
 * sign them, the gas rules on the start, the guardian's tag suspending it,
 * resumption, completion and acceptance; the live topic and the map.
 */
describe.each(dialects)('safe-work permits (%s)', (dialect) => {
  let t: TestServer;
  const tok = {} as Record<Who, string>;
  const uid = {} as Record<Who, number>;
  const tag = `PW-G-${dialect}`;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    for (const who of ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const) {
      tok[who] = await demoToken(t.url, who);
      const u = await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', who).executeTakeFirstOrThrow();
      uid[who] = u.userid;
    }
    t.server.exposed(permitsModule).grace.ms = 0;
  });
  afterAll(() => t?.close());

  const signers = () => ({
    jsa: uid.supervisor,
    gas: uid.inspector,
    measures: uid.operator,
    briefing: uid.supervisor,
    guardian: uid.operator,
    leader: uid.contractor,
    unit: uid.supervisor,
    safetyDept: uid.admin,
    approver: uid.admin,
    shiftCheck: uid.operator,
    acceptance: uid.supervisor,
  });
  const fix = (east: number) => {
    const [lon, lat] = offsetToLonLat(ZONE, east, 0);
    t.server.stream.ingest.positions([{ tagId: tag, t: Date.now(), lon, lat, kind: 'person' }], 'test');
  };
  const detail = async (id: number) => (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
  const sign = (who: Who, id: number, step: PermitStepCode) => call(t.url, permitSign, { id, step, signature: SIG }, tok[who]);

  it('the demo plant has permits: one signing, one in effect on the map', async () => {
    const list = await call(t.url, permitList, { page: 1, pageSize: 20 }, tok.admin);
    expect(list.body.IsSuccess, JSON.stringify(list.body)).toBe(true);
    expect(list.body.data!.items.map((p) => p.status).sort()).toEqual(['active', 'signing']);
    const map = await call(t.url, permitMapShow, {}, tok.operator);
    expect(map.body.data!.items.map((p) => p.type)).toEqual(['confined']);
  });

  it('refuses an application without the signature or with the guardian as work leader, naming the field', async () => {
    const base = { type: 'hot', grade: '1', content: 'x', location: 'PU-1', lng: ZONE[0], lat: ZONE[1], start: Date.now(), end: Date.now() + 4 * HOUR, workers: ['a'], signers: signers() };
    const noSig = await call(t.url, permitApply, { ...base, signature: '' }, tok.contractor);
    expect(noSig.httpStatus).toBe(400);
    expect(noSig.body.error.controls).toContain('signature');
    const same = await call(t.url, permitApply, { ...base, signature: SIG, signers: { ...signers(), leader: uid.operator } }, tok.contractor);
    expect(same.httpStatus).toBe(400);
    expect(same.body.error.controls).toContain('signers.leader');
    const tooLong = await call(t.url, permitApply, { ...base, signature: SIG, end: base.start + 8 * HOUR + 1 }, tok.contractor);
    expect(tooLong.httpStatus).toBe(400);
    expect(tooLong.body.error.controls).toEqual(['end']);
    const inspector = await call(t.url, permitApply, { ...base, signature: SIG }, tok.inspector);
    expect(inspector.httpStatus).toBe(403);
  });

  it('a 一级 hot-work permit: signatures in order by their own signers, gas on the start, the guardian walks out and back, completion and acceptance', async () => {
    const start = Date.now();
    const applied = await call(
      t.url,
      permitApply,
      { type: 'hot', grade: '1', content: '管线法兰焊接', location: 'PU-1', lng: ZONE[0], lat: ZONE[1], radiusM: 30, start, end: start + 4 * HOUR, workers: ['焊工 张伟'], guardianTag: tag, signers: signers(), signature: SIG },
      tok.contractor,
    );
    expect(applied.body.IsSuccess, JSON.stringify(applied.body)).toBe(true);
    const p = applied.body.data!;
    expect(p).toMatchObject({ status: 'signing', currentStep: 'jsa', currentSignerId: uid.supervisor });
    expect(p.number).toMatch(/^DH\d{8}\d{4}$/);
    const mine = await call(t.url, permitList, { page: 1, pageSize: 20, mine: true }, tok.supervisor);
    expect(mine.body.data!.items.map((x) => x.id)).toContain(p.id);
    const todo = await t.server.store.db.selectFrom('todo').select(['userid', 'href']).where('kind', '=', 'permit.sign').where('ref', '=', String(p.id)).where('status', '=', 0).execute();
    expect(todo).toEqual([{ userid: uid.supervisor, href: `/SafetyWorkPermit/WorkingBillDetail?id=${p.id}` }]);

    // Only the current step's signer, on their own session.
    const proxy = await sign('operator', p.id, 'jsa');
    expect(proxy.httpStatus).toBe(403);
    expect(proxy.body.error.code).toBe('permits.notCurrentApprover');
    const early = await sign('supervisor', p.id, 'measures');
    expect(early.httpStatus).toBe(409);
    // Hazard identification: a completed hot-work JSA naming the permit.
    await completedJsa(t.url, tok.admin, uid.admin, p.number);
    expect((await sign('supervisor', p.id, 'jsa')).body.IsSuccess).toBe(true);
    const noGas = await sign('inspector', p.id, 'gas');
    expect(noGas.httpStatus).toBe(400);
    expect(noGas.body.error.controls).toEqual(['gas']);
    // A sample 40 min old: the analyst may sign, but it is too old for the start.
    expect((await call(t.url, permitGasAdd, { id: p.id, t: Date.now() - 40 * MIN, lel: 5, reading: 0.2 }, tok.inspector)).body.IsSuccess).toBe(true);
    const order: [Who, PermitStepCode][] = [
      ['inspector', 'gas'],
      ['operator', 'measures'],
      ['supervisor', 'briefing'],
      ['operator', 'guardian'],
      ['contractor', 'leader'],
      ['supervisor', 'unit'],
      ['admin', 'safetyDept'],
      ['admin', 'approver'],
      ['operator', 'shiftCheck'],
    ];
    for (const [who, step] of order) {
      const r = await sign(who, p.id, step);
      expect(r.body.IsSuccess, `${step}: ${JSON.stringify(r.body.error)}`).toBe(true);
    }
    let d = await detail(p.id);
    expect(d.permit.status).toBe('approved');
    expect(d.steps.filter((s) => s.signedAt !== null).map((s) => s.code)).toEqual(['applicant', 'jsa', 'gas', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'safetyDept', 'approver', 'shiftCheck']);
    expect(d.check.violations.map((v) => v.code)).toContain('permits.gasStale');

    const stale = await call(t.url, permitStart, { id: p.id }, tok.operator);
    expect(stale.httpStatus).toBe(400);
    expect(stale.body.error).toMatchObject({ code: 'permits.gasStale', controls: ['gas'] });
    await call(t.url, permitGasAdd, { id: p.id, lel: 5, reading: 0.1 }, tok.inspector);
    const started = await call(t.url, permitStart, { id: p.id }, tok.operator);
    expect(started.body.IsSuccess, JSON.stringify(started.body.error)).toBe(true);
    expect(started.body.data!.permit.status).toBe('active');

    // The guardian's tag walks out of the zone: the permit is suspended, live on the topic.
    const client = await connectClient(t.url, tok.admin);
    const seen: PermitLiveItem[] = [];
    client.socket.on('permit.changed', (b: { items: PermitLiveItem[] }) => seen.push(...b.items));
    try {
      expect((await client.subscribe({ topics: ['permits.live'] })).denied).toEqual([]);
      fix(5);
      fix(200);
      await waitFor(() => seen.find((i) => i.id === p.id && i.status === 'suspended'), 5000, 'the suspension on permits.live');
    } finally {
      client.close();
    }
    d = await detail(p.id);
    expect(d.permit).toMatchObject({ status: 'suspended', suspendReason: 'guardianLeft' });
    expect(d.events.find((e) => e.action === 'permit.suspend')).toMatchObject({ by: 'system' });
    console.log(`permits: fix → suspension ${t.server.exposed(permitsModule).watch.stats().lastSuspendMs} ms (${dialect})`);

    // Resumption: the guardian back in the zone, signing on their own session.
    const away = await call(t.url, permitResume, { id: p.id, signature: SIG }, tok.operator);
    expect(away.httpStatus).toBe(409);
    expect(away.body.error.code).toBe('permits.guardianNotInZone');
    fix(3);
    await waitFor(() => t.server.exposed(permitsModule).watch.last(tag)?.lon === offsetToLonLat(ZONE, 3, 0)[0], 5000, 'the fix back in the zone');
    const other = await call(t.url, permitResume, { id: p.id, signature: SIG }, tok.supervisor);
    expect(other.httpStatus).toBe(403);
    const resumed = await call(t.url, permitResume, { id: p.id, signature: SIG }, tok.operator);
    expect(resumed.body.IsSuccess, JSON.stringify(resumed.body.error)).toBe(true);
    expect(resumed.body.data!.permit.status).toBe('active');

    // Completion by the work leader, acceptance by its signer closes it.
    expect((await sign('supervisor', p.id, 'acceptance')).httpStatus).toBe(409);
    const done = await call(t.url, permitComplete, { id: p.id, result: 'done' }, tok.contractor);
    expect(done.body.data!.permit).toMatchObject({ status: 'completed', currentStep: 'acceptance' });
    expect((await sign('supervisor', p.id, 'acceptance')).body.IsSuccess).toBe(true);
    d = await detail(p.id);
    expect(d.permit.status).toBe('closed');
    expect(d.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['permit.apply', 'permit.sign', 'permit.gas', 'permit.start', 'permit.suspend', 'permit.resume', 'permit.complete', 'permit.close']),
    );
    const signedBy = new Set(d.steps.map((s) => s.signerId));
    expect(signedBy.size).toBe(5);
  });

  it('prints a permit as an A4 PDF in Annex A order with its signatures', async () => {
    const list = await call(t.url, permitList, { page: 1, pageSize: 20, status: 'active' }, tok.admin);
    const p = list.body.data!.items.find((x) => x.type === 'confined')!;
    const res = await fetch(`${t.url}/UAPI/WorkingBill/Pdf?id=${p.id}`, { headers: { authorization: `Bearer ${tok.operator}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain(p.number);
    expect(text).toContain('受限空间作业安全作业票');
    expect(text).toContain('EHS-R-025');
    const order = ['作业申请人', '危害识别', '气体分析', '安全措施确认', '安全交底', '监护人', '作业负责人', '所在单位', '审批人', '完工验收'].map((s) => text.lastIndexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(imageCount(bytes)).toBeGreaterThanOrEqual(9);
  });
});
