import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf } from '../contracts/envelope.js';

/*
 * Control systems that feed Plantwatch (issue 9 part 5, /alarmAduit/controlSystemSettings):
 * DCS, SIS, GDS, PLC. A system owns the tags that arrive through its link (the
 * ingest key its gateway posts with, or an MQTT topic under its prefix) and
 * the tags its patterns on the tag id match (see `domain/control-system-match.ts`). Tag counts and link status are computed from the
 * tag registry, the live cache and the open communication alarms on every
 * list, never stored.
 */

export const controlSystemTypes = ['DCS', 'SIS', 'GDS', 'PLC', 'other'] as const;
export type ControlSystemType = (typeof controlSystemTypes)[number];

const pattern = z.string().trim().min(1).max(128);

export const controlSystemFields = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.enum(controlSystemTypes),
  /** Name of the ingest key the system's gateway posts with ('' when none). */
  ingestKey: z.string().trim().max(100),
  /** MQTT topic prefix of its gateway ('' when none), e.g. `plantwatch/v1/samples/dcs-1`: the server takes samples on `<MQTT_TOPIC_PREFIX>/samples/#`. */
  mqttTopic: z.string().trim().max(200),
  /** Tag id prefixes; `*` matches any characters. */
  tagPatterns: z.array(pattern).max(50),
  /** Regions the system serves: who may see it (data isolation). At least one. */
  regionids: z.array(z.number().int().positive()).min(1).max(200),
});
export type ControlSystemFields = z.infer<typeof controlSystemFields>;

/** Live link of a system, from the live cache and the alarm engine. */
export const controlSystemLink = z.object({
  /** Newest sample of any of its tags (ms), null when none has sent. */
  lastSampleAt: z.number().nullable(),
  /** Samples of its tags received in the last 60 s. */
  samplesLastMinute: z.number().int(),
  /** Its tags with an open communication alarm. */
  commAlarms: z.number().int(),
});

export const controlSystemItem = controlSystemFields.extend({
  id: z.number().int(),
  /** Tags it owns (of those the caller may see). */
  tagCount: z.number().int(),
  link: controlSystemLink,
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type ControlSystemItem = z.infer<typeof controlSystemItem>;

export const controlSystemList = defineContract({
  method: 'POST',
  path: '/UAPI/ControlSystem/List',
  input: z.object({}),
  output: listOf(controlSystemItem),
  permission: 'realtime:read',
});

export const controlSystemSave = defineContract({
  method: 'POST',
  path: '/UAPI/ControlSystem/Save',
  /** Without id: a new system. */
  input: controlSystemFields.extend({ id: z.number().int().positive().optional() }),
  output: controlSystemItem,
  permission: 'alarm:admin',
});

export const controlSystemDelete = defineContract({
  method: 'POST',
  path: '/UAPI/ControlSystem/Delete',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'alarm:admin',
});
