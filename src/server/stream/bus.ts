import { Subject, filter, map, type Observable, type Subscription } from 'rxjs';
import { inTransaction, type Db, type Tx } from '../store/db.js';
import type { IngestLink } from '../../shared/domain/control-system-match.js';
import { domainEvents, type DomainEvent, type DomainEventName, type DomainEventPayload } from '../../shared/contracts/events.js';

/** Where a batch came from; counted per source in the ingest statistics. */
export type IngestSource = 'sim' | 'mqtt' | 'http' | 'test' | 'bench';

/**
 * Samples that passed validation and the tag registry, as columns: one batch
 * carries many samples in a few typed arrays instead of one object per sample,
 * so the hot path allocates per batch, not per item.
 */
export interface SampleColumns {
  readonly n: number;
  readonly tag: readonly string[];
  /** Epoch ms. */
  readonly t: Float64Array;
  readonly v: Float64Array;
  /** Quality code (0 good, 1 uncertain, 2 bad). */
  readonly q: Uint8Array;
  readonly source: IngestSource;
  /** The ingest key or MQTT topic the batch came through (control systems' link status); absent for the simulator and tests. */
  readonly link?: IngestLink;
}

/** Accepted position fixes as columns. */
export interface PositionColumns {
  readonly n: number;
  readonly id: readonly string[];
  readonly t: Float64Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** NaN when the fix carries no floor. */
  readonly floor: Float64Array;
  /** 0 person, 1 vehicle (PositionKindCode). */
  readonly kind: Uint8Array;
  /** regionid of the most specific region polygon the fix falls in; 0 outside every region. */
  readonly region: Int32Array;
  readonly source: IngestSource;
}

/**
 * What services see of the bus: typed domain events (src/shared/contracts/events.ts).
 * Publish only after the change has committed (see `transactThenPublish`).
 *
 * Several servers on one PostgreSQL store relay their events to each other
 * (pg-relay.ts). A consumer therefore chooses which events it hears:
 * - `on`: the events of this server. For work that must happen once per change,
 *   done by the server that made it: webhooks and notifications, to-dos, audit,
 *   musters, anything an engine does or writes. Another server's change is done
 *   there; hearing it here would do it twice.
 * - `onAnyServer`: this server's events and those relayed from the others. For
 *   what only shows or re-reads: socket topics and gateway channels (a browser on
 *   this server sees an alarm raised on another), sockets of ended sessions and
 *   changed rights, and caches re-read from the shared store (region trees,
 *   revoked sessions). Such a consumer does nothing twice when an event comes
 *   from two places: it pushes what it is given or reads the store again.
 */
export interface DomainEvents {
  publish<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): void;
  /** The events this server published. */
  on<N extends DomainEventName>(name: N): Observable<DomainEventPayload<N>>;
  /** The events of every server on the store: this one's and those relayed from the others. */
  onAnyServer<N extends DomainEventName>(name: N): Observable<DomainEventPayload<N>>;
}

/**
 * The in-process event bus between ingest and its consumers (broadcaster,
 * history writer, the alarm and geofence engines), and of the domain events
 * services publish.
 *
 * Scale-out, what is built (docs/deployment.md): several servers share one
 * PostgreSQL store behind a load balancer; each ingests every MQTT message
 * under a client id of its own (mqtt-source.ts), and domain events travel
 * between them over LISTEN/NOTIFY (pg-relay.ts), feeding `onAnyServer` and
 * `onOtherServers` consumers only (see DomainEvents). Samples and positions are
 * not relayed: every server ingests all of them itself.
 *
 * The work done once per plant runs on the server holding the plant's lease
 * (store/lease.ts: `pg_try_advisory_lock` on a connection of its own; a dead
 * owner's lease ends with its connection; the others try every second): the
 * alarm engine (sample evaluation, delay, link and shelf timers), the fence
 * engine's alarms (man-down, intrusion, head counts above limit), escalation
 * and retention. A standby server serves every call: its alarm service reads
 * the occurrences another server changed again when their `alarm.changed`
 * comes through the relay (and all open ones every 5 s), its operator actions
 * write to the store under a write lock and act on the occurrence as stored,
 * and the owner's engine, under the same lock, makes a batch again when an
 * occurrence it changes was changed meanwhile (an acknowledgement on the
 * standby). Its fence engine follows every fix for head counts but raises
 * nothing. On takeover the new owner makes its alarm engine from the store
 * (the open occurrences, held shelves, settings, plant modes) and the fence
 * engine reconciles with what is open; measured in the two-server test.
 *
 * What remains for full scale-out (not built):
 * - MQTT shared subscriptions: every server ingests and stores every message
 *   (the history writer is idempotent: the same tag and time replaces itself,
 *   but each server writes every chunk).
 * - HTTP ingest reaches one server only: its samples are in that server's live
 *   cache and not the others', and only the owner's engine evaluates samples.
 *   The balancer sends `/ingest/` to the lease holder (its check is
 *   /healthz/lease); browsers on the standby miss those live values until a
 *   Redis bus (publish serialises the columns to one message per batch) or
 *   MQTT carries them.
 * - Alarm settings, plant modes and out-of-service marks changed on a standby
 *   reach the owner's engine within 5 s (it reads them again; no domain event
 *   carries them yet), not at once.
 * - Files uploaded to records live in DATA_DIR/files of the server that took them.
 * - Events published while a server's relay connection is down are lost to the
 *   other servers (counted as `dropped`); browsers there catch up at their next
 *   list call, as after a socket reconnect (a standby's open alarms within 5 s).
 */
