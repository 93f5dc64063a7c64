import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInfo } from '../../../../src/shared/auth/contracts.js';
import {
  commitmentConfigGet,
  commitmentConfigSave,
  commitmentNoticeDraft,
  commitmentNoticeList,
  commitmentNoticeSave,
  commitmentNoticeShow,
  commitmentNoticeSign,
  commitmentNoticeToday,
} from '../../../../src/shared/commitments/contracts.js';
import { commitmentUnitLedger } from '../../../../src/shared/commitments/ledger.js';
import { dashboardFigures } from '../../../../src/shared/dashboards/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';
import { createCommitmentsService } from '../../../../src/server/modules/commitments/commitments.service.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { permitsPort } from '../../../../src/server/modules/permits/port.js';
import { recordsPort } from '../../../../src/server/modules/records/port.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused } from '../org/org-fixtures.js';

const units = recordContracts(commitmentUnitLedger);

/**
 * Issue 21 §7: the daily safety commitment notice drafted from live data (the
 * units' states on the record engine, permits in effect, major hazard
 * alarms), signed only by the configured responsible person on their own
 * session (hash, audit), refused once signed, and published without sign-in.
 */
describe.each(dialects)('commitment notices (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let supervisor: string;
  let operator: string;
  let supervisorId: number;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { LOG_LEVEL: 'error' } });
    [admin, supervisor, operator] = await Promise.all([demoToken(t.url, 'admin'), demoToken(t.url, 'supervisor'), demoToken(t.url, 'operator')]);
    const info = await call(t.url, getUserInfo, {}, supervisor);
    supervisorId = info.body.data!.userid;
  });
  afterAll(() => t?.close());

  it('settings: the responsible person must be an active user who may view notices; bad input names its field; operators are refused', async () => {
    expectRefused(await call(t.url, commitmentConfigSave, { responsibleUserId: 999_999, draftTime: '07:00', statement: '承诺' }, admin), 400, ['responsibleUserId']);
    expectRefused(await call(t.url, commitmentConfigSave, { responsibleUserId: supervisorId, draftTime: '25:00', statement: '承诺' }, admin), 400, ['draftTime']);
    expectRefused(await call(t.url, commitmentConfigSave, { responsibleUserId: supervisorId, draftTime: '07:00', statement: '   ' }, admin), 400, ['statement']);
    expectRefused(await call(t.url, commitmentConfigSave, { responsibleUserId: supervisorId, draftTime: '07:00', statement: '承诺' }, operator), 403);
    const saved = await call(t.url, commitmentConfigSave, { responsibleUserId: supervisorId, draftTime: '06:30', statement: '今日我承诺：装置安全运行。' }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.data!.responsibleName).not.toBe('');
    const got = await call(t.url, commitmentConfigGet, {}, supervisor);
    expect(got.body.data).toMatchObject({ responsibleUserId: supervisorId, draftTime: '06:30' });
    const rows = await t.server.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'commitment.config').execute();
    expect(rows.map((r) => r.loginname)).toEqual(['admin']);
  });

  it('a draft counts the units by the state the plant sets and follows a change on a new draft', async () => {
    const first = await call(t.url, commitmentNoticeDraft, {}, supervisor);
    expect(first.body.IsSuccess, JSON.stringify(first.body)).toBe(true);
    const n = first.body.data!;
    expect(n.status).toBe('draft');
    // The demo plant's units: four in operation, one stopped, one under maintenance.
    expect([n.units.operating.length, n.units.stopped.length, n.units.maintenance.length]).toEqual([4, 1, 1]);
    expect(n.units.maintenance).toEqual(['氯化装置']);
    expect(n.hazards.sources).toBeGreaterThanOrEqual(0);
    expect(n.hazards.underControl).toBe(n.hazards.alarmedTags === 0);

    const added = await call(t.url, units.save, { name: '新建装置', state: 'maintenance' }, supervisor);
    expect(added.body.IsSuccess, JSON.stringify(added.body)).toBe(true);
    const again = await call(t.url, commitmentNoticeDraft, {}, supervisor);
    expect(again.body.data!.id).toBe(n.id);
    expect(again.body.data!.units.maintenance).toEqual(['新建装置', '氯化装置'].sort((a, b) => a.localeCompare(b, 'zh')));
    expect(again.body.data!.statement).toBe('今日我承诺：装置安全运行。');

    expectRefused(await call(t.url, commitmentNoticeDraft, {}, operator), 403);
    expectRefused(await call(t.url, commitmentNoticeSave, { id: n.id, statement: '', underControl: true }, supervisor), 400, ['statement']);
    const edited = await call(t.url, commitmentNoticeSave, { id: n.id, statement: '今日我承诺：全部受控。', underControl: true }, supervisor);
    expect(edited.body.data).toMatchObject({ statement: '今日我承诺：全部受控。', hazards: { underControl: true } });

    const today = await call(t.url, commitmentNoticeToday, {}, operator);
    expect(today.body.data!.notice!.id).toBe(n.id);
    expect(today.body.data!.maySign).toBe(false);
    expect((await call(t.url, commitmentNoticeToday, {}, supervisor)).body.data!.maySign).toBe(true);
  });

  it('only the responsible person signs, on their own session; the signature is audited and the notice no longer changes', async () => {
    const id = (await call(t.url, commitmentNoticeToday, {}, supervisor)).body.data!.notice!.id;
    // Not before it is signed: the public page shows only signed notices.
    expect((await call(t.url, commitmentNoticeShow, {})).body.data!.latest).toBeNull();

    expectRefused(await call(t.url, commitmentNoticeSign, { id }, operator), 403);
    expectRefused(await call(t.url, commitmentNoticeSign, { id }, admin), 403);
    const signed = await call(t.url, commitmentNoticeSign, { id }, supervisor);
    expect(signed.body.IsSuccess, JSON.stringify(signed.body)).toBe(true);
    expect(signed.body.data!.status).toBe('signed');
    expect(signed.body.data!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.body.data!.signedAt).not.toBeNull();

    expectRefused(await call(t.url, commitmentNoticeSign, { id }, supervisor), 409, ['id']);
    expectRefused(await call(t.url, commitmentNoticeDraft, {}, supervisor), 409, ['id']);
    expectRefused(await call(t.url, commitmentNoticeSave, { id, statement: '改', underControl: false }, supervisor), 409, ['id']);

    const rows = await t.server.store.db.selectFrom('audit_log').selectAll().where('entity', '=', 'commitment_notice').where('entity_id', '=', String(id)).orderBy('id').execute();
    // The morning draft (by `system`) is there too when the test runs after the plant's 07:00.
    expect(rows.filter((r) => r.loginname !== 'system').map((r) => r.action)).toEqual(['commitment.draft', 'commitment.draft', 'commitment.save', 'commitment.sign']);
    const sign = rows.at(-1)!;
    expect(sign.loginname).toBe('supervisor');
    expect(JSON.parse(sign.detail)).toMatchObject({ signature: signed.body.data!.signature });
  });

  it('the signed notice is public, listed in the history, and a figure for big screens', async () => {
    const shown = await call(t.url, commitmentNoticeShow, {});
    expect(shown.httpStatus).toBe(200);
    expect(shown.body.data!.latest).toMatchObject({ status: 'signed', statement: '今日我承诺：全部受控。' });
    expect(shown.body.data!.history).toEqual([]);

    const list = await call(t.url, commitmentNoticeList, { page: 1, pageSize: 10 }, operator);
    expect(list.body.data!.total).toBe(1);
    expectRefused(await call(t.url, commitmentNoticeList, { page: 1, pageSize: 10 }), 401);

    const figures = await call(t.url, dashboardFigures, { keys: ['commitment.signedToday', 'commitment.unitsOperating', 'commitment.specialWork'] }, operator);
    expect(figures.body.data!.values['commitment.signedToday']).toEqual({ v: 1, state: 'ok' });
    expect(figures.body.data!.values['commitment.unitsOperating']).toEqual({ v: 4, state: 'ok' });
    expect(figures.body.data!.values['commitment.specialWork'].state).toBe('ok');
  });

  it('the morning draft: none before the configured time, one by `system` after it, never a second', async () => {
    // 2030-01-02 in the plant's default calendar (UTC+8), with the draft time set to 06:30 above: 06:00 and 06:45 local.
    const at = { t: Date.UTC(2030, 0, 1, 22, 0) };
    const svc = createCommitmentsService(t.server.store, {
      records: t.server.port(recordsPort),
      permits: t.server.port(permitsPort),
      alarms: t.server.port(alarmsPort),
      org: t.server.port(orgPort),
      now: () => at.t,
    });
    expect(await svc.draftIfDue()).toBeNull();
    at.t = Date.UTC(2030, 0, 1, 22, 45);
    const drafted = await svc.draftIfDue();
    expect(drafted).toMatchObject({ day: '2030-01-02', status: 'draft', draftedBy: 'system' });
    expect(drafted!.units.operating.length).toBe(4);
    expect(await svc.draftIfDue()).toBeNull();
  });
});
