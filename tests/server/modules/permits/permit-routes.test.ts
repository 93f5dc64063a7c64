import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { blindPlateLedger } from '../../../../src/shared/permits/blind-ledgers.js';
import { permitApply, permitComplete, permitDetailCall, permitGasAdd, permitSign, permitStart, type PermitStepCode } from '../../../../src/shared/permits/contracts.js';
import { jsaLedger } from '../../../../src/shared/permits/jsa-ledgers.js';
import { permitReportLedger, reportFlowLedger } from '../../../../src/shared/permits/report-ledgers.js';
import { gasAnalysisSearch, jsaAnalysis, jsaMap, permitPersonnelRecord } from '../../../../src/shared/permits/routes-contracts.js';
import { offsetToLonLat } from '../../../../src/shared/domain/geometry.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, regionIds, type DemoUser } from '../realtime/realtime-fixtures.js';
import { completedJsa } from './jsa-fixtures.js';

const HOUR = 3_600_000;
const SIG = DEMO_SIGNATURE;
const jsa = recordContracts(jsaLedger);
const blinds = recordContracts(blindPlateLedger);
const flows = recordContracts(reportFlowLedger);
const reports = recordContracts(permitReportLedger);

vi.setConfig({ testTimeout: 180_000 });

/*
 * The permit routes of issue 25 on both stores: a hot-work permit's JSA step
 * waits for a completed hot-work JSA naming the permit (permits.jsaMissing on
 * the field `jsa`); a blind permit done updates the blind-plate register; the
 * gas analysis search shows the rules' verdict; the JSA analysis and map.
 */
