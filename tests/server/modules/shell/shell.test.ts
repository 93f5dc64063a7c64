import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { changePasswordNew } from '../../../../src/shared/auth/contracts.js';
import { isMessageCode } from '../../../../src/shared/messages/catalog.js';
import { myTodoList } from '../../../../src/shared/org/contracts.js';
import {
  appDownloadInfo,
  myTodoVisit,
  passwordResetCheck,
  passwordResetComplete,
  passwordResetIssue,
  systemConfigGet,
  systemConfigSave,
} from '../../../../src/shared/shell/contracts.js';
import { call, login, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

describe.each(dialects)('shell calls (%s)', (dialect) => {
  let ts: TestServer;
  let admin: string;
  const userid = async (loginname: string) =>
    (await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', loginname).executeTakeFirstOrThrow()).userid;
  const auditRows = (action: string) => ts.server.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect });
    admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
  });
  afterAll(() => ts.close());

  describe('password reset links', () => {
    it('a link works once, and is refused the second time', async () => {
      const inspector = await userid('inspector');
      const issued = await call(ts.url, passwordResetIssue, { userid: inspector }, admin);
      expect(issued.body.IsSuccess).toBe(true);
      const token = issued.body.data!.token;
      expect(issued.body.data!.loginname).toBe('inspector');
      expect((await auditRows('password.resetLink')).some((r) => r.entity_id === String(inspector))).toBe(true);
      // The administrator has a to-do for the link until it is used.
      const before = await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, admin);
      expect(before.body.data!.items.some((t) => t.titleCode === 'todo.resetLinkIssued' && t.href.includes(`userid=${inspector}`))).toBe(true);

      const check = await call(ts.url, passwordResetCheck, { token });
      expect(check.body.data).toMatchObject({ loginname: 'inspector' });

      const weak = await call(ts.url, passwordResetComplete, { token, newPassword: 'short' });
      expect(weak.httpStatus).toBe(400);
      expect(weak.body.error.controls).toContain('newPassword');

      const done = await call(ts.url, passwordResetComplete, { token, newPassword: 'NewSecret2026' });
      expect(done.body.IsSuccess).toBe(true);
      expect((await login(ts.url, 'inspector', 'NewSecret2026')).body.IsSuccess).toBe(true);
      expect((await login(ts.url, 'inspector', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(false);
      expect((await auditRows('password.resetByLink')).some((r) => r.entity_id === String(inspector))).toBe(true);

      const again = await call(ts.url, passwordResetComplete, { token, newPassword: 'Another2026x' });
      expect(again.httpStatus).toBe(400);
      expect(again.body.error.code).toBe('shell.resetLinkUsed');
      expect(again.body.error.controls).toEqual(['token']);
      expect((await login(ts.url, 'inspector', 'Another2026x')).body.IsSuccess).toBe(false);

      const after = await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, admin);
      expect(after.body.data!.items.some((t) => t.titleCode === 'todo.resetLinkIssued' && t.href.includes(`userid=${inspector}`))).toBe(false);
    });

    it('an expired link is refused', async () => {
      const operator = await userid('operator');
      const issued = await call(ts.url, passwordResetIssue, { userid: operator }, admin);
      const token = issued.body.data!.token;
      await ts.server.store.db.updateTable('password_reset').set({ expires_at: Date.now() - 1000 }).where('userid', '=', operator).where('used_at', 'is', null).execute();
      const check = await call(ts.url, passwordResetCheck, { token });
      expect(check.httpStatus).toBe(400);
      expect(check.body.error.code).toBe('shell.resetLinkExpired');
      const done = await call(ts.url, passwordResetComplete, { token, newPassword: 'NewSecret2026' });
      expect(done.body.error.code).toBe('shell.resetLinkExpired');
      expect((await login(ts.url, 'operator', DEFAULT_DEMO_PASSWORD)).body.IsSuccess).toBe(true);
    });

    it('an unknown link is refused, and only a manager may issue one', async () => {
      const bogus = await call(ts.url, passwordResetComplete, { token: 'x'.repeat(32), newPassword: 'NewSecret2026' });
      expect(bogus.body.error.code).toBe('shell.resetLinkInvalid');
      const operatorToken = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
      const denied = await call(ts.url, passwordResetIssue, { userid: await userid('contractor') }, operatorToken);
      expect(denied.httpStatus).toBe(403);
    });
  });

  describe('system configuration and /download', () => {
    it('the administrator sets the app link (audited); /download reads it without signing in', async () => {
      const bad = await call(ts.url, systemConfigSave, { appDownloadUrl: 'javascript:alert(1)' }, admin);
      expect(bad.httpStatus).toBe(400);
      expect(bad.body.error.controls).toEqual(['appDownloadUrl']);
      const saved = await call(ts.url, systemConfigSave, { appDownloadUrl: 'https://example.com/plantwatch.apk' }, admin);
      expect(saved.body.data?.appDownloadUrl).toBe('https://example.com/plantwatch.apk');
      expect((await auditRows('config.save')).some((r) => r.detail.includes('plantwatch.apk'))).toBe(true);
      const info = await call(ts.url, appDownloadInfo, {});
      expect(info.body.data?.url).toBe('https://example.com/plantwatch.apk');
      expect((await call(ts.url, systemConfigGet, {}, admin)).body.data?.appDownloadUrl).toBe('https://example.com/plantwatch.apk');
    });

    it('others may not read or change the configuration', async () => {
      const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
      expect((await call(ts.url, systemConfigSave, { appDownloadUrl: '/x' }, supervisor)).httpStatus).toBe(403);
      expect((await call(ts.url, systemConfigGet, {}, supervisor)).httpStatus).toBe(403);
    });
  });

  describe('to-dos that lead somewhere', () => {
    it('each role gets its own to-dos, pointing at pages, and the contractor different ones', async () => {
      const list = async (who: string) => (await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, await tokenFor(ts.url, who, DEFAULT_DEMO_PASSWORD))).body.data!.items;
      const supervisor = await list('supervisor');
      const contractor = await list('contractor');
      expect(supervisor.map((t) => t.href)).toContain('/system/auditLog');
      expect(contractor.map((t) => t.titleCode)).toEqual(['todo.contractorPassword']);
      expect(contractor[0].href).toBe('/changePassword');
      for (const t of [...supervisor, ...contractor]) {
        expect(t.href).not.toBe('/orgnization/ToDoCenter');
        // A code of the catalog (the shell's todo.* or a module's own, e.g. hiddenDangers.todo.verify), rendered in the user's language.
        expect(isMessageCode(t.titleCode), t.titleCode).toBe(true);
      }
    });

    it('opening a review to-do clears it; changing the password clears the password to-do', async () => {
      const token = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
      const items = (await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, token)).body.data!.items;
      const audit = items.find((t) => t.href === '/system/auditLog')!;
      expect((await call(ts.url, myTodoVisit, { id: audit.id }, token)).body.data?.href).toBe('/system/auditLog');
      const left = (await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, token)).body.data!.items;
      expect(left.some((t) => t.id === audit.id)).toBe(false);
      expect(left.length).toBe(items.length - 1);

      const contractor = await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD);
      const pw = (await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, contractor)).body.data!.items[0];
      // Opening it does not clear it: only the work does.
      await call(ts.url, myTodoVisit, { id: pw.id }, contractor);
      expect((await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, contractor)).body.data!.total).toBe(1);
      const changed = await call(ts.url, changePasswordNew, { oldPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'Contractor2026' }, contractor);
      expect(changed.body.IsSuccess).toBe(true);
      expect((await call(ts.url, myTodoList, { page: 1, pageSize: 50 }, contractor)).body.data!.total).toBe(0);
    });

    it('a to-do of someone else is not found', async () => {
      const token = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
      const other = await ts.server.store.db.selectFrom('todo').select('id').where('userid', '=', await userid('admin')).executeTakeFirstOrThrow();
      expect((await call(ts.url, myTodoVisit, { id: other.id }, token)).httpStatus).toBe(404);
    });
  });
});
