import { regulatorPushConfig, regulatorPushSave, regulatorPushStatus } from '../../../shared/major-hazard/push-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { RegulatorPush } from './push.service.js';

/** The calls of the regulator push page (/realTimeDataCollection/RegulatorPush): its endpoint and what was sent and waits. */
export function registerPushRoutes(http: HttpApp, push: RegulatorPush): void {
  http.route(regulatorPushConfig, async () => push.config());
  http.route(regulatorPushSave, async (input, ctx) => push.save(caller(ctx), input));
  http.route(regulatorPushStatus, async (input) => push.status(input));
}
