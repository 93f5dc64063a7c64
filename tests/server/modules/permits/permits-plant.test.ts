import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';
import { permitsModule } from '../../../../src/server/modules/permits/index.js';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { boundsCentre, offsetToLonLat, pointInGeometry, type MultiPolygonGeometry, type PolygonGeometry } from '../../../../src/shared/domain/geometry.js';
import {
  permitApply,
  permitComplete,
  permitDetailCall,
  permitGasAdd,
  permitList,
  permitSign,
  permitStart,
  type PermitApplyInput,
  type PermitStepCode,
} from '../../../../src/shared/permits/contracts.js';
import { plantCalendarGet, plantCalendarSave } from '../../../../src/shared/permits/calendar-contracts.js';
import { workingBillCheck } from '../../../../src/shared/permits/contracts.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { completedJsa } from './jsa-fixtures.js';
import { daytimeCalendar } from '../../../helpers/calendar.js';
import { defaultPlantCalendar } from '../../../../src/shared/domain/plant-calendar.js';
import { demoToken, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { ok } from '../../../helpers/factories.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const SIG = DEMO_SIGNATURE;
/** A place for the conflict cases (no region matters there). */
const PLACE: [number, number] = [118.8017, 32.2557];

type Who = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

/*
 * Permits and the rest of the plant (issue 25 §5): a permit in effect raises
 * its zone on the four-colour map and completion lowers it; a gas detector's
 * alarm in or near the zone suspends hot work and confined space there (not
 * elsewhere, not other types); conflicts between permits refuse or warn
 * naming the other permit.
 */
describe.each(dialects)('permits on the plant (%s)', (dialect) => {
  let t: TestServer;
  const tok = {} as Record<Who, string>;
  const uid = {} as Record<Who, number>;
  let regions: Map<string, number>;
  /** A point inside each demo region's polygon: permits there are registered without a region (the signers' scopes differ) and placed by it. */
  const centre = new Map<string, [number, number]>();
  const at = (code: string, east = 0): { lng: number; lat: number } => {
    const [lng, lat] = offsetToLonLat(centre.get(code)!, east, 0);
    return { lng, lat };
  };
  const GAS = `PW.GD-${dialect}`;
  /** An emergency shutdown status tag of a device in PU-2 (1 = tripped). */
  const ESD = `PW.ESD-${dialect}`;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { LOG_LEVEL: 'error' } });
    // The grades these tests ask for must not be raised by the hour they happen to run at.
    const admin = await demoToken(t.url, 'admin');
    const calendar = (await call(t.url, plantCalendarGet, {}, admin)).body.data!;
    expect((await call(t.url, plantCalendarSave, daytimeCalendar(calendar), admin)).body.IsSuccess).toBe(true);
    for (const who of ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const) {
      tok[who] = await demoToken(t.url, who);
      const u = await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', who).executeTakeFirstOrThrow();
      uid[who] = u.userid;
    }
    for (const r of await t.server.store.db.selectFrom('region').select(['regioncode', 'geometry']).where('geometry', 'is not', null).execute()) {
      const g = JSON.parse(r.geometry!) as PolygonGeometry | MultiPolygonGeometry;
      const c = boundsCentre(g);
      if (pointInGeometry(c, g)) {
        centre.set(r.regioncode, c);
      }
    }
    regions = await saveTagsIn(t.url, tok.admin, [
      [GAS, 'PU-2', { kind: 'lel', unit: '%LEL', range_hi: 100, ll: null, l: null, h: 25, hh: 50 }],
      [ESD, 'PU-2', { kind: 'discrete', unit: '', range_hi: 1, ll: null, l: null, h: 1, hh: null }],
    ]);
    // The major hazard register binds the ESD tag to a device: that is what makes its discrete alarm a shutdown.
    const unit = await ok(t, recordContracts(dangerSourceLedger).save, { name: '加氢装置', kind: 'storage', population: 5, substances: [{ name: '氢', q: 3 }] }, tok.admin);
    await ok(t, recordContracts(dangerSourceDeviceLedger).save, { name: '加氢反应器', code: `R-${dialect}`, source: unit.id, type: 'tank', esdTag: ESD }, tok.admin);
  });
  afterAll(() => t?.close());

  const signers = () => ({
    jsa: uid.supervisor,
    gas: uid.inspector,
    measures: uid.operator,
    briefing: uid.supervisor,
    guardian: uid.operator,
    leader: uid.contractor,
    unit: uid.supervisor,
    safetyDept: uid.admin,
    approver: uid.admin,
    shiftCheck: uid.operator,
    acceptance: uid.supervisor,
  });
  const signerOf: Record<PermitStepCode, Who> = {
    applicant: 'contractor',
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
  const zone = async (code: string) => {
    const r = await call(t.url, zoneRiskList, {}, tok.admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.items.find((z) => z.regionid === regions.get(code))!;
  };
  const apply = (over: Partial<PermitApplyInput>) => {
    const start = Date.now();
    return call(
      t.url,
      permitApply,
      { type: 'hot', grade: '1', content: '法兰焊接', location: 'PU-2', lng: PLACE[0], lat: PLACE[1], start, end: start + 4 * HOUR, workers: ['焊工'], signers: signers(), signature: SIG, ...over },
      tok.contractor,
    );
  };
  /** Signs every step before work, with a fresh gas sample where the type has one. */
  const signAll = async (id: number) => {
    const d = (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
    if (d.permit.type === 'hot') {
      await completedJsa(t.url, tok.admin, uid.admin, d.permit.number);
    }
    if (d.steps.some((s) => s.code === 'gas')) {
      expect((await call(t.url, permitGasAdd, { id, lel: 5, reading: 0.1, o2: 20.8 }, tok.inspector)).body.IsSuccess).toBe(true);
    }
    for (const s of d.steps.filter((x) => x.signedAt === null && x.code !== 'acceptance')) {
      const r = await call(t.url, permitSign, { id, step: s.code, signature: SIG }, tok[signerOf[s.code]]);
      expect(r.body.IsSuccess, `${s.code}: ${JSON.stringify(r.body.error)}`).toBe(true);
    }
  };
  const activate = async (over: Partial<PermitApplyInput>) => {
    const a = await apply(over);
    expect(a.body.IsSuccess, JSON.stringify(a.body.error)).toBe(true);
    const id = a.body.data!.id;
    await signAll(id);
    const s = await call(t.url, permitStart, { id }, tok.contractor);
    expect(s.body.IsSuccess, JSON.stringify(s.body.error)).toBe(true);
    return a.body.data!;
  };
  const alarm = async (v: number) => {
    t.server.stream.ingest.samples({ tag: GAS, t: Date.now(), v, q: 0 }, 'test');
    await t.server.port(alarmsPort).idle();
    await t.server.exposed(permitsModule).gas.idle();
  };

  it('the demo confined-space permit in effect, registered without a region, raises the zone its place lies in', async () => {
    const list = await call(t.url, permitList, { page: 1, pageSize: 20, status: 'active' }, tok.admin);
    const demo = list.body.data!.items.find((p) => p.type === 'confined')!;
    expect(demo.regionId).toBeNull();
    const tfa = await zone('TF-A');
    expect(tfa.causes.map((c) => c.id)).toContain(`permit:${demo.id}`);
  });

  it('a 一级 hot-work permit in effect raises its zone one level with the permit as the cause; completion lowers it back', async () => {
    const before = await zone('PU-3');
    expect(before.causes).toEqual([]);
    const p = await activate(at('PU-3'));
    const during = await zone('PU-3');
    expect(during.live).toBe(before.live - 1);
    expect(during.causes).toHaveLength(1);
    expect(during.causes[0]).toMatchObject({ kind: 'permit', id: `permit:${p.id}`, ruleId: 'hot-work-special-first', attrs: { type: 'hot-work', grade: 'first', number: p.number } });
    const done = await call(t.url, permitComplete, { id: p.id, result: 'done' }, tok.contractor);
    expect(done.body.IsSuccess, JSON.stringify(done.body.error)).toBe(true);
    const after = await zone('PU-3');
    expect(after.live).toBe(before.live);
    expect(after.causes).toEqual([]);
  });

  it('a 二级 hot-work permit in effect leaves its zone as it was (the rule names 特级 and 一级 only)', async () => {
    const before = await zone('PU-3');
    const p = await activate({ grade: '2', ...at('PU-3'), start: Date.now(), end: Date.now() + 4 * HOUR });
    // The grade may be raised by the calendar (night, rest day): then it counts as 一级.
    const raised = p.effectiveGrade !== '2';
    expect((await zone('PU-3')).live).toBe(raised ? before.live - 1 : before.live);
    await call(t.url, permitComplete, { id: p.id, result: 'done' }, tok.contractor);
    expect((await zone('PU-3')).live).toBe(before.live);
  });

  it('a gas detector alarm in the zone suspends hot work and confined space there, with the reason and an audit row; work elsewhere and other types go on', async () => {
    const PU2 = regions.get('PU-2')!;
    const hot = await activate(at('PU-2'));
    const confined = await activate({ type: 'confined', grade: undefined, ...at('PU-2', 5), end: Date.now() + 8 * HOUR });
    const height = await activate({ type: 'height', grade: undefined, heightM: 8, ...at('PU-2', -5) });
    const elsewhere = await activate(at('LS'));
    expect((await zone('PU-2')).causes.map((c) => c.id)).toContain(`permit:${hot.id}`);

    await alarm(30);
    const status = async (id: number) => (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
    const h = await status(hot.id);
    expect(h.permit).toMatchObject({ status: 'suspended', suspendReason: `gasAlarm|测试位号 ${GAS}` });
    const row = h.events.find((e) => e.action === 'permit.suspend')!;
    expect(row.by).toBe('system');
    expect(JSON.parse(row.detail)).toMatchObject({ alarm: `tag:${GAS}:h`, alarmType: 'h', alarmRegion: PU2 });
    expect((await status(confined.id)).permit.status).toBe('suspended');
    expect((await status(height.id)).permit.status).toBe('active');
    expect((await status(elsewhere.id)).permit.status).toBe('active');
    // Suspended work no longer raises the zone.
    expect((await zone('PU-2')).causes.map((c) => c.id)).not.toContain(`permit:${hot.id}`);

    // The same alarm rising to HH does not suspend anything twice.
    await alarm(60);
    const suspends = (await status(hot.id)).events.filter((e) => e.action === 'permit.suspend');
    expect(suspends).toHaveLength(1);
    await alarm(5);
    for (const id of [height.id, elsewhere.id]) {
      await call(t.url, permitComplete, { id, result: 'done' }, tok.contractor);
    }
  });

  it('an emergency shutdown (ESD) trip in the zone suspends hot work and confined space there, refuses a start while tripped; reset, the start passes', async () => {
    const trip = async (v: number) => {
      t.server.stream.ingest.samples({ tag: ESD, t: Date.now(), v, q: 0 }, 'test');
      await t.server.port(alarmsPort).idle();
      await t.server.exposed(permitsModule).gas.idle();
    };
    const hot = await activate(at('PU-2', 20));
    const confined = await activate({ type: 'confined', grade: undefined, ...at('PU-2', 22), end: Date.now() + 8 * HOUR });
    const height = await activate({ type: 'height', grade: undefined, heightM: 8, ...at('PU-2', -20) });
    const elsewhere = await activate(at('LS', 20));
    const waiting = await apply(at('PU-2', 24));
    expect(waiting.body.IsSuccess, JSON.stringify(waiting.body.error)).toBe(true);
    await signAll(waiting.body.data!.id);

    await trip(1);
    const status = async (id: number) => (await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!;
    const h = await status(hot.id);
    expect(h.permit).toMatchObject({ status: 'suspended', suspendReason: `esd|测试位号 ${ESD}` });
    const row = h.events.find((e) => e.action === 'permit.suspend')!;
    expect(row.by).toBe('system');
    expect(JSON.parse(row.detail)).toMatchObject({ alarm: `tag:${ESD}:discrete`, alarmType: 'discrete', alarmRegion: regions.get('PU-2') });
    expect((await status(confined.id)).permit.status).toBe('suspended');
    expect((await status(height.id)).permit.status).toBe('active');
    expect((await status(elsewhere.id)).permit.status).toBe('active');

    const refused = await call(t.url, permitStart, { id: waiting.body.data!.id }, tok.contractor);
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'permits.startEsdTrip', controls: ['gas'], params: { source: `测试位号 ${ESD}` } });
    expect(refused.body.error.message).toContain('ESD');

    await trip(0);
    const started = await call(t.url, permitStart, { id: waiting.body.data!.id }, tok.contractor);
    expect(started.body.IsSuccess, JSON.stringify(started.body.error)).toBe(true);
    for (const id of [hot.id, confined.id, height.id, elsewhere.id, waiting.body.data!.id]) {
      await call(t.url, permitComplete, { id, result: 'done' }, tok.contractor);
    }
  });

  it('while a gas detector H/HH alarm lasts in or near the zone, a start of hot work or confined space is refused (409 naming the detector); other types and other zones start; it passes once the alarm clears', async () => {
    const applied = async (over: Partial<PermitApplyInput>) => {
      const a = await apply(over);
      expect(a.body.IsSuccess, JSON.stringify(a.body.error)).toBe(true);
      await signAll(a.body.data!.id);
      return a.body.data!.id;
    };
    const hot = await applied(at('PU-2', 10));
    const confined = await applied({ type: 'confined', grade: undefined, ...at('PU-2', 12), end: Date.now() + 8 * HOUR });
    const height = await applied({ type: 'height', grade: undefined, heightM: 8, ...at('PU-2', -10) });
    const elsewhere = await applied(at('LS', 10));
    await alarm(30);
    for (const id of [hot, confined]) {
      const r = await call(t.url, permitStart, { id }, tok.contractor);
      expect(r.httpStatus).toBe(409);
      expect(r.body.error).toMatchObject({ code: 'permits.startGasAlarm', controls: ['gas'], params: { source: `测试位号 ${GAS}` } });
      expect(r.body.error.message).toContain(GAS);
      expect((await call(t.url, permitDetailCall, { id }, tok.admin)).body.data!.permit.status).toBe('approved');
    }
    for (const id of [height, elsewhere]) {
      const r = await call(t.url, permitStart, { id }, tok.contractor);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
    }
    await alarm(5);
    for (const id of [hot, confined]) {
      const r = await call(t.url, permitStart, { id }, tok.contractor);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
    }
    for (const id of [hot, confined, height, elsewhere]) {
      await call(t.url, permitComplete, { id, result: 'done' }, tok.contractor);
    }
  });

  it('hot work within 30 m of a blind-plate job in effect is refused at apply and at start, naming the other permit', async () => {
    const near = offsetToLonLat(PLACE, 1000, 1000);
    // A hot-work permit approved before the blind job took effect.
    const early = await apply({ lng: offsetToLonLat(near, 20, 0)[0], lat: near[1] });
    expect(early.body.IsSuccess, JSON.stringify(early.body.error)).toBe(true);
    await signAll(early.body.data!.id);
    const blind = await activate({ type: 'blind', grade: undefined, lng: near[0], lat: near[1], blinds: [{ id: 'MB-01', action: 'insert' }], line: 'P-1001' });

    const at29 = offsetToLonLat(near, 29.5, 0);
    const refused = await apply({ lng: at29[0], lat: at29[1] });
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'permits.conflictHotNearBlind', controls: ['lng'] });
    expect(refused.body.error.message).toContain(blind.number);
    expect(refused.body.error.params).toMatchObject({ number: blind.number });

    const startEarly = await call(t.url, permitStart, { id: early.body.data!.id }, tok.contractor);
    expect(startEarly.httpStatus).toBe(409);
    expect(startEarly.body.error.code).toBe('permits.conflictHotNearBlind');

    const at31 = offsetToLonLat(near, 31, 0);
    const allowed = await apply({ lng: at31[0], lat: at31[1] });
    expect(allowed.body.IsSuccess, JSON.stringify(allowed.body.error)).toBe(true);

    // Once the blind job is completed, the hot work may start.
    await call(t.url, permitComplete, { id: blind.id, result: 'done' }, tok.contractor);
    const startNow = await call(t.url, permitStart, { id: early.body.data!.id }, tok.contractor);
    expect(startNow.body.IsSuccess, JSON.stringify(startNow.body.error)).toBe(true);
    await call(t.url, permitComplete, { id: early.body.data!.id, result: 'done' }, tok.contractor);
  });

  it('two blind-plate jobs on one line: the second application is warned, its start refused while the first is in effect', async () => {
    const far = offsetToLonLat(PLACE, -2000, 0);
    const first = await activate({ type: 'blind', grade: undefined, lng: far[0], lat: far[1], blinds: [{ id: 'MB-11', action: 'insert' }], line: 'NH3-201' });
    const second = await apply({ type: 'blind', grade: undefined, lng: far[0], lat: far[1] + 0.01, blinds: [{ id: 'MB-12', action: 'remove' }], line: 'NH3-201' });
    expect(second.body.IsSuccess, JSON.stringify(second.body.error)).toBe(true);
    expect(second.body.data!.warnings).toEqual([expect.objectContaining({ code: 'permits.conflictSameLine', field: 'line' })]);
    expect(second.body.data!.warnings![0].message).toContain(first.number);
    const other = await apply({ type: 'blind', grade: undefined, lng: far[0], lat: far[1] + 0.01, blinds: [{ id: 'MB-13', action: 'insert' }], line: 'NH3-202' });
    expect(other.body.data!.warnings).toBeUndefined();

    await signAll(second.body.data!.id);
    const start = await call(t.url, permitStart, { id: second.body.data!.id }, tok.contractor);
    expect(start.httpStatus).toBe(409);
    expect(start.body.error).toMatchObject({ code: 'permits.conflictSameLine', controls: ['line'] });
    await call(t.url, permitComplete, { id: first.id, result: 'done' }, tok.contractor);
    expect((await call(t.url, permitStart, { id: second.body.data!.id }, tok.contractor)).body.IsSuccess).toBe(true);
  });

  it('the plant calendar is data: a holiday saved on /systemConfig/holidaySpecialTimeConfig raises a 二级 hot-work check that day; bad dates are refused naming the field; only administrators edit it', async () => {
    // Wednesday 2 October 2030, 10:00–12:00 at UTC+8: a working day, daytime.
    const start = Date.UTC(2030, 9, 2, 2, 0);
    const check = async () => (await call(t.url, workingBillCheck, { type: 'hot', grade: '2', start, end: start + 2 * HOUR, at: start }, tok.admin)).body.data!;
    // From China's default calendar (beforeAll moved the night away from the hour the file runs at).
    await call(t.url, plantCalendarSave, defaultPlantCalendar, tok.admin);
    const initial = (await call(t.url, plantCalendarGet, {}, tok.admin)).body.data!;
    expect(initial).toMatchObject({ utcOffsetMinutes: 480, restWeekdays: [6, 0], night: { from: '22:00', to: '06:00' } });
    expect((await check()).effectiveGrade).toBe('2');

    const saved = await call(t.url, plantCalendarSave, { ...initial, holidays: ['2030-10-01', '2030-10-02'] }, tok.admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    expect(saved.body.data!.holidays).toEqual(['2030-10-01', '2030-10-02']);
    expect((await check()).effectiveGrade).toBe('1');
    const audit = await t.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'plantCalendar.save').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    // Night hours moved to cover 10:00: raised on a working day too.
    await call(t.url, plantCalendarSave, { ...initial, night: { from: '09:00', to: '17:00' } }, tok.admin);
    expect((await check()).effectiveGrade).toBe('1');

    const bad = await call(t.url, plantCalendarSave, { ...initial, holidays: ['2030-02-30'] }, tok.admin);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['holidays.0']);
    const badNight = await call(t.url, plantCalendarSave, { ...initial, night: { from: '25:00', to: '06:00' } }, tok.admin);
    expect(badNight.body.error.controls).toEqual(['night.from']);
    expect((await call(t.url, plantCalendarSave, initial, tok.operator)).httpStatus).toBe(403);

    expect((await call(t.url, plantCalendarSave, initial, tok.admin)).body.IsSuccess).toBe(true);
    expect((await check()).effectiveGrade).toBe('2');
  });
});