describe.each(dialects)('permit routes: JSA step, blind register, gas analysis (%s)', (dialect) => {
  let t: TestServer;
  const tok = {} as Record<DemoUser, string>;
  const uid = {} as Record<DemoUser, number>;
  let region: number;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { LOG_LEVEL: 'error' } });
    for (const who of ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const) {
      tok[who] = await demoToken(t.url, who);
      uid[who] = (await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', who).executeTakeFirstOrThrow()).userid;
    }
    region = (await regionIds(t.url, tok.admin)).get('TF-A')!;
  }, 240_000);
  afterAll(() => t?.close());

  const signerOf: Record<PermitStepCode, DemoUser> = {
    applicant: 'admin',
    jsa: 'supervisor',
    gas: 'inspector',
    measures: 'operator',
    briefing: 'supervisor',
    guardian: 'operator',
    leader: 'contractor',
    unit: 'supervisor',
    safetyDept: 'admin',
    approver: 'admin',
    shiftCheck: 'operator',
    acceptance: 'supervisor',
  };
  const signers = (codes: PermitStepCode[]) => Object.fromEntries(codes.map((c) => [c, uid[signerOf[c]]]));
  const sign = (who: DemoUser, id: number, step: PermitStepCode) => call(t.url, permitSign, { id, step, signature: SIG }, tok[who]);

  it('a hot-work permit passes its JSA step only with a completed hot-work JSA naming it', async () => {
    const start = Date.now() + 10 * 60_000;
    const applied = await call(
      t.url,
      permitApply,
      {
        type: 'hot',
        grade: '2',
        content: '法兰焊接',
        location: 'PU-1',
        lng: 118.8017,
        lat: 32.2557,
        start,
        end: start + 4 * HOUR,
        workers: ['焊工'],
        signers: signers(['jsa', 'gas', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'safetyDept', 'approver', 'shiftCheck', 'acceptance']),
        signature: SIG,
      },
      tok.contractor,
    );
    expect(applied.body.IsSuccess, JSON.stringify(applied.body.error)).toBe(true);
    const p = applied.body.data!;

    // No JSA at all: refused on the field, with the message code; someone else's attempt is still "not your step".
    const none = await sign('supervisor', p.id, 'jsa');
    expect(none.httpStatus).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'permits.jsaMissing', controls: ['jsa'] });
    expect((await sign('operator', p.id, 'jsa')).httpStatus).toBe(403);

    // A completed JSA of another work type naming it is not a JSA of the same work.
    await completedJsa(t.url, tok.admin, uid.admin, p.number, 'confined');
    expect((await sign('supervisor', p.id, 'jsa')).body.error.code).toBe('permits.jsaMissing');

    // A hot-work JSA still being analysed does not count; bad input is refused on its field.
    const base = { title: '法兰焊接JSA', permitType: 'hot', permitNo: p.number, region, analyst: uid.supervisor, analysedAt: Date.now() };
    const noSteps = await call(t.url, jsa.save, { ...base, steps: [] }, tok.supervisor);
    expect(noSteps.httpStatus).toBe(400);
    expect(noSteps.body.error.controls).toContain('steps');
    const saved = await call(t.url, jsa.save, { ...base, steps: [{ step: '焊接', hazardType: 'fire', hazards: '可燃气体', controls: '气体分析合格' }] }, tok.supervisor);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    expect(saved.body.data!.status).toBe(1);
    expect((await sign('supervisor', p.id, 'jsa')).body.error.code).toBe('permits.jsaMissing');

    // Completed by its analyst: the step is signed.
    const done = await call(t.url, jsa.transition, { id: saved.body.data!.id, version: saved.body.data!.version, action: 'complete' }, tok.supervisor);
    expect(done.body.data!.status).toBe(4);
    const ok = await sign('supervisor', p.id, 'jsa');
    expect(ok.body.IsSuccess, JSON.stringify(ok.body.error)).toBe(true);
    expect(ok.body.data!.permit.currentStep).toBe('gas');

    // The gas analysis search: waiting for a reading, then the rules' verdict on it.
    const row = async () => (await call(t.url, gasAnalysisSearch, { number: p.number }, tok.admin)).body.data!.items[0];
    expect(await row()).toMatchObject({ status: 'toSubmit', result: 'toAnalyse' });
    await call(t.url, permitGasAdd, { id: p.id, t: Date.now() - 3 * 60_000, lel: 5, reading: 0.6 }, tok.inspector);
    const bad = await row();
    expect(bad).toMatchObject({ status: 'toApprove', result: 'unqualified' });
    expect(bad.samples[0]).toMatchObject({ limitPct: 0.5, pass: false });
    expect(bad.reasons.map((r) => r.code)).toContain('permits.gasOverLimit');
    await call(t.url, permitGasAdd, { id: p.id, t: Date.now() - 60_000, lel: 5, reading: 0.5 }, tok.inspector);
    expect(await row()).toMatchObject({ status: 'toApprove', result: 'qualified' });
    expect((await sign('inspector', p.id, 'gas')).body.IsSuccess).toBe(true);
    expect((await row()).status).toBe('completed');

    const analysis = (await call(t.url, jsaAnalysis, {}, tok.admin)).body.data!;
    expect(analysis.byType.find((x) => x.permitType === 'hot')).toMatchObject({ completed: expect.any(Number) as number });
    expect(analysis.byHazard.find((x) => x.hazardType === 'fire')!.count).toBeGreaterThanOrEqual(2);
  });

  it('a blind permit completed as done puts its action on the blind-plate register; not done leaves it', async () => {
    const reg = await call(
      t.url,
      blinds.save,
      { code: `MB-${dialect}-1`, kind: 'blind', line: 'PG-1001', location: 'E-101 出口', region, size: 'DN100', material: 'cs', state: 'removed' },
      tok.admin,
    );
    expect(reg.body.IsSuccess, JSON.stringify(reg.body.error)).toBe(true);
    const missing = await call(t.url, blinds.save, { code: `MB-${dialect}-2`, kind: 'blind', line: 'PG-1001', location: 'x', region, material: 'cs', state: 'removed' }, tok.admin);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toContain('size');

    const blindPermit = async (action: 'insert' | 'remove', result: 'done' | 'notDone', completer: DemoUser = 'admin') => {
      const start = Date.now();
      const applied = await call(
        t.url,
        permitApply,
        {
          type: 'blind',
          content: '加盲板',
          location: 'E-101',
          lng: 118.81,
          lat: 32.26,
          start,
          end: start + 4 * HOUR,
          workers: ['检修工'],
          line: 'PG-1001',
          blinds: [{ id: `MB-${dialect}-1`, action }],
          signers: signers(['jsa', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'approver', 'acceptance']),
          signature: SIG,
        },
        tok.admin,
      );
      expect(applied.body.IsSuccess, JSON.stringify(applied.body.error)).toBe(true);
      const id = applied.body.data!.id;
      const d = (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
      for (const s of d.steps.filter((x) => x.signedAt === null && x.code !== 'acceptance')) {
        expect((await sign(signerOf[s.code], id, s.code)).body.IsSuccess).toBe(true);
      }
      expect((await call(t.url, permitStart, { id }, tok.admin)).body.IsSuccess).toBe(true);
      const done = await call(t.url, permitComplete, { id, result }, tok[completer]);
      if (completer !== 'admin') {
        return { id, number: applied.body.data!.number, done };
      }
      expect(done.body.IsSuccess, JSON.stringify(done.body.error)).toBe(true);
      return applied.body.data!.number;
    };
    const record = async () => (await call(t.url, blinds.get, { id: reg.body.data!.id }, tok.admin)).body.data!.record;

    await blindPermit('insert', 'notDone');
    expect(await record()).toMatchObject({ state: 'removed' });
    // One transaction: the work leader, who does not see the register's region (TF-A), cannot complete it as done;
    // the permit stays in effect and the register as it was, until someone who sees both completes it.
    const refused = (await blindPermit('insert', 'done', 'contractor')) as { id: number; number: string; done: Awaited<ReturnType<typeof call>> };
    expect(refused.done.httpStatus).toBe(409);
    expect(refused.done.body.error).toMatchObject({ code: 'permits.blindNotVisible', controls: ['blinds'] });
    expect((await call(t.url, permitDetailCall, { id: refused.id }, tok.admin)).body.data!.permit.status).toBe('active');
    expect(await record()).toMatchObject({ state: 'removed' });
    expect((await call(t.url, permitComplete, { id: refused.id, result: 'done' }, tok.admin)).body.IsSuccess).toBe(true);
    expect(await record()).toMatchObject({ state: 'inserted', permitNo: refused.number });
    const number = (await blindPermit('remove', 'done')) as string;
    const after = await record();
    expect(after).toMatchObject({ state: 'removed', lastAction: 'remove', permitNo: number });
    expect(typeof after.actionAt).toBe('number');
    const steps = (await call(t.url, blinds.get, { id: reg.body.data!.id }, tok.admin)).body.data!.steps;
    expect(steps.map((s) => s.action)).toEqual(expect.arrayContaining(['insert', 'remove']));
  });

  it('PersonnelLocationRecord: who was in the work zone while the work was open, from positioning; the guardian marked; isolated by the permit’s region', async () => {
    const PLACE: [number, number] = [118.8123, 32.2611];
    const heightPermit = async (regionId?: number) => {
      const start = Date.now();
      const applied = await call(
        t.url,
        permitApply,
        {
          type: 'height',
          heightM: 8,
          content: '管廊保温',
          location: '管廊',
          lng: PLACE[0],
          lat: PLACE[1],
          radiusM: 30,
          ...(regionId ? { regionId } : {}),
          start,
          end: start + 4 * HOUR,
          workers: ['架子工'],
          guardianTag: `ZG-${dialect}`,
          signers: signers(['jsa', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'approver', 'acceptance']),
          signature: SIG,
        },
        tok.admin,
      );
      expect(applied.body.IsSuccess, JSON.stringify(applied.body.error)).toBe(true);
      return applied.body.data!.id;
    };
    const id = await heightPermit();
    const before = (await call(t.url, permitPersonnelRecord, { id }, tok.admin)).body.data!;
    expect(before).toMatchObject({ id, from: null, items: [] });

    const d = (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
    for (const s of d.steps.filter((x) => x.signedAt === null && x.code !== 'acceptance')) {
      expect((await sign(signerOf[s.code], id, s.code)).body.IsSuccess).toBe(true);
    }
    expect((await call(t.url, permitStart, { id }, tok.admin)).body.IsSuccess).toBe(true);
    const t0 = Date.now();
    const fix = (tagId: string, dt: number, eastM: number) => {
      const [lon, lat] = offsetToLonLat(PLACE, eastM, 0);
      return { tagId, t: t0 + dt, lon, lat, kind: 'person' as const };
    };
    const [G, W, O] = [`ZG-${dialect}`, `ZW-${dialect}`, `ZO-${dialect}`];
    // The guardian's tag is on the roster: the record names the person; the others have no name.
    const roster = await call(t.url, recordContracts(positioningObjectLedger).save, { card: G, kind: 'person', name: '监护人甲' }, tok.admin);
    expect(roster.body.IsSuccess, JSON.stringify(roster.body.error)).toBe(true);
    t.server.stream.ingest.positions([fix(G, 0, 0), fix(W, 0, 10), fix(O, 0, 60), fix(G, 1000, 5), fix(W, 1000, 29), fix(O, 1000, 31), fix(W, 2000, 45)], 'test');
    await t.server.stream.history.flush();
    // The record reads up to now: the last fixes must be in the past (no timing is asserted).
    while (Date.now() <= t0 + 2100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const rec = (await call(t.url, permitPersonnelRecord, { id }, tok.admin)).body.data!;
    expect(rec.from).toBeGreaterThan(0);
    const ours = rec.items.filter((x) => [G, W, O].includes(x.tagId)).map((x) => [x.tagId, x.name, x.guardian, x.leave - x.enter, x.fixes]);
    expect(ours).toEqual(
      expect.arrayContaining([
        [G, '监护人甲', true, 1000, 2],
        [W, null, false, 1000, 2],
      ]),
    );
    expect(ours).toHaveLength(2);

    // A permit registered on TF-A: the contractor (PU-2 only) is refused it; someone who sees TF-A reads it.
    const fenced = await heightPermit(region);
    expect((await call(t.url, permitPersonnelRecord, { id: fenced }, tok.contractor)).httpStatus).toBe(404);
    expect((await call(t.url, permitPersonnelRecord, { id: fenced }, tok.operator)).body.IsSuccess).toBe(true);
    await call(t.url, permitComplete, { id, result: 'done' }, tok.admin);
  });

  it('the JSA map shows the permits in effect with the JSAs naming them', async () => {
    const map = (await call(t.url, jsaMap, {}, tok.admin)).body.data!.items;
    // The demo's confined-space permit is in effect with its demo JSA.
    const confined = map.find((p) => p.type === 'confined');
    expect(confined?.jsas.length).toBeGreaterThanOrEqual(1);
  });

  it('a permit report goes through the flow its configuration names: reviewer, then approver', async () => {
    const flow = await call(t.url, flows.save, { name: `日报-${dialect}`, kind: 'daily', reviewer: uid.supervisor, approver: uid.admin }, tok.admin);
    expect(flow.body.IsSuccess, JSON.stringify(flow.body.error)).toBe(true);
    const now = Date.now();
    const body = { kind: 'daily', from: now - 24 * HOUR, to: now, summary: [{ permitType: 'hot', total: 2, open: 1, closed: 1 }], sender: uid.contractor, reviewer: uid.supervisor, approver: uid.admin };
    const noFlow = await call(t.url, reports.save, body, tok.contractor);
    expect(noFlow.httpStatus).toBe(400);
    expect(noFlow.body.error.controls).toContain('flow');
    const sent = await call(t.url, reports.save, { ...body, flow: flow.body.data!.id }, tok.contractor);
    expect(sent.body.IsSuccess, JSON.stringify(sent.body.error)).toBe(true);
    expect(sent.body.data!.status).toBe(2);
    const act = async (who: DemoUser, action: string) => {
      const cur = (await call(t.url, reports.get, { id: sent.body.data!.id }, tok.admin)).body.data!.record;
      return call(t.url, reports.transition, { id: cur.id, version: cur.version, action }, tok[who]);
    };
    expect((await act('admin', 'review')).httpStatus).toBe(403);
    expect((await act('supervisor', 'review')).body.data!.status).toBe(6);
    expect((await act('admin', 'approve')).body.data!.status).toBe(4);
  });
});
