import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerStatistics, hiddenDangerVoid } from '../../../../src/shared/hidden-dangers/contracts.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { missedRate } from '../../../../src/shared/inspections/contracts.js';
import {
  dangerDeptStatisticsCall,
  dangerInspectionDeptStatisticsCall,
  dangerInspectionStatisticsCall,
  personInspectionInfoCall,
  personInspectionTaskCall,
  dangerStatisticsCall,
  riskClassificationCall,
  riskControlListCall,
  runningEffectCall,
} from '../../../../src/shared/performance-board/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { riskPointLedger } from '../../../../src/shared/risk/ledger.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';

const dangers = recordContracts(hiddenDangerLedger);
const points = recordContracts(riskPointLedger);

/*
 * The performance board (issue 24 §4, seed 2 §7.5): its figures are the
 * hidden-danger and risk modules' own, counted once, in the caller's regions.
 */
describe.each(dialects)('performance board (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let inspector: string;
  let tf: number;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    inspector = await demoToken(t.url, 'inspector');
    tf = (await orgIds(t.url, admin)).region.get('TF')!;
  });
  afterAll(() => t.close());

  const data = async <T>(r: Promise<{ body: { IsSuccess: boolean; data?: T | null; error?: unknown } }>): Promise<T> => {
    const b = (await r).body;
    expect(b.IsSuccess, JSON.stringify(b.error)).toBe(true);
    return b.data as T;
  };

  it('agrees with the hidden-danger statistics and the risk points ledger', async () => {
    const stats = await data(call(t.url, hiddenDangerStatistics, {}, admin));
    const board = await data(call(t.url, dangerStatisticsCall, {}, admin));
    const voided = stats.byStatus.find((s) => s.key === 'voided')?.count ?? 0;
    expect(board.figures).toMatchObject({ found: stats.total, closed: stats.closed, overdue: stats.overdue, voided });
    // A danger still waiting for grading has neither grade.
    expect(board.major).toBe(stats.byGrade.find((g) => g.key === 'major')?.count ?? 0);
    expect(board.major + board.general).toBeLessThanOrEqual(stats.total - voided);
    expect(board.byMonth).toHaveLength(12);

    const effect = await data(call(t.url, runningEffectCall, {}, admin));
    const ledgerTotal = (await data(call(t.url, points.list, { page: 1, pageSize: 1 }, admin))).total;
    expect(effect.riskPoints).toBe(ledgerTotal);
    expect(effect.riskPoints).toBeGreaterThan(0);
    expect(effect.all).toEqual(board.figures);

    const classes = await data(call(t.url, riskClassificationCall, {}, admin));
    expect(classes.points.reduce((s, p) => s + p.count, 0)).toBe(effect.riskPoints);
    expect(classes.points.find((p) => p.level === null)!.count).toBe(effect.riskPointsUnevaluated);
    const zones = (await data(call(t.url, zoneRiskList, {}, admin))).items;
    expect(classes.zones.reduce((s, z) => s + z.count, 0)).toBe(zones.length);
    const list = await data(call(t.url, riskControlListCall, {}, admin));
    expect(list.items.map((z) => z.regionid).sort()).toEqual(zones.map((z) => z.regionid).sort());
    expect(list.items.every((z) => z.regionname.length > 0)).toBe(true);

    const depts = await data(call(t.url, dangerDeptStatisticsCall, {}, admin));
    expect(depts.items.reduce((s, d) => s + d.found, 0)).toBe(stats.total);
  });

  it('counts a newly reported danger in this month, its department and as open; voided, it leaves the rate', async () => {
    const before = await data(call(t.url, runningEffectCall, {}, admin));
    const saved = await data(call(t.url, dangers.save, { title: '看板测试：泵房地面油污', category: 'other', region: tf }, inspector));
    const after = await data(call(t.url, runningEffectCall, {}, admin));
    expect(after.month.found).toBe(before.month.found + 1);
    expect(after.all.open).toBe(before.all.open + 1);
    expect(after.all.rectifyRate).not.toBeNull();
    expect(after.all.rectifyRate!).toBeLessThanOrEqual(before.all.rectifyRate ?? 100);
    const { id } = saved as { id: number };
    await data(call(t.url, hiddenDangerVoid, { id, reason: '重复上报' }, admin));
    const voided = await data(call(t.url, runningEffectCall, {}, admin));
    expect(voided.all.voided).toBe(before.all.voided + 1);
    expect(voided.all.open).toBe(before.all.open);
    expect(voided.all.rectifyRate).toBe(before.all.rectifyRate);
  });

  it('gives the inspections module\'s missed-check rate as a percentage, by plan, department and person, and each person their own', async () => {
    const DAY = 86_400_000;
    const period = { from: Date.now() - 30 * DAY, to: Date.now() + DAY };
    const own = await data(call(t.url, missedRate, { item: 'plan', start: period.from, end: period.to }, admin));
    const board = await data(call(t.url, dangerInspectionStatisticsCall, period, admin));
    expect(board.overall).toEqual({ ...own.overall, rate: own.overall.due ? Math.round((own.overall.missed / own.overall.due) * 1000) / 10 : null });
    expect(board.byPlan.map((r) => r.key).sort()).toEqual(own.rows.map((r) => r.key).sort());
    const depts = await data(call(t.url, dangerInspectionDeptStatisticsCall, period, admin));
    expect(depts.items.reduce((s, r) => s + r.due, 0)).toBe(own.overall.due);
    const people = await data(call(t.url, personInspectionTaskCall, period, admin));
    expect(people.items.reduce((s, r) => s + r.due, 0)).toBe(own.overall.due);
    // This month by default; the inspector's own figures are the inspector's row.
    const month = await data(call(t.url, personInspectionTaskCall, {}, admin));
    const info = await data(call(t.url, personInspectionInfoCall, {}, inspector));
    const me = (await data(call(t.url, missedRate, { item: 'person', start: info.from, end: info.to }, inspector))).rows;
    expect(info.from).toBe(month.from);
    expect(info.mine.due).toBe(me.reduce((s, r) => s + r.due, 0) && (me.find((r) => r.name === '张巡检')?.due ?? 0));
  });

  it('counts only the caller\'s regions: the operator (tank farm, loading station) sees a part of the plant', async () => {
    const operator = await demoToken(t.url, 'operator');
    const all = await data(call(t.url, riskControlListCall, {}, admin));
    const mine = await data(call(t.url, riskControlListCall, {}, operator));
    const ownZones = (await data(call(t.url, zoneRiskList, {}, operator))).items.map((z) => z.regionid).sort();
    expect(mine.items.map((z) => z.regionid).sort()).toEqual(ownZones);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.length).toBeLessThan(all.items.length);
    const allEffect = await data(call(t.url, runningEffectCall, {}, admin));
    const myEffect = await data(call(t.url, runningEffectCall, {}, operator));
    expect(myEffect.riskPoints).toBeLessThan(allEffect.riskPoints);
    expect(myEffect.zones).toBe(mine.items.length);
    const myDangers = (await data(call(t.url, hiddenDangerStatistics, {}, operator))).total;
    expect(myEffect.all.found).toBe(myDangers);
  });

  it('needs performance:view: the contractor is refused', async () => {
    const contractor = await demoToken(t.url, 'contractor');
    const r = await call(t.url, runningEffectCall, {}, contractor);
    expect(r.httpStatus).toBe(403);
    expect(r.body.IsSuccess).toBe(false);
  });
});
