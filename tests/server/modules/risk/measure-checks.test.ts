import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskModule } from '../../../../src/server/modules/risk/index.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { analysisLedger, analysisMeasureLedger, evaluateUnitLedger, measureTypeLedger } from '../../../../src/shared/risk/analysis-ledgers.js';
import { measureCheckList, measureCheckSubmit, type MeasureCheckItem } from '../../../../src/shared/risk/check-contracts.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import { escalationRuleList, escalationRuleSave } from '../../../../src/shared/risk/rule-contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRecord, createRegion, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../realtime/realtime-fixtures.js';

const HOUR = 3_600_000;
const dangers = recordContracts(hiddenDangerLedger);

/**
 * Issue 21 §1 and DOMAIN.md §6, §8 on both stores: a control measure's check
 * cycle generates its check tasks (each window once, however often the sweep
 * runs); a window closed unchecked raises the unit's zone one level through
 * the `measure-check-missed` rule, with the measure named among the causes;
 * checking the open task clears it and the zone falls back at once; only open
 * tasks can be checked, once; tasks are isolated by the unit's region.
 */
describe.each(dialects)('measure check tasks (%s)', (dialect) => {
  let ts: TestServer;
  let admin: Admin;
  let zone: number;
  let other: number;
  let measureId: number;

  const tasks = async (input: Record<string, unknown> = {}, token = admin.token) => ok(ts, measureCheckList, { page: 1, pageSize: 50, ...input }, token);
  const live = async () => (await ok(ts, zoneRiskList, {}, admin.token)).items.find((z) => z.regionid === zone)!;
  const sweep = () => ts.server.exposed(riskModule).checks.sweep();

  beforeAll(async () => {
    ts = await startTestServer({ dialect, env: { LOG_LEVEL: 'error', RISK_MEASURE_TICK_MS: String(24 * HOUR) } });
    admin = await adminOf(ts);
    zone = await createRegion(ts, admin, { code: 'CHECK-Z' });
    other = await createRegion(ts, admin, { code: 'CHECK-O' });
    await ts.server.exposed(riskModule).risk.reload();
    const unit = await createRecord(ts, admin.token, evaluateUnitLedger, { name: '罐区单元', region: zone });
    const event = await createRecord(ts, admin.token, analysisLedger, { name: '储罐泄漏', unit: unit.id, hazard: '储罐' });
    const type = await createRecord(ts, admin.token, measureTypeLedger, { name: '工程技术' });
    const measure = await createRecord(ts, admin.token, analysisMeasureLedger, {
      analysis: event.id,
      measureType: type.id,
      content: '可燃气体探测器完好',
      tier: 'team',
      checkContent: '探测器指示正常',
      cycle: 1,
      cycleUnit: 'hour',
    });
    measureId = measure.id;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('an hourly measure gets its windows from the next slot after it takes effect, each stored once', async () => {
    const created = Date.now();
    await sweep();
    const first = await tasks();
    // The window running when the measure was made is not its first: nobody could be late for it (DOMAIN.md §8).
    expect(first.items.filter((i) => i.state !== 'waiting')).toEqual([]);
    expect(first.total).toBeGreaterThanOrEqual(24);
    const earliest = first.items.at(-1)!;
    expect(earliest).toMatchObject({ measureId, measure: '可燃气体探测器完好', event: '储罐泄漏', unit: '罐区单元', regionid: zone, tier: 'team', checkContent: '探测器指示正常', state: 'waiting' });
    expect(earliest.end - earliest.start).toBe(HOUR);
    expect(earliest.start).toBeGreaterThan(created - 60_000);
    expect(earliest.start - created).toBeLessThanOrEqual(HOUR);
    expect(earliest.start % HOUR).toBe(0);
    await sweep();
    await sweep();
    expect((await tasks()).total).toBe(first.total);
  });

  it('a missed window raises the zone one level with the measure as the cause; checking the open task brings it back', async () => {
    expect(await live()).toMatchObject({ live: 4, causes: [] });
    const t = Date.now();
    // A window that closed an hour ago unchecked (as after a night nobody checked).
    await ts.server.store.db
      .insertInto('risk_measure_task')
      .values([
        { task_key: `measure-${measureId}@test`, measure_id: measureId, start_at: t - 2 * HOUR, end_at: t - HOUR, note: '' },
        // And one open now, as the current window of an older measure would be.
        { task_key: `measure-${measureId}@test-open`, measure_id: measureId, start_at: t - 60_000, end_at: t + HOUR, note: '' },
      ])
      .execute();
    await sweep();
    const raised = await live();
    expect(raised).toMatchObject({ live: 3, baseline: 4 });
    expect(raised.causes).toHaveLength(1);
    expect(raised.causes[0]).toMatchObject({ kind: 'measureCheck', id: `measureCheck:${measureId}`, ruleId: 'measure-check-missed', effectLevel: 3, start: t - HOUR });
    expect(raised.causes[0].label).toContain('可燃气体探测器完好');
    expect((await tasks({ state: 'missed' })).items.map((i) => i.start)).toEqual([t - 2 * HOUR]);

    // The missed task itself can no longer be checked: its window has closed.
    const missed = (await tasks({ state: 'missed' })).items[0];
    expectRefused(await call(ts.url, measureCheckSubmit, { id: missed.id, result: 'normal' }, admin.token), 400, ['id']);

    const open = (await tasks({ state: 'open' })).items[0];
    const done: MeasureCheckItem = await ok(ts, measureCheckSubmit, { id: open.id, result: 'normal', note: '指示正常' }, admin.token);
    expect(done).toMatchObject({ state: 'done', doneBy: admin.loginname, result: 'normal', note: '指示正常' });
    // Before the call answered, the zone fell back.
    expect(await live()).toMatchObject({ live: 4, causes: [] });
    // Once only.
    expectRefused(await call(ts.url, measureCheckSubmit, { id: open.id, result: 'abnormal' }, admin.token), 409, ['id']);
    expect((await tasks({ state: 'done' })).items.map((i) => i.id)).toEqual([open.id]);
  });

  it('the rule is a row an administrator edits: switched off, a missed check no longer raises the zone', async () => {
    const rule = (await ok(ts, escalationRuleList, {}, admin.token)).items.find((r) => r.id === 'measure-check-missed');
    expect(rule).toMatchObject({ kind: 'measureCheck', effect: { raise: 1 }, holdMs: 0, enabled: true });
    const t = Date.now();
    // A later window missed after the check: overdue again.
    await ts.server.store.db
      .insertInto('risk_measure_task')
      .values({ task_key: `measure-${measureId}@test2`, measure_id: measureId, start_at: t + 10, end_at: t + 20, note: '' })
      .execute();
    await new Promise((r) => setTimeout(r, 30));
    await sweep();
    expect(await live()).toMatchObject({ live: 3 });
    const { sort: _s, updated: _u, updatedBy: _b, ...r } = rule!;
    await ok(ts, escalationRuleSave, { ...r, enabled: false }, admin.token);
    expect(await live()).toMatchObject({ live: 4, causes: [] });
    await ok(ts, escalationRuleSave, { ...r, enabled: true }, admin.token);
    expect(await live()).toMatchObject({ live: 3 });
  });

  it('the seed list calls of the analysis ledgers answer (EvaluateUnitList, LevelList, …: the generic calls of the ledgers)', async () => {
    const units = await call(ts.url, { method: 'POST', path: '/UAPI/RiskControl/EvaluateUnitList' } as never, { page: 1, pageSize: 10 }, admin.token);
    expect(units.body.IsSuccess, JSON.stringify(units.body)).toBe(true);
    expect((units.body.data as unknown as { items: { name: string }[] }).items.map((u) => u.name)).toEqual(['罐区单元']);
    for (const name of ['LevelList', 'AccidentTypeList', 'RangeList', 'MeasureTypeList']) {
      const r = await call(ts.url, { method: 'POST', path: `/UAPI/RiskControl/${name}` } as never, { page: 1, pageSize: 10 }, admin.token);
      expect(r.body.IsSuccess, name).toBe(true);
    }
  });

  it('an abnormal check opens a hidden danger in the unit zone, the checker as finder (issue 21 §1, DOMAIN.md §8)', async () => {
    const t = Date.now();
    const [inserted] = await ts.server.store.db
      .insertInto('risk_measure_task')
      .values({ task_key: `measure-${measureId}@abnormal`, measure_id: measureId, start_at: t - 60_000, end_at: t + HOUR, note: '' })
      .returning('id')
      .execute();
    const before = (await ok(ts, dangers.list, { page: 1, pageSize: 100 }, admin.token)).total;
    const done: MeasureCheckItem = await ok(ts, measureCheckSubmit, { id: inserted.id, result: 'abnormal', note: '探测器无显示' }, admin.token);
    expect(done).toMatchObject({ state: 'done', result: 'abnormal' });
    const list = await ok(ts, dangers.list, { page: 1, pageSize: 100 }, admin.token);
    expect(list.total).toBe(before + 1);
    const danger = list.items.find((d) => String(d.title).includes('可燃气体探测器完好'))!;
    expect(danger).toMatchObject({ title: '管控措施检查异常：可燃气体探测器完好', source: 'check', region: zone, finder: admin.userid });
    expect(String(danger.detail)).toContain('探测器无显示');
    expect(String(danger.place)).toContain('罐区单元');
    // A normal check opens none.
    const [second] = await ts.server.store.db
      .insertInto('risk_measure_task')
      .values({ task_key: `measure-${measureId}@normal`, measure_id: measureId, start_at: t - 60_000, end_at: t + HOUR, note: '' })
      .returning('id')
      .execute();
    await ok(ts, measureCheckSubmit, { id: second.id, result: 'normal' }, admin.token);
    expect((await ok(ts, dangers.list, { page: 1, pageSize: 100 }, admin.token)).total).toBe(before + 1);
  });

  it('tasks are isolated by the unit region; checking needs risk:check', async () => {
    const outsider = await userWithRole(ts, 'operator', { regions: [other] });
    expect((await tasks({}, outsider.token)).total).toBe(0);
    const task = (await tasks()).items[0];
    expectRefused(await call(ts.url, measureCheckSubmit, { id: task.id, result: 'normal' }, outsider.token), 404);
    const insider = await userWithRole(ts, 'operator', { regions: [zone] });
    expect((await tasks({ measureId }, insider.token)).total).toBe((await tasks({ measureId })).total);
    expectRefused(await call(ts.url, measureCheckList, { page: 1, pageSize: 10, state: 'late' }, insider.token), 400, ['state']);
  });
});
