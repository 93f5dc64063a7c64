import { logError } from '../app/error-log-store';
import { TopicRefs } from './topic-refs';
import { emitTopics, type StreamSocket } from './stream-transport';

/**
 * The stream client's subscriptions on the wire: reference counts of the
 * topics observers want (topic-refs.ts), what the server has for this
 * socket and what it refused, and the coalesced subscribe/unsubscribe
 * messages that bring the server in line, retried when an ack fails.
 */

const RETRY_MS = 5_000;

export interface SubscriptionDeps {
  /** The socket when it is connected, else null. */
  socket: () => StreamSocket | null;
  /** Topics nobody observes any more: drop their cached values. */
  dropValues: (topics: readonly string[]) => void;
}

export class StreamSubscriptions {
  private readonly refs = new TopicRefs();
  /** Topics the server has for this socket (optimistic: added on send, taken back on a failed ack). */
  private readonly onServer = new Set<string>();
  /** Topics the server refused (permission, region, unknown); not asked again until the next full resubscribe. */
  private readonly denied = new Set<string>();
  private flushQueued = false;

  constructor(private readonly deps: SubscriptionDeps) {}

  /** Every topic at least one observer wants. */
  wanted(): string[] {
    return this.refs.wanted();
  }

  acquire(topics: readonly string[]) {
    this.refs.acquire(topics);
    this.scheduleFlush();
  }

  release(topics: readonly string[]) {
    this.refs.release(topics);
    this.scheduleFlush();
  }

  /** A new server-side session holds no subscriptions: send them all again at the next flush. */
  sessionLost() {
    this.onServer.clear();
    this.denied.clear();
    this.refs.markAllChanged();
  }

  /** The socket is gone (sign-out): forget what the server had and refused. Counts stay. */
  forgetServer() {
    this.onServer.clear();
    this.denied.clear();
  }

  /** The server stopped sending these topics (`stream.denied`). */
  deny(topics: readonly string[]) {
    for (const topic of topics) {
      this.denied.add(topic);
      this.onServer.delete(topic);
    }
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

  /** Sends the pending changes, when connected. */
  flush() {
    const socket = this.deps.socket();
    if (!socket?.connected || !this.refs.hasChanges) {
      return;
    }
    const { add, remove, dropped } = this.refs.takeChanges(this.onServer);
    if (dropped.length > 0) {
      this.deps.dropValues(dropped);
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
    emitTopics(socket, event, topics, (err, ack) => {
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
}
