import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingBillCheck } from '../../../../src/shared/permits/contracts.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * Every rule of DOMAIN §7 through `POST UAPI/WorkingBill/Check`, each tried at
 * its limit and one step past it (1 ms for times, 0.01 for readings), with
 * the plant calendar's defaults (UTC+8, weekends off, night 22:00–06:00).
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Wednesday 2025-10-15 10:00 in the plant (UTC+8): a working day, daytime. */
const T0 = Date.UTC(2025, 9, 15, 2, 0, 0);
/** Saturday 2025-10-18 10:00 local. */
const SAT = T0 + 3 * DAY;

const fresh = (t = T0 - 10 * MIN) => [{ t, lel: 5, reading: 0.1 }];
const freshO2 = (t = T0 - 10 * MIN) => [{ t, lel: 5, reading: 0.1, o2: 20.5 }];
const hot1 = { type: 'hot', grade: '1', start: T0, end: T0 + 8 * HOUR, at: T0, gas: fresh() };
const hot2 = { type: 'hot', grade: '2', start: T0, end: T0 + 8 * HOUR, at: T0, gas: fresh() };
const confined = { type: 'confined', start: T0, end: T0 + 8 * HOUR, at: T0, gas: freshO2() };

interface Case {
  name: string;
  body: Record<string, unknown>;
  /** Violation codes expected, each `code@field`; [] means ok. */
  violations: string[];
  effectiveGrade?: string;
  info?: string[];
}

