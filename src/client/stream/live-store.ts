import { useEffect, useMemo } from 'react';
import type { Observable } from 'rxjs';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { streamClient, type TagUpdate, type TagValue } from './stream-client';

/**
 * Latest tag values for React. The stream core's observables write into a
 * pending map; one animation frame later the pending values go into the
 * store in a single update. So however many batches arrive, React renders at
 * most once per frame, and only components whose tag changed re-render
 * (each reads its own tag through a selector).
 */
interface LiveState {
  values: Record<string, TagValue>;
}

export const useLiveStore = create<LiveState>()(() => ({ values: {} }));

const pending = new Map<string, TagValue>();
const pendingDrops = new Set<string>();
let frame: number | null = null;

const requestFrame: (cb: () => void) => number =
  typeof requestAnimationFrame === 'function' ? (cb) => requestAnimationFrame(cb) : (cb) => setTimeout(cb, 16) as unknown as number;

function scheduleFrame() {
  if (frame === null) {
    // A hidden tab gets no frames: the pending map keeps only the latest value per tag meanwhile.
    frame = requestFrame(flushFrame);
  }
}

function flushFrame() {
  frame = null;
  if (pending.size === 0 && pendingDrops.size === 0) {
    return;
  }
  const next: Record<string, TagValue> = { ...useLiveStore.getState().values };
  for (const id of pendingDrops) {
    if (!pending.has(id)) {
      delete next[id];
    }
  }
  for (const [id, value] of pending) {
    next[id] = value;
  }
  pending.clear();
  pendingDrops.clear();
  useLiveStore.setState({ values: next });
}

function queue(u: TagUpdate) {
  pending.set(u.tag, { t: u.t, v: u.v, q: u.q });
  pendingDrops.delete(u.tag);
}

let dropsWired = false;
function wireDrops() {
  if (dropsWired) {
    return;
  }
  dropsWired = true;
  // Values of tags nobody subscribes to any more leave the store, so a stale value is never shown later.
  streamClient().released$.subscribe((ids) => {
    for (const id of ids) {
      pending.delete(id);
      pendingDrops.add(id);
    }
    scheduleFrame();
  });
}

/**
 * Feeds the store with the values of `ids` until the returned function is
 * called. For code outside React; components use the hooks below.
 */
export function feedLiveStore(ids: readonly string[]): () => void {
  if (ids.length === 0) {
    return () => undefined;
  }
  wireDrops();
  const source: Observable<TagUpdate[]> = streamClient().tags$(ids);
  const sub = source.subscribe((updates) => {
    for (const u of updates) {
      queue(u);
    }
    scheduleFrame();
  });
  return () => sub.unsubscribe();
}

/** A stable key for a set of ids, so a new array with the same ids does not resubscribe. */
function idsKey(ids: readonly string[]): string {
  return [...new Set(ids)].sort().join('\n');
}

/**
 * Subscribes `ids` while the component is mounted, without reading them: for
 * a view whose rows read their own values (a virtualised table).
 */
export function useLiveTags(ids: readonly string[]): void {
  const key = useMemo(() => idsKey(ids), [ids]);
  useEffect(() => (key === '' ? undefined : feedLiveStore(key.split('\n'))), [key]);
}

/** The latest value of one tag; subscribes on mount, unsubscribes on unmount. */
export function useTagValue(tagId: string | null | undefined): TagValue | undefined {
  useEffect(() => (tagId ? feedLiveStore([tagId]) : undefined), [tagId]);
  return useLiveStore((s) => (tagId ? s.values[tagId] : undefined));
}

/**
 * Latest values of several tags, keyed by tag id. Re-renders when any of them
 * changes (at most once per frame); for thousands of rows, use `useLiveTags`
 * and let each row read its own value with `useLiveValue`.
 */
export function useTagValues(ids: readonly string[]): Record<string, TagValue | undefined> {
  useLiveTags(ids);
  return useLiveStore(
    useShallow((s) => {
      const out: Record<string, TagValue | undefined> = {};
      for (const id of ids) {
        out[id] = s.values[id];
      }
      return out;
    }),
  );
}

/** Reads a value from the store without subscribing it (a row of a table subscribed by `useLiveTags`). */
export function useLiveValue(tagId: string): TagValue | undefined {
  return useLiveStore((s) => s.values[tagId]);
}
