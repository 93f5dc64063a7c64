import { Subject, type Observable } from 'rxjs';
import { latestValues } from '../../shared/realtime/contracts';
import { channelNames, channels, parseTopic, type ChannelName, type TagValueTuple } from '../../shared/contracts/topics';
import { api } from '../app/api';
import { logError } from '../app/error-log-store';
import { toTagTuples } from './stream-decode';

/**
 * Recovery after the stream lost data: when a reconnect lost the server's
 * state, the latest values of every wanted tag are refilled from
 * LatestValues, charts are told the gap to refill from History, and every
 * `ordered` channel is told to reload from its call; the server's own
 * `stream.resync` of one channel goes out the same way.
 */

/** A stretch of time the stream may have missed: charts refill it from History. */
export interface StreamGap {
  from: number;
  to: number;
}

/** LatestValues takes at most this many tags per call (contracts/realtime.ts). */
const LATEST_CHUNK = 5000;

export interface RecoveryDeps {
  /** Every topic some observer holds. */
  wanted: () => Iterable<string>;
  /** Hands refilled tag values to the observers (and the cache). */
  deliverTags: (items: TagValueTuple[]) => void;
}

export class StreamRecovery {
  private readonly gap$ = new Subject<StreamGap>();
  private readonly channelResync = new Subject<ChannelName>();

  /** After a reconnect that lost the server's state: the time the stream may have missed. */
  readonly resync$: Observable<StreamGap> = this.gap$.asObservable();
  /** An `ordered` channel lost items for this client: reload that channel's data from the call that is its truth. */
  readonly channelResync$: Observable<ChannelName> = this.channelResync.asObservable();

  constructor(private readonly deps: RecoveryDeps) {}

  /** The server says this channel lost items for this client (`stream.resync`). */
  channelLost(channel: ChannelName): void {
    this.channelResync.next(channel);
  }

  /**
   * A reconnect lost the server's state, so missed values are lost: refill
   * the latest ones now, tell charts to refill the gap from History, and
   * every ordered channel to reload from its call.
   */
  recover(gapFrom: number | null): void {
    void this.refillLatest();
    this.gap$.next({ from: gapFrom ?? Date.now(), to: Date.now() });
    for (const channel of channelNames) {
      if (channels[channel].coalesce === 'ordered') {
        this.channelResync.next(channel);
      }
    }
  }

  /** Refills the latest values of every subscribed tag after state was lost (LatestValues). */
  private async refillLatest() {
    const ids: string[] = [];
    for (const topic of this.deps.wanted()) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'tag') {
        ids.push(parsed.arg);
      }
    }
    for (let i = 0; i < ids.length; i += LATEST_CHUNK) {
      try {
        const res = await api(latestValues, { tags: ids.slice(i, i + LATEST_CHUNK) }, { silent: true });
        this.deps.deliverTags(toTagTuples(res.items));
      } catch (err) {
        logError(err instanceof Error ? err : new Error(String(err)), 'warning');
        return;
      }
    }
  }
}
