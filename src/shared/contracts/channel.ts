import { z } from 'zod';

/*
 * How live data is declared (ARCHITECTURE.md §4). An area declares its
 * channels and topics in its manifest (`src/shared/<area>/manifest.ts`);
 * `topics.ts` merges them into the registry that the gateway, the
 * broadcaster and the client stream core are generic over.
 *
 * A CHANNEL is one kind of live data on the wire: its socket event, the schema
 * of one item, its coalescing rule and its isolation rule. A TOPIC is a name a
 * client subscribes to; it selects items of one channel (`tag/<id>` and
 * `tags/<classId>` both select tag values).
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

/** One tag value: [tagId, t (epoch ms), v, q (0 good, 1 uncertain, 2 bad)]. */
export const tagValueTuple = z.tuple([z.string(), z.number(), z.number(), z.number()]);
export type TagValueTuple = z.infer<typeof tagValueTuple>;

/** One position fix: [tagId, t, lon, lat, floor (null outdoors), kind (0 person, 1 vehicle)]. */
export const positionTuple = z.tuple([
  z.string(),
  z.number(),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.union([z.literal(0), z.literal(1)]),
]);
export type PositionTuple = z.infer<typeof positionTuple>;

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
  // Method signatures (not function-typed properties), so a channel of one item type is also a
  // ChannelDecl of its base type in the registry.
  /** The key `latest` coalesces on and key subscriptions select by. */
  key(this: void, item: z.infer<S>): string;
  /** `latest` channels: the item's time, so a client drops an item older than the one it holds (a refill racing the stream). */
  time?(this: void, item: z.infer<S>): number;
  isolation: IsolationRule;
}

export const channel = <S extends z.ZodType, const E extends string>(c: ChannelDecl<S> & { event: E }) => c;

export interface TopicDecl<P extends string = string, C extends string = string> {
  /** The name form, for people and for the name's type: `tag/<tagId>` (each `<…>` is the argument). */
  pattern: P;
  /**
   * The strict grammar of the name; its first group (if any) is the topic's
   * argument. One spelling per topic: `tags/1` is a topic, `tags/ 1`,
   * `tags/01`, `tags/0x1` and `tags/1.0` are refused, so a client cannot make
   * the server hold thousands of aliases of one topic.
   */
  match: RegExp;
  channel: C;
  /** Who may subscribe ('public', 'authenticated' or a permission code; checked at start); data isolation applies on top. */
  permission: string;
  /**
   * How a client tells which items of the channel belong to this topic (items
   * travel per channel, not per topic): `key`, the item's key is the topic's
   * argument; `all`, every item of the channel the connection receives (the
   * server selected them: a group, the region changes); or a filter on the
   * argument and the item.
   */
  route: 'key' | 'all' | ((arg: string, item: unknown) => boolean);
}

export const topic = <const P extends string, const C extends string>(t: TopicDecl<P, C>) => t;

/** The names a pattern allows, as a type: `tag/<tagId>` → `tag/${string}`. */
export type TopicNameOf<P extends string> = P extends `${infer A}<${string}>${infer B}` ? `${A}${string}${TopicNameOf<B>}` : P;

/** What every channel event carries. */
export interface ChannelBatch<I> {
  /** Server time the batch was built, epoch ms. */
  t: number;
  items: I[];
}
