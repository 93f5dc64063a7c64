import { useEffect, useRef } from 'react';
import { recordsTopic } from '../../../shared/contracts/topics';
import { useChannelResync, useTopic } from '../../stream/use-topic';

/** A burst of changes (an import, several editors) reloads once, this long after the last. */
const SETTLE_MS = 300;

/**
 * Calls `onChange` (debounced) when records of the ledger change on the
 * server — saved, deleted, moved through the workflow or imported by anyone —
 * and when the stream lost such changes. The server sends only changes of
 * records the user may see; the caller reloads from the list call, which is
 * the truth.
 */
export function useRecordChanges(entity: string, onChange: () => void): void {
  const handler = useRef(onChange);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
      }
    },
    [],
  );
  const settle = () => {
    if (timer.current) {
      clearTimeout(timer.current);
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      handler.current();
    }, SETTLE_MS);
  };
  useTopic(recordsTopic(entity), settle);
  useChannelResync('record', settle);
}
