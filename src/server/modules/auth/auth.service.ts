import { createHash, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID, constants } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { loginSecurePlain, type UserInfo } from '../../../shared/contracts/auth.js';
import { REFRESH_TOKEN_ERROR } from '../../../shared/contracts/envelope.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, forbidden, tooMany, unauthorized } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { audit, type Actor } from '../../store/audit.js';
import type { Db, Store, Tx } from '../../store/db.js';
import { demoUsers } from '../../store/seed-demo.js';
import type { OrgService } from '../org/org.service.js';
import { createAuthRepository } from './auth.repository.js';

/** A sign-in body older or newer than this (against server time) is refused. */
const LOGIN_TIME_WINDOW_MS = 120_000;
/** How long an access-token family's revocation state is trusted before asking the store again. */
const REVOCATION_CACHE_MS = 5_000;
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

/** Counts failed sign-ins per (account, address) in a sliding window. */
class LoginLimiter {
  private failures = new Map<string, number[]>();
  constructor(
    private max: number,
    private windowMs: number,
  ) {}
  /** Milliseconds until the key may try again; 0 when allowed. */
  blockedFor(key: string, now: number): number {
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.failures.set(key, recent);
    return recent.length >= this.max ? recent[0] + this.windowMs - now : 0;
  }
  fail(key: string, now: number): void {
    const list = this.failures.get(key) ?? [];
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 100_000) {
      // Bounded memory under a spray of random names: drop the oldest keys.
      for (const k of [...this.failures.keys()].slice(0, 50_000)) {
        this.failures.delete(k);
      }
    }
  }
  reset(key: string): void {
    this.failures.delete(key);
  }
}

/** Nonces of accepted sign-in bodies, kept for the time window so a body can't be replayed. */
class NonceCache {
  private seen = new Map<string, number>();
  /** False when the nonce was seen already. */
  claim(nonce: string, now: number): boolean {
    if (this.seen.size > 10_000) {
      for (const [n, exp] of this.seen) {
        if (exp < now) {
          this.seen.delete(n);
        }
      }
    }
    const exp = this.seen.get(nonce);
    if (exp !== undefined && exp >= now) {
      return false;
    }
    this.seen.set(nonce, now + 2 * LOGIN_TIME_WINDOW_MS);
    return true;
  }
}

