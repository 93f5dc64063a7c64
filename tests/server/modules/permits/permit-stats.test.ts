import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { durationsOf } from '../../../../src/server/modules/permits/permit-stats.js';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { permitApply, permitDetailCall, permitGasAdd, permitSign, type PermitApplyInput, type PermitStepCode } from '../../../../src/shared/permits/contracts.js';
import { permitAnalyseApproved, permitAnalyseDepartment, permitAnalyseRegion } from '../../../../src/shared/permits/stats-contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { completedJsa } from './jsa-fixtures.js';
import { demoToken, regionIds, type DemoUser } from '../realtime/realtime-fixtures.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const SIG = DEMO_SIGNATURE;

describe('durationsOf', () => {
  it.each([
    [[], { count: 0, avgMin: 0, p50Min: 0, maxMin: 0 }],
    [[10 * MIN], { count: 1, avgMin: 10, p50Min: 10, maxMin: 10 }],
    [[30 * MIN, 10 * MIN, 20 * MIN], { count: 3, avgMin: 20, p50Min: 20, maxMin: 30 }],
    [[10 * MIN, 40 * MIN, 20 * MIN, 30 * MIN], { count: 4, avgMin: 25, p50Min: 25, maxMin: 40 }],
  ])('%j ms → %j', (ms, out) => {
    expect(durationsOf(ms)).toEqual(out);
  });
});


// Whole flows over HTTP on a shared machine: a step may wait for others' load.
vi.setConfig({ testTimeout: 180_000 });

/*
 * /SafetyWorkPermitNew/Analyse*: counts per region and per applicant's
 * department (isolated by the caller's regions and departments) and approval
 * durations from the signatures, on both stores.
 */