const cases: Case[] = [
  // validity, hot work by effective grade
  { name: 'hot 一级 8 h passes', body: hot1, violations: [], effectiveGrade: '1' },
  { name: 'hot 一级 8 h + 1 ms fails', body: { ...hot1, end: T0 + 8 * HOUR + 1 }, violations: ['permits.validityHotSpecialOr1@end'] },
  { name: 'hot 特级 8 h + 1 ms fails', body: { ...hot1, grade: 'special', end: T0 + 8 * HOUR + 1 }, violations: ['permits.validityHotSpecialOr1@end'], effectiveGrade: 'special' },
  { name: 'end equal to start fails', body: { ...hot1, end: T0 }, violations: ['permits.endNotAfterStart@end'] },
  // the raise: wind, night (closed interval), rest day
  { name: 'hot 二级 in daytime on a working day stays 二级', body: hot2, violations: [], effectiveGrade: '2' },
  { name: 'wind force 4 does not raise', body: { ...hot2, windForce: 4 }, violations: [], effectiveGrade: '2' },
  { name: 'wind force 5 raises 二级 to 一级', body: { ...hot2, windForce: 5 }, violations: [], effectiveGrade: '1' },
  { name: 'ending 1 ms before 22:00 does not raise', body: { ...hot2, end: T0 + 12 * HOUR - 1 }, violations: [], effectiveGrade: '2' },
  { name: 'ending at 22:00 touches the night and raises (then 一级 8 h applies)', body: { ...hot2, end: T0 + 12 * HOUR }, violations: ['permits.validityHotSpecialOr1@end'], effectiveGrade: '1' },
  { name: 'a Saturday raises 二级 to 一级', body: { ...hot2, start: SAT, end: SAT + 2 * HOUR, at: SAT, gas: fresh(SAT - 5 * MIN) }, violations: [], effectiveGrade: '1' },
  { name: '一级 raised stays at most 特级', body: { ...hot1, windForce: 6 }, violations: [], effectiveGrade: 'special' },
  // validity of the other types
  { name: 'confined 24 h passes', body: { ...confined, end: T0 + 24 * HOUR }, violations: [] },
  { name: 'confined 24 h + 1 ms fails', body: { ...confined, end: T0 + 24 * HOUR + 1 }, violations: ['permits.validityConfined@end'] },
  { name: 'height 7 days passes', body: { type: 'height', start: T0, end: T0 + 7 * DAY, heightM: 3 }, violations: [] },
  { name: 'height 7 days + 1 ms fails', body: { type: 'height', start: T0, end: T0 + 7 * DAY + 1, heightM: 3 }, violations: ['permits.validityHeight@end'] },
  { name: 'power 15 days passes', body: { type: 'power', start: T0, end: T0 + 15 * DAY }, violations: [] },
  { name: 'power 15 days + 1 ms fails', body: { type: 'power', start: T0, end: T0 + 15 * DAY + 1 }, violations: ['permits.validityPower@end'] },
  { name: 'special power 30 days passes', body: { type: 'power', powerSpecial: true, start: T0, end: T0 + 30 * DAY }, violations: [] },
  { name: 'special power 30 days + 1 ms fails', body: { type: 'power', powerSpecial: true, start: T0, end: T0 + 30 * DAY + 1 }, violations: ['permits.validityPowerSpecial@end'] },
  { name: 'power ending with the permit it serves passes', body: { type: 'power', start: T0, end: T0 + 5 * HOUR, servesEnd: T0 + 5 * HOUR }, violations: [] },
  { name: 'power outliving the permit it serves by 1 ms fails', body: { type: 'power', start: T0, end: T0 + 5 * HOUR + 1, servesEnd: T0 + 5 * HOUR }, violations: ['permits.powerOutlivesServed@end'] },
  // per type
  { name: 'height 2 m is work at height', body: { type: 'height', start: T0, end: T0 + HOUR, heightM: 2 }, violations: [] },
  { name: 'height under 2 m needs no permit (info)', body: { type: 'height', start: T0, end: T0 + HOUR, heightM: 1.99 }, violations: [], info: ['permits.heightNoPermit@heightM'] },
  { name: 'height missing', body: { type: 'height', start: T0, end: T0 + HOUR }, violations: ['permits.heightRequired@heightM'] },
  { name: 'lifting 10 t needs a permit', body: { type: 'lifting', start: T0, end: T0 + HOUR, loadT: 10 }, violations: [] },
  { name: 'lifting 9.99 t needs none (info)', body: { type: 'lifting', start: T0, end: T0 + HOUR, loadT: 9.99 }, violations: [], info: ['permits.liftingNoPermit@loadT'] },
  { name: 'lifting load missing', body: { type: 'lifting', start: T0, end: T0 + HOUR }, violations: ['permits.loadRequired@loadT'] },
  { name: 'blind plate: one blind, one action', body: { type: 'blind', start: T0, end: T0 + HOUR, blinds: [{ id: 'B-1', action: 'insert' }] }, violations: [] },
  {
    name: 'blind plate: two blinds refused',
    body: { type: 'blind', start: T0, end: T0 + HOUR, blinds: [{ id: 'B-1', action: 'insert' }, { id: 'B-2', action: 'remove' }] },
    violations: ['permits.blindExactlyOne@blinds'],
  },
  { name: 'blind plate: none refused', body: { type: 'blind', start: T0, end: T0 + HOUR }, violations: ['permits.blindExactlyOne@blinds'] },
  { name: 'excavation has no time limit here', body: { type: 'excavation', start: T0, end: T0 + 30 * DAY }, violations: [] },
  // gas: sample age before the start
  { name: 'sample 30 min before the start passes', body: { ...hot1, gas: fresh(T0 - 30 * MIN) }, violations: [] },
  { name: 'sample 30 min + 1 ms before the start is stale', body: { ...hot1, gas: fresh(T0 - 30 * MIN - 1) }, violations: ['permits.gasStale@gas'] },
  { name: 'no gas analysis', body: { ...hot1, gas: [] }, violations: ['permits.gasMissing@gas'] },
  // gas: pass limits by LEL
  { name: 'LEL 5 %: 0.5 % vol passes', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 5, reading: 0.5 }] }, violations: [] },
  { name: 'LEL 5 %: 0.51 % vol fails', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 5, reading: 0.51 }] }, violations: ['permits.gasOverLimit@gas'] },
  { name: 'LEL 4 % counts as ≥ 4: 0.5 passes', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 4, reading: 0.5 }] }, violations: [] },
  { name: 'LEL 3.9 %: 0.2 % vol passes', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 3.9, reading: 0.2 }] }, violations: [] },
  { name: 'LEL 3.9 %: 0.21 % vol fails', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 3.9, reading: 0.21 }] }, violations: ['permits.gasOverLimit@gas'] },
  { name: 'detector in % LEL: 10 % of LEL 5 = 0.5 % vol passes', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 5, reading: 10, unit: '%LEL' }] }, violations: [] },
  { name: 'detector in % LEL: 10.2 % of LEL 5 = 0.51 % vol fails', body: { ...hot1, gas: [{ t: T0 - MIN, lel: 5, reading: 10.2, unit: '%LEL' }] }, violations: ['permits.gasOverLimit@gas'] },
  { name: 'detector in % LEL without the LEL', body: { ...hot1, gas: [{ t: T0 - MIN, reading: 10, unit: '%LEL' }] }, violations: ['permits.gasLelMissing@gas'] },
  // gas: re-analysis after a break, by grade
  { name: '一级 break 30 min: no re-analysis', body: { ...hot1, at: T0 + 2 * HOUR, breakMinutes: 30 }, violations: [] },
  { name: '一级 break 30.01 min: re-analysis', body: { ...hot1, at: T0 + 2 * HOUR, breakMinutes: 30.01 }, violations: ['permits.gasReanalysis@gas'] },
  { name: '二级 break 60 min: no re-analysis', body: { ...hot2, at: T0 + 2 * HOUR, breakMinutes: 60 }, violations: [] },
  { name: '二级 break 60.01 min: re-analysis', body: { ...hot2, at: T0 + 2 * HOUR, breakMinutes: 60.01 }, violations: ['permits.gasReanalysis@gas'] },
  { name: '二级 break 60.01 min with a sample 30 min old: passes', body: { ...hot2, at: T0 + 2 * HOUR, breakMinutes: 60.01, gas: fresh(T0 + 90 * MIN) }, violations: [] },
  {
    name: 'confined break 60.01 min: re-analysis (and the 2-hourly record is due)',
    body: { ...confined, at: T0 + 2 * HOUR, breakMinutes: 60.01 },
    violations: ['permits.gasReanalysis@gas'],
    info: ['permits.confinedRecordDue@gas'],
  },
  // gas: every day before work
  {
    name: 'a sample from yesterday 23:50 for work at 00:10 is not today',
    body: { ...confined, start: T0 + 14 * HOUR + 10 * MIN, end: T0 + 16 * HOUR, at: T0 + 14 * HOUR + 10 * MIN, gas: freshO2(T0 + 13 * HOUR + 50 * MIN) },
    violations: ['permits.gasNotToday@gas'],
  },
  // confined space: oxygen
  { name: 'O₂ 19.5 % passes', body: { ...confined, gas: [{ t: T0 - MIN, o2: 19.5 }] }, violations: [] },
  { name: 'O₂ 19.49 % fails', body: { ...confined, gas: [{ t: T0 - MIN, o2: 19.49 }] }, violations: ['permits.o2OutOfRange@gas'] },
  { name: 'O₂ 21 % passes', body: { ...confined, gas: [{ t: T0 - MIN, o2: 21 }] }, violations: [] },
  { name: 'O₂ 21.01 % fails', body: { ...confined, gas: [{ t: T0 - MIN, o2: 21.01 }] }, violations: ['permits.o2OutOfRange@gas'] },
  { name: 'O₂ 23.5 % passes in enriched air', body: { ...confined, o2Enriched: true, gas: [{ t: T0 - MIN, o2: 23.5 }] }, violations: [] },
  { name: 'O₂ 23.51 % fails in enriched air', body: { ...confined, o2Enriched: true, gas: [{ t: T0 - MIN, o2: 23.51 }] }, violations: ['permits.o2OutOfRange@gas'] },
  { name: 'confined without an O₂ reading', body: { ...confined, gas: [{ t: T0 - MIN, lel: 5, reading: 0.1 }] }, violations: ['permits.o2Missing@gas'] },
  {
    name: 'confined: O₂ recorded 2 h ago is no violation',
    body: { ...confined, at: T0 + 2 * HOUR - 10 * MIN },
    violations: [],
  },
  {
    name: 'confined: O₂ recorded 2 h + 1 ms ago is due again (info)',
    body: { ...confined, at: T0 + 2 * HOUR - 10 * MIN + 1 },
    violations: [],
    info: ['permits.confinedRecordDue@gas'],
  },
];

