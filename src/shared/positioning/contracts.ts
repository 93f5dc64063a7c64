import { z } from 'zod';
import type { AlarmType } from '../alarms/contracts.js';
import { defineContract } from '../contracts/contract.js';
import { listOf } from '../contracts/envelope.js';
import { MAX_TAG_ID_LENGTH } from '../contracts/channel.js';

/** Trajectories are kept at least 30 days (AQ 3064.3-2025, DOMAIN.md §4); one call may span that much. */
export const TRAJECTORY_MAX_RANGE_MS = 30 * 24 * 3600 * 1000;
export const TRAJECTORY_MAX_POINTS = 20_000;

export const trajectoryPoint = z.object({
  /** Time of the fix, epoch ms. */
  t: z.number(),
  lon: z.number(),
  lat: z.number(),
  /** null outdoors. */
  floor: z.number().int().nullable(),
});
export type TrajectoryPoint = z.infer<typeof trajectoryPoint>;

/**
 * The path of one person or vehicle (its positioning tag) over [from, to),
 * oldest first. Longer paths are thinned to `maxPoints` evenly spaced fixes.
 * Fixes inside regions outside the caller's data-isolation scope are left out.
 */
export const trajectory = defineContract({
  method: 'POST',
  path: '/UAPI/Positioning/Trajectory',
  input: z
    .object({
      tagId: z.string().trim().min(1).max(MAX_TAG_ID_LENGTH),
      from: z.coerce.number().int().min(0),
      to: z.coerce.number().int().min(0),
      maxPoints: z.coerce.number().int().min(2).max(TRAJECTORY_MAX_POINTS).default(5000),
    })
    .superRefine((q, ctx) => {
      if (q.to <= q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
      } else if (q.to - q.from > TRAJECTORY_MAX_RANGE_MS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostDays', params: { days: 30 } });
      }
    }),
  output: listOf(trajectoryPoint),
  permission: 'positioning:read',
});

/** A stop of at least `stopMinutes` on a path: where and from when to when. */
export const trajectoryStop = z.object({
  from: z.number(),
  to: z.number(),
  lon: z.number(),
  lat: z.number(),
  /** 0 outside every region. */
  regionid: z.number().int(),
});

/**
 * What one path did over [from, to): distance, top speed, stops longer than
 * `stopMinutes` and the time spent in each region, computed on the server from
 * every fix (not the thinned path), with the same isolation as Trajectory: fixes
 * in regions outside the caller's scope count for nothing.
 */
export const trajectoryStatsCall = defineContract({
  method: 'POST',
  path: '/UAPI/Positioning/TrajectoryStats',
  input: z
    .object({
      tagId: z.string().trim().min(1).max(MAX_TAG_ID_LENGTH),
      from: z.coerce.number().int().min(0),
      to: z.coerce.number().int().min(0),
      stopMinutes: z.coerce
        .number()
        .min(0.5)
        .max(24 * 60)
        .default(5),
    })
    .superRefine((q, ctx) => {
      if (q.to <= q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
      } else if (q.to - q.from > TRAJECTORY_MAX_RANGE_MS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostDays', params: { days: 30 } });
      }
    }),
  output: z.object({
    fixes: z.number().int(),
    distanceM: z.number(),
    /** Time covered by fixes (gaps of the tag left out), ms. */
    coveredMs: z.number(),
    /** m/s. */
    maxSpeed: z.number(),
    stops: z.array(trajectoryStop),
    regions: z.array(z.object({ regionid: z.number().int(), dwellMs: z.number(), visits: z.number().int() })),
  }),
  permission: 'positioning:read',
});
export type TrajectoryStatsResult = z.infer<(typeof trajectoryStatsCall)['output']>;

/** Longest whole-plant replay window (everyone's fixes are loaded at once). */
export const REPLAY_MAX_RANGE_MS = 4 * 3600_000;

/** One card's fixes in a replay, as columns (oldest first). */
export const replayTrack = z.object({
  tagId: z.string(),
  /** 0 person, 1 vehicle. */
  kind: z.number().int(),
  t: z.array(z.number()),
  lon: z.array(z.number()),
  lat: z.array(z.number()),
});
export type ReplayTrack = z.infer<typeof replayTrack>;

/**
 * Everyone's fixes over [from, to) for a whole-plant replay: each card the caller
 * may see, thinned to its last fix per `stepMs`; fixes in regions outside the
 * caller's scope are left out (as in Trajectory).
 */
export const replayCall = defineContract({
  method: 'POST',
  path: '/UAPI/Positioning/Replay',
  input: z
    .object({
      from: z.coerce.number().int().min(0),
      to: z.coerce.number().int().min(0),
      stepMs: z.coerce.number().int().min(1000).max(60_000).default(5000),
    })
    .superRefine((q, ctx) => {
      if (q.to <= q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
      } else if (q.to - q.from > REPLAY_MAX_RANGE_MS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostHours', params: { hours: 4 } });
      }
    }),
  output: z.object({ stepMs: z.number().int(), items: z.array(replayTrack) }),
  permission: 'positioning:read',
});
export type ReplayResult = z.infer<(typeof replayCall)['output']>;

/** Longest statistics range: hourly head counts of a week. */
export const STATISTICS_MAX_RANGE_MS = 7 * 24 * 3600_000;

/**
 * Positioning statistics over [from, to) (`/StatisticsReport`), from the history of
 * positions sampled once a minute per card and from the positioning alarms, within
 * the caller's regions: per region and hour the people and vehicles seen there, the
 * time spent in each region, and alarm counts by type and region.
 */
const statisticsInput = z
  .object({
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
  })
  .superRefine((q, ctx) => {
    if (q.to <= q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
    } else if (q.to - q.from > STATISTICS_MAX_RANGE_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostDays', params: { days: 7 } });
    }
  });

export const statisticsCall = defineContract({
  method: 'POST',
  path: '/UAPI/Positioning/Statistics',
  input: statisticsInput,
  output: z.object({
    /** Start of each hour, epoch ms. */
    hours: z.array(z.number()),
    regions: z.array(
      z.object({
        /** 0: outside every region. */
        regionid: z.number().int(),
        /** Distinct people seen in the region in each hour (same order as `hours`). */
        people: z.array(z.number().int()),
        vehicles: z.array(z.number().int()),
        /** Time all cards spent in the region, ms. */
        dwellMs: z.number(),
        /** Distinct cards seen there over the range. */
        cards: z.number().int(),
      }),
    ),
    alarms: z.array(z.object({ type: z.string(), regionid: z.number().int().nullable(), count: z.number().int() })),
  }),
  permission: 'positioning:read',
});
export type StatisticsResult = z.infer<(typeof statisticsCall)['output']>;

/**
 * The three statistics tables of the same range and regions as Statistics, as the
 * sheets of one .xlsx file (head count by hour, dwell, alarm counts), headers and
 * names in the caller's language.
 */
export const statisticsExport = defineContract({
  method: 'POST',
  path: '/UAPI/Positioning/StatisticsExport',
  input: statisticsInput,
  output: z.null(),
  permission: 'positioning:read',
});

/** Alarm types raised for a person or vehicle (DOMAIN.md §4): 超员 缺员 越界 超时停留 静止 SOS 聚集. */
export const POSITIONING_ALARM_TYPES: AlarmType[] = ['overcrowd', 'understaff', 'intrusion', 'overstay', 'static', 'sos', 'gathering'];
