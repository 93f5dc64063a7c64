import { z } from 'zod';
import { alarmItem, alarmTypes } from './contracts.js';
import { defineContract } from '../contracts/contract.js';

/*
 * Alarm notifications and escalation (issue 9 part 8; seed 3 /PlaceholderWebHook,
 * seed 1 §7.3 EscalationConfig) and the shelving ledger (seed 3 /alarmData/alarmLayAside).
 * Deliveries go through a durable outbox, retried with back-off, every try logged.
 */

/** Payload presets: generic JSON, 企业微信 WeCom markdown, 钉钉 DingTalk markdown, 飞书 Feishu text. */
export const webhookTemplates = ['json', 'wecom', 'dingtalk', 'feishu'] as const;
export type WebhookTemplate = (typeof webhookTemplates)[number];

const priorityList = z.array(z.number().int().min(1).max(4)).max(4);
const idList = z.array(z.number().int().positive()).max(500);

/** Only http(s) URLs: a webhook must not reach file:, ftp: or anything a fetch would treat specially. */
const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((u) => {
    try {
      const p = new URL(u).protocol;
      return p === 'http:' || p === 'https:';
    } catch {
      return false;
    }
  }, 'webhook.urlScheme');

export const webhookItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  template: z.enum(webhookTemplates),
  lang: z.enum(['zh', 'en']),
  /** Whether a signing secret is set (the secret itself never leaves the server). */
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  /** Rule: empty = every priority / region / type. */
  priorities: z.array(z.number().int()),
  regionids: z.array(z.number().int()),
  types: z.array(z.enum(alarmTypes)),
  userids: z.array(z.number().int()),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type WebhookItem = z.infer<typeof webhookItem>;

export const webhookList = defineContract({
  method: 'POST',
  path: '/UAPI/PlaceholderWebHook/List',
  input: z.object({}),
  output: z.object({ items: z.array(webhookItem), total: z.number().int() }),
  permission: 'alarm:admin',
});

export const webhookAddOrEdit = defineContract({
  method: 'POST',
  path: '/UAPI/PlaceholderWebHook/AddOrEditWebHook',
  input: z.object({
    /** Absent: a new webhook. */
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(64),
    url: webhookUrl,
    template: z.enum(webhookTemplates),
    lang: z.enum(['zh', 'en']).default('zh'),
    /** New secret; absent keeps the current one, '' removes it. */
    secret: z.string().max(200).optional(),
    enabled: z.boolean().default(true),
    priorities: priorityList.default([]),
    regionids: idList.default([]),
    types: z.array(z.enum(alarmTypes)).max(alarmTypes.length).default([]),
  }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});

export const webhookDelete = defineContract({
  method: 'POST',
  path: '/UAPI/PlaceholderWebHook/Delete',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});

/** BindTheUser: the users a webhook @-mentions; without a region rule it sends only what one of them may see. */
export const webhookBindTheUser = defineContract({
  method: 'POST',
  path: '/UAPI/PlaceholderWebHook/BindTheUser',
  input: z.object({ id: z.number().int().positive(), userids: idList }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});

export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;

export const deliveryItem = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  webhookName: z.string(),
  occurrenceId: z.number().int(),
  /** raise: the alarm activated; escalate: nobody acknowledged it within a level's minutes. */
  event: z.enum(['raise', 'escalate']),
  level: z.number().int(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  nextAt: z.number(),
  createdAt: z.number(),
  doneAt: z.number().nullable(),
  tries: z.array(
    z.object({ at: z.number(), ok: z.boolean(), statusCode: z.number().int().nullable(), error: z.string(), durationMs: z.number().int() }),
  ),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

export const webhookLogList = defineContract({
  method: 'POST',
  path: '/UAPI/PlaceholderWebHook/PlaceholderWebHookLog',
  input: z.object({
    webhookId: z.number().int().positive().optional(),
    status: z.enum(deliveryStatuses).optional(),
    pageIndex: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ items: z.array(deliveryItem), total: z.number().int() }),
  permission: 'alarm:admin',
});

// ------------------------------------------------------------------ escalation

export const escalationLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Minutes unacknowledged (since activation) before this level is notified; fractions allowed. */
  minutes: z.number(),
  webhookIds: z.array(z.number().int()),
  userids: z.array(z.number().int()),
});
export type EscalationLevel = z.infer<typeof escalationLevel>;

export const escalationConfigList = defineContract({
  method: 'POST',
  path: '/UAPI/EscalationConfig/List',
  input: z.object({}),
  output: z.object({ items: z.array(escalationLevel) }),
  permission: 'alarm:admin',
});

/** Adds a level (or edits one when `id` is given). */
export const escalationConfigAdd = defineContract({
  method: 'POST',
  path: '/UAPI/EscalationConfig/Add',
  input: z
    .object({
      id: z.number().int().positive().optional(),
      name: z.string().trim().min(1).max(64),
      minutes: z.number().positive().max(7 * 24 * 60),
      webhookIds: idList.default([]),
      userids: idList.default([]),
    })
    .superRefine((v, ctx) => {
      if (v.webhookIds.length === 0 && v.userids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['webhookIds'], message: 'escalation.nobody' });
      }
    }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});

