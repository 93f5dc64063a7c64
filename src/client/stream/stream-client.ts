import { BehaviorSubject, Observable, Subject } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { latestValues } from '../../shared/realtime/contracts';
import type { PositionKind } from '../../shared/contracts/stream';
import {
  STREAM_PATH,
  channelNames,
  channels,
  parseTopic,
  tagTopic,
  topics as topicDecls,
  type ChannelBatch,
  type ChannelItem,
  type ChannelName,
  type ChannelOfTopic,
  type ClientToServerEvents,
  type PositionTuple,
  type ServerToClientEvents,
  type StreamCloseReason,
  type SubscribeAck,
  type TagValueTuple,
  type TopicName,
} from '../../shared/contracts/topics';
import { api, endApiSession, renewAccessToken } from '../app/api';
import { logError } from '../app/error-log-store';
import { useSession } from '../app/session-store';
import { TopicRefs } from './topic-refs';

/**
 * The client's live-data core (ARCHITECTURE.md §4, CONVENTIONS.md §4): one
 * socket.io connection per tab, topics as RxJS observables with
 * reference-counted subscriptions, and the connection state as an
 * observable. It is generic over the declarations in contracts/topics.ts:
 * every channel's batches are cached (latest channels) and routed to the
 * observers of the topics they belong to. Nothing here knows React;
 * `use-topic.ts`, `live-store.ts` and the hooks bring items to components,
 * batched to animation frames.
 */

/** A tag's latest value as the stream delivers it. */
export interface TagValue {
  /** Time of measurement, epoch ms (server clock). */
  t: number;
  v: number;
  /** Quality: 0 good, 1 uncertain, 2 bad (contracts/stream.ts `Quality`). */
  q: number;
}

export interface TagUpdate extends TagValue {
  tag: string;
}

/**
 * live: connected and subscribed; reconnecting: connecting, or the
 * connection dropped less than OFFLINE_AFTER_MS ago and socket.io is
 * retrying; offline: signed out, refused, the browser is offline, or the
 * connection has been down longer than OFFLINE_AFTER_MS (retries go on).
 */
export type ConnectionState = 'live' | 'reconnecting' | 'offline';

export interface ConnectionStatus {
  state: ConnectionState;
  /** When this state began, epoch ms (client clock). */
  since: number;
}

/** A stretch of time the stream may have missed: charts refill it from History. */
export interface StreamGap {
  from: number;
  to: number;
}

/** After this long without a connection the state shows offline (socket.io keeps retrying). */
export const OFFLINE_AFTER_MS = 15_000;
/** How long a subscribe/unsubscribe waits for its ack before it is retried. */
const ACK_TIMEOUT_MS = 15_000;
const RETRY_MS = 5_000;
/** Backoff for a refused handshake whose token could not be renewed. */
const DENIED_RETRY_MS = [5_000, 15_000, 30_000, 60_000];
/** LatestValues takes at most this many tags per call (contracts/realtime.ts). */
const LATEST_CHUNK = 5000;

type StreamSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Receives the items of one batch that belong to it. */
type Sink = (items: unknown[]) => void;

/** Observers of one channel, indexed the way items are routed to them. */
interface ChannelSinks {
  /** Topics routed by key (`tag/<id>`): key → sinks. */
  byKey: Map<string, Set<Sink>>;
  /** Observers of a set of keys (`tags$(ids)`). */
  keySets: Set<{ keys: ReadonlySet<string>; sink: Sink }>;
  /** Topics routed by a filter, or taking every item (`position/person`, `tags/<classId>`, `region`). */
  routed: Set<{ accepts: (item: unknown) => boolean; sink: Sink }>;
}

const newSinks = (): ChannelSinks => ({ byKey: new Map(), keySets: new Set(), routed: new Set() });

export class StreamClient {
  private socket: StreamSocket | null = null;
  private started = false;
  private everConnected = false;
  private disconnectedAt: number | null = null;
  private offlineTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private deniedAttempts = 0;
  private flushQueued = false;

