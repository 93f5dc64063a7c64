import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../../../src/shared/domain/plant-calendar.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import {
  checkIn,
  invalidApply,
  invalidApprove,
  missedRate,
  planCycleChange,
  planDelete,
  planEnable,
  planSave,
  pointSave,
  taskDetail,
  taskGenerate,
  taskList,
  type PlanInput,
} from '../../../../src/shared/inspections/contracts.js';
import { myTodoList } from '../../../../src/shared/org/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { DEMO_INSPECTOR_CARD } from '../../../../src/server/modules/inspections/demo.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const TF = { lon: 118.80367, lat: 32.25234 };
/** About 110 m north of the tank farm's centre: outside any point radius from there. */
const FAR = 0.001;

/*
 * Inspections on a real server (issue 24 §2–§3): rounds generated on time and
 * once, check-ins judged by code, window and the inspector's position history,
 * findings opening hidden dangers, cycle changes three ways, pauses,
 * invalid-inspection applications and the missed-check rate.
 */
describe.each(dialects)('inspections (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'inspector', string>;
  let tf: number;
  let users: Record<string, number>;
  let seq = 0;

  const point = async (dLat: number, items: unknown[] = []) => {
    seq++;
    const r = await call(t.url, pointSave, { name: `测试点${seq}`, kind: 'device', regionid: tf, lon: TF.lon, lat: TF.lat + dLat, qrCode: `QR-${dialect}-${seq}`, items }, tok.supervisor);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!;
  };
  const plan = async (p: Partial<PlanInput> & Pick<PlanInput, 'pointIds'>) => {
    const r = await call(
      t.url,
      planSave,
      {
        name: `计划${++seq}`,
        responsibleId: users.supervisor,
        inspectorIds: [users.inspector],
        regionid: tf,
        cycle: { kind: 'hour', every: 1, at: '00:00' },
        effectiveFrom: startOfLocalDay(Date.now()),
        // A few minutes either side, so a test running across the hour still finds its round open.
        toleranceMinutes: 5,
        ...p,
      },
      tok.supervisor,
    );
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!;
  };
  const tasksOf = async (planId: number, token = tok.supervisor) => (await call(t.url, taskList, { planId, pageSize: 1000 }, token)).body.data!.items;
  const openTask = async (planId: number) => (await tasksOf(planId)).find((x) => x.start <= Date.now() && Date.now() < x.end)!;
  const fix = (lon: number, lat: number, at: number) => t.server.stream.ingest.positions([{ tagId: DEMO_INSPECTOR_CARD, t: at, lon, lat, kind: 'person' }], 'test');

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      inspector: await demoToken(t.url, 'inspector'),
    };
    tf = (await orgIds(t.url, tok.admin)).region.get('TF')!;
    const todo = await call(t.url, myTodoList, { page: 1, pageSize: 1 }, tok.inspector);
    expect(todo.body.IsSuccess).toBe(true);
    // User ids by login name, from the demo plan's responsible person and inspector.
    const demo = await call(t.url, taskList, { pageSize: 1 }, tok.inspector);
    const detail = await call(t.url, taskDetail, { id: demo.body.data!.items[0].id }, tok.inspector);
    users = { supervisor: detail.body.data!.plan.responsibleId, inspector: detail.body.data!.plan.inspectorIds[0] };
  });
  afterAll(() => t.close());

  it('the demo plan has its three points and an hourly round open now', async () => {
    const mine = (await call(t.url, taskList, { mine: true, from: Date.now(), to: Date.now() + 1, pageSize: 50 }, tok.inspector)).body.data!.items;
    expect(mine.length).toBe(1);
    expect(mine[0].route.length).toBe(3);
    expect(mine[0].end - mine[0].start).toBe(H);
    expect(mine[0].status).toBe('notStarted');
  });

  it('generates a round per hour from the effective time, each window once however often the generator runs', async () => {
    const a = await point(0);
    const p = await plan({ pointIds: [a.id] });
    const first = await tasksOf(p.id);
    const midnight = startOfLocalDay(Date.now());
    // From midnight to 12 h ahead, one a hour.
    expect(first.length).toBe(Math.ceil((Date.now() + 12 * H - midnight) / H));
    expect(new Set(first.map((x) => x.start)).size).toBe(first.length);
    expect(first.every((x) => x.end - x.start === H && (x.start - midnight) % H === 0)).toBe(true);
    const again = await call(t.url, taskGenerate, {}, tok.supervisor);
    expect(again.body.data!.created).toBe(0);
    // A generator on another server, or after a restart, with an older bound: the unique (plan, start) keeps one each.
    await t.server.store.db.updateTable('inspection_plan').set({ generated_to: 0 }).where('id', '=', p.id).execute();
    await call(t.url, taskGenerate, {}, tok.supervisor);
    expect((await tasksOf(p.id)).length).toBe(first.length);
    // Past rounds with nothing checked are incomplete: missed.
    const past = first.filter((x) => x.end + 5 * MIN <= Date.now());
    expect(past.every((x) => x.status === 'incomplete' && x.missed.length === 1)).toBe(true);
  });

  it('no round starts inside a pause', async () => {
    const a = await point(0);
    const base = startOfLocalDay(Date.now()) + DAY;
    const p = await plan({ pointIds: [a.id], effectiveFrom: base, pauses: [{ start: base + 2 * H, end: base + 5 * H, note: '检修' }] });
    const starts = (await tasksOf(p.id)).map((x) => (x.start - base) / H);
    expect(starts).not.toContain(2);
    expect(starts).not.toContain(4);
    const bad = await call(t.url, planSave, { ...p, id: undefined, name: 'x', pauses: [{ start: base + H, end: base }] }, tok.supervisor);
    expectRefused(bad, 400, ['pauses.0.end']);
  });

  it('check-ins: QR inside the window with a fix near the point is valid; without one it is flagged; an out-of-limit value opens a hidden danger', async () => {
    const a = await point(0);
    const b = await point(FAR, [{ key: 'p', label: '出口压力', type: 'value', min: 0.2, max: 0.8, unit: 'MPa' }]);
    const p = await plan({ pointIds: [a.id, b.id] });
    const task = await openTask(p.id);
    const now = Date.now();
    fix(TF.lon, TF.lat, now);
    // The open round is a to-do of its inspector, leading to the phone page.
    const roundTodo = async () => (await call(t.url, myTodoList, { page: 1, pageSize: 200 }, tok.inspector)).body.data!.items.some((x) => x.href === `/inspection/MobileInspection?task=${task.id}`);
    expect(await roundTodo()).toBe(true);

    const wrong = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: 'QR-OTHER', checkedAt: now }, tok.inspector);
    expectRefused(wrong, 400, ['value']);
    expect(wrong.body.error.code).toBe('inspections.checkIn.wrongCode');
    const future = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode, checkedAt: now + 10 * MIN }, tok.inspector);
    expectRefused(future, 400, ['checkedAt']);
    expect(future.body.error.code).toBe('inspections.checkIn.future');
    const notMine = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode }, tok.operator);
    expect(notMine.httpStatus).toBe(403);

    const ok = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode, checkedAt: now }, tok.inspector);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    expect(ok.body.data!.checkIn).toMatchObject({ status: 'valid', card: DEMO_INSPECTOR_CARD });
    expect(ok.body.data!.checkIn.distanceM).toBeLessThan(5);
    expect(ok.body.data!.task.status).toBe('inProgress');
    // The same check-in again (an offline queue retrying): the same answer, nothing doubled.
    const again = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode, checkedAt: now }, tok.inspector);
    expect(again.body.data!.duplicate).toBe(true);

    const missing = await call(t.url, checkIn, { taskId: task.id, pointId: b.id, value: b.qrCode, checkedAt: now + 1000 }, tok.inspector);
    expectRefused(missing, 400, ['readings.p']);
    const flagged = await call(t.url, checkIn, { taskId: task.id, pointId: b.id, value: b.qrCode, checkedAt: now + 1000, readings: { p: 1.3 } }, tok.inspector);
    expect(flagged.body.IsSuccess, JSON.stringify(flagged.body)).toBe(true);
    const c = flagged.body.data!.checkIn;
    expect(c.status).toBe('flagged');
    expect(c.reasons[0].code).toBe('inspections.checkIn.outsideRadius');
    expect(c.distanceM).toBeGreaterThan(90);
    expect(c.findings).toEqual([expect.objectContaining({ key: 'p', code: 'inspections.reading.aboveMax' })]);
    expect(c.hiddenDangerIds.length).toBe(1);
    expect(flagged.body.data!.task).toMatchObject({ status: 'completed', done: 2, flagged: 1, hiddenDangers: 1 });
    expect(await roundTodo()).toBe(false);

    const hd = await call(t.url, recordContracts(hiddenDangerLedger).get, { id: c.hiddenDangerIds[0] }, tok.supervisor);
    expect(hd.body.IsSuccess, JSON.stringify(hd.body)).toBe(true);
    expect(hd.body.data!.record).toMatchObject({ source: 'inspection', point: b.name, region: tf, finder: users.inspector, lat: b.lat });
    expect(String(hd.body.data!.record.title)).toContain('1.3');
  });

  it('an offline check-in is judged at the time it was made, against the positions then; a time outside the window is refused', async () => {
    const a = await point(0);
    const p = await plan({ pointIds: [a.id] });
    const task = await openTask(p.id);
    const made = Math.max(task.start + 1000, Date.now() - 2 * MIN);
    fix(TF.lon, TF.lat + FAR, Date.now());
    fix(TF.lon, TF.lat, made);
    const early = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode, checkedAt: task.start - 10 * MIN }, tok.inspector);
    expectRefused(early, 400, ['checkedAt']);
    expect(early.body.error.code).toBe('inspections.checkIn.tooEarly');
    const late = await call(t.url, checkIn, { taskId: task.id, pointId: a.id, value: a.qrCode, method: 'qr', checkedAt: made }, tok.inspector);
    expect(late.body.data!.checkIn).toMatchObject({ status: 'valid', checkedAt: made });
  });

  it('cycle change: at the next cycle, at once (resets the pending list), at a set time', async () => {
    const a = await point(0);
    const two = { kind: 'hour' as const, every: 2, at: '00:00' };
    const next = await plan({ pointIds: [a.id] });
    const r1 = await call(t.url, planCycleChange, { id: next.id, cycle: two, mode: 'nextCycle' }, tok.supervisor);
    expect(r1.body.IsSuccess, JSON.stringify(r1.body)).toBe(true);
    const open = await openTask(next.id);
    expect(r1.body.data!.switchAt).toBe(open.end);
    const after1 = (await tasksOf(next.id)).filter((x) => x.start >= open.end);
    expect(after1.every((x) => x.end - x.start === 2 * H)).toBe(true);
    expect(open.end - open.start).toBe(H);

    const now = await plan({ pointIds: [a.id] });
    const r2 = await call(t.url, planCycleChange, { id: now.id, cycle: two, mode: 'immediate' }, tok.supervisor);
    expect(r2.body.data!.dropped).toBeGreaterThan(0);
    // A round of the new cycle is due at once, up to the new cycle's next slot; then every 2 h.
    const open2 = await openTask(now.id);
    expect((open2.end - startOfLocalDay(Date.now())) % (2 * H)).toBe(0);
    expect(open2.end - open2.start).toBeLessThanOrEqual(2 * H);
    expect((await tasksOf(now.id)).filter((x) => x.start > Date.now()).every((x) => x.end - x.start === 2 * H)).toBe(true);

    const at = await plan({ pointIds: [a.id] });
    const when = startOfLocalDay(Date.now()) + DAY + 6 * H;
    const bad = await call(t.url, planCycleChange, { id: at.id, cycle: two, mode: 'atTime' }, tok.supervisor);
    expectRefused(bad, 400, ['at']);
    await call(t.url, planCycleChange, { id: at.id, cycle: two, mode: 'atTime', at: when }, tok.supervisor);
    await call(t.url, taskGenerate, { at: when + 4 * H }, tok.supervisor);
    const list = await tasksOf(at.id);
    expect(list.filter((x) => x.start < when).every((x) => x.end - x.start === H)).toBe(true);
    expect(list.filter((x) => x.start >= when).map((x) => (x.start - when) / H)).toEqual(expect.arrayContaining([0, 2, 4]));
    expect(list.filter((x) => x.start >= when).every((x) => (x.start - when) % (2 * H) === 0)).toBe(true);
  });

  it('deactivate, re-enable, delete asks first when there are records', async () => {
    const a = await point(0);
    const p = await plan({ pointIds: [a.id] });
    const off = await call(t.url, planEnable, { id: p.id, enabled: false }, tok.supervisor);
    expect(off.body.data!.enabled).toBe(false);
    expect((await tasksOf(p.id)).filter((x) => x.start > Date.now()).length).toBe(0);
    const on = await call(t.url, planEnable, { id: p.id, enabled: true }, tok.supervisor);
    expect(on.body.data!.enabled).toBe(true);
    expect((await tasksOf(p.id)).filter((x) => x.start > Date.now()).length).toBeGreaterThan(0);
    const ask = await call(t.url, planDelete, { id: p.id }, tok.supervisor);
    expectRefused(ask, 409);
    expect(ask.body.error.code).toBe('inspections.plan.deleteConfirm');
    expect((await call(t.url, planDelete, { id: p.id, confirm: true }, tok.supervisor)).body.IsSuccess).toBe(true);
    expect(await tasksOf(p.id)).toEqual([]);
  });

  it('missed-check rate over a month of daily rounds; an approved invalid application takes a round out of the statistics', async () => {
    const a = await point(0);
    const b = await point(0.0001);
    const from = startOfLocalDay(Date.now()) - 30 * DAY;
    const p = await plan({ pointIds: [a.id, b.id], effectiveFrom: from, cycle: { kind: 'day', every: 1, times: ['00:00'] } });
    const q = { item: 'plan', start: from, end: startOfLocalDay(Date.now()) + 1 } as const;
    const rate = async () => (await call(t.url, missedRate, q, tok.supervisor)).body.data!.rows.find((r) => r.key === p.id)!;
    // 30 past days × 2 points due, none done.
    expect(await rate()).toMatchObject({ due: 60, done: 0, missed: 60, rate: 1 });
    expectRefused(await call(t.url, missedRate, { item: 'plan', start: from }, tok.supervisor), 400, ['end']);
    expectRefused(await call(t.url, missedRate, { start: from, end: from + DAY }, tok.supervisor), 400, ['item']);

    const round = (await tasksOf(p.id)).find((x) => x.end + 5 * MIN <= Date.now())!;
    // Only the recorder or a related responsible person applies (seed 2 §5).
    expectRefused(await call(t.url, invalidApply, { taskId: round.id, reason: '停产检修', approverId: users.supervisor }, tok.operator), 403);
    expectRefused(await call(t.url, invalidApply, { taskId: round.id, reason: ' ', approverId: users.inspector }, tok.supervisor), 400, ['reason']);
    expectRefused(await call(t.url, invalidApply, { taskId: round.id, reason: '停产检修' }, tok.supervisor), 400, ['approverId']);
    const applied = await call(t.url, invalidApply, { taskId: round.id, reason: '停产检修', approverId: users.inspector }, tok.supervisor);
    expect(applied.body.data!.invalid).toBe('pending');
    // Pending changes nothing; only the approver decides.
    expect((await rate()).due).toBe(60);
    expectRefused(await call(t.url, invalidApprove, { taskId: round.id, approve: true }, tok.operator), 403);
    const approved = await call(t.url, invalidApprove, { taskId: round.id, approve: true }, tok.inspector);
    expect(approved.body.data!.invalid).toBe('approved');
    expect(await rate()).toMatchObject({ due: 58, done: 0, rate: 1 });
    const invalids = (await call(t.url, taskList, { invalid: 'approved', planId: p.id }, tok.supervisor)).body.data!;
    expect(invalids.items.map((x) => x.id)).toEqual([round.id]);
  });
});
