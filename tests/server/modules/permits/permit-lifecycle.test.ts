import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGNATURE } from '../../../../src/server/modules/permits/seed-demo.js';
import { certificateLedger } from '../../../../src/shared/certificates/ledger.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import {
  permitApply,
  permitDetailCall,
  permitList,
  permitReject,
  permitSaveDraft,
  permitSign,
  permitVoid,
  permitWorkerOptions,
  type PermitApplyInput,
  type PermitStepCode,
} from '../../../../src/shared/permits/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRecord, createRegion, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { completedJsa } from './jsa-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SIG = DEMO_SIGNATURE;

vi.setConfig({ testTimeout: 120_000 });

/*
 * Seed 2 §4 and GB 30871-2022 §4: a permit saved as a draft (its applicant's
 * own), applied, rejected by the current approver with a reason, edited and
 * applied again, signed to approved; voided before work by its applicant or an
 * administrator; each move audited. GB 30871-2022 §4.4: a worker named for a
 * special job without a valid certificate is refused, naming the worker.
 */
describe.each(dialects)('permit drafts, rejection, voiding and certificates (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let applicant: User;
  let approver: User;
  let other: User;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(t);
    applicant = await userWithRole(t, 'contractor');
    approver = await userWithRole(t, 'supervisor');
    other = await userWithRole(t, 'operator');
    await createRegion(t, admin);
  });
  afterAll(() => t?.close());

  const signers = () => {
    const a = admin.userid;
    return { jsa: approver.userid, measures: a, briefing: a, guardian: a, leader: other.userid, unit: a, approver: approver.userid, acceptance: a };
  };
  const form = (over: Partial<PermitApplyInput> = {}) => {
    const start = Date.now() + HOUR;
    return { type: 'height', content: '管廊高处检修', location: 'PR-1', lng: 118.8, lat: 32.25, start, end: start + 4 * HOUR, heightM: 8, workers: ['架子工 赵六'], ...over } as const;
  };
  const audits = async (id: number) =>
    (await t.server.store.db.selectFrom('audit_log').select('action').where('entity', '=', 'permit').where('entity_id', '=', String(id)).orderBy('id').execute()).map((r) => r.action);
  const sign = (who: { token: string }, id: number, step: PermitStepCode) => call(t.url, permitSign, { id, step, signature: SIG }, who.token);

  it('a draft is saved without a signature, is its applicant’s own, and is applied in place', async () => {
    const draft = await ok(t, permitSaveDraft, { ...form(), signers: { jsa: approver.userid } }, applicant.token);
    expect(draft).toMatchObject({ status: 'draft', currentStep: null, applicantId: applicant.userid });
    expect(draft.number).toMatch(/^GC\d{12}$/);
    // Nobody else sees it: not in their lists, not found by id.
    const theirs = await ok(t, permitList, { page: 1, pageSize: 50 }, admin.token);
    expect(theirs.items.map((p) => p.id)).not.toContain(draft.id);
    expect((await call(t.url, permitDetailCall, { id: draft.id }, admin.token)).httpStatus).toBe(404);
    expect((await call(t.url, permitSaveDraft, { ...form(), id: draft.id, signers: {} }, other.token)).httpStatus).toBe(404);
    const drafts = await ok(t, permitList, { page: 1, pageSize: 50, status: 'draft' }, applicant.token);
    expect(drafts.items.map((p) => p.id)).toEqual([draft.id]);
    // Edited, the form restores its signers.
    await ok(t, permitSaveDraft, { ...form({ content: '管廊高处检修（改）' }), id: draft.id, signers: { jsa: approver.userid, leader: other.userid } }, applicant.token);
    const d = await ok(t, permitDetailCall, { id: draft.id }, applicant.token);
    expect(d.permit.content).toBe('管廊高处检修（改）');
    expect(d.form?.signers).toEqual({ jsa: approver.userid, leader: other.userid });
    expect(d.steps).toEqual([]);
    // Applied: same permit and number, the statutory steps begin.
    const applied = await ok(t, permitApply, { ...form(), id: draft.id, signers: signers(), signature: SIG }, applicant.token);
    expect(applied).toMatchObject({ id: draft.id, number: draft.number, status: 'signing', currentStep: 'jsa', currentSignerId: approver.userid });
    const again = await call(t.url, permitSaveDraft, { ...form(), id: draft.id, signers: {} }, applicant.token);
    expect(again.httpStatus).toBe(409);
    expect(again.body.error.code).toBe('permits.notEditable');
    expect(await audits(draft.id)).toEqual(['permit.draft', 'permit.draft', 'permit.apply']);
  });

  it('the current approver rejects with a reason; the applicant edits and applies again; signed through to approved', async () => {
    const p = await ok(t, permitApply, { ...form(), signers: signers(), signature: SIG }, applicant.token);
    expect((await sign(approver, p.id, 'jsa')).body.IsSuccess).toBe(true);
    // Only the current step's signer may reject, with a reason.
    const notCurrent = await call(t.url, permitReject, { id: p.id, reason: '措施不全' }, approver.token);
    expect(notCurrent.httpStatus).toBe(403);
    expect(notCurrent.body.error.code).toBe('permits.notCurrentApprover');
    const noReason = await call(t.url, permitReject, { id: p.id, reason: ' ' }, admin.token);
    expect(noReason.httpStatus).toBe(400);
    expect(noReason.body.error.controls).toEqual(['reason']);
    const rejected = await ok(t, permitReject, { id: p.id, reason: '安全措施不全，补充防坠落措施' }, admin.token);
    expect(rejected.permit).toMatchObject({ status: 'rejected', statusReason: '安全措施不全，补充防坠落措施', currentStep: null });
    expect(rejected.steps).toEqual([]);
    expect(rejected.form?.signers).toMatchObject({ approver: approver.userid });
    const todo = await t.server.store.db.selectFrom('todo').select(['userid', 'kind', 'status']).where('ref', '=', String(p.id)).orderBy('id').execute();
    expect(todo.filter((x) => x.status === 0)).toEqual([{ userid: applicant.userid, kind: 'permit.edit', status: 0 }]);
    // Rejected is listed by its status, to everyone in scope.
    expect((await ok(t, permitList, { page: 1, pageSize: 50, status: 'rejected' }, admin.token)).items.map((x) => x.id)).toContain(p.id);
    // Nobody signs a rejected permit; the applicant edits it (still rejected) and applies again.
    expect((await sign(admin, p.id, 'measures')).httpStatus).toBe(409);
    const edited = await ok(t, permitSaveDraft, { ...form({ content: '管廊高处检修，增设安全网' }), id: p.id, signers: signers() }, applicant.token);
    expect(edited.status).toBe('rejected');
    const reapplied = await ok(t, permitApply, { ...form({ content: '管廊高处检修，增设安全网' }), id: p.id, signers: signers(), signature: SIG }, applicant.token);
    expect(reapplied).toMatchObject({ id: p.id, status: 'signing', currentStep: 'jsa', statusReason: null, content: '管廊高处检修，增设安全网' });
    const order: [{ token: string }, PermitStepCode][] = [
      [approver, 'jsa'],
      [admin, 'measures'],
      [admin, 'briefing'],
      [admin, 'guardian'],
      [other, 'leader'],
      [admin, 'unit'],
      [approver, 'approver'],
    ];
    for (const [who, step] of order) {
      const r = await sign(who, p.id, step);
      expect(r.body.IsSuccess, `${step}: ${JSON.stringify(r.body)}`).toBe(true);
    }
    const approved = await ok(t, permitDetailCall, { id: p.id }, admin.token);
    expect(approved.permit.status).toBe('approved');
    // A JSA naming the permit is shown on it.
    expect(approved.jsas).toEqual([]);
    const jsaId = await completedJsa(t.url, admin.token, admin.userid, p.number, 'height');
    expect((await ok(t, permitDetailCall, { id: p.id }, applicant.token)).jsas).toEqual([expect.objectContaining({ id: jsaId, status: 4 })]);
    expect(await audits(p.id)).toEqual(['permit.apply', 'permit.sign', 'permit.reject', 'permit.draft', 'permit.apply', ...order.map(() => 'permit.sign')]);
    const open = await t.server.store.db.selectFrom('todo').select('kind').where('ref', '=', String(p.id)).where('kind', '=', 'permit.edit').where('status', '=', 0).execute();
    expect(open).toEqual([]);
  });

  it('voided before work by its applicant or an administrator, with a reason; never by another, never twice', async () => {
    const p = await ok(t, permitApply, { ...form(), signers: signers(), signature: SIG }, applicant.token);
    const stranger = await call(t.url, permitVoid, { id: p.id, reason: '不需要' }, other.token);
    expect(stranger.httpStatus).toBe(403);
    expect(stranger.body.error.code).toBe('permits.notApplicantOrAdmin');
    const voided = await ok(t, permitVoid, { id: p.id, reason: '检修计划取消' }, applicant.token);
    expect(voided.permit).toMatchObject({ status: 'voided', statusReason: '检修计划取消' });
    const twice = await call(t.url, permitVoid, { id: p.id, reason: '再次' }, admin.token);
    expect(twice.httpStatus).toBe(409);
    expect(twice.body.error.code).toBe('permits.notVoidable');
    // Its signers no longer wait for it.
    expect((await ok(t, permitList, { page: 1, pageSize: 50, mine: true }, approver.token)).items.map((x) => x.id)).not.toContain(p.id);
    expect((await ok(t, permitList, { page: 1, pageSize: 50, status: 'voided' }, admin.token)).items.map((x) => x.id)).toEqual([p.id]);
    const draft = await ok(t, permitSaveDraft, { ...form(), signers: {} }, applicant.token);
    expect((await ok(t, permitVoid, { id: draft.id, reason: '重复' }, applicant.token)).permit.status).toBe('voided');
    const q = await ok(t, permitApply, { ...form(), signers: signers(), signature: SIG }, applicant.token);
    expect((await ok(t, permitVoid, { id: q.id, reason: '管理员作废' }, admin.token)).permit.status).toBe('voided');
    expect((await audits(p.id)).at(-1)).toBe('permit.void');
  });

  it('a worker named for a special job needs a valid certificate: missing or expired refuses the save naming the worker', async () => {
    const special = (name: string) => ({ workers: [name, '普工 小王'], specialWorkers: [{ name, role: 'scaffolder' as const }] });
    const missing = await call(t.url, permitApply, { ...form(special('架子工 无证')), signers: signers(), signature: SIG }, applicant.token);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'permits.certificateMissing', controls: ['workers'] });
    expect(missing.body.error.message).toContain('架子工 无证');
    expect(missing.body.error.message).toContain('登高架设作业');
    // The draft is refused alike.
    expect((await call(t.url, permitSaveDraft, { ...form(special('架子工 无证')), signers: {} }, applicant.token)).body.error.code).toBe('permits.certificateMissing');
    await createRecord(t, admin.token, certificateLedger, { holder: '架子工 过期', kind: 'work-at-height', number: `H-${dialect}-1`, issued: Date.now() - 800 * DAY, expiry: Date.now() - 3 * DAY });
    const expired = await call(t.url, permitApply, { ...form(special('架子工 过期')), signers: signers(), signature: SIG }, applicant.token);
    expect(expired.httpStatus).toBe(400);
    expect(expired.body.error.code).toBe('permits.certificateExpired');
    await createRecord(t, admin.token, certificateLedger, { holder: '架子工 持证', kind: 'work-at-height', number: `H-${dialect}-2`, issued: Date.now() - 100 * DAY, expiry: Date.now() + 300 * DAY });
    const valid = await ok(t, permitApply, { ...form(special('架子工 持证')), signers: signers(), signature: SIG }, applicant.token);
    expect(valid.specialWorkers).toEqual([{ name: '架子工 持证', role: 'scaffolder' }]);
    // A special worker must be one of the workers.
    const stray = await call(t.url, permitApply, { ...form(), specialWorkers: [{ name: '路人', role: 'welder' }], signers: signers(), signature: SIG }, applicant.token);
    expect(stray.httpStatus).toBe(400);
    expect(stray.body.error.controls).toEqual(['specialWorkers.0']);
    // The form's options are the roster's people and the users, with what each holds.
    await createRecord(t, admin.token, positioningObjectLedger, { card: `LC-${dialect}`, kind: 'person', name: '架子工 持证' });
    const options = await ok(t, permitWorkerOptions, {}, applicant.token);
    expect(options.items.find((o) => o.name === '架子工 持证')?.certificates.map((c) => c.kind)).toEqual(['work-at-height']);
    expect(options.items.map((o) => o.name)).not.toContain('架子工 过期');
  });
});