describe.each(dialects)('UAPI/WorkingBill/Check (%s)', (dialect) => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { DEMO: '0' } });
    await t.server.port(orgPort).createAdministrator({ loginname: 'permit-check', username: '作业票检查', password: 'Permit-check-2026' }, { userid: null, loginname: 'test' });
    token = await tokenFor(t.url, 'permit-check', 'Permit-check-2026');
  });
  afterAll(() => t.close());

  it.each(cases)('$name', async (c) => {
    const r = await call(t.url, workingBillCheck, c.body, token);
    expect(r.httpStatus, JSON.stringify(r.body)).toBe(200);
    const out = r.body.data!;
    expect(out.violations.map((v) => `${v.code}@${v.field}`)).toEqual(c.violations);
    expect(out.ok).toBe(c.violations.length === 0);
    if (c.effectiveGrade !== undefined) {
      expect(out.effectiveGrade).toBe(c.effectiveGrade);
    }
    expect((out.info ?? []).map((v) => `${v.code}@${v.field}`)).toEqual(c.info ?? []);
    out.violations.forEach((v) => expect(v.message).not.toBe(v.code));
  });

  it('renders the codes in the caller’s language', async () => {
    const body = JSON.stringify({ ...hot1, gas: fresh(T0 - 31 * MIN) });
    const res = await fetch(t.url + workingBillCheck.path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' }, body });
    const out = ((await res.json()) as { data: { violations: { message: string }[] } }).data;
    expect(out.violations[0].message).toMatch(/more than 30 minutes/);
    const zh = await call(t.url, workingBillCheck, { ...hot1, gas: fresh(T0 - 31 * MIN) }, token);
    expect(zh.body.data!.violations[0].message).toContain('30分钟');
  });

  it.each([
    { name: 'an unknown type', body: { ...hot1, type: 'welding' }, field: 'type' },
    { name: 'hot work without a grade', body: { ...hot1, grade: undefined }, field: 'grade' },
    { name: 'a gas sample with no reading', body: { ...hot1, gas: [{ t: T0 }] }, field: 'gas.0.reading' },
    { name: 'a negative time', body: { ...hot1, start: -1 }, field: 'start' },
  ])('refuses $name with 400 naming the field', async ({ body, field }) => {
    const r = await call(t.url, workingBillCheck, body, token);
    expect(r.httpStatus).toBe(400);
    expect(r.body.IsSuccess).toBe(false);
    expect(r.body.error.controls).toContain(field);
  });

  it('needs a signed-in caller', async () => {
    const r = await call(t.url, workingBillCheck, hot1);
    expect(r.httpStatus).toBe(401);
    expect(r.body.IsSuccess).toBe(false);
  });
});
