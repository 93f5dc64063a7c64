import type { PushConfig } from '../../../shared/major-hazard/push-contracts.js';
import { regulatorPushConfig, regulatorPushSave, regulatorPushStatus } from '../../../shared/major-hazard/push-contracts.js';
import { caller, type AuthUser, type HttpApp } from '../../http/app.js';
import type { RegulatorPush } from './push.service.js';

/**
 * The endpoint as `viewer` may read it: who may change it sees it whole; the others (view only) without the
 * user name, password and query an address may carry its credentials in.
 */
export function visibleConfig(viewer: AuthUser, config: PushConfig): PushConfig {
  if (viewer.permissions.has('majorHazard:manage') || config.url === '') {
    return config;
  }
  try {
    const u = new URL(config.url);
    return { ...config, url: `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}` };
  } catch {
    return { ...config, url: '' };
  }
}

/** The calls of the regulator push page (/realTimeDataCollection/RegulatorPush): its endpoint and what was sent and waits. */
export function registerPushRoutes(http: HttpApp, push: RegulatorPush): void {
  http.route(regulatorPushConfig, async (_input, ctx) => visibleConfig(caller(ctx), await push.config()));
  http.route(regulatorPushSave, async (input, ctx) => push.save(caller(ctx), input));
  http.route(regulatorPushStatus, async (input, ctx) => {
    const status = await push.status(input);
    return { ...status, config: visibleConfig(caller(ctx), status.config) };
  });
}
