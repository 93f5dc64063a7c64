import {
  changePasswordNew,
  getLoginPageConfig,
  getPublicKey,
  getServerTime,
  getUserInfo,
  logOff,
  loginSecure,
  refreshToken,
} from '../../../shared/auth/contracts.js';
import { bearerToken, type HttpApp } from '../../http/app.js';
import { NO_STORE_HEADERS } from '../../http/security-headers.js';
import type { AuthService } from './auth.service.js';

/** Binds sign-in, tokens, user info and password change to the auth service. */
export function registerAuthRoutes(http: HttpApp, auth: AuthService): void {
  http.route(getServerTime, async () => ({ serverTime: Date.now() }));
  http.route(getPublicKey, async () => ({ publicKey: auth.publicKey(), algorithm: 'RSA-OAEP-256' as const }));
  http.route(loginSecure, (input, ctx) => {
    ctx.reply.headers(NO_STORE_HEADERS);
    return auth.login(input.data, ctx.ip);
  });
  http.route(refreshToken, (input, ctx) => {
    ctx.reply.headers(NO_STORE_HEADERS);
    return auth.refresh(input.refreshToken, ctx.ip);
  });
  http.route(getUserInfo, (_input, ctx) => auth.userInfo(ctx.user!));
  http.route(logOff, async (_input, ctx) => {
    await auth.logOff(ctx.user!, bearerToken(ctx.req) ?? '');
    return {};
  });
  http.route(changePasswordNew, async (input, ctx) => {
    await auth.changePassword(ctx.user!, input.oldPassword, input.newPassword);
    return {};
  });
  http.route(getLoginPageConfig, () => auth.loginPageConfig());
}
