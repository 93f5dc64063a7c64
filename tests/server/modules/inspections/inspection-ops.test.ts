import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogList } from '../../../../src/shared/org/contracts.js';
import { planEnable, planSave, pointSave } from '../../../../src/shared/inspections/contracts.js';
import { leakCheckLedger } from '../../../../src/shared/inspections/ledgers.js';
import {
  inspectionDeviceBind,
  inspectionOperationLog,
  inspectionPauseSave,
  inspectionStopQuery,
  inspectionSystemConfig,
  inspectionSystemConfigSave,
} from '../../../../src/shared/inspections/ops-contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/*
 * Issue 24 §2, the `/inspection/*` operations pages' calls: point–device
 * binding, time-stop periods (config, stop query, history), the operation log
 * within the caller's regions, the check-in rules in force, and the leak
 * check ledger — on both stores.
 */
describe.each(dialects)('inspection operations calls (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let narrow: User;
  let inspector: User;
  let r1: number;
  let r2: number;
  let p1: number;
  let p2: number;
  let plan1: number;
  let plan2: number;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    r1 = await createRegion(t, admin, { name: '罐区' });
    r2 = await createRegion(t, admin, { name: '装置区' });
    narrow = await userWithRole(t, 'supervisor', { regions: [r1] });
    inspector = await userWithRole(t, 'inspector');
    const point = async (name: string, regionid: number) => (await ok(t, pointSave, { name, regionid, lon: 118.8, lat: 32.25 }, admin.token)).id;
    p1 = await point('罐区1号泵', r1);
    p2 = await point('装置区阀门', r2);
    const plan = async (name: string, regionid: number, pointId: number) =>
      (await ok(t, planSave, { name, responsibleId: narrow.userid, regionid, cycle: { kind: 'hour', every: 1, at: '00:00' }, effectiveFrom: Date.now() - DAY, pointIds: [pointId] }, admin.token)).id;
    plan1 = await plan('罐区巡检', r1, p1);
    plan2 = await plan('装置区巡检', r2, p2);
  });
  afterAll(() => t.close());

  it('binds a point to a device (a manager of its region only), unbinds it back to a place, audited', async () => {
    const bound = await ok(t, inspectionDeviceBind, { pointId: p1, device: ' P-101A ' }, narrow.token);
    expect(bound).toMatchObject({ id: p1, device: 'P-101A', kind: 'device' });
    expect((await call(t.url, inspectionDeviceBind, { pointId: p2, device: 'V-1' }, narrow.token)).httpStatus).toBe(404);
    expect((await call(t.url, inspectionDeviceBind, { pointId: p1, device: 'X' }, inspector.token)).httpStatus).toBe(403);
    const tooLong = await call(t.url, inspectionDeviceBind, { pointId: p1, device: 'x'.repeat(101) }, narrow.token);
    expect(tooLong.httpStatus).toBe(400);
    expect(tooLong.body.error.controls).toEqual(['device']);
    const log = await ok(t, inspectionOperationLog, { actions: ['inspection.deviceBind'] }, narrow.token);
    expect(log.items[0]).toMatchObject({ action: 'inspection.deviceBind', subject: '罐区1号泵', loginname: narrow.loginname });
    expect(JSON.parse(log.items[0].detail)).toEqual({ from: '', to: 'P-101A' });
    expect(await ok(t, inspectionDeviceBind, { pointId: p1, device: '' }, narrow.token)).toMatchObject({ device: '', kind: 'place' });
  });

  it('saves a plan\'s time stops (end before start refused, naming the period), shows them in the stop query by state, and keeps before and after in the history', async () => {
    const now = Date.now();
    const bad = await call(t.url, inspectionPauseSave, { planId: plan1, pauses: [{ start: now, end: now - HOUR }] }, narrow.token);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['pauses.0.end']);
    expect((await call(t.url, inspectionPauseSave, { planId: plan2, pauses: [] }, narrow.token)).httpStatus).toBe(404);

    const pauses = [
      { start: now + 2 * DAY, end: now + 3 * DAY, note: '检修停车' },
      { start: now - 2 * DAY, end: now - DAY, note: '' },
      { start: now - HOUR, end: now + HOUR, note: '大风' },
    ];
    const saved = await ok(t, inspectionPauseSave, { planId: plan1, pauses }, narrow.token);
    expect(saved.pauses.map((p) => p.note)).toEqual(['', '大风', '检修停车']);

    await ok(t, planEnable, { id: plan2, enabled: false }, admin.token);
    const all = await ok(t, inspectionStopQuery, {}, admin.token);
    expect(all.items.map((x) => [x.planName, x.kind, x.state])).toEqual(
      expect.arrayContaining([
        ['罐区巡检', 'pause', 'upcoming'],
        ['罐区巡检', 'pause', 'current'],
        ['罐区巡检', 'pause', 'past'],
        ['装置区巡检', 'disabled', 'current'],
      ]),
    );
    expect(all.total).toBe(4);
    // The narrow manager sees the tank farm's stops only; the state filter narrows further.
    const mine = await ok(t, inspectionStopQuery, { state: 'current' }, narrow.token);
    expect(mine.items.map((x) => [x.planName, x.note])).toEqual([['罐区巡检', '大风']]);

    const history = await ok(t, inspectionOperationLog, { actions: ['inspection.pauseSave'] }, narrow.token);
    expect(history.total).toBe(1);
    const d = JSON.parse(history.items[0].detail) as { from: unknown[]; to: { note: string }[] };
    expect(d.from).toEqual([]);
    expect(d.to.map((p) => p.note)).toEqual(['', '大风', '检修停车']);
  });

  it('the operation log shows the rows of the caller\'s regions only (plant-wide ones to whole-plant callers), newest first; an inspector may not read it', async () => {
    const narrowLog = await ok(t, inspectionOperationLog, { pageSize: 100 }, narrow.token);
    expect(narrowLog.items.length).toBeGreaterThan(0);
    expect(narrowLog.items.every((r) => r.subject === '罐区1号泵' || r.subject === '罐区巡检')).toBe(true);
    const full = await ok(t, inspectionOperationLog, { pageSize: 100 }, admin.token);
    expect(full.items.some((r) => r.subject === '装置区阀门')).toBe(true);
    expect(full.items.some((r) => r.action === 'inspection.planEnable' && r.subject === '装置区巡检')).toBe(true);
    expect(full.items.map((r) => r.id)).toEqual([...full.items.map((r) => r.id)].sort((a, b) => b - a));
    expect((await call(t.url, inspectionOperationLog, {}, inspector.token)).httpStatus).toBe(403);
    const badAction = await call(t.url, inspectionOperationLog, { actions: ['org.userSave'] }, admin.token);
    expect(badAction.httpStatus).toBe(400);
    expect(badAction.body.error.controls).toEqual(['actions.0']);
  });

  it('answers the check-in rules in force and the counts of points and plans to anyone signed in', async () => {
    expect(await ok(t, inspectionSystemConfig, {}, inspector.token)).toEqual({
      pointRadiusM: 15,
      fixWindowSec: 60,
      invalidApplicants: 'recorderOrResponsible',
      clockSkewSec: 60,
      generateEverySec: 60,
      points: 2,
      plans: 2,
      enabledPlans: 1,
    });
  });

  it('a manager sets the check-in rules (data, not code): bad values refused on their field, audited, in force at once', async () => {
    const rules = { pointRadiusM: 25, fixWindowSec: 90, invalidApplicants: 'recorder' as const };
    expect((await call(t.url, inspectionSystemConfigSave, rules, inspector.token)).httpStatus).toBe(403);
    const bad = await call(t.url, inspectionSystemConfigSave, { ...rules, pointRadiusM: 0 }, admin.token);
    expect([bad.httpStatus, bad.body.IsSuccess, bad.body.error.controls]).toEqual([400, false, ['pointRadiusM']]);
    const saved = await ok(t, inspectionSystemConfigSave, rules, admin.token);
    expect(saved).toMatchObject(rules);
    expect(await ok(t, inspectionSystemConfig, {}, inspector.token)).toMatchObject(rules);
    const log = await ok(t, auditLogList, { entity: 'systemConfig' }, admin.token);
    expect(log.items[0]).toMatchObject({ action: 'inspection.systemConfigSave', entity_id: 'inspection.rules' });
    expect(JSON.parse(log.items[0].detail)).toEqual({ from: { pointRadiusM: 15, fixWindowSec: 60, invalidApplicants: 'recorderOrResponsible' }, to: rules });
    // Back to the defaults for the tests after this one.
    await ok(t, inspectionSystemConfigSave, { pointRadiusM: 15, fixWindowSec: 60, invalidApplicants: 'recorderOrResponsible' }, admin.token);
  });

  it('keeps leak check records on the record engine, within the regions of the reader', async () => {
    const calls = recordContracts(leakCheckLedger);
    const saved = await ok(t, calls.save, { place: '罐区1号泵', region: r1, component: 'pump', date: Date.now(), checker: inspector.userid, reading: 1200, threshold: 500, leak: 'yes' }, inspector.token);
    await ok(t, calls.save, { place: '装置区阀门', region: r2, component: 'valve', date: Date.now(), checker: inspector.userid, reading: 20, leak: 'no' }, inspector.token);
    const missing = await call(t.url, calls.save, { place: '法兰', region: r1, component: 'flange', date: Date.now(), checker: inspector.userid, leak: 'no' }, inspector.token);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toContain('reading');
    const seen = await ok(t, calls.list, { page: 1, pageSize: 20 }, narrow.token);
    expect(seen.items.map((r) => r.id)).toEqual([saved.id]);
  });
});
