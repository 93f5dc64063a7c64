import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { permitApply, permitComplete, permitDetailCall, permitSign, permitStart, type PermitStepCode } from '../../../../src/shared/permits/contracts.js';
import { isolationLock, isolationRemove, isolationVerify } from '../../../../src/shared/permits/isolation-contracts.js';
import { isolationSheetLedger } from '../../../../src/shared/permits/isolation-ledgers.js';
import { powerSwitchBillLedger, powerSwitchLedger } from '../../../../src/shared/permits/ticket-ledgers.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, regionIds, type DemoUser } from '../realtime/realtime-fixtures.js';

const HOUR = 3_600_000;
const SIG = DEMO_SIGNATURE;
const sheet = recordContracts(isolationSheetLedger);


// Whole flows over HTTP on a shared machine: a step may wait for others' load.
vi.setConfig({ testTimeout: 180_000 });

/*
 * Energy isolation (issue 25 §6, DOMAIN.md §7 LOTO) on the record engine, on
 * both stores: a permit linked to a sheet may not start until its points are
 * locked, tagged and verified by two different people; the isolation may not
 * be removed while the linked work is open; each step is signed by the person
 * the sheet names and audited. The power cut ticket's flow on the engine.
 */
describe.each(dialects)('energy isolation and tickets (%s)', (dialect) => {
  let t: TestServer;
  const tok = {} as Record<DemoUser, string>;
  const uid = {} as Record<DemoUser, number>;
  let regions: Map<string, number>;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { LOG_LEVEL: 'error' } });
    for (const who of ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const) {
      tok[who] = await demoToken(t.url, who);
      uid[who] = (await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', who).executeTakeFirstOrThrow()).userid;
    }
    regions = await regionIds(t.url, tok.admin);
  }, 240_000);
  afterAll(() => t?.close());

  const signerOf: Record<PermitStepCode, DemoUser> = {
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
  const get = async (id: number) => (await call(t.url, sheet.get, { id }, tok.admin)).body.data!.record;

  it('a permit waits for its sheet; lock and verify by two people; removal waits for the work; every step signed and audited', async () => {
    const start = Date.now();
    const applied = await call(
      t.url,
      permitApply,
      {
        type: 'height',
        heightM: 8,
        content: '泵检修',
        location: 'P-101',
        lng: 118.8,
        lat: 32.25,
        start,
        end: start + 4 * HOUR,
        workers: ['甲'],
        signers: { jsa: uid.supervisor, measures: uid.operator, briefing: uid.supervisor, guardian: uid.operator, leader: uid.contractor, unit: uid.supervisor, approver: uid.admin, acceptance: uid.supervisor },
        signature: SIG,
      },
      tok.contractor,
    );
    expect(applied.body.IsSuccess, JSON.stringify(applied.body.error)).toBe(true);
    const permit = applied.body.data!;
    const d = (await call(t.url, permitDetailCall, { id: permit.id }, tok.admin)).body.data!;
    for (const s of d.steps.filter((x) => x.signedAt === null && x.code !== 'acceptance')) {
      expect((await call(t.url, permitSign, { id: permit.id, step: s.code, signature: SIG }, tok[signerOf[s.code]])).body.IsSuccess).toBe(true);
    }

    const values = {
      equipment: 'P-101 进料泵',
      region: regions.get('TF-A')!,
      energyTypes: ['electric', 'chemical'],
      points: [
        { point: 'P-101 电机断路器', isolationType: 'breaker', lockNo: 'L-01', tagNo: 'T-01' },
        { point: 'P-101 进口阀', isolationType: 'valve', lockNo: 'L-02', tagNo: 'T-02' },
      ],
      implementers: [uid.operator],
      assessor: uid.supervisor,
      approver: uid.admin,
      doneBy1: uid.operator,
      doneBy2: uid.inspector,
      permitNos: permit.number,
    };
    // The seed's required fields: points, implementers, energy types.
    const missing = await call(t.url, sheet.save, { ...values, points: [] }, tok.supervisor);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toContain('points');
    expect((await call(t.url, sheet.save, values, tok.contractor)).httpStatus).toBe(403);
    const saved = await call(t.url, sheet.save, values, tok.supervisor);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    const id = saved.body.data!.id;
    expect(saved.body.data!.status).toBe(1);

    const blocked = await call(t.url, permitStart, { id: permit.id }, tok.contractor);
    expect(blocked.httpStatus).toBe(409);
    expect(blocked.body.error).toMatchObject({ code: 'permits.isolationNotInEffect', controls: ['isolation'] });

    const step = async (who: DemoUser, action: string) => {
      const cur = await get(id);
      return call(t.url, sheet.transition, { id, version: cur.version, action, signature: SIG }, tok[who]);
    };
    expect((await step('admin', 'assess')).httpStatus).toBe(403);
    expect((await step('supervisor', 'assess')).body.data!.status).toBe(2);
    expect((await step('admin', 'approve')).body.data!.status).toBe(3);

    expect((await call(t.url, isolationVerify, { id, signature: SIG }, tok.inspector)).body.error).toMatchObject({ code: 'permits.isolationNotLocked' });
    expect((await call(t.url, isolationLock, { id, signature: SIG }, tok.inspector)).httpStatus).toBe(403);
    const locked = await call(t.url, isolationLock, { id, signature: SIG }, tok.operator);
    expect(locked.body.IsSuccess, JSON.stringify(locked.body.error)).toBe(true);
    expect(locked.body.data!.status).toBe(3);
    expect((await call(t.url, permitStart, { id: permit.id }, tok.contractor)).httpStatus).toBe(409);
    expect((await call(t.url, isolationVerify, { id, signature: SIG }, tok.operator)).httpStatus).toBe(403);
    const verified = await call(t.url, isolationVerify, { id, signature: SIG }, tok.inspector);
    expect(verified.body.data!.status).toBe(4);
    const rec = await get(id);
    expect(rec.lockSign).toMatchObject({ signer: uid.operator, png: SIG });
    expect(rec.verifySign).toMatchObject({ signer: uid.inspector });

    const started = await call(t.url, permitStart, { id: permit.id }, tok.contractor);
    expect(started.body.IsSuccess, JSON.stringify(started.body.error)).toBe(true);

    expect((await step('supervisor', 'requestRemoval')).body.data!.status).toBe(7);
    const early = await call(t.url, isolationRemove, { id, signature: SIG }, tok.operator);
    expect(early.httpStatus).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'permits.isolationWorkOpen', controls: ['permitNos'] });
    expect(early.body.error.message).toBe('作业未完成，禁止解除隔离措施');
    expect((await call(t.url, isolationRemove, { id, signature: SIG }, tok.inspector)).httpStatus).toBe(403);

    expect((await call(t.url, permitComplete, { id: permit.id, result: 'done' }, tok.contractor)).body.IsSuccess).toBe(true);
    const removed = await call(t.url, isolationRemove, { id, signature: SIG }, tok.operator);
    expect(removed.body.data!.status).toBe(8);
    expect(await get(id)).toMatchObject({ removedBy: uid.operator, removeSign: expect.objectContaining({ signer: uid.operator }) });

    const audit = await t.server.store.db.selectFrom('audit_log').select(['action', 'detail', 'loginname']).where('action', '=', 'record.transition').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => [(JSON.parse(a.detail) as { action: string }).action, a.loginname])).toEqual([
      ['assess', 'supervisor'],
      ['approve', 'admin'],
      ['lock', 'operator'],
      ['verify', 'inspector'],
      ['requestRemoval', 'supervisor'],
      ['remove', 'operator'],
    ]);
  });

  it('a power cut ticket: approved, cut and restored on the engine, each by the person named with a signature', async () => {
    const sw = await call(t.url, recordContracts(powerSwitchLedger).save, { code: 'QF-101', name: 'P-101 电机开关', region: regions.get('TF-A')!, state: 'on' }, tok.supervisor);
    expect(sw.body.IsSuccess, JSON.stringify(sw.body.error)).toBe(true);
    const bill = recordContracts(powerSwitchBillLedger);
    const now = Date.now();
    const saved = await call(
      t.url,
      bill.save,
      { switch: sw.body.data!.id, region: regions.get('TF-A')!, reason: '检修停电', cutAt: now, restoreAt: now + HOUR, approver: uid.admin, electrician: uid.operator, applicantSign: { png: SIG } },
      tok.supervisor,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    const id = saved.body.data!.id;
    const act = async (who: DemoUser, action: string, signature = SIG) => {
      const cur = (await call(t.url, bill.get, { id }, tok.admin)).body.data!.record;
      return call(t.url, bill.transition, { id, version: cur.version, action, signature }, tok[who]);
    };
    expect((await act('operator', 'approve')).httpStatus).toBe(403);
    expect((await act('admin', 'approve', '')).httpStatus).toBe(400);
    expect((await act('admin', 'approve')).body.data!.status).toBe(7);
    expect((await act('operator', 'cut')).body.data!.status).toBe(8);
    expect((await act('operator', 'restore')).body.data!.status).toBe(4);
  });
});