  private readonly refs = new TopicRefs();
  /** Topics the server has for this socket (optimistic: added on send, taken back on a failed ack). */
  private readonly onServer = new Set<string>();
  /** Topics the server refused (permission, region, unknown); not asked again until the next full resubscribe. */
  private readonly denied = new Set<string>();

  /** Latest item per key of each `latest` channel, for late observers and refills. */
  private readonly cache = new Map<ChannelName, Map<string, unknown>>(
    channelNames.filter((c) => channels[c].coalesce === 'latest').map((c) => [c, new Map()]),
  );
  private readonly sinks = new Map<ChannelName, ChannelSinks>(channelNames.map((c) => [c, newSinks()]));

  /** Newest measurement time among received tag values (server clock), for the age shown in the navbar. */
  private newestT: number | null = null;
  /** Server clock minus client clock, from the last batch or heartbeat. */
  private skewMs = 0;

  private readonly status$ = new BehaviorSubject<ConnectionStatus>({ state: 'offline', since: Date.now() });
  private readonly gap$ = new Subject<StreamGap>();
  private readonly channelResync = new Subject<ChannelName>();
  private readonly released = new Subject<string[]>();

  /** Connection state; emits on every change, the current state first. */
  readonly connection$: Observable<ConnectionStatus> = this.status$.asObservable();
  /** After a reconnect that lost the server's state: the time the stream may have missed. */
  readonly resync$: Observable<StreamGap> = this.gap$.asObservable();
  /**
   * An `ordered` channel lost items for this client (it fell behind, or a
   * reconnect lost the server's state): reload that channel's data from the
   * call that is its truth.
   */
  readonly channelResync$: Observable<ChannelName> = this.channelResync.asObservable();
  /** Tag ids nobody subscribes to any more; their cached values were dropped. */
  readonly released$: Observable<string[]> = this.released.asObservable();

  constructor(private readonly opts: { url?: string; token: () => string | null; onSessionEnded?: (reason: StreamCloseReason) => void }) {}

  get status(): ConnectionStatus {
    return this.status$.getValue();
  }

  /** The latest value of a subscribed tag, if one has arrived. */
  latestValue(tagId: string): TagUpdate | undefined {
    const item = this.cache.get('tag')?.get(tagId) as TagValueTuple | undefined;
    return item ? toUpdate(item) : undefined;
  }

