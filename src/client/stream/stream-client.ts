import { BehaviorSubject, Observable, Subject, type Subscriber } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { latestValues } from '../../shared/contracts/realtime';
import {
  PositionKindCode,
  STREAM_PATH,
  parseTopic,
  tagTopic,
  type ClientToServerEvents,
  type PositionBatch,
  type PositionKind,
  type PositionTuple,
  type ServerToClientEvents,
  type SubscribeAck,
  type TagBatch,
} from '../../shared/contracts/stream';
import { api, renewAccessToken } from '../app/api';
import { logError } from '../app/error-log-store';
import { useSession } from '../app/session-store';
import { TopicRefs } from './topic-refs';

/**
 * The client's live-data core (ARCHITECTURE.md §4, CONVENTIONS.md §4): one
 * socket.io connection per tab, topics as RxJS observables with
 * reference-counted subscriptions, and the connection state as an
 * observable. Nothing here knows React; `live-store.ts` and the hooks bring
 * the values to components, batched to animation frames.
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

type PositionSink = (batch: PositionTuple[]) => void;

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

  private readonly latest = new Map<string, TagUpdate>();
  private readonly tagSinks = new Map<string, Set<Subscriber<TagUpdate>>>();
  private readonly batchSinks = new Set<(updates: TagUpdate[]) => void>();
  private readonly positionSinks: Record<PositionKind, Set<PositionSink>> = { person: new Set(), vehicle: new Set() };
  private readonly positions: Record<PositionKind, Map<string, PositionTuple>> = { person: new Map(), vehicle: new Map() };

  /** Newest measurement time among received values (server clock), for the age shown in the navbar. */
  private newestT: number | null = null;
  /** Server clock minus client clock, from the last batch or heartbeat. */
  private skewMs = 0;

  private readonly status$ = new BehaviorSubject<ConnectionStatus>({ state: 'offline', since: Date.now() });
  private readonly gap$ = new Subject<StreamGap>();
  private readonly released = new Subject<string[]>();

  /** Connection state; emits on every change, the current state first. */
  readonly connection$: Observable<ConnectionStatus> = this.status$.asObservable();
  /** After a reconnect that lost the server's state: the time the stream may have missed. */
  readonly resync$: Observable<StreamGap> = this.gap$.asObservable();
  /** Tag ids nobody subscribes to any more; their cached values were dropped. */
  readonly released$: Observable<string[]> = this.released.asObservable();

  constructor(private readonly opts: { url?: string; token: () => string | null }) {}

  get status(): ConnectionStatus {
    return this.status$.getValue();
  }

  /** The latest value of a subscribed tag, if one has arrived. */
  latestValue(tagId: string): TagUpdate | undefined {
    return this.latest.get(tagId);
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
   * Values of one tag: the cached latest value first (when there is one),
   * then every update. Subscribing subscribes the tag on the server once,
   * however many observers there are; the last unsubscribe unsubscribes it.
   */
  tag$(tagId: string): Observable<TagUpdate> {
    return new Observable<TagUpdate>((subscriber) => {
      this.start();
      let sinks = this.tagSinks.get(tagId);
      if (!sinks) {
        sinks = new Set();
        this.tagSinks.set(tagId, sinks);
      }
      sinks.add(subscriber);
      this.acquire([tagTopic(tagId)]);
      const cached = this.latest.get(tagId);
      if (cached) {
        subscriber.next(cached);
      }
      return () => {
        const set = this.tagSinks.get(tagId);
        set?.delete(subscriber);
        if (set?.size === 0) {
          this.tagSinks.delete(tagId);
        }
        this.release([tagTopic(tagId)]);
      };
    });
  }

  /**
   * Values of many tags, one array per received batch holding the changed
   * tags among `ids`; the cached latest values come first as one array.
   */
  tags$(ids: readonly string[]): Observable<TagUpdate[]> {
    return new Observable<TagUpdate[]>((subscriber) => {
      this.start();
      const wanted = new Set(ids);
      const topics = [...wanted].map(tagTopic);
      const sink = (updates: TagUpdate[]) => {
        const mine = updates.length <= wanted.size ? updates.filter((u) => wanted.has(u.tag)) : this.pick(updates, wanted);
        if (mine.length > 0) {
          subscriber.next(mine);
        }
      };
      this.batchSinks.add(sink);
      this.acquire(topics);
      const cached: TagUpdate[] = [];
      for (const id of wanted) {
        const u = this.latest.get(id);
        if (u) {
          cached.push(u);
        }
      }
      if (cached.length > 0) {
        subscriber.next(cached);
      }
      return () => {
        this.batchSinks.delete(sink);
        this.release(topics);
      };
    });
  }

  /** Position fixes of people or vehicles: all known fixes first, then each batch's moved ones. */
  positions$(kind: PositionKind): Observable<PositionTuple[]> {
    return new Observable<PositionTuple[]>((subscriber) => {
      this.start();
      const topic = `position/${kind}`;
      const sink: PositionSink = (batch) => subscriber.next(batch);
      this.positionSinks[kind].add(sink);
      this.acquire([topic]);
      const known = [...this.positions[kind].values()];
      if (known.length > 0) {
        subscriber.next(known);
      }
      return () => {
        this.positionSinks[kind].delete(sink);
        this.release([topic]);
      };
    });
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
    socket.on('tag.batch', (batch: TagBatch) => this.handleTagBatch(batch));
    socket.on('position.batch', (batch: PositionBatch) => this.handlePositionBatch(batch));
    socket.on('stream.heartbeat', (beat) => {
      this.skewMs = beat.t - Date.now();
    });
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
      // Missed values are lost: refill the latest ones now, and tell charts to refill the gap from History.
      void this.refillLatest();
      this.gap$.next({ from: gapFrom ?? Date.now(), to: Date.now() });
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
        tags.push(parsed.id);
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
        ids.push(parsed.id);
      }
    }
    for (let i = 0; i < ids.length; i += LATEST_CHUNK) {
      try {
        const res = await api(latestValues, { tags: ids.slice(i, i + LATEST_CHUNK) }, { silent: true });
        this.deliver(res.items.map((x) => ({ tag: x.tag, t: x.t, v: x.v, q: x.q })));
      } catch (err) {
        logError(err instanceof Error ? err : new Error(String(err)), 'warning');
        return;
      }
    }
  }

  // ---------------------------------------------------------------------------
  // Incoming data
  // ---------------------------------------------------------------------------

  private handleTagBatch(batch: TagBatch) {
    this.skewMs = batch.t - Date.now();
    const updates: TagUpdate[] = new Array<TagUpdate>(batch.v.length);
    for (let i = 0; i < batch.v.length; i++) {
      const [tag, t, v, q] = batch.v[i];
      updates[i] = { tag, t, v, q };
    }
    this.deliver(updates);
  }

  /**
   * Caches and hands out values. A value older than the cached one is
   * dropped: after a reconnect, LatestValues and the server's first values
   * race, and the older of the two must not win.
   */
  private deliver(updates: TagUpdate[]) {
    const fresh: TagUpdate[] = [];
    for (const u of updates) {
      if (!this.refs.has(tagTopic(u.tag))) {
        continue;
      }
      const cached = this.latest.get(u.tag);
      if (cached && cached.t > u.t) {
        continue;
      }
      this.latest.set(u.tag, u);
      if (this.newestT === null || u.t > this.newestT) {
        this.newestT = u.t;
      }
      fresh.push(u);
      const sinks = this.tagSinks.get(u.tag);
      if (sinks) {
        for (const s of sinks) {
          s.next(u);
        }
      }
    }
    if (fresh.length > 0) {
      for (const sink of this.batchSinks) {
        sink(fresh);
      }
    }
  }

  private handlePositionBatch(batch: PositionBatch) {
    this.skewMs = batch.t - Date.now();
    const byKind: Record<PositionKind, PositionTuple[]> = { person: [], vehicle: [] };
    for (const p of batch.p) {
      const kind: PositionKind = p[5] === PositionKindCode.vehicle ? 'vehicle' : 'person';
      if (this.refs.has(`position/${kind}`)) {
        byKind[kind].push(p);
        this.positions[kind].set(p[0], p);
      }
    }
    for (const kind of ['person', 'vehicle'] as const) {
      if (byKind[kind].length > 0) {
        for (const sink of this.positionSinks[kind]) {
          sink(byKind[kind]);
        }
      }
    }
  }

  private pick(updates: TagUpdate[], wanted: ReadonlySet<string>): TagUpdate[] {
    const out: TagUpdate[] = [];
    for (const u of updates) {
      if (wanted.has(u.tag)) {
        out.push(u);
      }
    }
    return out;
  }

  private dropValues(topics: readonly string[]) {
    const tags: string[] = [];
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'tag') {
        if (this.latest.delete(parsed.id)) {
          tags.push(parsed.id);
        }
      } else if (parsed?.kind === 'position') {
        this.positions[parsed.target].clear();
      }
    }
    if (this.latest.size === 0) {
      this.newestT = null;
    }
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }

  private dropAllValues() {
    const tags = [...this.latest.keys()];
    this.latest.clear();
    this.positions.person.clear();
    this.positions.vehicle.clear();
    this.newestT = null;
    if (tags.length > 0) {
      this.released.next(tags);
    }
  }
}

let client: StreamClient | null = null;

/** The tab's one stream client. It follows the session: sign-out closes it, a new token reconnects it. */
export function streamClient(): StreamClient {
  if (!client) {
    const c = new StreamClient({ token: () => useSession.getState().accessToken });
    useSession.subscribe((s, prev) => {
      if (s.accessToken === prev.accessToken) {
        return;
      }
      if (!s.accessToken) {
        c.stop();
      } else if (c.status.state !== 'live') {
        c.connect();
      }
    });
    client = c;
  }
  return client;
}
