import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/*
 * The push of each major hazard source's monitored values to the regulator's
 * early-warning system (issue 20 §7, /realTimeDataCollection/RegulatorPush):
 * one endpoint, HTTP (POST JSON) or MQTT (a topic), every `intervalS`
 * seconds, through a durable buffer in the store.
 */

export const pushKinds = ['http', 'mqtt'] as const;
export type PushKind = (typeof pushKinds)[number];

/** Shortest and longest period between two snapshots, seconds. */
export const PUSH_INTERVAL_MIN_S = 5;
export const PUSH_INTERVAL_MAX_S = 3600;

export const pushConfig = z.object({
  kind: z.enum(pushKinds),
  /** http(s)://… for HTTP, mqtt(s)://… for MQTT. */
  url: z.string(),
  /** The MQTT topic; '' for HTTP. */
  topic: z.string(),
  intervalS: z.number().int(),
  enabled: z.boolean(),
  /** The plant's code the regulator knows it by (in every message). */
  plantCode: z.string(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string(),
});
export type PushConfig = z.infer<typeof pushConfig>;

export const regulatorPushConfig = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/RegulatorPushConfig',
  input: z.object({}),
  output: pushConfig,
  permission: 'majorHazard:view',
});

export const regulatorPushSaveInput = z
  .object({
    kind: z.enum(pushKinds, { error: 'majorHazard.push.badKind' }),
    url: z.string({ error: 'majorHazard.push.badUrl' }).trim().max(500, 'majorHazard.push.badUrl'),
    topic: z.string().trim().max(200, 'majorHazard.push.badTopic').default(''),
    intervalS: z
      .number({ error: 'majorHazard.push.badInterval' })
      .int('majorHazard.push.badInterval')
      .min(PUSH_INTERVAL_MIN_S, 'majorHazard.push.badInterval')
      .max(PUSH_INTERVAL_MAX_S, 'majorHazard.push.badInterval'),
    enabled: z.boolean().default(false),
    plantCode: z.string().trim().max(60, 'majorHazard.push.badPlantCode').default(''),
  })
  .superRefine((v, ctx) => {
    let ok = false;
    try {
      const u = new URL(v.url);
      ok = v.kind === 'http' ? u.protocol === 'http:' || u.protocol === 'https:' : u.protocol === 'mqtt:' || u.protocol === 'mqtts:';
    } catch {
      ok = false;
    }
    if (!ok) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'majorHazard.push.badUrl' });
    }
    if (v.kind === 'mqtt' && (v.topic === '' || /[#+]/.test(v.topic))) {
      ctx.addIssue({ code: 'custom', path: ['topic'], message: 'majorHazard.push.badTopic' });
    }
  });

export const regulatorPushSave = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/RegulatorPushSave',
  input: regulatorPushSaveInput,
  output: pushConfig,
  permission: 'majorHazard:manage',
});

export const pushRowStatuses = ['waiting', 'sent'] as const;

/** One buffered message: a source's values at one time. */
export const pushRowItem = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  /** When the values were taken, epoch ms. */
  at: z.number(),
  status: z.enum(pushRowStatuses),
  attempts: z.number().int(),
  /** How many values the message carries. */
  values: z.number().int(),
  sentAt: z.number().nullable(),
});
export type PushRowItem = z.infer<typeof pushRowItem>;

export const pushStatus = z.object({
  config: pushConfig,
  waiting: z.number().int(),
  sent: z.number().int(),
  /** Oldest waiting row's time; null when none waits. */
  oldestWaitingAt: z.number().nullable(),
  lastSentAt: z.number().nullable(),
  lastError: z.string(),
  lastErrorAt: z.number().nullable(),
  /** Failed tries in a row since the last success. */
  failures: z.number().int(),
  /** When the next try is made (after a failure, with back-off). */
  nextTryAt: z.number().nullable(),
  /** Whether this server holds the plant's lease and so does the sending. */
  sending: z.boolean(),
  items: z.array(pushRowItem),
  total: z.number().int(),
  serverTime: z.number(),
});
export type PushStatus = z.infer<typeof pushStatus>;

/** What was sent and what waits (counts, last error, the rows newest first). */
export const regulatorPushStatus = defineContract({
  method: 'POST',
  path: '/UAPI/MajorHazard/RegulatorPushStatus',
  input: z.object({
    status: z.enum(pushRowStatuses).optional(),
    pageIndex: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(20),
  }),
  output: pushStatus,
  permission: 'majorHazard:view',
});

/** One message as the regulator receives it (HTTP body or MQTT payload). */
export interface PushMessage {
  /** The buffer row's id: increasing, the same on a repeated delivery (the receiver's key to drop a repeat). */
  seq: number;
  plantCode: string;
  at: number;
  source: { id: number; code: string; name: string; grade: number | null };
  values: { tag: string; device: string; role: string; value: number | null; quality: number | null; t: number | null }[];
}