  /** Age of the newest received value in ms (server clock), or null when no tag value is held. */
  newestValueAge(now = Date.now()): number | null {
    return this.newestT === null ? null : Math.max(0, now + this.skewMs - this.newestT);
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
      const { channel, kind, arg } = parsed;
      const decl = topicDecls[kind];
      const sinks = this.sinks.get(channel)!;
      const sink: Sink = (items) => subscriber.next(items as ChannelItem<ChannelOfTopic<N>>[]);
      let remove: () => void;
      let cached: unknown[] = [];
      const cache = this.cache.get(channel);
      if (decl.route === 'key') {
        let set = sinks.byKey.get(arg);
        if (!set) {
          set = new Set();
          sinks.byKey.set(arg, set);
        }
        set.add(sink);
        const item = cache?.get(arg);
        cached = item === undefined ? [] : [item];
        remove = () => {
          set.delete(sink);
          if (set.size === 0) {
            sinks.byKey.delete(arg);
          }
        };
      } else {
        const route = decl.route;
        const accepts = route === 'all' ? () => true : (item: unknown) => route(arg, item);
        const entry = { accepts, sink };
        sinks.routed.add(entry);
        cached = cache ? [...cache.values()].filter(accepts) : [];
        remove = () => sinks.routed.delete(entry);
      }
      this.acquire([name]);
      if (cached.length > 0) {
        sink(cached);
      }
      return () => {
        remove();
        this.release([name]);
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
      const sinks = this.sinks.get('tag')!;
      const entry = { keys, sink: (items: unknown[]) => subscriber.next((items as TagValueTuple[]).map(toUpdate)) };
      sinks.keySets.add(entry);
      this.acquire(names);
      const cache = this.cache.get('tag')!;
      const cached: TagValueTuple[] = [];
      for (const id of keys) {
        const item = cache.get(id) as TagValueTuple | undefined;
        if (item) {
          cached.push(item);
        }
      }
      if (cached.length > 0) {
        entry.sink(cached);
      }
      return () => {
        sinks.keySets.delete(entry);
        this.release(names);
      };
    });
  }

  /** Position fixes of people or vehicles: all known fixes first, then each batch's moved ones. */
  positions$(kind: PositionKind): Observable<PositionTuple[]> {
    return this.topic$(`position/${kind}`);
  }

  /** Opens the connection if it is not open (called by every subscription and by the connection hook). */
  start(): void {
    if (this.started) {
      return;
    }
    this.started = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.handleOnline);
      window.addEventListener('offline', this.handleOffline);
    }
    this.connect();
  }

  /**
   * Closes the connection and forgets every value (sign-out). Subscriptions
   * stay counted: when a token comes back, `connect()` subscribes them again.
   */
  stop(): void {
    this.clearTimers();
    // A fresh socket for the next session: the next user must never resume this one's server-side state.
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.onServer.clear();
    this.denied.clear();
    this.dropAllValues();
    this.disconnectedAt = null;
    this.everConnected = false;
    this.setState('offline');
  }

  /** Connects with the session's current token; stays offline without one. */
  connect(): void {
    if (!this.started) {
      return;
    }
    if (!this.opts.token()) {
      this.setState('offline');
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.setState('offline');
      return;
    }
    const socket = this.socket ?? this.createSocket();
    if (!socket.connected && !socket.active) {
      if (this.status.state !== 'offline' || this.disconnectedAt === null) {
        this.setState('reconnecting');
      }
      socket.connect();
    }
  }

  /**
   * Hands the open connection the session's renewed access token, so the
   * server keeps it open past the old token's expiry (it closes it otherwise).
   */
  reauthenticate(): void {
    const token = this.opts.token();
    const socket = this.socket;
    if (!token || !socket?.connected) {
      return;
    }
    socket.timeout(ACK_TIMEOUT_MS).emit('stream.reauth', { token }, (err: Error | null, res?: { ok: boolean }) => {
      if (err || !res?.ok) {
        // Refused (another session, or the token was revoked): a fresh handshake settles it.
        socket.disconnect();
        this.retryAfter(0);
      }
    });
  }

  private createSocket(): StreamSocket {
    const options = {
      path: STREAM_PATH,
      autoConnect: false,
      // One manager per socket, so a socket created after sign-out is really new (socket.io caches managers by URL).
      forceNew: true,
      // Read at every handshake, so a reconnect uses the token renewed meanwhile.
      auth: (cb: (data: object) => void) => cb({ token: this.opts.token() ?? '' }),
    };
    const socket: StreamSocket = this.opts.url ? io(this.opts.url, options) : io(options);
    this.socket = socket;

    socket.on('connect', this.handleConnect);
    socket.on('disconnect', this.handleDisconnect);
    socket.on('connect_error', this.handleConnectError);
    for (const channel of channelNames) {
      const event = channels[channel].event as keyof ServerToClientEvents;
      (socket.on as (ev: string, fn: (batch: ChannelBatch<unknown>) => void) => void)(event, (batch) => this.handleBatch(channel, batch));
    }
    socket.on('stream.heartbeat', (beat) => {
      this.skewMs = beat.t - Date.now();
    });
    socket.on('stream.resync', ({ channel }) => this.channelResync.next(channel));
    socket.on('stream.denied', ({ topics }) => {
      for (const topic of topics) {
        this.denied.add(topic);
        this.onServer.delete(topic);
      }
      this.dropValues(topics);
    });
    socket.on('stream.closed', ({ reason }) => this.handleClosed(reason));
    return socket;
  }

  private readonly handleConnect = () => {
    const socket = this.socket!;
    const gapFrom = this.disconnectedAt;
    this.disconnectedAt = null;
    this.deniedAttempts = 0;
    this.clearTimers();
    if (!socket.recovered) {
      // A new server-side session: it holds no subscriptions. Send them all again.
      this.onServer.clear();
      this.denied.clear();
      this.refs.markAllChanged();
    }
    this.setState('live');
    this.flush();
    if (!socket.recovered && this.everConnected) {
      // Missed values are lost: refill the latest ones now, tell charts to refill the gap from History,
      // and every ordered channel to reload from its call.
      void this.refillLatest();
      this.gap$.next({ from: gapFrom ?? Date.now(), to: Date.now() });
      for (const channel of channelNames) {
        if (channels[channel].coalesce === 'ordered') {
          this.channelResync.next(channel);
        }
      }
    }
    this.everConnected = true;
  };

  private readonly handleDisconnect = (reason: Socket.DisconnectReason) => {
    this.disconnectedAt ??= Date.now();
    if (reason === 'io client disconnect') {
      return;
    }
    this.setState('reconnecting');
    this.armOfflineTimer();
    if (reason === 'io server disconnect') {
      // The server closed the session (e.g. the token was revoked): socket.io does not retry by itself.
      this.retryAfter(RETRY_MS);
    }
  };

  /**
   * The server ended the connection. An expired token: renew it and connect
   * again at once. An ended session (sign-out elsewhere, password changed,
   * account disabled): renewing fails, and the app ends the session here too.
   */
  private handleClosed(reason: StreamCloseReason) {
    void renewAccessToken().then(
      (ok) => {
        if (ok) {
          this.retryAfter(0);
        } else {
          this.opts.onSessionEnded?.(reason);
        }
      },
      () => this.opts.onSessionEnded?.(reason),
    );
  }

  private readonly handleConnectError = (err: Error) => {
    this.disconnectedAt ??= Date.now();
    const socket = this.socket;
    if (socket?.active) {
      // A transport failure: socket.io retries with its own backoff.
      if (this.status.state !== 'offline') {
        this.setState('reconnecting');
      }
      this.armOfflineTimer();
      return;
    }
    // The server's middleware refused the handshake: renew the token, then try again.
    this.armOfflineTimer();
    if (!this.opts.token()) {
      this.setState('offline');
      return;
    }
    const refused = /unauthori[sz]ed|jwt|token/i.test(err.message);
    if (!refused) {
      this.retryAfter(this.deniedBackoff());
      return;
    }
    void renewAccessToken().then(
      (ok) => {
        if (ok && this.deniedAttempts === 0) {
          this.deniedAttempts++;
          this.connect();
        } else {
          this.setState('offline');
          this.retryAfter(this.deniedBackoff());
        }
      },
      () => this.retryAfter(this.deniedBackoff()),
    );
  };

  private readonly handleOnline = () => {
    this.connect();
  };

  private readonly handleOffline = () => {
    this.setState('offline');
  };

  private deniedBackoff(): number {
    const ms = DENIED_RETRY_MS[Math.min(this.deniedAttempts, DENIED_RETRY_MS.length - 1)];
    this.deniedAttempts++;
    return ms;
  }

  private retryAfter(ms: number) {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, ms);
  }

  private armOfflineTimer() {
    if (this.offlineTimer) {
      return;
    }
    const since = this.disconnectedAt ?? Date.now();
    this.offlineTimer = setTimeout(
      () => {
        this.offlineTimer = null;
        if (!this.socket?.connected) {
          this.setState('offline');
        }
      },
      Math.max(0, since + OFFLINE_AFTER_MS - Date.now()),
    );
  }

  private clearTimers() {
    for (const timer of [this.offlineTimer, this.retryTimer]) {
      if (timer) {
        clearTimeout(timer);
      }
    }
    this.offlineTimer = null;
    this.retryTimer = null;
  }

  private setState(state: ConnectionState) {
    if (this.status.state !== state) {
      this.status$.next({ state, since: Date.now() });
    }
  }

  // ---------------------------------------------------------------------------
  // Subscriptions
  // ---------------------------------------------------------------------------

  private acquire(topics: readonly string[]) {
    this.refs.acquire(topics);
    this.scheduleFlush();
  }

  private release(topics: readonly string[]) {
    this.refs.release(topics);
    this.scheduleFlush();
  }

  /** Coalesces the subscription changes of one task (a table mounting its rows) into one message each way. */
  private scheduleFlush() {
    if (this.flushQueued) {
      return;
    }
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush() {
    const socket = this.socket;
    if (!socket?.connected || !this.refs.hasChanges) {
      return;
    }
    const { add, remove, dropped } = this.refs.takeChanges(this.onServer);
    if (dropped.length > 0) {
      this.dropValues(dropped);
    }
    const toAdd = add.filter((topic) => !this.denied.has(topic));
    if (toAdd.length > 0) {
      this.send(socket, 'stream.subscribe', toAdd);
    }
    if (remove.length > 0) {
      this.send(socket, 'stream.unsubscribe', remove);
    }
  }

  private send(socket: StreamSocket, event: 'stream.subscribe' | 'stream.unsubscribe', topics: string[]) {
    const subscribe = event === 'stream.subscribe';
    for (const topic of topics) {
      if (subscribe) {
        this.onServer.add(topic);
      } else {
        this.onServer.delete(topic);
      }
    }
    const tags: string[] = [];
    const other: string[] = [];
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'tag') {
        tags.push(parsed.arg);
      } else {
        other.push(topic);
      }
    }
    socket.timeout(ACK_TIMEOUT_MS).emit(event, { topics: other, tags }, (err: Error | null, ack?: SubscribeAck) => {
      if (err || !ack || !ack.ok) {
        if (ack?.error) {
          logError(new Error(`${event}: ${ack.error}`), 'warning');
        }
        // Undo the optimistic bookkeeping and try again later, unless the refusal is final.
        for (const topic of topics) {
          if (subscribe) {
            this.onServer.delete(topic);
          } else {
            this.onServer.add(topic);
          }
        }
        if (ack?.error && /too many/i.test(ack.error)) {
          for (const topic of topics) {
            this.denied.add(topic);
          }
          return;
        }
        this.refs.touch(topics);
        setTimeout(() => this.flush(), RETRY_MS);
        return;
      }
      for (const topic of ack.denied) {
        this.denied.add(topic);
        this.onServer.delete(topic);
      }
    });
  }

  /** Refills the latest values of every subscribed tag after state was lost (LatestValues). */
  private async refillLatest() {
    const ids: string[] = [];
    for (const topic of this.refs.wanted()) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'tag') {
        ids.push(parsed.arg);
      }
    }
    for (let i = 0; i < ids.length; i += LATEST_CHUNK) {
      try {
        const res = await api(latestValues, { tags: ids.slice(i, i + LATEST_CHUNK) }, { silent: true });
        this.deliver(
          'tag',
          res.items.map((x): TagValueTuple => [x.tag, x.t, x.v, x.q]),
        );
      } catch (err) {
        logError(err instanceof Error ? err : new Error(String(err)), 'warning');
        return;
      }
    }
  }

  // ---------------------------------------------------------------------------
  // Incoming data
  // ---------------------------------------------------------------------------

  private handleBatch(channel: ChannelName, batch: ChannelBatch<unknown>) {
    this.skewMs = batch.t - Date.now();
    this.deliver(channel, batch.items);
  }

  /**
   * Caches and hands out items. On a `latest` channel an item older than the
   * cached one is dropped: after a reconnect, LatestValues and the server's
   * first values race, and the older of the two must not win.
   */
  private deliver(channel: ChannelName, items: readonly unknown[]) {
    const decl = channels[channel];
    const keyOf = decl.key as (item: unknown) => string;
    const timeOf = 'time' in decl ? (decl.time as (item: unknown) => number) : null;
    const cache = this.cache.get(channel);
    const sinks = this.sinks.get(channel)!;
    const fresh: unknown[] = [];
    for (const item of items) {
      if (cache) {
        const key = keyOf(item);
        // An item nobody observes (its topic was just released; the server has not heard yet) is not kept.
        if (!wanted(sinks, key, item)) {
          continue;
        }
        const held = cache.get(key);
        if (held !== undefined && timeOf && timeOf(held) > timeOf(item)) {
          continue;
        }
        cache.set(key, item);
        if (channel === 'tag') {
          const t = (item as TagValueTuple)[1];
          if (this.newestT === null || t > this.newestT) {
            this.newestT = t;
          }
        }
      }
      fresh.push(item);
    }
    if (fresh.length > 0) {
      this.dispatch(channel, fresh, keyOf);
    }
  }

  /** Routes one batch to the observers it belongs to: by key, by key set, by filter. */
  private dispatch(channel: ChannelName, items: unknown[], keyOf: (item: unknown) => string) {
    const sinks = this.sinks.get(channel)!;
    if (sinks.byKey.size > 0) {
      const perSink = new Map<Sink, unknown[]>();
      for (const item of items) {
        const set = sinks.byKey.get(keyOf(item));
        if (set) {
          for (const s of set) {
            const list = perSink.get(s);
            if (list) {
              list.push(item);
            } else {
              perSink.set(s, [item]);
            }
          }
        }
      }
      for (const [s, list] of perSink) {
        s(list);
      }
    }
    for (const { keys, sink } of sinks.keySets) {
      const mine = items.filter((item) => keys.has(keyOf(item)));
      if (mine.length > 0) {
        sink(mine);
      }
    }
    for (const { accepts, sink } of sinks.routed) {
      const mine = items.filter(accepts);
      if (mine.length > 0) {
        sink(mine);
      }
    }
  }

  /** Drops cached items nobody subscribes to any more. */
  private dropValues(topics: readonly string[]) {
    const tags: string[] = [];
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (!parsed) {
        continue;
      }
      const cache = this.cache.get(parsed.channel);
      if (!cache) {
        continue;
      }
      if (topicDecls[parsed.kind].route === 'key') {
        if (!this.stillWanted(parsed.channel, parsed.arg) && cache.delete(parsed.arg) && parsed.channel === 'tag') {
          tags.push(parsed.arg);
        }
      } else {
        const route = topicDecls[parsed.kind].route;
        for (const [key, item] of cache) {
          if (
            (route === 'all' || (typeof route === 'function' && route(parsed.arg, item))) &&
            !this.stillWanted(parsed.channel, key, item)
          ) {
            cache.delete(key);
            if (parsed.channel === 'tag') {
              tags.push(key);
            }
          }
        }
      }
    }
    if (this.cache.get('tag')!.size === 0) {
      this.newestT = null;
    }
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }

  /** Whether some wanted topic still selects this key (or item) of the channel. */
  private stillWanted(channel: ChannelName, key: string, item?: unknown): boolean {
    for (const topic of this.refs.wanted()) {
      const parsed = parseTopic(topic);
      if (!parsed || parsed.channel !== channel) {
        continue;
      }
      const route = topicDecls[parsed.kind].route;
      if (route === 'key' ? parsed.arg === key : route === 'all' || (item !== undefined && route(parsed.arg, item))) {
        return true;
      }
    }
    return false;
  }

  private dropAllValues() {
    const tags = [...this.cache.get('tag')!.keys()];
    for (const cache of this.cache.values()) {
      cache.clear();
    }
    this.newestT = null;
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }
}

/** Whether any observer of the channel takes this item. */
function wanted(sinks: ChannelSinks, key: string, item: unknown): boolean {
  if (sinks.byKey.has(key)) {
    return true;
  }
  for (const ks of sinks.keySets) {
    if (ks.keys.has(key)) {
      return true;
    }
  }
  for (const r of sinks.routed) {
    if (r.accepts(item)) {
      return true;
    }
  }
  return false;
}

function toUpdate(item: TagValueTuple): TagUpdate {
  return { tag: item[0], t: item[1], v: item[2], q: item[3] };
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
