import { Subject, type Observable, type Subscription } from 'rxjs';

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
 * The in-process event bus between ingest and its consumers (broadcaster,
 * history writer, later the alarm and geofence engines).
 *
 * Scale-out note: a Redis implementation goes behind this same interface
 * (publish serialises the columns to one message per batch; the observables are
 * fed from a Redis subscription), chosen by REDIS_URL in createStream. Consumers
 * that must run once per sample (history, alarms) then take a lease; the
 * broadcaster runs on every node. Not built yet.
 */
export interface StreamBus {
  readonly samples$: Observable<SampleColumns>;
  readonly positions$: Observable<PositionColumns>;
  publishSamples(batch: SampleColumns): void;
  publishPositions(batch: PositionColumns): void;
  close(): void;
}

export function createBus(): StreamBus {
  const samples = new Subject<SampleColumns>();
  const positions = new Subject<PositionColumns>();
  return {
    samples$: samples.asObservable(),
    positions$: positions.asObservable(),
    publishSamples: (b) => samples.next(b),
    publishPositions: (b) => positions.next(b),
    close() {
      samples.complete();
      positions.complete();
    },
  };
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
