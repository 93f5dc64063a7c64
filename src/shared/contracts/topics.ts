import { channels as registeredChannels, topics as registeredTopics, type AllChannels, type AllTopics } from '../modules.js';
import { MAX_TAG_ID_LENGTH, type ChannelBatch, type TopicNameOf } from './channel.js';
import { z } from 'zod';

// The channel vocabulary lives in channel.ts (manifests import it without the registry); the stream core reads it from here too.
export {
  MAX_TAG_ID_LENGTH,
  positionTuple,
  tagValueTuple,
  type ChannelBatch,
  type ChannelDecl,
  type Coalesce,
  type IsolationRule,
  type PositionTuple,
  type TagValueTuple,
  type TopicDecl,
} from './channel.js';

/*
 * The live topics of this build: every area's channels and topics (declared in
 * its manifest with `channel` and `topic` from channel.ts), merged once here.
 * The gateway, the broadcaster and the client stream core are generic over
 * these; adding a topic means its declaration in the area's manifest, its
 * server source (the owning module) and the page that reads it.
 */

export const channels: AllChannels = registeredChannels;
export const topics: AllTopics = registeredTopics;

export type ChannelName = Extract<keyof AllChannels, string>;
export const channelNames = Object.keys(channels) as ChannelName[];
export type ChannelItem<C extends ChannelName> = z.infer<AllChannels[C]['item']>;

export type TopicKind = Extract<keyof AllTopics, string>;
const topicKinds = Object.keys(topics) as TopicKind[];

/** Topic names a client may use, as types (from each declaration's pattern). */
export type TopicName = { [K in TopicKind]: TopicNameOf<AllTopics[K]['pattern']> }[TopicKind];
/** The channel a topic name's items travel on. */
export type ChannelOfTopic<N extends string> = {
  [K in TopicKind]: N extends TopicNameOf<AllTopics[K]['pattern']> ? AllTopics[K]['channel'] : never;
}[TopicKind] &
  ChannelName;

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

export const tagTopic = (tagId: string) => `tag/${tagId}` as const;
export const tagGroupTopic = (groupId: string | number) => `tags/${groupId}` as const;
export const recordsTopic = (entity: string) => `records/${entity}` as const;

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
