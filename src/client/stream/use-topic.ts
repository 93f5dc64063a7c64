import { useEffect, useRef } from 'react';
import type { ChannelItem, ChannelName, ChannelOfTopic, TopicName } from '../../shared/contracts/topics';
import { streamClient } from './stream-client';

/**
 * Receives the items of a topic while the component is mounted: `onItems`
 * gets each batch (the cached items first, on `latest` channels). Meant for
 * views that update outside React state (a map's GPU source, a chart series)
 * or that keep their own list; the callback may change between renders
 * without resubscribing. `null` subscribes nothing.
 */
export function useTopic<N extends TopicName>(name: N | null, onItems: (items: ChannelItem<ChannelOfTopic<N>>[]) => void): void {
  const handler = useRef(onItems);
  useEffect(() => {
    handler.current = onItems;
  });
  useEffect(() => {
    if (name === null) {
      return undefined;
    }
    const sub = streamClient()
      .topic$(name)
      .subscribe((items) => handler.current(items));
    return () => sub.unsubscribe();
  }, [name]);
}

/**
 * Calls `onResync` when an `ordered` channel lost items for this client (it
 * fell behind, or a reconnect lost the server's state): reload the data of
 * that channel from the call that is its truth.
 */
export function useChannelResync(channel: ChannelName, onResync: () => void): void {
  const handler = useRef(onResync);
  useEffect(() => {
    handler.current = onResync;
  });
  useEffect(() => {
    const sub = streamClient().channelResync$.subscribe((c) => {
      if (c === channel) {
        handler.current();
      }
    });
    return () => sub.unsubscribe();
  }, [channel]);
}
