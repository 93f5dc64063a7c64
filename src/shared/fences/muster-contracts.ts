import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/*
 * Muster (紧急集合清点, DOMAIN.md §4): during an emergency each person on site
 * is counted once — at a muster point (a region of kind muster_point), still
 * inside the plant with the last region and fix, or without a recent fix. A
 * person whose last fix was at a gate (or outside every region) and is older
 * than the fix limit left before: not missing.
 */

export const musterInfo = z.object({
  id: z.number().int(),
  started_at: z.number(),
  started_by: z.string(),
  reason: z.string(),
  ended_at: z.number().nullable(),
  ended_by: z.string().nullable(),
});
export type MusterInfo = z.infer<typeof musterInfo>;

export const musterPerson = z.object({
  card: z.string(),
  name: z.string(),
  dept: z.string(),
  dept_en: z.string(),
  /** Muster point (arrived) or last region (inside, no recent fix); null outside every region. */
  regionid: z.number().int().nullable(),
  region: z.string(),
  region_en: z.string(),
  /** Time of the last fix, epoch ms. */
  t: z.number(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
});
export type MusterPerson = z.infer<typeof musterPerson>;

export const musterBoard = z.object({
  /** The open muster, or the last one when none is open; null before the first. */
  muster: musterInfo.nullable(),
  /** A fix older than this counts as no recent fix. */
  staleMinutes: z.number(),
  points: z.array(z.object({ regionid: z.number().int(), name: z.string(), name_en: z.string(), count: z.number().int() })),
  arrived: z.array(musterPerson),
  inside: z.array(musterPerson),
  noFix: z.array(musterPerson),
  /** People whose last fix was at a gate or off the drawn regions, before the fix limit: left the site. */
  left: z.number().int(),
  serverTime: z.number(),
});
export type MusterBoard = z.infer<typeof musterBoard>;

/** Starts a muster (one at a time); audited. */
export const musterStart = defineContract({
  method: 'POST',
  path: '/UAPI/Muster/Start',
  input: z.object({ reason: z.string().trim().min(1).max(200) }),
  output: musterInfo,
  permission: 'alarm:admin',
});

/** Ends the open muster; audited. */
export const musterEnd = defineContract({
  method: 'POST',
  path: '/UAPI/Muster/End',
  input: z.object({}),
  output: musterInfo,
  permission: 'alarm:admin',
});

/** The live board: who arrived where, who is still inside, who has no recent fix (each person once), in the caller's regions. */
export const musterBoardCall = defineContract({
  method: 'POST',
  path: '/UAPI/Muster/Board',
  input: z.object({ staleMinutes: z.coerce.number().int().min(1).max(120).default(5) }),
  output: musterBoard,
  permission: 'positioning:read',
});
