import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The last load failed (the API client has already shown why). */
  failed: boolean;
  reload: () => void;
}

/**
 * Runs `load` on mount, whenever `load` changes (memoise it with useCallback
 * over its inputs) and on `reload()`. Keeps the previous data while a new
 * load runs, and aborts a load whose result is no longer wanted.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>({
    data: undefined,
    loading: true,
    failed: false,
  });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) {
          setState({ data, loading: false, failed: false });
        }
      },
      () => {
        if (!controller.signal.aborted) {
          setState((s) => ({ ...s, loading: false, failed: true }));
        }
      },
    );
    return () => controller.abort();
  }, [load, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
