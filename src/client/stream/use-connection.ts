import { useEffect, useState, useSyncExternalStore } from 'react';
import { streamClient, type ConnectionState, type ConnectionStatus } from './stream-client';

export interface ConnectionView {
  state: ConnectionState;
  /** When the state began, epoch ms. */
  since: number;
  /** Age of the newest received tag value in ms, or null when no value is held (nothing subscribed yet). */
  ageMs: number | null;
}

/** How often the age is re-read: it is shown in whole seconds. */
const AGE_TICK_MS = 1000;

function subscribe(onChange: () => void): () => void {
  const sub = streamClient().connection$.subscribe(onChange);
  return () => sub.unsubscribe();
}

const snapshot = (): ConnectionStatus => streamClient().status;

/**
 * The live connection's state and the age of the newest value. Opens the
 * connection if nothing has yet. Re-renders on a state change and once a
 * second for the age, never per message.
 */
export function useConnection(): ConnectionView {
  const status = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [, setTick] = useState(0);
  useEffect(() => {
    streamClient().start();
    const timer = window.setInterval(() => setTick((n) => (n + 1) % 1_000_000), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return { state: status.state, since: status.since, ageMs: streamClient().newestValueAge() };
}
