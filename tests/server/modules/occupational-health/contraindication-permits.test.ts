import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { examRecordLedger } from '../../../../src/shared/occupational-health/ledger.js';
import { permitApply, type PermitApplyInput } from '../../../../src/shared/permits/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRecord, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

vi.setConfig({ testTimeout: 120_000 });

/*
 * DOMAIN.md §11 / issue 26 §2: an occupational contraindication (职业禁忌证)
 * found for a special work bars its person from the matching permit work of
 * the permits module (GB 30871-2022), reached through the permits port: the
 * application is refused naming the workers field and the worker; other work
 * and other people are not; a later exam without it lifts the bar.
 */
describe.each(dialects)('a contraindication bars the matching permit work (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let leader: number;
  let person: number;
  const name = `高处作业人员${dialect}`;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    leader = (await userWithRole(t, 'supervisor')).userid;
    person = (await createRecord(t, admin.token, positioningObjectLedger, { card: `CI-${dialect}`, kind: 'person', name })).id;
    await createRecord(t, admin.token, positioningObjectLedger, { card: `CI2-${dialect}`, kind: 'person', name: '健康人员' });
  });
  afterAll(() => t?.close());

  const apply = (over: Partial<PermitApplyInput>) => {
    const start = Date.now() + HOUR;
    const a = admin.userid;
    return call(
      t.url,
      permitApply,
      {
        type: 'height',
        content: '管廊高处检修',
        location: 'PR-1',
        lng: 118.8,
        lat: 32.25,
        start,
        end: start + 4 * HOUR,
        heightM: 8,
        workers: ['健康人员', name],
        signers: { jsa: a, gas: a, measures: a, briefing: a, guardian: a, leader, unit: a, safetyDept: a, approver: a, shiftCheck: a, acceptance: a },
        signature: DEMO_SIGNATURE,
        ...over,
      },
      admin.token,
    );
  };
  const exam = (daysAgo: number, hazards: string[], result: string) =>
    createRecord(t, admin.token, examRecordLedger, { person, personName: name, examType: 'periodic', date: Date.now() - daysAgo * DAY, hazards, result });

  it('without a contraindication on file the worker may be named', async () => {
    const r = await apply({});
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
  });

  it('a contraindication for work at height refuses a work-at-height permit naming the worker, not other work', async () => {
    await exam(30, ['work-at-height', 'noise'], 'contraindication');
    const refused = await apply({});
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.IsSuccess).toBe(false);
    expect(refused.body.error.code).toBe('health.contraindication.barsWorker');
    expect(refused.body.error.controls).toEqual(['workers']);
    expect(refused.body.error.message).toContain(name);
    expect(refused.body.error.message).toContain('高处作业');
    // The other worker alone, and the same worker on temporary power, are not barred.
    expect((await apply({ workers: ['健康人员'] })).body.IsSuccess).toBe(true);
    const power = await apply({ type: 'power', heightM: undefined });
    expect(power.body.IsSuccess, JSON.stringify(power.body)).toBe(true);
  });

  it('a contraindication for confined-space entry refuses a confined-space permit', async () => {
    await exam(20, ['confined-space'], 'contraindication');
    const r = await apply({ type: 'confined', heightM: undefined, start: Date.now() + HOUR, end: Date.now() + 5 * HOUR });
    expect(r.httpStatus).toBe(400);
    expect(r.body.error.code).toBe('health.contraindication.barsWorker');
    expect(r.body.error.controls).toEqual(['workers']);
  });

  it('a later exam for the work without the contraindication lifts the bar', async () => {
    await exam(1, ['work-at-height'], 'normal');
    const r = await apply({});
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
  });
});
