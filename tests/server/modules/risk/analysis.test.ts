import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLecBands } from '../../../../src/shared/domain/risk-evaluation.js';
import type { RecordDefinition } from '../../../../src/shared/records/definition.js';
import { recordContracts, seedCallContracts } from '../../../../src/shared/records/contracts.js';
import { analysisCount, inherentRiskSave, inherentRiskSearch, riskDetail } from '../../../../src/shared/risk/analysis-contracts.js';
import {
  accidentTypeLedger,
  analysisLedger,
  analysisMeasureLedger,
  analysisObjectLedger,
  evaluateUnitLedger,
  measureTypeLedger,
  riskTypeLedger,
} from '../../../../src/shared/risk/analysis-ledgers.js';
import { bandTableSave, evaluationRecordAdd, evaluationRecordSearch, lecPage } from '../../../../src/shared/risk/band-contracts.js';
import { evaluationCalculate } from '../../../../src/shared/risk/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, expectRefused, regionIds } from '../realtime/realtime-fixtures.js';

/** The seed's name for a ledger call (`EvaluateUnitAdd`), as a contract. */
function seed(def: RecordDefinition, name: string) {
  const found = seedCallContracts(def, recordContracts(def)).find((s) => s.seed.name === name);
  if (!found) {
    throw new Error(`no seed call ${name}`);
  }
  return found.contract;
}

/**
 * Issue 21 §1–§4 on both stores: the analysis ledgers under the seed's call
 * names, band tables a plant edits (EvaluationCalculate follows them, an
 * evaluation keeps the bands it was made with), the three-layer detail and
 * counts, inherent and residual levels (residual above inherent refused on
 * `residual`), and who may do what.
 */
