import { z } from 'zod';
import { alarmItem } from '../alarms/contracts.js';
import type { Permission } from './contract.js';

/*
 * Live topics, declared once for server and client (ARCHITECTURE.md §4).
 *
 * A CHANNEL is one kind of live data on the wire: its socket event, the schema
 * of one item, its coalescing rule and its isolation rule. A TOPIC is a name a
 * client subscribes to; it selects items of one channel (`tag/<id>` and
 * `tags/<classId>` both select tag values). The gateway, the broadcaster and
 * the client stream core are generic over these declarations: adding a topic
 * means its declaration here, its server source (src/server/stream/sources/ or
 * the owning module) and the page that reads it.
 *
 * Every channel's socket event carries `{ t, items }` (`ChannelBatch`):
 * - coalesce `latest`: at most one item per key per broadcast tick, the newest;
 *   a slow client gets the latest state when it catches up, never a queue;
 * - coalesce `ordered`: every item, in order; a client that falls too far
 *   behind gets `stream.resync` for the channel and reloads from the call that
 *   is the truth (e.g. the alarm list), instead of an unbounded queue.
 */

/** Longest tag id (data item); the same bound as ingest's. */
export const MAX_TAG_ID_LENGTH = 128;

// ---------------------------------------------------------------------------
// Channel items
// ---------------------------------------------------------------------------

/** One tag value: [tagId, t (epoch ms), v, q (0 good, 1 uncertain, 2 bad)]. */
export const tagValueTuple = z.tuple([z.string(), z.number(), z.number(), z.number()]);
export type TagValueTuple = z.infer<typeof tagValueTuple>;

/** One position fix: [tagId, t, lon, lat, floor (null outdoors), kind (0 person, 1 vehicle)]. */
export const positionTuple = z.tuple([z.string(), z.number(), z.number(), z.number(), z.number().nullable(), z.union([z.literal(0), z.literal(1)])]);
export type PositionTuple = z.infer<typeof positionTuple>;

/** A region was created, edited or deleted (domain event `region.changed`): maps reload its polygon. */
export const regionChangeItem = z.object({
  regionid: z.number().int(),
  /** Its parent region (0 at the top): a new region is shown to whoever sees its parent. */
  parentid: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'import']),
  /** Server time of the change, epoch ms. */
  t: z.number(),
});
export type RegionChangeItem = z.infer<typeof regionChangeItem>;

/** Head count of a region now (fence engine): people and vehicles in it or its sub-regions, as `UAPI/Region/HeadCount` counts them. */
export const areaCountItem = z.object({
  regionid: z.number().int(),
  people: z.number().int(),
  vehicles: z.number().int(),
  /** Server time of the count, epoch ms. */
  t: z.number(),
});
export type AreaCountItem = z.infer<typeof areaCountItem>;

/**
 * A record of a ledger changed (domain event `record.changed`): open lists of
 * that ledger reload their page. Carries no values: the list call is the truth
 * and applies the reader's rights; department and region are here only so the
 * change reaches no one outside the record's isolation.
 */
export const recordChangeItem = z.object({
  entity: z.string(),
  id: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'transition', 'import']),
  deptid: z.number().int().nullable(),
  regionid: z.number().int().nullable(),
  /** Server time of the change, epoch ms. */
  t: z.number(),
});
export type RecordChangeItem = z.infer<typeof recordChangeItem>;

// ---------------------------------------------------------------------------
// Channels
// ---------------------------------------------------------------------------

export type Coalesce = 'latest' | 'ordered';

/**
 * Which region (or department) an item belongs to, for data isolation. The
 * server source implements the lookup; the gateway never sends an item
 * outside the subscriber's scope.
 */
export type IsolationRule =
  /** The region of the item's key in the store (a tag's region). No region: visible to everyone who may subscribe. */
  | 'keyRegion'
  /** The region polygon the item lies in now (a position). Outside every region: only users who see all regions. */
  | 'itemRegion'
  /** The region the item names (a region change, an alarm's region). */
  | 'namedRegion'
  | 'none';

export interface ChannelDecl<S extends z.ZodType = z.ZodType> {
  /** Socket event carrying this channel's batches. */
  event: string;
  /** Schema of one item on the wire. */
  item: S;
  coalesce: Coalesce;
  /** The key `latest` coalesces on and key subscriptions select by. */
  key: (item: z.infer<S>) => string;
  /** `latest` channels: the item's time, so a client drops an item older than the one it holds (a refill racing the stream). */
  time?: (item: z.infer<S>) => number;
  isolation: IsolationRule;
}

const channel = <S extends z.ZodType, const E extends string>(c: ChannelDecl<S> & { event: E }) => c;

