import { createHash, randomBytes } from 'node:crypto';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { hashPassword } from '../../security/password.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { actorOf, checkNewPassword, type OrgContext } from './org-context.js';
import { createOrgRepository, type OrgRepository } from './org.repository.js';
import { assertMayManageUser } from './scope.js';

/** One-time password-reset links (issue 11): issuing one for a user, checking it, setting the new password with it. */
export interface PasswordResetService {
  /** Issues a one-time reset link for a user the caller may manage (issue 11); audited, opens a to-do for the caller. */
  issuePasswordReset(caller: AuthUser, userid: number): Promise<{ token: string; expiresAt: number; loginname: string }>;
  /** Whose account a reset token opens, until when; refuses unknown, used and expired tokens. */
  checkPasswordReset(token: string): Promise<{ loginname: string; expiresAt: number }>;
  /** Sets the new password with a reset token, once; audited; ends the user's sessions. */
  completePasswordReset(token: string, newPassword: string, ip: string): Promise<{ loginname: string }>;
}

/** How long an administrator's reset link works. */
export const PASSWORD_RESET_TTL_MS = 24 * 3600_000;
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** The reset row of a token that may still be used, or the refusal naming why not. */
async function validResetRow(r: OrgRepository, token: string, now: number) {
  const row = await r.resetByTokenHash(sha256hex(token));
  if (!row) {
    throw badRequest('shell.resetLinkInvalid', ['token']);
  }
  if (row.used_at !== null) {
    throw badRequest('shell.resetLinkUsed', ['token']);
  }
  if (Number(row.expires_at) <= now) {
    throw badRequest('shell.resetLinkExpired', ['token']);
  }
  return row;
}

export function createPasswordResetService({ db, repo, events, getUserScope }: OrgContext): PasswordResetService {
  return {
    async issuePasswordReset(caller, userid) {
      const scope = await getUserScope(caller.userid);
      const token = randomBytes(24).toString('base64url');
      const now = Date.now();
      const expiresAt = now + PASSWORD_RESET_TTL_MS;
      const loginname = await transactThenPublish(db, events, async (tx) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, userid);
        // A new link replaces the user's earlier unused ones.
        await r.expireOpenResets(target.userid, now);
        await r.insertReset({
          token_hash: sha256hex(token),
          userid: target.userid,
          created_by: caller.loginname,
          created_at: now,
          expires_at: expiresAt,
        });
        await audit(tx, actorOf(caller), 'password.resetLink', 'users', target.userid, { loginname: target.loginname, expiresAt });
        await openTodo(tx, {
          userid: caller.userid,
          kind: 'password.resetLink',
          ref: target.userid,
          href: `/orgnization/personnel-setting?userid=${target.userid}`,
          title: 'todo.resetLinkIssued',
          params: { loginname: target.loginname },
        });
        return target.loginname;
      });
      return { token, expiresAt, loginname };
    },

    async checkPasswordReset(token) {
      const row = await validResetRow(repo, token, Date.now());
      const user = await repo.getUser(row.userid);
      if (!user) {
        throw badRequest('shell.resetLinkInvalid', ['token']);
      }
      return { loginname: user.loginname, expiresAt: Number(row.expires_at) };
    },

    async completePasswordReset(token, newPassword, ip) {
      checkNewPassword(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      return transactThenPublish(db, events, async (tx, emit) => {
        const now = Date.now();
        const r = createOrgRepository(tx);
        const row = await validResetRow(r, token, now);
        // Claim the token first: of two uses at once, only one updates the row.
        if (!(await r.claimReset(row.token_hash, now))) {
          throw badRequest('shell.resetLinkUsed', ['token']);
        }
        const user = await r.getUser(row.userid);
        if (!user) {
          throw badRequest('shell.resetLinkInvalid', ['token']);
        }
        if (!user.enabled) {
          throw forbidden('shell.accountDisabled');
        }
        await r.setPassword(user.userid, passwordHash, false);
        await r.revokeRefreshTokens(user.userid, now);
        emit('session.revoked', { userid: user.userid });
        await audit(tx, { userid: user.userid, loginname: user.loginname }, 'password.resetByLink', 'users', user.userid, {
          loginname: user.loginname,
          ip,
          issuedBy: row.created_by,
        });
        await completeTodos(tx, { kind: 'password.resetLink', ref: user.userid });
        await completeTodos(tx, { kind: 'password.change', userid: user.userid });
        return { loginname: user.loginname };
      });
    },
  };
}
