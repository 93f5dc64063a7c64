import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inherentRiskSave, inherentRiskSearch } from '../../../../src/shared/risk/analysis-contracts.js';
import { evaluateUnitLedger } from '../../../../src/shared/risk/analysis-ledgers.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRecord, createRegion, ok, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../realtime/realtime-fixtures.js';

/**
 * Issue 21 §3 on both stores, as the /InherentRisk pages save them
 * (InitialRiskConfig sets the inherent level, ResidualRiskConfig the
 * residual): the residual is never above the inherent level, whichever of
 * the two is changed, refused on `residual` with a message naming both levels.
 */
describe.each(dialects)('inherent and residual levels (%s)', (dialect) => {
  let ts: TestServer;
  let admin: Admin;
  let unitId: number;

  beforeAll(async () => {
    ts = await startTestServer({ dialect, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(ts);
    const region = await createRegion(ts, admin, { code: 'IR-1' });
    unitId = (await createRecord(ts, admin.token, evaluateUnitLedger, { name: '氯化单元', region })).id;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('a residual above the inherent level is refused with both levels named, whichever side changes; the stored pair stays', async () => {
    // InitialRiskConfig: the inherent level alone.
    await ok(ts, inherentRiskSave, { unitId, inherent: 2, residual: null }, admin.token);
    expect((await ok(ts, inherentRiskSearch, {}, admin.token)).items[0]).toMatchObject({ inherent: 2, residual: null });
    // ResidualRiskConfig: residual 重大 above inherent 较大.
    const above = await call(ts.url, inherentRiskSave, { unitId, inherent: 2, residual: 1 }, admin.token);
    expectRefused(above, 400, ['residual']);
    expect(above.body.error.message).toContain('残余风险（重大风险）不能高于固有风险（较大风险）');
    await ok(ts, inherentRiskSave, { unitId, inherent: 2, residual: 3 }, admin.token);
    // Lowering the inherent level under the residual is refused the same way.
    const lowered = await call(ts.url, inherentRiskSave, { unitId, inherent: 4, residual: 3 }, admin.token);
    expectRefused(lowered, 400, ['residual']);
    expect(lowered.body.error.message).toContain('不能高于固有风险（低风险）');
    expect((await ok(ts, inherentRiskSearch, {}, admin.token)).items).toEqual([expect.objectContaining({ unitId, inherent: 2, residual: 3, updatedBy: admin.loginname })]);
  });
});
