import { regionLevelOverride, regionLevelOverrideClear } from '../../../shared/risk/override-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { OverrideService } from './override.service.js';

/** A zone's level set by hand and cleared (issue 21 §4). */
export function registerOverrideRoutes(http: HttpApp, overrides: OverrideService): void {
  http.route(regionLevelOverride, async (input, ctx) => overrides.set(caller(ctx), input));
  http.route(regionLevelOverrideClear, async (input, ctx) => overrides.clear(caller(ctx), input));
}
