import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { riskLevelSchema } from '../domain/risk-evaluation.js';
import { MAX_OVERRIDE_REASON } from '../domain/risk-zones.js';
import { riskZoneItem } from './items.js';

const reason = z.string().trim().min(1, 'risk.override.reasonRequired').max(MAX_OVERRIDE_REASON);

/**
 * `UAPI/RiskControl/RegionLevelOverride` (issue 21 §4): sets a zone's level by
 * hand, with a reason, never a free colour. The level replaces the level
 * computed from the zone's risk points (it may lower it as well as raise it);
 * the live causes are then applied to it as to any static level (effects
 * never stack, DOMAIN.md §6). Optional `until` (epoch ms, in the future):
 * the override ends by itself then. Audited; answers the zone's new state.
 */
export const regionLevelOverride = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/RegionLevelOverride',
  input: z.object({
    zone: z.number().int().positive(),
    level: riskLevelSchema,
    reason,
    until: z.number().int().positive().nullable().optional(),
  }),
  output: riskZoneItem,
  permission: 'risk:manage',
});

/** `UAPI/RiskControl/RegionLevelOverrideClear`: ends a zone's override (with the reason, audited); the computed level holds again. */
export const regionLevelOverrideClear = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/RegionLevelOverrideClear',
  input: z.object({ zone: z.number().int().positive(), reason }),
  output: riskZoneItem,
  permission: 'risk:manage',
});
