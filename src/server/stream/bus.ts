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
 */
export interface DomainEvents {
  publish<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): void;
  on<N extends DomainEventName>(name: N): Observable<DomainEventPayload<N>>;
}

/**
 * The in-process event bus between ingest and its consumers (broadcaster,
 * history writer, later the alarm and geofence engines), and of the domain
 * events services publish.
 *
 * Scale-out note: a Redis implementation goes behind this same interface
 * (publish serialises the columns to one message per batch and each domain
 * event as its JSON; the observables are fed from a Redis subscription),
 * chosen by REDIS_URL in createStream. Consumers that must run once per sample
 * (history, alarms) then take a lease; the broadcaster runs on every node.
 * Not built yet.
 */
export interface StreamBus extends DomainEvents {
  readonly samples$: Observable<SampleColumns>;
  readonly positions$: Observable<PositionColumns>;
  /** Every domain event, in publishing order. */
  readonly events$: Observable<DomainEvent>;
  publishSamples(batch: SampleColumns): void;
  publishPositions(batch: PositionColumns): void;
  close(): void;
}

export function createBus(): StreamBus {
  const samples = new Subject<SampleColumns>();
  const positions = new Subject<PositionColumns>();
  const events = new Subject<DomainEvent>();
  return {
    samples$: samples.asObservable(),
    positions$: positions.asObservable(),
    events$: events.asObservable(),
    publishSamples: (b) => samples.next(b),
    publishPositions: (b) => positions.next(b),
    publish(name, payload) {
      // Checked here as a Redis bus would have to: a malformed event is a bug in its publisher, found at once.
      const parsed = domainEvents[name].parse(payload) as DomainEventPayload<typeof name>;
      events.next({ name, payload: parsed } as DomainEvent);
    },
    on<N extends DomainEventName>(name: N) {
      return events.pipe(
        filter((e): e is Extract<DomainEvent, { name: N }> => e.name === name),
        map((e) => e.payload as DomainEventPayload<N>),
      );
    },
    close() {
      samples.complete();
      positions.complete();
      events.complete();
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
