import { constants, createHash, createPublicKey, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { loginSecurePlain, type UserInfo } from '../../../shared/auth/contracts.js';
import { uploadFileToServerCommon } from '../../../shared/records/contracts.js';
import { REFRESH_TOKEN_ERROR } from '../../../shared/contracts/envelope.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, forbidden, tooMany, unauthorized } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { createSealer } from '../../security/seal.js';
import { audit, type Actor } from '../../store/audit.js';
import { completeTodos } from '../../common/todos.js';
import type { Db, Store, Tx } from '../../store/db.js';
import { demoUsers } from '../../store/seed-demo.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { transactThenPublish, type DomainEvents } from '../../stream/bus.js';
import { createAuthRepository, type RefreshTokenRow } from './auth.repository.js';
import { signInWaitMs, type SignInBackoff } from '../../../shared/domain/sign-in-backoff.js';

/** A sign-in body older or newer than this (against server time) is refused. */
const LOGIN_TIME_WINDOW_MS = 120_000;
/** How long an access-token family's revocation state is trusted before asking the store again. */
const REVOCATION_CACHE_MS = 5_000;
/**
 * A rotated refresh token presented again within this time gets the answer the
 * first presentation got (the same successor) instead of a reuse revocation:
 * two tabs of one browser refresh at the same moment with the token they
 * share, and the slower one must not sign the user out. Long enough for a slow
 * network round trip, short enough that a stolen copy is still caught as reuse.
 */
const REFRESH_REPEAT_GRACE_MS = 10_000;
/** How often expired nonces and attempts outside the window are deleted. */
const LOGIN_PRUNE_INTERVAL_MS = 60_000;
const ISSUER = 'plantwatch';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface AuthService {
  authenticate(token: string): Promise<AuthUser>;
  publicKey(): string;
  login(cipherB64: string, ip: string): Promise<Tokens & { userInfo: UserInfo; url: string }>;
  refresh(refreshToken: string, ip: string): Promise<Tokens>;
  logOff(user: AuthUser, token: string): Promise<void>;
  changePassword(user: AuthUser, oldPassword: string, newPassword: string): Promise<void>;
  userInfo(user: AuthUser): Promise<UserInfo & { roles: string[]; permissions: string[]; isAdmin: number }>;
  loginPageConfig(): Promise<{
    customerwebtitle: string;
    customershortname: string;
    LogOutJumpUrl: string;
    IsNeedMenuPermissions: number;
    demo: boolean;
    demoAccounts: string[];
  }>;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function createAuthService(store: Store, config: Config, org: OrgService, events: DomainEvents): Promise<AuthService> {
  const repo = createAuthRepository(store.db);
  const jwtSecret = new TextEncoder().encode(
    process.env.JWT_SECRET || (await repo.secret('jwt', () => randomBytes(32).toString('base64'))),
  );
  // The sign-in form encrypts the password with this key pair: LOGIN_RSA_KEY (a PKCS #8 PEM private key) when set,
  // else one generated on the first start and kept in the store, so every server of the store shares it.
  const keyPairOf = (privateKey: string) => ({
    publicKey: createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
  });
  const rsa = process.env.LOGIN_RSA_KEY
    ? keyPairOf(process.env.LOGIN_RSA_KEY)
    : (JSON.parse(
        await repo.secret('rsa', () => {
          const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
          return JSON.stringify({
            publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
            privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
          });
        }),
      ) as { publicKey: string; privateKey: string });
  const loginWindowMs = config.loginWindowSeconds * 1000;
  // A progressive delay per account and address, not a lockout: the owner elsewhere is never held back.
  const backoff: SignInBackoff = { free: config.loginMaxAttempts, firstDelayMs: config.loginDelaySeconds * 1000, maxDelayMs: Math.max(loginWindowMs, config.loginDelaySeconds * 1000) };
  let lastPrune = 0;
  // Successors of rotated refresh tokens are kept encrypted: the store alone does not give a live token away.
  const successors = createSealer(jwtSecret, 'refresh-successor');
  const revoked = new Map<string, { revoked: boolean; at: number; userid: number }>();
  // Another request, or another server of the store, ended sessions of this user: ask the store again at the next call.
  events.onAnyServer('session.revoked').subscribe(({ userid }) => {
    for (const [fid, e] of revoked) {
      if (e.userid === userid && !e.revoked) {
        revoked.delete(fid);
      }
    }
  });

  const signAccess = (userid: number, loginname: string, familyId: string) =>
    new SignJWT({ ln: loginname, fid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userid))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + config.accessTokenTtl)
      .sign(jwtSecret);
  const newRefreshToken = () => randomBytes(32).toString('base64url');

  async function issue(
    userid: number,
    loginname: string,
    familyId: string,
    tx: Tx | Db = store.db,
    refreshToken: string = newRefreshToken(),
  ): Promise<Tokens> {
    const now = Date.now();
    const accessToken = await signAccess(userid, loginname, familyId);
    await repo.insertRefreshToken(tx, {
      userid,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      created_at: now,
      expires_at: now + config.refreshTokenTtl * 1000,
    });
    return { accessToken, refreshToken, expiresIn: config.accessTokenTtl };
  }

  /**
   * The answer to a refresh token presented again within REFRESH_REPEAT_GRACE_MS
   * of its rotation: its successor (followed while that was rotated within the
   * window too) and a new access token; null when outside the window or the
   * family has been revoked since.
   */
  async function repeatedRefresh(tx: Tx, row: RefreshTokenRow, now: number): Promise<Tokens | null> {
    let current = row;
    for (let hop = 0; hop < 3; hop++) {
      if (
        current.revoked_at !== null ||
        current.replaced_at === null ||
        current.successor === null ||
        now - current.replaced_at > REFRESH_REPEAT_GRACE_MS
      ) {
        return null;
      }
      const token = successors.open(current.successor, current.token_hash);
      const next = token === null ? undefined : await repo.refreshTokenByHash(tx, sha256(token));
      if (token === null || !next || next.revoked_at !== null || next.expires_at < now) {
        return null;
      }
      if (next.replaced_at === null) {
        const user = await repo.userById(next.userid, tx);
        if (!user || user.enabled !== 1) {
          return null;
        }
        return {
          accessToken: await signAccess(user.userid, user.loginname, next.family_id),
          refreshToken: token,
          expiresIn: config.accessTokenTtl,
        };
      }
      current = next;
    }
    return null;
  }

  async function familyRevoked(fid: string, userid: number): Promise<boolean> {
    const now = Date.now();
    const cached = revoked.get(fid);
    if (cached && (cached.revoked || now - cached.at < REVOCATION_CACHE_MS)) {
      return cached.revoked;
    }
    const r = await repo.familyRevoked(fid);
    revoked.set(fid, { revoked: r, at: now, userid });
    if (revoked.size > 50_000) {
      revoked.clear();
    }
    return r;
  }

  function decrypt(cipherB64: string) {
    let plain: unknown;
    try {
      const buf = privateDecrypt(
        { key: rsa.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipherB64, 'base64'),
      );
      plain = JSON.parse(buf.toString('utf8'));
    } catch {
      throw badRequest('auth.undecryptable', ['data']);
    }
    const parsed = loginSecurePlain.safeParse(plain);
    if (!parsed.success) {
      throw new AppError(400, 'auth.incompleteBody', ['data'], {}, fieldIssues(parsed.error.issues));
    }
    return parsed.data;
  }

  const service: AuthService = {
    async authenticate(token) {
      let payload;
      try {
        // A token must say when it was issued and when it ends, and live no longer than the configured lifetime
        // (a token signed elsewhere with the shared JWT_SECRET but without exp, or for a year, is refused).
        ({ payload } = await jwtVerify(token, jwtSecret, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] }));
        if ((payload.exp as number) - (payload.iat as number) > config.accessTokenTtl) {
          throw new Error('lifetime above the configured one');
        }
      } catch {
        throw unauthorized();
      }
      const userid = Number(payload.sub);
      const fid = typeof payload.fid === 'string' ? payload.fid : '';
      if (!Number.isInteger(userid) || !fid || (await familyRevoked(fid, userid))) {
        throw unauthorized();
      }
      const user = await repo.userById(userid);
      if (!user || user.enabled !== 1) {
        throw unauthorized('auth.accountDisabled');
      }
      const access = await org.getAccess(userid);
      return {
        userid,
        loginname: user.loginname,
        username: user.username,
        c_id: user.c_id,
        roles: access.roles,
        permissions: new Set(access.permissions),
        mustChangePassword: user.is_need_change_password === 1,
        sessionId: fid,
        expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined,
      };
    },

    publicKey: () => rsa.publicKey,

    async login(cipherB64, ip) {
      const body = decrypt(cipherB64);
      const now = Date.now();
      if (Math.abs(now - body.serverTime) > LOGIN_TIME_WINDOW_MS) {
        throw badRequest('auth.staleRequest', ['serverTime']);
      }
      if (now - lastPrune > LOGIN_PRUNE_INTERVAL_MS) {
        lastPrune = now;
        await repo.pruneLoginState(now - backoff.maxDelayMs - loginWindowMs, now);
      }
      // In the store, not in memory: a captured body stays refused after a restart and on every server of the store.
      if (!(await repo.claimNonce(body.nonce, now + 2 * LOGIN_TIME_WINDOW_MS))) {
        throw badRequest('auth.replayedRequest', ['nonce']);
      }
      // The attempt is counted before the password is checked, so parallel attempts cannot slip past the limit.
      // Only a right password takes it back; a success does not wipe earlier failures, or one lucky attempt among
      // parallel ones would open the limit again for the rest.
      const key = `${body.loginname.toLowerCase()}|${ip}`;
      const attemptId = randomUUID();
      const slot = await repo.reserveAttempt(key, attemptId, now, (failures) => signInWaitMs(failures, backoff), loginWindowMs);
      if (!slot.reserved) {
        throw tooMany('auth.tooManyAttempts', { seconds: Math.max(1, Math.ceil((slot.freeAt - now) / 1000)) });
      }
      const user = await repo.userByLoginname(body.loginname);
      const valid = user ? await verifyPassword(user.password_hash, body.password) : await verifyPassword(dummyHash, body.password);
      const actor: Actor = { userid: user?.userid ?? null, loginname: body.loginname };
      if (!user || !valid) {
        await audit(store.db, actor, 'login.failed', 'session', '', { ip });
        throw badRequest('auth.wrongPassword', ['password']);
      }
      await repo.releaseAttempt(attemptId);
      if (user.enabled !== 1) {
        throw forbidden('auth.accountDisabled');
      }
      const access = await org.getAccess(user.userid);
      if (access.roles.length === 0) {
        throw forbidden('auth.noRole');
      }
      const tokens = await store.db.transaction().execute(async (tx) => {
        const t = await issue(user.userid, user.loginname, randomUUID(), tx);
        await audit(tx, actor, 'login', 'session', '', { ip });
        return t;
      });
      return { ...tokens, userInfo: await toUserInfo(user.userid), url: '/Gateway/home' };
    },

    async refresh(refreshToken, ip) {
      const hash = sha256(refreshToken);
      // The transaction returns null instead of throwing so that a reuse revocation commits.
      const tokens = await store.db.transaction().execute(async (tx): Promise<Tokens | null> => {
        let row = await repo.refreshTokenByHash(tx, hash);
        const now = Date.now();
        if (!row || row.expires_at < now) {
          return null;
        }
        if (row.revoked_at === null && row.replaced_at === null) {
          const user = await repo.userById(row.userid, tx);
          if (!user || user.enabled !== 1) {
            return null;
          }
          const next = newRefreshToken();
          if (await repo.markReplaced(tx, row.id, now, successors.seal(next, hash))) {
            return issue(user.userid, user.loginname, row.family_id, tx, next);
          }
          // A parallel refresh rotated it between our read and our update (PostgreSQL): answer as that one did.
          row = await repo.refreshTokenByHash(tx, hash);
          if (!row) {
            return null;
          }
        }
        const again = await repeatedRefresh(tx, row, now);
        if (again) {
          return again;
        }
        // A rotated token presented again after the grace window (or a revoked one): someone holds a copy. End the whole session family.
        await repo.revokeFamily(tx, row.family_id, now);
        revoked.set(row.family_id, { revoked: true, at: now, userid: row.userid });
        await audit(tx, { userid: row.userid, loginname: '' }, 'token.reuse', 'session', row.family_id, { ip });
        return null;
      });
      if (!tokens) {
        throw unauthorized(REFRESH_TOKEN_ERROR);
      }
      return tokens;
    },

    async logOff(user, _token) {
      const sessionId = user.sessionId;
      await transactThenPublish(store.db, events, async (tx, emit) => {
        await repo.revokeFamily(tx, sessionId, Date.now());
        await audit(tx, user, 'logout', 'session', '', {});
        emit('session.revoked', { userid: user.userid, sessionId });
      });
      revoked.set(sessionId, { revoked: true, at: Date.now(), userid: user.userid });
    },

    async changePassword(user, oldPassword, newPassword) {
      const row = await repo.userById(user.userid);
      if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
        throw badRequest('auth.wrongCurrentPassword', ['oldPassword']);
      }
      if (oldPassword === newPassword) {
        throw badRequest('auth.samePassword', ['newPassword']);
      }
      const hash = await hashPassword(newPassword);
      await transactThenPublish(store.db, events, async (tx, emit) => {
        await repo.setPassword(tx, user.userid, hash);
        // Whoever else signed in with the old password is signed out; this session stays.
        await repo.revokeOtherFamilies(tx, user.userid, user.sessionId, Date.now());
        await audit(tx, user, 'password.change', 'users', user.userid, {});
        // The work of the user's "change your password" to-do is done (issue 11).
        await completeTodos(tx, { kind: 'password.change', userid: user.userid });
        emit('session.revoked', { userid: user.userid, keep: user.sessionId });
      });
    },

    async userInfo(user) {
      return {
        ...(await toUserInfo(user.userid)),
        roles: user.roles,
        permissions: [...user.permissions].sort(),
        isAdmin: user.roles.includes('admin') ? 0 : 1,
      };
    },

    async loginPageConfig() {
      const cfg = new Map((await repo.systemConfig()).map((r) => [r.consttitle, r.constvalue]));
      return {
        customerwebtitle: cfg.get('customerwebtitle') ?? 'Plantwatch',
        customershortname: cfg.get('customershortname') ?? '',
        LogOutJumpUrl: cfg.get('LogOutJumpUrl') ?? '',
        IsNeedMenuPermissions: Number(cfg.get('IsNeedMenuPermissions') ?? '1'),
        demo: config.demo,
        demoAccounts: config.demo ? demoUsers.map((u) => u.loginname) : [],
      };
    },
  };

  async function toUserInfo(userid: number): Promise<UserInfo> {
    const u = await repo.userById(userid);
    if (!u) {
      throw unauthorized();
    }
    return {
      userid: u.userid,
      c_id: u.c_id,
      username: u.username,
      phone: u.phone,
      loginname: u.loginname,
      headimg: u.headimg,
      subsidiaryId: u.c_id,
      isNeedChangePassword: u.is_need_change_password,
      reportprint: '',
      reportprint2: '',
      uploadurl: uploadFileToServerCommon.path,
      deptid: u.deptid,
      deptname: await repo.deptName(u.deptid),
      deptname_en: await repo.deptNameEn(u.deptid),
    };
  }

  // Verifying against a real hash when the account doesn't exist keeps timing from revealing which names exist.
  const dummyHash = await hashPassword(randomBytes(16).toString('hex'));
  return service;
}
