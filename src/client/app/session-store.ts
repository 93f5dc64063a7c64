import type { z } from 'zod';
import { create } from 'zustand';
import {
  changePasswordNew,
  getLoginPageConfig,
  getPublicKey,
  getServerTime,
  getUserInfo,
  loginSecure,
  logOff,
} from '../../shared/auth/contracts';
import { getJsonMenus, getMenuPermissionConfig, type MenuItem } from '../../shared/org/contracts';
import { encryptLoginBody, loginNonce } from '../../shared/login-crypto';
import { api, bindApiSession, type SessionTokens } from './api';
import { feedback } from './feedback';
import { i18n } from './i18n';
import { loginUrlForCurrent, navigateTo } from './navigation';

export type SessionUser = z.output<(typeof getUserInfo)['output']>;
export type LoginConfig = z.output<(typeof getLoginPageConfig)['output']>;

/** Browser-held keys (seed 1 §3.1). */
export const TOKEN_KEY = 'Admin-Token';
const REFRESH_KEY = 'refreshToken';
const EXPIRY_KEY = 'expirationTimestamp';
const MENU_KEY = 'menuList';

/** Seed 1 §8: the error a user-info answer without roles is rejected with. */
export const ROLES_ERROR = 'getInfo: roles must be a non-null array !';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) {
      localStorage.removeItem(key);
    } else {
      localStorage.setItem(key, value);
    }
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

function writeTokenCookie(token: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token
    ? `${TOKEN_KEY}=${encodeURIComponent(token)}; path=/; SameSite=Strict${secure}`
    : `${TOKEN_KEY}=; path=/; max-age=0; SameSite=Strict${secure}`;
}

function readMenus(): MenuItem[] {
  try {
    const parsed: unknown = JSON.parse(read(MENU_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as MenuItem[]) : [];
  } catch {
    return [];
  }
}

/** Accepts a user-info answer only with a non-empty roles array (seed 1 §6, §8). */
export function checkUserInfo(user: SessionUser | null | undefined): SessionUser {
  if (!user) {
    throw new Error('error');
  }
  if (!Array.isArray(user.roles) || user.roles.length === 0) {
    throw new Error(ROLES_ERROR);
  }
  return user;
}

export type ProfileState = 'none' | 'loading' | 'ready';

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch ms when the access token expires. */
  expirationTimestamp: number | null;
  user: SessionUser | null;
  menus: MenuItem[];
  /** Paths the user may open when IsNeedMenuPermissions is 1. */
  menuUrls: string[];
  loginConfig: LoginConfig | null;
  profile: ProfileState;

  setTokens: (tokens: SessionTokens) => void;
  /** Full sign-in: encrypted LoginSecure, then the profile. Rejects with the server's message. */
  signIn: (loginname: string, password: string) => Promise<SessionUser>;
  /** User info, menus and menu permissions for the current token. */
  loadProfile: () => Promise<SessionUser>;
  loadLoginConfig: () => Promise<LoginConfig>;
  changePassword: (oldPassword: string, newPassword: string) => Promise<void>;
  /** Revokes the refresh token on the server, then clears the session (even if the call fails). */
  signOut: () => Promise<void>;
  /** Forgets tokens, user, menus and permissions. */
  clear: () => void;
}

export const useSession = create<SessionState>()((set, get) => ({
  accessToken: read(TOKEN_KEY),
  refreshToken: read(REFRESH_KEY),
  expirationTimestamp: Number(read(EXPIRY_KEY)) || null,
  user: null,
  menus: readMenus(),
  menuUrls: [],
  loginConfig: null,
  profile: 'none',

  setTokens: ({ accessToken, refreshToken, expiresIn }) => {
    const expirationTimestamp = Date.now() + expiresIn * 1000;
    write(TOKEN_KEY, accessToken);
    writeTokenCookie(accessToken);
    write(REFRESH_KEY, refreshToken);
    write(EXPIRY_KEY, String(expirationTimestamp));
    set({ accessToken, refreshToken, expirationTimestamp });
  },

  signIn: async (loginname, password) => {
    const [{ publicKey }, { serverTime }] = await Promise.all([
      api(getPublicKey, {}, { silent: true }),
      api(getServerTime, {}, { silent: true }),
    ]);
    const data = await encryptLoginBody(publicKey, { loginname: loginname.trim(), password, serverTime, nonce: loginNonce() });
    const result = await api(loginSecure, { data }, { silent: true });
    get().setTokens(result);
    try {
      return await get().loadProfile();
    } catch (err) {
      get().clear();
      throw err;
    }
  },

  loadProfile: async () => {
    set({ profile: 'loading' });
    try {
      const user = checkUserInfo(await api(getUserInfo, {}, { silent: true }));
      // Until the password is changed the server answers only the password calls; menus come after.
      if (user.isNeedChangePassword === 1) {
        set({ user, menus: [], menuUrls: [], profile: 'ready' });
        return user;
      }
      const [menus, perms] = await Promise.all([api(getJsonMenus, {}, { silent: true }), api(getMenuPermissionConfig, {}, { silent: true })]);
      write(MENU_KEY, JSON.stringify(menus));
      set({ user, menus, menuUrls: perms.items.map((p) => p.menuUrl), profile: 'ready' });
      return user;
    } catch (err) {
      set({ profile: 'none' });
      throw err;
    }
  },

  loadLoginConfig: async () => {
    const loginConfig = await api(getLoginPageConfig, {}, { silent: true });
    set({ loginConfig });
    return loginConfig;
  },

  changePassword: async (oldPassword, newPassword) => {
    await api(changePasswordNew, { oldPassword, newPassword }, { silent: true });
    const wasForced = get().user?.isNeedChangePassword === 1;
    if (wasForced) {
      // The portal opens now: fetch the menus the server held back.
      await get().loadProfile();
    }
  },

  signOut: async () => {
    const refreshToken = get().refreshToken ?? undefined;
    try {
      await api(logOff, { refreshToken }, { silent: true });
    } finally {
      get().clear();
    }
  },

  clear: () => {
    for (const key of [TOKEN_KEY, REFRESH_KEY, EXPIRY_KEY, MENU_KEY]) {
      write(key, null);
    }
    writeTokenCookie(null);
    set({ accessToken: null, refreshToken: null, expirationTimestamp: null, user: null, menus: [], menuUrls: [], profile: 'none' });
  },
}));

bindApiSession({
  accessToken: () => useSession.getState().accessToken,
  refreshToken: () => useSession.getState().refreshToken,
  phone: () => useSession.getState().user?.phone || undefined,
  setTokens: (tokens) => useSession.getState().setTokens(tokens),
  end: () => {
    const wasSignedIn = Boolean(useSession.getState().accessToken);
    const target = loginUrlForCurrent();
    useSession.getState().clear();
    if (wasSignedIn) {
      feedback.message.warning(i18n.t('api.sessionExpired', { defaultValue: '登录已过期，请重新登录' }));
    }
    if (!window.location.pathname.startsWith('/login')) {
      navigateTo(target, { replace: true });
    }
  },
});