export const escalationConfigDelete = defineContract({
  method: 'POST',
  path: '/UAPI/EscalationConfig/Delete',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});

/** New order of the levels: every level id once, first = first notified. */
export const escalationConfigSort = defineContract({
  method: 'POST',
  path: '/UAPI/EscalationConfig/Sort',
  input: z.object({ ids: z.array(z.number().int().positive()).min(1).max(50) }),
  output: z.object({ ids: z.array(z.number().int()) }),
  permission: 'alarm:admin',
});

/** Escalations of open alarms the caller may see: shown on the alarm. */
export const alarmEscalations = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/Escalations',
  input: z.object({ ids: z.array(z.number().int().positive()).max(10_000).optional() }),
  output: z.object({ items: z.array(z.object({ alarmId: z.number().int(), levelName: z.string(), sort: z.number().int(), at: z.number() })) }),
  permission: 'realtime:read',
});

// ------------------------------------------------------------------ shelving ledger

/** alarmLayAside: alarms shelved now (who, why, until when). */
export const alarmLayAsideList = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/LayAsideList',
  input: z.object({ regionid: z.number().int().positive().optional() }),
  output: z.object({ list: z.array(alarmItem), serverTime: z.number() }),
  permission: 'realtime:read',
});

export const layAsideEntry = z.object({
  id: z.number().int(),
  at: z.number(),
  /** alarm.shelve | alarm.unshelve | alarm.unshelveExpired */
  action: z.string(),
  loginname: z.string(),
  alarmId: z.number().int(),
  source: z.string(),
  reason: z.string(),
  minutes: z.number().nullable(),
  kind: z.string(),
});
export type LayAsideEntry = z.infer<typeof layAsideEntry>;

/** alarmLayAsideDetails: shelve and unshelve history from the audit log over a range. */
export const alarmLayAsideDetails = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/LayAsideDetails',
  input: z
    .object({
      from: z.number(),
      to: z.number(),
      pageIndex: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(500).default(50),
    })
    .superRefine((v, ctx) => {
      if (v.to <= v.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
      }
    }),
  output: z.object({ items: z.array(layAsideEntry), total: z.number().int() }),
  permission: 'realtime:read',
});

// ------------------------------------------------------------------ scoped live lists

/** Scopes of the live alarm list: all the user may see, the user's own regions, major hazard sources. */
export const alarmListScopes = ['all', 'mine', 'majorHazard'] as const;
export type AlarmListScope = (typeof alarmListScopes)[number];

/**
 * What a scoped live list keeps of the alarms the user may see (the server
 * filters by data isolation already): `regionids` null = every region;
 * `sources` null = every source (else the tags of major hazard units).
 */
export const alarmListScopeGet = defineContract({
  method: 'POST',
  path: '/UAPI/Alarm/ListScope',
  input: z.object({ scope: z.enum(alarmListScopes) }),
  output: z.object({ regionids: z.array(z.number().int()).nullable(), sources: z.array(z.string()).nullable() }),
  permission: 'realtime:read',
});
