import { Observable } from 'rxjs';
import type { PositionKind } from '../../shared/contracts/stream';
import {
  parseTopic,
  tagTopic,
  type ChannelBatch,
  type ChannelItem,
  type ChannelName,
  type ChannelOfTopic,
  type PositionTuple,
  type StreamCloseReason,
  type TagValueTuple,
  type TopicName,
} from '../../shared/contracts/topics';
import { endApiSession } from '../app/api';
import { useSession } from '../app/session-store';
import { StreamConnection, type ConnectionStatus } from './stream-connection';
import { toUpdate, type TagUpdate } from './stream-decode';
import { StreamDelivery, type Sink } from './stream-delivery';
import { StreamRecovery, type StreamGap } from './stream-recovery';
import { StreamSubscriptions } from './stream-subscriptions';

export { OFFLINE_AFTER_MS, type ConnectionState, type ConnectionStatus } from './stream-connection';
export type { TagUpdate, TagValue } from './stream-decode';
export type { StreamGap } from './stream-recovery';

/**
 * The client's live-data core (ARCHITECTURE.md §4, CONVENTIONS.md §4): one
 * socket.io connection per tab, topics as RxJS observables with
 * reference-counted subscriptions, and the connection state as an
 * observable. It is generic over the declarations in contracts/topics.ts:
 * every channel's batches are cached (latest channels) and routed to the
 * observers of the topics they belong to. Nothing here knows React;
 * `use-topic.ts`, `live-store.ts` and the hooks bring items to components,
 * batched to animation frames.
 *
 * This class is the facade; each job is in its own file: the socket
 * transport (stream-transport.ts), the connection and its reconnect policy
 * (stream-connection.ts), subscriptions on the wire (stream-subscriptions.ts),
 * the cache and routing of items to observers (stream-delivery.ts), decoding
 * (stream-decode.ts) and recovery after lost state (stream-recovery.ts).
 */
export class StreamClient {
  private readonly connection: StreamConnection;
  private readonly subscriptions: StreamSubscriptions;
  private readonly delivery: StreamDelivery;
  private readonly recovery: StreamRecovery;

  /** Server clock minus client clock, from the last batch or heartbeat. */
  private skewMs = 0;

  /** Connection state; emits on every change, the current state first. */
  readonly connection$: Observable<ConnectionStatus>;
  /** After a reconnect that lost the server's state: the time the stream may have missed. */
  readonly resync$: Observable<StreamGap>;
  /**
   * An `ordered` channel lost items for this client (it fell behind, or a
   * reconnect lost the server's state): reload that channel's data from the
   * call that is its truth.
   */
  readonly channelResync$: Observable<ChannelName>;
  /** Tag ids nobody subscribes to any more; their cached values were dropped. */
  readonly released$: Observable<string[]>;

  constructor(opts: { url?: string; token: () => string | null; onSessionEnded?: (reason: StreamCloseReason) => void }) {
    const wanted = () => this.subscriptions.wanted();
    this.delivery = new StreamDelivery(wanted);
    this.recovery = new StreamRecovery({ wanted, deliverTags: (items) => this.delivery.deliver('tag', items) });
    this.subscriptions = new StreamSubscriptions({
      socket: () => this.connection.connectedSocket(),
      dropValues: (topics) => this.delivery.dropValues(topics),
    });
    this.connection = new StreamConnection(opts, {
      batch: (channel, batch) => this.handleBatch(channel, batch),
      heartbeat: (t) => {
        this.skewMs = t - Date.now();
      },
      resync: (channel) => this.recovery.channelLost(channel),
      denied: (topics) => {
        this.subscriptions.deny(topics);
        this.delivery.dropValues(topics);
      },
      sessionLost: () => this.subscriptions.sessionLost(),
      live: () => this.subscriptions.flush(),
      recover: (gapFrom) => this.recovery.recover(gapFrom),
      stopped: () => {
        this.subscriptions.forgetServer();
        this.delivery.dropAll();
      },
    });
    this.connection$ = this.connection.connection$;
    this.resync$ = this.recovery.resync$;
    this.channelResync$ = this.recovery.channelResync$;
    this.released$ = this.delivery.released$;
  }

  get status(): ConnectionStatus {
    return this.connection.status;
  }

  /** The latest value of a subscribed tag, if one has arrived. */
  latestValue(tagId: string): TagUpdate | undefined {
    const item = this.delivery.latest('tag', tagId) as TagValueTuple | undefined;
    return item ? toUpdate(item) : undefined;
  }

