import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf } from '../contracts/envelope.js';

/*
 * Electronic fences (issue 10, DOMAIN.md §4): the positioning rules of a
 * region of the store. One rule per region; it applies to everyone whose fix
 * lies in the region or in one of its sub-regions.
 */

/** Shift hours (local, 0–24) a head-count minimum applies in; from > to wraps past midnight. */
export const fenceShift = z.object({
  from: z.number().min(0).max(24),
  to: z.number().min(0).max(24),
});

export const fenceRule = z.object({
  regionid: z.number().int().positive(),
  /** 超员: more people than this raises `overcrowd`; null: no limit. */
  maxCount: z.number().int().min(0).nullable().default(null),
  /** 缺员: fewer people than this (within `minShift` when set) raises `understaff`; null: no minimum. */
  minCount: z.number().int().min(1).nullable().default(null),
  minShift: fenceShift.nullable().default(null),
  /** 越界: only the authorised may enter. */
  restricted: z.boolean().default(false),
  /** Authorised cards, departments (with their sub-departments), work types (WorkType record ids) and certificates. */
  allowCards: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
  allowDepts: z.array(z.number().int()).max(200).default([]),
  allowWorkTypes: z.array(z.number().int()).max(200).default([]),
  allowCerts: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
  /** 超时停留: minutes in the region; null: no limit. */
  overstayMin: z.number().int().min(1).max(24 * 60).nullable().default(null),
  /** 静止 (man-down): no movement beyond radiusM for seconds. */
  manDown: z.object({ radiusM: z.number().min(0.5).max(50), seconds: z.number().int().min(1).max(24 * 3600) }).nullable().default(null),
  /** 聚集: at least `count` people within radiusM of one another for seconds (2023 guideline: 15 m, 1 min). */
  gathering: z
    .object({ radiusM: z.number().min(1).max(200).default(15), seconds: z.number().int().min(1).max(3600).default(60), count: z.number().int().min(2).max(1000) })
    .nullable()
    .default(null),
});
export type FenceRule = z.output<typeof fenceRule>;
export type FenceRuleInput = z.input<typeof fenceRule>;

export const fenceRuleItem = fenceRule.extend({
  regionname: z.string(),
  regionname_en: z.string(),
  updated_at: z.number(),
  updated_by: z.string(),
});
export type FenceRuleItem = z.infer<typeof fenceRuleItem>;

/** The fence rules of the caller's regions. */
export const fenceRuleList = defineContract({
  method: 'POST',
  path: '/UAPI/Fence/RuleList',
  input: z.object({}),
  output: listOf(fenceRuleItem),
  permission: 'positioning:read',
});

/** Creates or replaces the rule of a region; the fence engine applies it at once, to people already inside too. */
export const fenceRuleSave = defineContract({
  method: 'POST',
  path: '/UAPI/Fence/RuleSave',
  input: fenceRule,
  output: fenceRuleItem,
  permission: 'system:config',
});

export const fenceRuleDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Fence/RuleDelete',
  input: z.object({ regionid: z.number().int().positive() }),
  output: z.object({ regionid: z.number().int() }),
  permission: 'system:config',
});