describe.each(dialects)('risk analysis (%s)', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let regions: Map<string, number>;
  const ids: Record<string, number> = {};

  const ok = <T>(r: { body: { IsSuccess: boolean; data: T | null } }): T => {
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!;
  };
  const add = async (def: RecordDefinition, name: string, values: Record<string, unknown>, token = admin) =>
    ok(await call(ts.url, seed(def, name), values as never, token)) as { id: number; version: number };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    regions = await regionIds(ts.url, admin);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('builds object → unit → event → measure through the seed call names', async () => {
    ids.accident = (await add(accidentTypeLedger, 'AccidentTypeAdd', { name: '火灾', name_en: 'Fire', sort: 8 })).id;
    ids.engineering = (await add(measureTypeLedger, 'MeasureTypeAdd', { name: '工程技术', name_en: 'Engineering', sort: 2 })).id;
    const admin2 = await add(measureTypeLedger, 'MeasureTypeAdd', { name: '管理措施', name_en: 'Management', sort: 1 });
    ids.object = (await add(analysisObjectLedger, 'StructureAdd', { name: '空压机', kind: 'equipment' })).id;
    ids.unit = (await add(evaluateUnitLedger, 'EvaluateUnitAdd', { name: '空压站', object: ids.object, region: regions.get('UT')! })).id;
    ids.event = (await add(analysisLedger, 'AnalysisAdd', { name: '润滑油泄漏着火', unit: ids.unit, hazard: '润滑油', accidentType: ids.accident, cause: '密封失效', consequence: '火灾' })).id;
    ids.measure = (await add(analysisMeasureLedger, 'AnalysisMeasureAdd', {
      analysis: ids.event,
      measureType: ids.engineering,
      content: '定期更换密封',
      tier: 'team',
      checkContent: '密封有无渗漏',
      cycle: 1,
      cycleUnit: 'week',
    })).id;
    const units = ok(await call(ts.url, recordContracts(evaluateUnitLedger).list, {}, admin));
    expect(units.items.map((u) => u.title)).toContain('空压站');
    // MeasureTypeSort moves a type: the list follows `sort`.
    await add(measureTypeLedger, 'MeasureTypeSort', { id: admin2.id, version: admin2.version, name: '管理措施', sort: 9 });
    const types = ok(await call(ts.url, recordContracts(measureTypeLedger).list, {}, admin));
    expect(types.items.map((t) => t.title)).toEqual(['工程技术', '管理措施']);
    // `UAPI/Config/RiskType*` is the risk type tree.
    const root = await add(riskTypeLedger, 'RiskTypeEdit', { name: '设备风险' });
    await add(riskTypeLedger, 'RiskTypeEdit', { name: '压力容器', parent: root.id });
    expect(ok(await call(ts.url, recordContracts(riskTypeLedger).list, {}, admin)).total).toBe(2);
    expect((await call(ts.url, seed(riskTypeLedger, 'RiskTypeQuery'), {}, admin)).body.IsSuccess).toBe(true);
    // A measure needs its event: refused naming the field.
    expectRefused(await call(ts.url, seed(analysisMeasureLedger, 'AnalysisMeasureAdd'), { measureType: ids.engineering, content: 'x', tier: 'team' }, admin), 400, ['analysis']);
  });

  it('an edit of the LEC bands changes EvaluationCalculate; an evaluation keeps the bands it was made with', async () => {
    const before = ok(await call(ts.url, evaluationCalculate, { method: 'LEC', L: 6, E: 2, C: 15 }, admin));
    expect(before).toMatchObject({ score: 180, level: 2, colour: 'orange' });
    const first = ok(await call(ts.url, evaluationRecordAdd, { entity: 'Analysis', targetId: ids.event, method: 'LEC', L: 6, E: 2, C: 15 }, admin));
    expect(first).toMatchObject({ level: 2, score: 180, bandTableId: null });

    // The plant moves orange up to 200: 180 is now yellow.
    const bands = [
      { min: 320, max: null, level: 1 as const },
      { min: 200, max: 320, level: 2 as const },
      { min: 70, max: 200, level: 3 as const },
      { min: 0, max: 70, level: 4 as const },
    ];
    const saved = ok(await call(ts.url, bandTableSave, { method: 'LEC', bands }, admin));
    expect(saved.id).toBeGreaterThan(0);
    expect(ok(await call(ts.url, evaluationCalculate, { method: 'LEC', L: 6, E: 2, C: 15 }, admin))).toMatchObject({ level: 3, colour: 'yellow' });
    // 240 (L 6 × E 1 × C 40) stays orange: the new edge is 200.
    expect(ok(await call(ts.url, evaluationCalculate, { method: 'LEC', L: 6, E: 1, C: 40 }, admin))).toMatchObject({ score: 240, level: 2 });
    const page = ok(await call(ts.url, lecPage, { method: 'LEC' }, operator));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ method: 'LEC', id: saved.id, updatedBy: 'admin' });
    expect(page.items[0].bands.map((b) => b.min)).toEqual([320, 200, 70, 0]);

    const second = ok(await call(ts.url, evaluationRecordAdd, { entity: 'Analysis', targetId: ids.event, method: 'LEC', L: 6, E: 2, C: 15 }, admin));
    expect(second).toMatchObject({ level: 3, bandTableId: saved.id });
    const history = ok(await call(ts.url, evaluationRecordSearch, { entity: 'Analysis', targetId: ids.event }, admin));
    expect(history.items.map((e) => e.level)).toEqual([3, 2]);
    // The first keeps the default bands (orange from 160), whatever the plant's bands are now.
    expect(history.items[1].bands!.find((b) => b.level === 2)!.min).toBe(160);

    // A table with a gap is refused naming the band.
    const gap = await call(ts.url, bandTableSave, { method: 'LEC', bands: [{ min: 320, max: null, level: 1 }, { min: 0, max: 300, level: 3 }] }, admin);
    expectRefused(gap, 400, ['bands.0.min']);
    // Back to the defaults for the tests below.
    ok(await call(ts.url, bandTableSave, defaultLecBands, admin));
    expect(ok(await call(ts.url, evaluationCalculate, { method: 'LEC', L: 6, E: 2, C: 15 }, admin)).level).toBe(2);
  });

  it('the three layers and the counts read the tree with the newest evaluation', async () => {
    const { units } = ok(await call(ts.url, riskDetail, { unitId: ids.unit }, admin));
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ name: '空压站', object: '空压机', level: 3, regionid: regions.get('UT') });
    expect(units[0].events[0]).toMatchObject({ name: '润滑油泄漏着火', accidentType: '火灾', level: 3, score: 180 });
    expect(units[0].events[0].measures[0]).toMatchObject({ content: '定期更换密封', measureType: '工程技术', tier: 'team', cycle: 1, cycleUnit: 'week' });
    const count = ok(await call(ts.url, analysisCount, {}, admin));
    // The demo plant has evaluation units of its own: the totals are the sums of the units'.
    expect(count.total).toBe(count.byUnit.reduce((n, u) => n + u.total, 0));
    expect(count.byUnit.find((u) => u.unitId === ids.unit)).toMatchObject({ total: 1, byLevel: { '3': 1 } });
  });

  it('a residual above the inherent level is refused naming `residual`; a valid pair is kept', async () => {
    const bad = await call(ts.url, inherentRiskSave, { unitId: ids.unit, inherent: 3, residual: 2 }, admin);
    expectRefused(bad, 400, ['residual']);
    expect(JSON.stringify(bad.body)).toContain('risk.residualAboveInherent');
    ok(await call(ts.url, inherentRiskSave, { unitId: ids.unit, inherent: 2, residual: 3, note: '加装可燃气体报警' }, admin));
    const { items } = ok(await call(ts.url, inherentRiskSearch, {}, admin));
    expect(items.find((u) => u.unitId === ids.unit)).toMatchObject({ inherent: 2, residual: 3, evaluated: 3, note: '加装可燃气体报警', updatedBy: 'admin' });
  });

  it('permissions: the operator reads, never edits, and sees only the units of their regions', async () => {
    expectRefused(await call(ts.url, bandTableSave, defaultLecBands, operator), 403);
    expectRefused(await call(ts.url, inherentRiskSave, { unitId: ids.unit, inherent: 1, residual: 1 }, operator), 403);
    expectRefused(await call(ts.url, evaluationRecordAdd, { entity: 'Analysis', targetId: ids.event, method: 'direct', level: 1 }, operator), 403);
    expectRefused(await call(ts.url, seed(evaluateUnitLedger, 'EvaluateUnitAdd'), { name: 'x', region: regions.get('LS')! }, operator), 403);
    // UT is not one of the operator's regions.
    expect(ok(await call(ts.url, riskDetail, {}, operator)).units.find((u) => u.id === ids.unit)).toBeUndefined();
    expect(ok(await call(ts.url, inherentRiskSearch, {}, operator)).items.find((u) => u.unitId === ids.unit)).toBeUndefined();
    const anonymous = await call(ts.url, lecPage, {});
    expect(anonymous.httpStatus).toBe(401);
  });
});
