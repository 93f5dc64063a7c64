import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hiddenDangerAssign,
  hiddenDangerCleanupSummary,
  hiddenDangerClose,
  hiddenDangerRectify,
  hiddenDangerRegister,
  hiddenDangerVerify,
} from '../../../../src/shared/hidden-dangers/contracts.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { localParts } from '../../../../src/shared/domain/plant-calendar.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createDept, createRegion, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const DAY = 86_400_000;
const calls = recordContracts(hiddenDangerLedger);

/*
 * Issue 24 §1, /SecurityRiskManagement/TroubleCleanupSummary: quarterly and
 * yearly summaries of the caller's regions — found, closed, overdue, 重大,
 * money — by department and region (the figures' rules:
 * tests/shared/domain/hidden-danger-summary.test.ts).
 */
describe.each(dialects)('the hidden-danger cleanup summary call (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let supervisor: User;
  let operator: User;
  let inspector: User;
  let narrow: User;
  let r1: number;
  let r2: number;
  let d1: number;
  let d2: number;
  let year: number;
  let quarter: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    r1 = await createRegion(t, admin, { name: '罐区' });
    r2 = await createRegion(t, admin, { name: '装置区' });
    d1 = await createDept(t, admin, { name: '储运部' });
    d2 = await createDept(t, admin, { name: '生产部' });
    supervisor = await userWithRole(t, 'supervisor');
    operator = await userWithRole(t, 'operator');
    inspector = await userWithRole(t, 'inspector');
    narrow = await userWithRole(t, 'supervisor', { regions: [r2] });

    const found = async (title: string, region: number, dept: number) => (await ok(t, calls.save, { title, category: 'equipment', region, dept }, inspector.token)).id;
    const assign = (id: number, money: number) => ok(t, hiddenDangerAssign, { id, responsibleId: operator.userid, deadline: Date.now() + 7 * DAY, measures: '整改', money }, supervisor.token);
    // R1/D1: a 重大 danger (121 号 item 20), 8000 元, rectified, accepted and closed.
    const a = await found('氧化剂与易燃物混存', r1, d1);
    await ok(t, hiddenDangerRegister, { id: a, grade: 'major', criteria: [20] }, supervisor.token);
    await ok(t, hiddenDangerAssign, {
      id: a,
      responsibleId: operator.userid,
      deadline: Date.now() + 7 * DAY,
      measures: '分库存放',
      money: 8000,
      majorPlan: { goal: '分库', method: '搬迁', money: 8000, people: '储运部', deadline: Date.now() + 7 * DAY, safetyMeasures: '专人监护' },
    }, supervisor.token);
    await ok(t, hiddenDangerRectify, { id: a, note: '已分库' }, operator.token);
    await ok(t, hiddenDangerVerify, { id: a }, supervisor.token);
    await ok(t, hiddenDangerClose, { id: a }, supervisor.token);
    // R2/D2: a general one, 300.5 元, open; another only reported.
    const b = await found('防爆灯罩破损', r2, d2);
    await ok(t, hiddenDangerRegister, { id: b, grade: 'general' }, supervisor.token);
    await assign(b, 300.5);
    await found('地沟盖板缺失', r2, d2);
    const created = (await ok(t, calls.get, { id: a }, admin.token)).record.created;
    const p = localParts(created);
    year = p.year;
    quarter = `Q${Math.floor((p.month - 1) / 3) + 1}`;
  });
  afterAll(() => t.close());

  it('answers the four quarters and the year: found, closed, 重大 and money where they happened, nothing in the other quarters', async () => {
    const s = await ok(t, hiddenDangerCleanupSummary, { year }, supervisor.token);
    expect(s.year).toBe(year);
    expect(s.periods.map((p) => p.period)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'year']);
    for (const p of s.periods) {
      const expected = p.period === quarter || p.period === 'year' ? { found: 3, closed: 1, overdue: 0, major: 1, money: 8300.5 } : { found: 0, closed: 0, overdue: 0, major: 0, money: 0 };
      expect(p, p.period).toMatchObject(expected);
    }
    const y = s.periods.find((p) => p.period === 'year')!;
    expect(y.byDept).toEqual([
      { key: String(d2), found: 2, closed: 0, overdue: 0, major: 0, money: 300.5 },
      { key: String(d1), found: 1, closed: 1, overdue: 0, major: 1, money: 8000 },
    ]);
    expect(y.byRegion.map((g) => [g.key, g.found, g.closed, g.major])).toEqual([
      [String(r2), 2, 0, 0],
      [String(r1), 1, 1, 1],
    ]);
    const other = await ok(t, hiddenDangerCleanupSummary, { year: year - 1 }, supervisor.token);
    expect(other.periods.every((p) => p.found === 0 && p.closed === 0)).toBe(true);
  });

  it('counts only the caller\'s regions', async () => {
    const s = await ok(t, hiddenDangerCleanupSummary, { year }, narrow.token);
    const y = s.periods.find((p) => p.period === 'year')!;
    expect(y).toMatchObject({ found: 2, closed: 0, major: 0, money: 300.5 });
    expect(y.byRegion.map((g) => g.key)).toEqual([String(r2)]);
  });

  it('refuses a year out of range or missing, naming `year`; needs a signed-in caller', async () => {
    for (const input of [{ year: 1999 }, { year: 2101 }, {}, { year: 2025.5 }]) {
      const r = await call(t.url, hiddenDangerCleanupSummary, input, supervisor.token);
      expect(r.httpStatus, JSON.stringify(input)).toBe(400);
      expect(r.body.IsSuccess).toBe(false);
      expect(r.body.error.controls).toEqual(['year']);
    }
    const anon = await call(t.url, hiddenDangerCleanupSummary, { year }, '');
    expect(anon.httpStatus).toBe(401);
  });
});