export async function createAuthService(store: Store, config: Config, org: OrgService): Promise<AuthService> {
  const repo = createAuthRepository(store.db);
  const jwtSecret = new TextEncoder().encode(
    process.env.JWT_SECRET || (await repo.secret('jwt', () => randomBytes(32).toString('base64'))),
  );
  const rsa = JSON.parse(
    await repo.secret('rsa', () => {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return JSON.stringify({
        publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      });
    }),
  ) as { publicKey: string; privateKey: string };
  const limiter = new LoginLimiter(config.loginMaxAttempts, config.loginWindowSeconds * 1000);
  const nonces = new NonceCache();
  const revoked = new Map<string, { revoked: boolean; at: number }>();

  async function issue(userid: number, loginname: string, familyId: string, tx: Tx | Db = store.db): Promise<Tokens> {
    const now = Date.now();
    const accessToken = await new SignJWT({ ln: loginname, fid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userid))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + config.accessTokenTtl)
      .sign(jwtSecret);
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertRefreshToken(tx, {
      userid,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      created_at: now,
      expires_at: now + config.refreshTokenTtl * 1000,
    });
    return { accessToken, refreshToken, expiresIn: config.accessTokenTtl };
  }

  async function familyRevoked(fid: string): Promise<boolean> {
    const now = Date.now();
    const cached = revoked.get(fid);
    if (cached && (cached.revoked || now - cached.at < REVOCATION_CACHE_MS)) {
      return cached.revoked;
    }
    const r = await repo.familyRevoked(fid);
    revoked.set(fid, { revoked: r, at: now });
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
      throw badRequest('登录数据无法解密，请刷新页面重试 / The sign-in body could not be decrypted; reload the page and try again', ['data']);
    }
    const parsed = loginSecurePlain.safeParse(plain);
    if (!parsed.success) {
      throw badRequest(`登录数据不完整 / Incomplete sign-in body: ${z.prettifyError(parsed.error)}`, ['data']);
    }
    return parsed.data;
  }

  const service: AuthService = {
    async authenticate(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwtSecret, { issuer: ISSUER, algorithms: ['HS256'] }));
      } catch {
        throw unauthorized();
      }
      const userid = Number(payload.sub);
      const fid = typeof payload.fid === 'string' ? payload.fid : '';
      if (!Number.isInteger(userid) || !fid || (await familyRevoked(fid))) {
        throw unauthorized();
      }
      const user = await repo.userById(userid);
      if (!user || user.enabled !== 1) {
        throw unauthorized('账号已停用 / Account disabled');
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
      };
    },

    publicKey: () => rsa.publicKey,

    async login(cipherB64, ip) {
      const body = decrypt(cipherB64);
      const now = Date.now();
      if (Math.abs(now - body.serverTime) > LOGIN_TIME_WINDOW_MS) {
        throw badRequest('登录请求已过期，请重试 / The sign-in request is stale; try again', ['serverTime']);
      }
      if (!nonces.claim(body.nonce, now)) {
        throw badRequest('重复的登录请求 / This sign-in request was already used', ['nonce']);
      }
      const key = `${body.loginname.toLowerCase()}|${ip}`;
      const wait = limiter.blockedFor(key, now);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        throw tooMany(`登录失败次数过多，请 ${minutes} 分钟后再试 / Too many failed sign-in attempts; try again in ${minutes} min`);
      }
      const user = await repo.userByLoginname(body.loginname);
      const valid = user ? await verifyPassword(user.password_hash, body.password) : await verifyPassword(dummyHash, body.password);
      const actor: Actor = { userid: user?.userid ?? null, loginname: body.loginname };
      if (!user || !valid) {
        limiter.fail(key, now);
        await audit(store.db, actor, 'login.failed', 'session', '', { ip });
        throw new AppError(400, '用户名或密码错误 / Wrong login name or password', ['password']);
      }
      if (user.enabled !== 1) {
        throw forbidden('账号已停用，请联系管理员 / Account disabled; contact your administrator');
      }
      const access = await org.getAccess(user.userid);
      if (access.roles.length === 0) {
        throw forbidden('账号未分配角色，请联系管理员 / No role assigned to this account; contact your administrator');
      }
      limiter.reset(key);
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
        const row = await repo.refreshTokenByHash(tx, hash);
        const now = Date.now();
        if (!row || row.expires_at < now) {
          return null;
        }
        if (row.revoked_at !== null || row.replaced_at !== null) {
          // A rotated token presented again: someone holds a copy. End the whole session family.
          await repo.revokeFamily(tx, row.family_id, now);
          revoked.set(row.family_id, { revoked: true, at: now });
          await audit(tx, { userid: row.userid, loginname: '' }, 'token.reuse', 'session', row.family_id, { ip });
          return null;
        }
        const user = await repo.userById(row.userid, tx);
        if (!user || user.enabled !== 1 || !(await repo.markReplaced(tx, row.id, now))) {
          return null;
        }
        return issue(user.userid, user.loginname, row.family_id, tx);
      });
      if (!tokens) {
        throw unauthorized(REFRESH_TOKEN_ERROR);
      }
      return tokens;
    },

    async logOff(user, _token) {
      const sessionId = user.sessionId;
      await store.db.transaction().execute(async (tx) => {
        await repo.revokeFamily(tx, sessionId, Date.now());
        await audit(tx, user, 'logout', 'session', '', {});
      });
      revoked.set(sessionId, { revoked: true, at: Date.now() });
    },

    async changePassword(user, oldPassword, newPassword) {
      const row = await repo.userById(user.userid);
      if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
        throw badRequest('原密码错误 / The current password is wrong', ['oldPassword']);
      }
      if (oldPassword === newPassword) {
        throw badRequest('新密码不能与原密码相同 / The new password must differ from the current one', ['newPassword']);
      }
      const hash = await hashPassword(newPassword);
      await store.db.transaction().execute(async (tx) => {
        await repo.setPassword(tx, user.userid, hash);
        await audit(tx, user, 'password.change', 'users', user.userid, {});
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
      uploadurl: '/UAPI/Common/UploadFileToServer',
      deptid: u.deptid,
      deptname: await repo.deptName(u.deptid),
    };
  }

  // Verifying against a real hash when the account doesn't exist keeps timing from revealing which names exist.
  const dummyHash = await hashPassword(randomBytes(16).toString('hex'));
  return service;
}