  /** Age of the newest received value in ms (server clock), or null when no tag value is held. */
  newestValueAge(now = Date.now()): number | null {
    const newestT = this.delivery.newestTagTime;
    return newestT === null ? null : Math.max(0, now + this.skewMs - newestT);
  }

  /** Server time now, estimated from the last message. */
  serverNow(now = Date.now()): number {
    return now + this.skewMs;
  }

  /**
   * The items of one topic, one array per received batch; for `latest`
   * channels the cached items of the topic come first as one array.
   * Subscribing subscribes the topic on the server once, however many
   * observers there are; the last unsubscribe unsubscribes it.
   */
  topic$<N extends TopicName>(name: N): Observable<ChannelItem<ChannelOfTopic<N>>[]> {
    return new Observable<ChannelItem<ChannelOfTopic<N>>[]>((subscriber) => {
      const parsed = parseTopic(name);
      if (!parsed) {
        subscriber.error(new Error(`not a topic: ${name}`));
        return undefined;
      }
      this.start();
      const sink: Sink = (items) => subscriber.next(items as ChannelItem<ChannelOfTopic<N>>[]);
      const { cached, remove } = this.delivery.observeTopic(parsed, sink);
      this.subscriptions.acquire([name]);
      if (cached.length > 0) {
        sink(cached);
      }
      return () => {
        remove();
        this.subscriptions.release([name]);
      };
    });
  }

  /** Values of one tag: the cached latest value first (when there is one), then every update. */
  tag$(tagId: string): Observable<TagUpdate> {
    return new Observable<TagUpdate>((subscriber) => {
      const sub = this.topic$(tagTopic(tagId)).subscribe((items) => {
        for (const item of items) {
          subscriber.next(toUpdate(item));
        }
      });
      return () => sub.unsubscribe();
    });
  }

  /**
   * Values of many tags, one array per received batch holding the changed
   * tags among `ids`; the cached latest values come first as one array.
   */
  tags$(ids: readonly string[]): Observable<TagUpdate[]> {
    return new Observable<TagUpdate[]>((subscriber) => {
      this.start();
      const keys = new Set(ids);
      const names = [...keys].map(tagTopic);
      const sink: Sink = (items) => subscriber.next((items as TagValueTuple[]).map(toUpdate));
      const remove = this.delivery.observeTags(keys, sink);
      this.subscriptions.acquire(names);
      const cached = this.delivery.cachedTags(keys);
      if (cached.length > 0) {
        sink(cached);
      }
      return () => {
        remove();
        this.subscriptions.release(names);
      };
    });
  }

  /** Position fixes of people or vehicles: all known fixes first, then each batch's moved ones. */
  positions$(kind: PositionKind): Observable<PositionTuple[]> {
    return this.topic$(`position/${kind}`);
  }

  /** Opens the connection if it is not open (called by every subscription and by the connection hook). */
  start(): void {
    this.connection.start();
  }

  /**
   * Closes the connection and forgets every value (sign-out). Subscriptions
   * stay counted: when a token comes back, `connect()` subscribes them again.
   */
  stop(): void {
    this.connection.stop();
  }

  /** Connects with the session's current token; stays offline without one. */
  connect(): void {
    this.connection.connect();
  }

  /**
   * Hands the open connection the session's renewed access token, so the
   * server keeps it open past the old token's expiry (it closes it otherwise).
   */
  reauthenticate(): void {
    this.connection.reauthenticate();
  }

  private handleBatch(channel: ChannelName, batch: ChannelBatch<unknown>) {
    this.skewMs = batch.t - Date.now();
    this.delivery.deliver(channel, batch.items);
  }
}

let client: StreamClient | null = null;

/** The tab's one stream client. It follows the session: sign-out closes it, a new token reconnects it. */
export function streamClient(): StreamClient {
  if (!client) {
    const c = new StreamClient({
      token: () => useSession.getState().accessToken,
      // The server ended this session (signed out in another tab, password changed, disabled): end it here too.
      onSessionEnded: () => endApiSession(),
    });
    useSession.subscribe((s, prev) => {
      if (s.accessToken === prev.accessToken) {
        return;
      }
      if (!s.accessToken) {
        c.stop();
      } else if (c.status.state !== 'live') {
        c.connect();
      } else {
        c.reauthenticate();
      }
    });
    client = c;
  }
  return client;
}