describe.each(dialects)('permit statistics (%s)', (dialect) => {
  let t: TestServer;
  const tok = {} as Record<DemoUser, string>;
  const uid = {} as Record<DemoUser, number>;
  let regions: Map<string, number>;
  const dept = new Map<string, number>();
  const ids = { hot: 0, confined: 0 };

  // Signers who see every region (the permits are registered on PU-2 and TF-A).
  const signerOf: Record<PermitStepCode, DemoUser> = {
    applicant: 'contractor',
    jsa: 'supervisor',
    gas: 'inspector',
    measures: 'supervisor',
    briefing: 'supervisor',
    guardian: 'supervisor',
    leader: 'admin',
    unit: 'supervisor',
    safetyDept: 'admin',
    approver: 'admin',
    shiftCheck: 'supervisor',
    acceptance: 'supervisor',
  };
  const signers = () => {
    const { applicant: _a, ...rest } = signerOf;
    void _a;
    return Object.fromEntries(Object.entries(rest).map(([k, who]) => [k, uid[who]])) as Record<Exclude<PermitStepCode, 'applicant'>, number>;
  };

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { LOG_LEVEL: 'error' } });
    for (const who of ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const) {
      tok[who] = await demoToken(t.url, who);
      uid[who] = (await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', who).executeTakeFirstOrThrow()).userid;
    }
    regions = await regionIds(t.url, tok.admin);
    for (const d of await t.server.store.db.selectFrom('dept').select(['deptid', 'deptcode']).execute()) {
      dept.set(d.deptcode, d.deptid);
    }
    const apply = async (who: DemoUser, over: Partial<PermitApplyInput>) => {
      const start = Date.now();
      const r = await call(
        t.url,
        permitApply,
        { type: 'hot', grade: '1', content: '统计', location: 'X', lng: 118.8, lat: 32.25, start, end: start + 4 * HOUR, workers: ['甲'], signers: signers(), signature: SIG, ...over },
        tok[who],
      );
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      return r.body.data!.id;
    };
    ids.hot = await apply('contractor', { regionId: regions.get('PU-2') });
    ids.confined = await apply('operator', { type: 'confined', grade: undefined, regionId: regions.get('TF-A'), end: Date.now() + 8 * HOUR });
    // The hot permit signed through; the signature times then set 10 min apart (the application at T0).
    expect((await call(t.url, permitGasAdd, { id: ids.hot, lel: 5, reading: 0.1, o2: 20.8 }, tok.inspector)).body.IsSuccess).toBe(true);
    const d = (await call(t.url, permitDetailCall, { id: ids.hot }, tok.admin)).body.data!;
    await completedJsa(t.url, tok.admin, uid.admin, d.permit.number);
    for (const s of d.steps.filter((x) => x.signedAt === null && x.code !== 'acceptance')) {
      const r = await call(t.url, permitSign, { id: ids.hot, step: s.code, signature: SIG }, tok[signerOf[s.code]]);
      expect(r.body.IsSuccess, `${s.code}: ${JSON.stringify(r.body.error)}`).toBe(true);
    }
    // The demo plant's own permits were applied for at start: moved out of the period counted here.
    await t.server.store.db.updateTable('permit').set({ created_at: 1 }).where('id', 'not in', [ids.hot, ids.confined]).execute();
    const t0 = Date.now() - 3 * HOUR;
    await t.server.store.db.updateTable('permit').set({ created_at: t0 }).where('id', '=', ids.hot).execute();
    for (const s of d.steps.filter((x) => x.code !== 'acceptance')) {
      await t.server.store.db.updateTable('permit_step').set({ signed_at: t0 + s.seq * 10 * MIN }).where('permit_id', '=', ids.hot).where('seq', '=', s.seq).execute();
    }
  }, 240_000);
  afterAll(() => t?.close());

  const since = { from: Date.now() - 4 * HOUR };

  it('by region: each region with its permits by type, grade and status; a caller counts only the regions they see', async () => {
    const all = await call(t.url, permitAnalyseRegion, since, tok.admin);
    expect(all.body.IsSuccess, JSON.stringify(all.body.error)).toBe(true);
    const pu2 = all.body.data!.items.find((r) => r.id === regions.get('PU-2'))!;
    expect(pu2).toMatchObject({ name: expect.any(String), total: 1, byType: { hot: 1 }, byStatus: { approved: 1 } });
    expect(Object.values(pu2.byGrade)).toEqual([1]);
    const tfa = all.body.data!.items.find((r) => r.id === regions.get('TF-A'))!;
    expect(tfa).toMatchObject({ total: 1, byType: { confined: 1 }, byGrade: {}, byStatus: { signing: 1 } });

    const mine = await call(t.url, permitAnalyseRegion, since, tok.contractor);
    expect(mine.body.data!.items.map((r) => r.id)).toEqual([regions.get('PU-2')]);
    const hotOnly = await call(t.url, permitAnalyseRegion, { ...since, type: 'confined' }, tok.admin);
    expect(hotOnly.body.data!.items.map((r) => r.id)).toEqual([regions.get('TF-A')]);
    // Permits applied for before `from` do not count.
    const later = await call(t.url, permitAnalyseRegion, { from: Date.now() + HOUR }, tok.admin);
    expect(later.body.data).toEqual({ items: [], total: 0 });
  });

  it('by department: the applicant’s department; a caller counts only their departments (and regions)', async () => {
    const all = await call(t.url, permitAnalyseDepartment, since, tok.admin);
    const rows = all.body.data!.items;
    expect(rows.find((r) => r.id === dept.get('CONTRACTOR'))).toMatchObject({ total: 1, byType: { hot: 1 } });
    expect(rows.find((r) => r.id === dept.get('PROD-TF'))).toMatchObject({ total: 1, byType: { confined: 1 } });
    // The inspector sees region PU but not department CONTRACTOR: the hot permit is not theirs to count.
    const insp = await call(t.url, permitAnalyseDepartment, since, tok.inspector);
    expect(insp.body.data!.items.map((r) => r.id)).toEqual([dept.get('PROD-TF')]);
    const op = await call(t.url, permitAnalyseDepartment, since, tok.operator);
    expect(op.body.data!.items.map((r) => r.id)).toEqual([dept.get('PROD-TF')]);
  });

  it('approval times: application to approval per type, the wait per step and per signer, and what still waits', async () => {
    const r = await call(t.url, permitAnalyseApproved, since, tok.admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
    const d = r.body.data!;
    // 11 signatures before hot work: 10 waits of 10 min after the application.
    expect(d.byType).toEqual([{ type: 'hot', count: 1, avgMin: 100, p50Min: 100, maxMin: 100 }]);
    expect(d.bySteps.map((s) => s.code)).toEqual(['jsa', 'gas', 'measures', 'briefing', 'guardian', 'leader', 'unit', 'safetyDept', 'approver', 'shiftCheck']);
    expect(d.bySteps.every((s) => s.count === 1 && s.avgMin === 10)).toBe(true);
    const admin = d.bySigner.find((s) => s.userid === uid.admin)!;
    expect(admin).toMatchObject({ count: 3, avgMin: 10 });
    expect(d.waiting.count).toBe(1);
    expect(d.waiting.maxMin).toBeGreaterThanOrEqual(0);
  });

  it('bad input is refused naming the field; the calls need permit:view', async () => {
    const bad = await call(t.url, permitAnalyseRegion, { from: 2000, to: 1000 }, tok.admin);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['to']);
    const badType = await call(t.url, permitAnalyseApproved, { type: 'fire' }, tok.admin);
    expect(badType.httpStatus).toBe(400);
    expect(badType.body.error.controls).toEqual(['type']);
    expect((await call(t.url, permitAnalyseDepartment, {}, '')).httpStatus).toBe(401);
  });
});
