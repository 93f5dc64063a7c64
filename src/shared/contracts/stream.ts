import { z } from 'zod';
import { defineContract } from './contract.js';
import { listOf } from './envelope.js';
import { MAX_TAG_ID_LENGTH } from './topics.js';

/*
 * The live stream's input: what devices send in (ingest items) and the ingest
 * calls. What browsers get out (topics, channels, socket events) is declared
 * in topics.ts.
 *
 * Transport: socket.io on the portal's own origin, path `/socket.io`, handshake
 * `auth: { token: <access token> }`. The server enables connection-state
 * recovery: after a short disconnect the client gets its missed events and keeps
 * its subscriptions (`socket.recovered === true`). When recovery fails the client
 * resubscribes and refills from UAPI/RealTimeData/LatestValues and History.
 */

// ---------------------------------------------------------------------------
// Ingest items
// ---------------------------------------------------------------------------

/** Sample quality. Anything but `good` is shown as not trustworthy; alarms ignore `bad` values. */
export const Quality = { good: 0, uncertain: 1, bad: 2 } as const;
export type Quality = (typeof Quality)[keyof typeof Quality];

/**
 * Accepted time range of `t` (epoch milliseconds): 2000-01-01 … 2100-01-01.
 * The lower bound catches devices that send epoch seconds.
 */
export const MIN_EPOCH_MS = 946_684_800_000;
export const MAX_EPOCH_MS = 4_102_444_800_000;

/** One process value from a device, gateway or the simulator. */
export const sampleItem = z.object({
  /** Tag (data item) id as the tag registry knows it. */
  tag: z.string().min(1).max(MAX_TAG_ID_LENGTH),
  /** Time of measurement, epoch milliseconds. */
  t: z.number().int().min(MIN_EPOCH_MS).max(MAX_EPOCH_MS),
  v: z.number(),
  /** 0 good (default), 1 uncertain, 2 bad. */
  q: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
});
export type SampleItem = z.input<typeof sampleItem>;

export const positionKinds = ['person', 'vehicle'] as const;
export type PositionKind = (typeof positionKinds)[number];
/** Compact kind code used on the wire: index into `positionKinds`. */
export const PositionKindCode = { person: 0, vehicle: 1 } as const;

/** One position fix of a person's or vehicle's positioning tag (WGS-84). */
export const positionItem = z.object({
  /** Positioning tag (card, vehicle terminal) id. */
  tagId: z.string().min(1).max(MAX_TAG_ID_LENGTH),
  /** Time of the fix, epoch milliseconds. */
  t: z.number().int().min(MIN_EPOCH_MS).max(MAX_EPOCH_MS),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  /** Building floor, when the fix is indoors; omitted or null outdoors. */
  floor: z.number().int().min(-100).max(300).nullish(),
  kind: z.enum(positionKinds),
});
export type PositionItem = z.input<typeof positionItem>;

/**
 * Body of an ingest call or MQTT message: one item or an array of them. The
 * server checks item by item: a bad item is rejected alone, never the whole body.
 */
export const sampleBody = z.union([sampleItem, z.array(sampleItem)]);
export const positionBody = z.union([positionItem, z.array(positionItem)]);

/** At most this many rejected items are listed one by one in an ingest answer; the rest are counted by reason. */
export const INGEST_REJECTED_LISTED = 100;

/**
 * What an ingest call answers. Every item is either accepted or rejected: the
 * first 100 rejected are listed in `rejected` with their index in the body and
 * the reason, and all of them are counted in `rejectedCount` and, by reason
 * without the item's own values, in `rejectedByReason` (a backlog of 110,000
 * bad items answers a few hundred bytes, not megabytes). Items naming a tag the
 * registry does not know are rejected too ("unknown tag") and counted in
 * `unknownTags`, so a gateway can tell configuration gaps from bad data.
 */
export const ingestResult = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  rejectedCount: z.number().int(),
  rejectedByReason: z.record(z.string(), z.number().int()),
  unknownTags: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResult>;

/** MQTT topics the server subscribes to (QoS 1); payload: one JSON item or a JSON array of items. */
export const DEFAULT_MQTT_TOPIC_PREFIX = 'plantwatch/v1';
/** The ingest topics under a prefix (MQTT_TOPIC_PREFIX; default plantwatch/v1). */
export const mqttTopics = (prefix: string = DEFAULT_MQTT_TOPIC_PREFIX) => ({ samples: `${prefix}/samples`, positions: `${prefix}/positions` });
export const MQTT_TOPIC_SAMPLES = mqttTopics().samples;
export const MQTT_TOPIC_POSITIONS = mqttTopics().positions;

/**
 * HTTP ingest. Authenticated with `Authorization: Bearer <ingest key>` (an
 * ingest key from UAPI/Ingest/KeyCreate or INGEST_API_KEY), not with a user's
 * access token; an invalid key gets a 401 envelope. Body: JSON, one item or an array.
 */
export const ingestSamples = defineContract({
  method: 'POST',
  path: '/ingest/v1/samples',
  input: sampleBody,
  output: ingestResult,
  permission: 'public',
});

export const ingestPositions = defineContract({
  method: 'POST',
  path: '/ingest/v1/positions',
  input: positionBody,
  output: ingestResult,
  permission: 'public',
});

// ---------------------------------------------------------------------------
// Ingest keys (administrators)
// ---------------------------------------------------------------------------

export const ingestKeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** First characters of the key, to recognise it; the secret itself is never shown again. */
  prefix: z.string(),
  created_at: z.number(),
  created_by: z.string(),
  /** null while the key is valid. */
  revoked_at: z.number().nullable(),
});
export type IngestKeyItem = z.infer<typeof ingestKeyItem>;

export const ingestKeyList = defineContract({
  method: 'POST',
  path: '/UAPI/Ingest/KeyList',
  input: z.object({}),
  output: listOf(ingestKeyItem),
  permission: 'system:config',
});

/** Creates a key; the answer carries the secret `key` once (only its hash is stored). */
export const ingestKeyCreate = defineContract({
  method: 'POST',
  path: '/UAPI/Ingest/KeyCreate',
  input: z.object({ name: z.string().trim().min(1).max(64) }),
  output: ingestKeyItem.extend({ key: z.string() }),
  permission: 'system:config',
});

export const ingestKeyRevoke = defineContract({
  method: 'POST',
  path: '/UAPI/Ingest/KeyRevoke',
  input: z.object({ id: z.coerce.number().int().positive() }),
  output: ingestKeyItem,
  permission: 'system:config',
});
