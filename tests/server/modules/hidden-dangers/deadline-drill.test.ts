import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { hiddenDangerDeadlineCheck } from '../../../../src/shared/hidden-dangers/contracts.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';

/**
 * DeadlineCheck's `at` (a controlled clock) is for the demo plant's drills
 * and tests; on a real plant a manager cannot escalate every danger early by
 * naming a time in the future.
 */
describe('hidden-danger deadline check outside the demo plant', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { DEMO: '0' } });
    await t.server.port(orgPort).createAdministrator({ loginname: 'hd-admin', username: '隐患管理员', password: 'Hd-admin-2026' }, { userid: null, loginname: 'test' });
    admin = await tokenFor(t.url, 'hd-admin', 'Hd-admin-2026');
  });
  afterAll(() => t.close());

  it('refuses a given time, naming `at`, and runs on the server clock without one', async () => {
    const told = await call(t.url, hiddenDangerDeadlineCheck, { at: Date.now() + 30 * 86_400_000 }, admin);
    expectRefused(told, 400, ['at']);
    expect(told.body.error.code).toBe('hiddenDangers.deadlineCheck.drillOnly');
    const now = await call(t.url, hiddenDangerDeadlineCheck, {}, admin);
    expect(now.body.IsSuccess, JSON.stringify(now.body.error)).toBe(true);
    expect(now.body.data).toEqual({ reminded: 0, escalated: 0 });
  });
});
