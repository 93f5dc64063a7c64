import { z } from 'zod';
import { defineContract } from './contract.js';
import { listOf } from './envelope.js';

/*
 * The live stream: what devices send in (ingest items), what browsers get out
 * (socket.io events), and the ingest calls. One declaration for server and client.
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
export const MAX_TAG_ID_LENGTH = 128;

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

/**
 * What an ingest call answers. Every item is either accepted or listed in
 * `rejected` with its index in the body and the reason. Items naming a tag the
 * registry does not know are rejected too ("unknown tag") and counted in
 * `unknownTags`, so a gateway can tell configuration gaps from bad data.
 */
export const ingestResult = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  unknownTags: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResult>;

/** MQTT topics the server subscribes to (QoS 1); payload: one JSON item or a JSON array of items. */
export const MQTT_TOPIC_SAMPLES = 'plantwatch/v1/samples';
export const MQTT_TOPIC_POSITIONS = 'plantwatch/v1/positions';

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

// ---------------------------------------------------------------------------
// Topics
// ---------------------------------------------------------------------------

/**
 * Topics a client subscribes to:
 * - `tag/<tagId>`: values of one tag (permission realtime:read);
 * - `tags/<groupId>`: every tag of a tag group of the realtime module's classification (realtime:read);
 * - `position/person`, `position/vehicle`: positions (positioning:read).
 * Data isolation applies: tags and positions outside the user's regions are never sent.
 */
export type Topic = `tag/${string}` | `tags/${string}` | 'position/person' | 'position/vehicle';

export const tagTopic = (tagId: string): Topic => `tag/${tagId}`;
export const tagGroupTopic = (groupId: string): Topic => `tags/${groupId}`;

export type ParsedTopic = { kind: 'tag'; id: string } | { kind: 'tags'; id: string } | { kind: 'position'; target: PositionKind };

/** Reads a topic name; null when it is not one of the forms above. */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic.startsWith('tag/') && topic.length > 4 && topic.length <= 4 + MAX_TAG_ID_LENGTH) {
    return { kind: 'tag', id: topic.slice(4) };
  }
  if (topic.startsWith('tags/') && topic.length > 5 && topic.length <= 5 + MAX_TAG_ID_LENGTH) {
    return { kind: 'tags', id: topic.slice(5) };
  }
  if (topic === 'position/person') {
    return { kind: 'position', target: 'person' };
  }
  if (topic === 'position/vehicle') {
    return { kind: 'position', target: 'vehicle' };
  }
  return null;
}

// ---------------------------------------------------------------------------
// Socket events (named area.verb)
// ---------------------------------------------------------------------------

/** Largest number of topics (plus tag ids) one subscribe call may carry. */
export const MAX_SUBSCRIBE_TOPICS = 20_000;

/**
 * `stream.subscribe` payload. `tags` is a shorthand for `tag/<id>` topics (a
 * dashboard binding hundreds of tags). Subscribing is additive and idempotent.
 * Right after the ack the server sends the current values of the newly
 * subscribed tags and positions (one `tag.batch` / `position.batch`), so a
 * client needs no separate first load.
 */
export const subscribePayload = z.object({
  topics: z.array(z.string()).max(MAX_SUBSCRIBE_TOPICS).default([]),
  tags: z.array(z.string()).max(MAX_SUBSCRIBE_TOPICS).optional(),
});
export type SubscribePayload = z.input<typeof subscribePayload>;

/** Ack of subscribe/unsubscribe. `denied`: topics refused (unknown, malformed, no permission, outside the user's regions). */
export const subscribeAck = z.object({
  ok: z.boolean(),
  denied: z.array(z.string()),
  /** Set when the whole call was refused (malformed payload). */
  error: z.string().optional(),
});
export type SubscribeAck = z.infer<typeof subscribeAck>;

/** `stream.unsubscribe` payload: the same shapes as subscribe. */
export const unsubscribePayload = subscribePayload;
export type UnsubscribePayload = SubscribePayload;

/** One tag value on the wire: [tagId, t (epoch ms), v, q (Quality)]. */
export type TagValueTuple = [tagId: string, t: number, v: number, q: number];

/**
 * `tag.batch`: the latest value of each changed subscribed tag since the last
 * batch, at most one per tag per broadcast tick (BROADCAST_TICK_MS, default 100 ms).
 * Intermediate values of a tick are coalesced away; a slow client gets the latest
 * state once it catches up. Full-resolution data is in History.
 */
export interface TagBatch {
  /** Server time the batch was built, epoch ms. */
  t: number;
  v: TagValueTuple[];
}

/** One position on the wire: [tagId, t, lon, lat, floor (null outdoors), kind (0 person, 1 vehicle)]. */
export type PositionTuple = [tagId: string, t: number, lon: number, lat: number, floor: number | null, kind: 0 | 1];

/** `position.batch`: the latest fix of each moved person/vehicle since the last batch, filtered to the user's regions. */
export interface PositionBatch {
  t: number;
  p: PositionTuple[];
}

/**
 * `stream.heartbeat`: server time every few seconds. It keeps the client's
 * recovery offset fresh (a client that only watches quiet tags could otherwise
 * hold an offset the server has already forgotten, and lose recovery); clients
 * may also use it to estimate clock skew.
 */
export interface StreamHeartbeat {
  t: number;
}

/**
 * Events the server sends. With connection-state recovery on, socket.io appends
 * its offset as a last extra argument; listeners just ignore it.
 */
export interface ServerToClientEvents {
  'tag.batch': (batch: TagBatch) => void;
  'position.batch': (batch: PositionBatch) => void;
  'stream.heartbeat': (beat: StreamHeartbeat) => void;
}

/** Events the client sends; both answer through the socket.io ack callback. */
export interface ClientToServerEvents {
  'stream.subscribe': (payload: SubscribePayload, ack: (res: SubscribeAck) => void) => void;
  'stream.unsubscribe': (payload: UnsubscribePayload, ack: (res: SubscribeAck) => void) => void;
}

/** socket.io path on the portal origin. */
export const STREAM_PATH = '/socket.io';