export const channels = {
  tag: channel({ event: 'tag.batch', item: tagValueTuple, coalesce: 'latest', key: (i) => i[0], time: (i) => i[1], isolation: 'keyRegion' }),
  position: channel({ event: 'position.batch', item: positionTuple, coalesce: 'latest', key: (i) => i[0], time: (i) => i[1], isolation: 'itemRegion' }),
  region: channel({ event: 'region.changed', item: regionChangeItem, coalesce: 'ordered', key: (i) => String(i.regionid), isolation: 'namedRegion' }),
  /** Alarm occurrences as they change, in order; after a resync the client reloads `UAPI/Alarm/RealTimeList`. */
  alarm: channel({ event: 'alarm.changed', item: alarmItem, coalesce: 'ordered', key: (i) => String(i.id), isolation: 'namedRegion' }),
  /** Head counts per region, the latest per region; isolated by the region counted. */
  area: channel({ event: 'area.count', item: areaCountItem, coalesce: 'latest', key: (i) => String(i.regionid), time: (i) => i.t, isolation: 'namedRegion' }),
  /** Record changes of ledgers, in order; isolated by the record's region, and by its department through the topic's filter. */
  record: channel({ event: 'record.changed', item: recordChangeItem, coalesce: 'ordered', key: (i) => String(i.id), isolation: 'namedRegion' }),
};

export type ChannelName = keyof typeof channels;
export const channelNames = Object.keys(channels) as ChannelName[];
export type ChannelItem<C extends ChannelName> = z.infer<(typeof channels)[C]['item']>;

/** What every channel event carries. */
export interface ChannelBatch<I> {
  /** Server time the batch was built, epoch ms. */
  t: number;
  items: I[];
}

// ---------------------------------------------------------------------------
// Topics
// ---------------------------------------------------------------------------

export interface TopicDecl {
  /** The name form, for people: `tag/<tagId>`. */
  pattern: string;
  /**
   * The strict grammar of the name; its first group (if any) is the topic's
   * argument. One spelling per topic: `tags/1` is a topic, `tags/ 1`,
   * `tags/01`, `tags/0x1` and `tags/1.0` are refused, so a client cannot make
   * the server hold thousands of aliases of one topic.
   */
  match: RegExp;
  channel: ChannelName;
  /** Who may subscribe; data isolation applies on top. */
  permission: Permission;
  /**
   * How a client tells which items of the channel belong to this topic (items
   * travel per channel, not per topic): `key`, the item's key is the topic's
   * argument; `all`, every item of the channel the connection receives (the
   * server selected them: a group, the region changes); or a filter on the
   * argument and the item.
   */
  route: 'key' | 'all' | ((arg: string, item: unknown) => boolean);
}

export const topics = {
  /** Values of one tag. */
  tag: {
    pattern: 'tag/<tagId>',
    match: new RegExp(`^tag/([A-Za-z0-9_.-]{1,${MAX_TAG_ID_LENGTH}})$`),
    channel: 'tag',
    permission: 'realtime:read',
    route: 'key',
  },
  /** Values of every tag of a classification (with its sub-classifications) of the realtime module. */
  tags: { pattern: 'tags/<classId>', match: /^tags\/([1-9][0-9]{0,9})$/, channel: 'tag', permission: 'realtime:read', route: 'all' },
  /** Fixes of people or of vehicles, in the subscriber's regions. */
  position: {
    pattern: 'position/<person|vehicle>',
    match: /^position\/(person|vehicle)$/,
    channel: 'position',
    permission: 'positioning:read',
    route: (kind, item) => (kind === 'vehicle') === ((item as PositionTuple)[5] === 1),
  },
  /** Changes of the regions the subscriber sees (polygons, names, kinds). */
  region: { pattern: 'region', match: /^region$/, channel: 'region', permission: 'authenticated', route: 'all' },
  /** Changes of the alarms in the subscriber's regions. */
  alarm: { pattern: 'alarm', match: /^alarm$/, channel: 'alarm', permission: 'realtime:read', route: 'all' },
  /** Head counts of the regions the subscriber sees. */
  areaCount: { pattern: 'area.count', match: /^area\.count$/, channel: 'area', permission: 'positioning:read', route: 'all' },
  /** Changes of one ledger's records the subscriber may see (the ledger's own view grant and isolation, checked by its resolver). */
  records: {
    pattern: 'records/<Entity>',
    match: /^records\/([A-Z][A-Za-z0-9]{0,39})$/,
    channel: 'record',
    permission: 'authenticated',
    route: (entity, item) => (item as RecordChangeItem).entity === entity,
  },
} satisfies Record<string, TopicDecl>;

export type TopicKind = keyof typeof topics;
const topicKinds = Object.keys(topics) as TopicKind[];

/** Topic names a client may use, as types (one line per topic kind). */
export type TopicName = `tag/${string}` | `tags/${string}` | `position/${'person' | 'vehicle'}` | 'region' | 'alarm' | 'area.count' | `records/${string}`;
/** The channel a topic name's items travel on. */
export type ChannelOfTopic<N extends TopicName> = N extends `tag/${string}` | `tags/${string}`
  ? 'tag'
  : N extends `position/${string}`
    ? 'position'
    : N extends 'region'
      ? 'region'
      : N extends 'alarm'
        ? 'alarm'
        : N extends 'area.count'
          ? 'area'
          : N extends `records/${string}`
            ? 'record'
            : never;