export interface StreamBus extends DomainEvents {
  readonly samples$: Observable<SampleColumns>;
  readonly positions$: Observable<PositionColumns>;
  /** The domain events this server published, in publishing order (what the relay sends to the others). */
  readonly events$: Observable<DomainEvent>;
  publishSamples(batch: SampleColumns): void;
  publishPositions(batch: PositionColumns): void;
  /** An event another server published, from the relay: reaches `onAnyServer` and `onOtherServers` consumers only. */
  relayed(event: DomainEvent): void;
  /**
   * The events relayed from the other servers only: for state a server keeps
   * in memory in step with the store (the alarm service re-reads the
   * occurrences another server changed: an acknowledgement made on a standby
   * server reaches the engine's owner).
   */
  onOtherServers<N extends DomainEventName>(name: N): Observable<DomainEventPayload<N>>;
  close(): void;
}

export function createBus(): StreamBus {
  const samples = new Subject<SampleColumns>();
  const positions = new Subject<PositionColumns>();
  const events = new Subject<DomainEvent>();
  /** This server's events and the relayed ones, in the order they reach this server. */
  const anyServer = new Subject<DomainEvent>();
  const others = new Subject<DomainEvent>();
  const only = <N extends DomainEventName>(source: Observable<DomainEvent>, name: N) =>
    source.pipe(
      filter((e): e is Extract<DomainEvent, { name: N }> => e.name === name),
      map((e) => e.payload as DomainEventPayload<N>),
    );
  return {
    samples$: samples.asObservable(),
    positions$: positions.asObservable(),
    events$: events.asObservable(),
    publishSamples: (b) => samples.next(b),
    publishPositions: (b) => positions.next(b),
    publish(name, payload) {
      // Checked here as a relay has to: a malformed event is a bug in its publisher, found at once.
      const parsed = domainEvents[name].parse(payload) as DomainEventPayload<typeof name>;
      const event = { name, payload: parsed } as DomainEvent;
      events.next(event);
      anyServer.next(event);
    },
    relayed(event) {
      anyServer.next(event);
      others.next(event);
    },
    onOtherServers: (name) => only(others, name),
    on: (name) => only(events, name),
    onAnyServer: (name) => only(anyServer, name),
    close() {
      samples.complete();
      positions.complete();
      events.complete();
      anyServer.complete();
      others.complete();
    },
  };
}

/** Queues events inside a transaction; `transactThenPublish` publishes them once it has committed. */
export type Emit = <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) => void;

/**
 * Runs `fn` in a transaction of `db` and publishes the events it emitted after
 * the commit; on a rollback (fn throws) they are dropped. So a consumer never
 * hears of a change that is not in the store.
 */
export async function transactThenPublish<T>(db: Db, events: Pick<DomainEvents, 'publish'>, fn: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  const queued: { name: DomainEventName; payload: unknown }[] = [];
  const emit: Emit = (name, payload) => {
    queued.push({ name, payload });
  };
  const result = await inTransaction(db, (tx) => fn(tx, emit));
  for (const e of queued) {
    events.publish(e.name, e.payload as never);
  }
  return result;
}

/**
 * Subscribes a consumer so that its exceptions are logged and contained: an
 * error thrown inside a Subject subscriber would otherwise be rethrown
 * asynchronously by RxJS and take the process down, and one consumer's bug
 * must not stop ingestion for the others.
 */
export function consume<T>(source: Observable<T>, name: string, onError: (err: unknown, name: string) => void, fn: (value: T) => void): Subscription {
  return source.subscribe((value) => {
    try {
      fn(value);
    } catch (err) {
      onError(err, name);
    }
  });
}
