import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';
import { riskModule } from '../../../../src/server/modules/risk/index.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { evaluationCalculate, zoneRiskDetail, zoneRiskHistory, zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import type { RiskZoneItem } from '../../../../src/shared/risk/items.js';
import { riskPointLedger } from '../../../../src/shared/risk/ledger.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { connectClient, waitFor } from '../../stream/stream-helpers.js';
import { demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';

const points = recordContracts(riskPointLedger);

/**
 * Issue 21: `EvaluationCalculate` over HTTP (LEC, LS, MES with band edges on
 * both sides, refusals naming the field), risk points on the record engine
 * colouring their zone, and an open gas HH alarm raising the zone to red on
 * topic `risk` with the alarm as the cause, falling back when it returns.
 */
describe.each(dialects)('risk zoning (%s)', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let regions: Map<string, number>;
  const GAS = 'RISK.UT.GD-901';

  const zones = async (token: string) => {
    const r = await call(ts.url, zoneRiskList, {}, token);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return new Map(r.body.data!.items.map((z) => [z.regionid, z]));
  };
  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    regions = await saveTagsIn(ts.url, admin, [[GAS, 'UT', { kind: 'lel', unit: '%LEL', range_hi: 100, ll: null, l: null, h: 25, hh: 50 }]]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  const cases: [string, Record<string, number>, number, number, string][] = [
    // LEC, D = L × E × C; default bands ≥ 320 red, 160–320 orange, 70–160 yellow, < 70 blue (closed on the left).
    ['LEC 3×6×40', { L: 3, E: 6, C: 40 }, 720, 1, 'red'],
    ['LEC 3×3×40 (above 320)', { L: 3, E: 3, C: 40 }, 360, 1, 'red'],
    ['LEC 6×2×15 (180)', { L: 6, E: 2, C: 15 }, 180, 2, 'orange'],
    ['LEC 10×1×15 (150, below 160)', { L: 10, E: 1, C: 15 }, 150, 3, 'yellow'],
    ['LEC 10×1×7 (70 opens yellow)', { L: 10, E: 1, C: 7 }, 70, 3, 'yellow'],
    ['LEC 10×6×1 (60)', { L: 10, E: 6, C: 1 }, 60, 4, 'blue'],
    ['LEC 0.1×0.5×1', { L: 0.1, E: 0.5, C: 1 }, 0.05, 4, 'blue'],
  ];
  it.each(cases)('EvaluationCalculate %s → score, level and colour', async (_name, f, score, level, colour) => {
    const r = await call(ts.url, evaluationCalculate, { method: 'LEC', ...f }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toMatchObject({ score, level, colour });
  });

  it('EvaluationCalculate LS and MES at their band edges', async () => {
    const ls: [number, number, number][] = [
      [4, 5, 1],
      [5, 4, 1],
      [4, 4, 2],
      [3, 3, 2],
      [2, 4, 3],
      [2, 2, 3],
      [1, 3, 4],
      [1, 1, 4],
    ];
    for (const [L, S, level] of ls) {
      const r = await call(ts.url, evaluationCalculate, { method: 'LS', L, S }, admin);
      expect(r.body.data, `LS ${L}×${S}`).toMatchObject({ score: L * S, level });
    }
    const mes: [number, number, number, number][] = [
      [3, 6, 10, 1],
      [5, 3, 10, 2],
      [3, 3, 10, 2],
      [5, 2, 8, 3],
      [5, 10, 1, 3],
      [3, 2, 8, 4],
    ];
    for (const [M, E, S, level] of mes) {
      const r = await call(ts.url, evaluationCalculate, { method: 'MES', M, E, S }, admin);
      expect(r.body.data, `MES ${M}×${E}×${S}`).toMatchObject({ score: M * E * S, level });
    }
  });

  it('EvaluationCalculate refuses values outside the factor table, missing and foreign factors, naming the field', async () => {
    const notInTable = await call(ts.url, evaluationCalculate, { method: 'LEC', L: 7, E: 6, C: 40 }, admin);
    expectRefused(notInTable, 400, ['L']);
    expect(notInTable.body.error.controls).toEqual(['L']);
    const missing = await call(ts.url, evaluationCalculate, { method: 'LS', L: 3 }, admin);
    expectRefused(missing, 400, ['S']);
    const foreign = await call(ts.url, evaluationCalculate, { method: 'LEC', L: 3, E: 6, C: 40, S: 2 }, admin);
    expectRefused(foreign, 400, ['S']);
    const badMethod = await call(ts.url, evaluationCalculate, { method: 'ABC' as 'LEC', L: 3 }, admin);
    expectRefused(badMethod, 400, ['method']);
    const notNumber = await call(ts.url, evaluationCalculate, { method: 'LEC', L: '3' as unknown as number, E: 6, C: 40 }, admin);
    expectRefused(notNumber, 400, ['L']);
    const anonymous = await call(ts.url, evaluationCalculate, { method: 'LEC', L: 3, E: 6, C: 40 });
    expect(anonymous.httpStatus).toBe(401);
  });

  it('demo risk points colour their zones: a zone is the most severe of its points', async () => {
    const all = await zones(admin);
    expect(all.get(regions.get('TF-B')!)).toMatchObject({ residual: 1, live: 1, points: 1 });
    expect(all.get(regions.get('UT')!)).toMatchObject({ residual: 4, live: 4, causes: [] });
    // Zones with no point are drawn unevaluated: no residual, baseline blue.
    expect(all.get(regions.get('MP')!)).toMatchObject({ residual: null, baseline: 4, points: 0 });
    // The operator sees the zones of their regions only (TF with its children, LS).
    const mine = await zones(operator);
    expect(mine.has(regions.get('LS')!)).toBe(true);
    expect(mine.has(regions.get('UT')!)).toBe(false);
    expectRefused(await call(ts.url, zoneRiskDetail, { regionid: regions.get('UT')! }, operator), 404);
  });

  it('a risk point evaluated orange turns its zone orange; a gas HH alarm there turns it red on topic `risk` with the alarm as the cause, and it falls back when the alarm returns', async () => {
    const UT = regions.get('UT')!;
    const client = await connectClient(ts.url, admin);
    const seen: RiskZoneItem[] = [];
    client.socket.on('risk.zone', (b: { items: RiskZoneItem[] }) => seen.push(...b.items));
    try {
      expect((await client.subscribe({ topics: ['risk'] })).denied).toEqual([]);
      const saved = await call(
        ts.url,
        points.save,
        { name: '空压站油气', unit: '公用工程区', region: UT, method: 'LEC', lec_L: '3', lec_E: '6', lec_C: '15', inherent: '2', measures: '通风' },
        admin,
      );
      expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
      await waitFor(() => seen.find((z) => z.regionid === UT && z.residual === 2), 5000, 'UT orange on the topic');
      expect((await zones(admin)).get(UT)).toMatchObject({ residual: 2, live: 2, points: 2 });
      const detail = await call(ts.url, zoneRiskDetail, { regionid: UT }, admin);
      expect(detail.body.data!.points[0]).toMatchObject({ name: '空压站油气', score: 270, residual: 2, inherent: 2, problem: null });

      await ingest(GAS, 60);
      const red = (await waitFor(() => seen.find((z) => z.regionid === UT && z.live === 1), 5000, 'UT red on the topic'))!;
      expect(red.residual).toBe(2);
      expect(red.causes).toHaveLength(1);
      expect(red.causes[0]).toMatchObject({ kind: 'alarm', id: `alarm:tag:${GAS}:hh`, ruleId: 'gas-second-level', effectLevel: 1 });
      expect(red.causes[0].label).toContain('高高报');

      await ingest(GAS, 5);
      await waitFor(() => seen.find((z) => z.regionid === UT && z.live === 2 && z.t >= red.t && z.causes.length === 0), 5000, 'UT back to orange');
      expect((await zones(admin)).get(UT)).toMatchObject({ live: 2, causes: [] });
      await ts.server.exposed(riskModule).risk.idle();
      const history = await call(ts.url, zoneRiskHistory, { regionid: UT }, admin);
      expect(history.body.data!.items.slice(0, 3).map((h) => [h.from, h.to])).toEqual([
        [1, 2],
        [2, 1],
        [4, 2],
      ]);
      expect(history.body.data!.items[1].causes).toEqual([`alarm:tag:${GAS}:hh`]);
    } finally {
      client.close();
    }
  });

  it('a residual above the inherent level is flagged on the point, with the reason', async () => {
    const UT = regions.get('UT')!;
    const saved = await call(ts.url, points.save, { name: '高于固有', unit: 'U', region: UT, method: 'LS', ls_L: '4', ls_S: '5', inherent: '3' }, admin);
    expect(saved.body.IsSuccess).toBe(true);
    const detail = (await waitFor(
      async () => (await call(ts.url, zoneRiskDetail, { regionid: UT }, admin)).body.data!.points.find((p) => p.name === '高于固有'),
      5000,
      'the point in the zone',
    ))!;
    expect(detail.problem).toContain('固有');
    await call(ts.url, points.delete, { id: saved.body.data!.id }, admin);
  });
});