export interface ParsedTopic {
  kind: TopicKind;
  channel: ChannelName;
  /** The name's argument (a tag id, a class id, person|vehicle), '' when it has none. */
  arg: string;
}

/** Longest topic name accepted at all (cheap refusal before any pattern runs). */
const MAX_TOPIC_LENGTH = 8 + MAX_TAG_ID_LENGTH;

/** Reads a topic name strictly; null when it is not exactly one of the declared forms. */
export function parseTopic(name: unknown): ParsedTopic | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_TOPIC_LENGTH) {
    return null;
  }
  for (const kind of topicKinds) {
    const m = topics[kind].match.exec(name);
    if (m) {
      return { kind, channel: topics[kind].channel, arg: m[1] ?? '' };
    }
  }
  return null;
}

export const tagTopic = (tagId: string): TopicName => `tag/${tagId}`;
export const tagGroupTopic = (groupId: string | number): TopicName => `tags/${groupId}`;
export const recordsTopic = (entity: string): TopicName => `records/${entity}`;

// ---------------------------------------------------------------------------
// Socket events (named area.verb)
// ---------------------------------------------------------------------------

/** Largest number of topics (plus tag ids) one subscribe call may carry. */
export const MAX_SUBSCRIBE_TOPICS = 20_000;
/** Largest number of topics one connection may hold; beyond it subscriptions are refused. */
export const MAX_TOPICS_PER_SOCKET = 20_000;
/** Largest number of keys (tags, targets) one connection may select on one channel. */
export const MAX_KEYS_PER_CHANNEL = 50_000;

/**
 * `stream.subscribe` payload. `tags` is a shorthand for `tag/<id>` topics (a
 * dashboard binding hundreds of tags). Subscribing is additive and idempotent.
 * Right after the ack the server sends the current items of the newly
 * subscribed keys of `latest` channels, so a client needs no separate first load.
 */
export const subscribePayload = z.object({
  topics: z.array(z.string()).max(MAX_SUBSCRIBE_TOPICS).default([]),
  tags: z.array(z.string()).max(MAX_SUBSCRIBE_TOPICS).optional(),
});
export type SubscribePayload = z.input<typeof subscribePayload>;

/** Ack of subscribe/unsubscribe. `denied`: topics refused (unknown, malformed, no permission, outside the user's regions, over a cap). */
export const subscribeAck = z.object({
  ok: z.boolean(),
  denied: z.array(z.string()),
  /** Set when the whole call was refused (malformed payload, session ended). */
  error: z.string().optional(),
});
export type SubscribeAck = z.infer<typeof subscribeAck>;

export const unsubscribePayload = subscribePayload;
export type UnsubscribePayload = SubscribePayload;

/**
 * `stream.heartbeat`: server time every few seconds. It keeps the client's
 * recovery offset fresh and lets it estimate clock skew.
 */
export interface StreamHeartbeat {
  t: number;
}

/** Why the server ended a connection, sent just before it disconnects. */
export type StreamCloseReason = 'signedOut' | 'expired' | 'disabled';

type ChannelEvents = {
  [C in ChannelName as (typeof channels)[C]['event']]: (batch: ChannelBatch<ChannelItem<C>>) => void;
};

/**
 * Events the server sends. With connection-state recovery on, socket.io appends
 * its offset as a last extra argument; listeners just ignore it.
 */
export type ServerToClientEvents = ChannelEvents & {
  'stream.heartbeat': (beat: StreamHeartbeat) => void;
  /** An ordered channel's backlog overflowed while the client was slow: reload its data from the call that is the truth. */
  'stream.resync': (r: { channel: ChannelName }) => void;
  /** Topics this connection no longer gets (rights or regions changed); the client stops expecting them. */
  'stream.denied': (r: { topics: string[] }) => void;
  /** The session ended (sign-out, password change, disabled account, expired token); the server disconnects next. */
  'stream.closed': (r: { reason: StreamCloseReason }) => void;
};

/** Events the client sends; each answers through the socket.io ack callback. */
export interface ClientToServerEvents {
  'stream.subscribe': (payload: SubscribePayload, ack: (res: SubscribeAck) => void) => void;
  'stream.unsubscribe': (payload: UnsubscribePayload, ack: (res: SubscribeAck) => void) => void;
  /**
   * Hands the connection a renewed access token of the same session before the
   * old one expires, so it stays open; otherwise the server closes it at expiry.
   */
  'stream.reauth': (payload: { token: string }, ack: (res: { ok: boolean; error?: string }) => void) => void;
}

/** socket.io path on the portal origin. */
export const STREAM_PATH = '/socket.io';
