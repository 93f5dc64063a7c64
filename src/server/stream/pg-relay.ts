import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Subscription } from 'rxjs';
import { domainEvents, type DomainEvent, type DomainEventName } from '../../shared/contracts/events.js';
import type { StreamBus } from './bus.js';
import type { StreamLog } from './ingest.js';

/** The LISTEN/NOTIFY channel of the domain events of one store. */
export const RELAY_CHANNEL = 'plantwatch_domain_events';
/** application_name of the relay's connection. */
export const RELAY_APPLICATION = 'plantwatch-relay';

/**
 * Largest piece of event JSON in one notification, in bytes. PostgreSQL takes
 * a payload shorter than 8000 bytes; the rest of the limit is the header.
 */
export const RELAY_PIECE_BYTES = 7900;

/** Pieces of an event still missing after this long are dropped (their sender's transaction cannot be half delivered; this only bounds memory). */
const PARTIAL_MAX_MS = 30_000;

export interface RelayStats {
  connected: boolean;
  /** Events of this server sent to the others. */
  sent: number;
  /** Of them, events that took more than one notification. */
  sentInPieces: number;
  /** Events of other servers handed to this server's bus. */
  received: number;
  /** Events of this server not sent (the relay connection was down). */
  dropped: number;
  /** Notifications that were not a domain event this server knows (another version, damaged). */
  refused: number;
}

export interface EventRelay {
  /** This server's id in the notifications (new each start). */
  readonly origin: string;
  stats(): RelayStats;
  close(): Promise<void>;
}

/** Cuts a string into pieces of at most `maxBytes` UTF-8 bytes each, never inside a character. */
export function utf8Pieces(text: string, maxBytes: number): string[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) {
    return [text];
  }
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(start + maxBytes, bytes.length);
    // A continuation byte (10xxxxxx) starts no character: cut before the character it belongs to.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) {
      end--;
    }
    pieces.push(bytes.toString('utf8', start, end));
    start = end;
  }
  return pieces;
}

const HEADER = /^([0-9a-f]{1,32}) (\d+) (\d+) (\d+)\n/;

/**
 * Relays domain events between the servers of one PostgreSQL store over
 * LISTEN/NOTIFY, so a browser on one server sees the alarms and record changes
 * made on another at once, not at its next list call. Every event this server
 * publishes (`bus.events$`) is sent; every event another server sent is handed
 * to `bus.relayed`, which feeds only the consumers that show or re-read
 * (`onAnyServer`), never those that act once per change (`on`: webhooks,
 * musters, engines).
 *
 * A notification is `<origin> <seq> <piece> <pieces>\n<JSON piece>`: an event
 * whose JSON fits in one notification (almost all) goes as it is; a larger one
 * (a batch of hundreds of alarms) is cut into pieces sent by one statement, so
 * one transaction: PostgreSQL delivers them together, in order, and delivers the
 * events of one sender in the order it sent them. Chosen over a table of large
 * events read back by reference: no migration, nothing to clean up, and a
 * receiver needs no second round trip.
 *
 * One dedicated connection listens and sends. While it is down the relay
 * reconnects every few seconds; events of this server published meanwhile are
 * not sent (counted as `dropped`): the other servers' browsers get those
 * changes at their next list call, as after a socket reconnect.
 */
export async function startPgEventRelay(opts: { databaseUrl: string; bus: StreamBus; log: StreamLog; reconnectMs?: number }): Promise<EventRelay> {
  const { bus, log } = opts;
  const origin = randomBytes(6).toString('hex');
  const stats: RelayStats = { connected: false, sent: 0, sentInPieces: 0, received: 0, dropped: 0, refused: 0 };
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let seq = 0;
  let sending: Promise<unknown> = Promise.resolve();
  let lastDropLog = 0;
  /** Pieces of events of other servers not yet complete, by `<origin> <seq>`. */
  const partial = new Map<string, { pieces: string[]; have: number; since: number }>();

  const refuse = (why: string, extra?: unknown) => {
    stats.refused++;
    log.warn({ why, extra, refused: stats.refused }, 'relay: notification refused');
  };
  const deliver = (json: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      refuse('not JSON');
      return;
    }
    const { n: name, p: payload } = (parsed ?? {}) as { n?: unknown; p?: unknown };
    if (typeof name !== 'string' || !Object.hasOwn(domainEvents, name)) {
      refuse('unknown event', name);
      return;
    }
    const checked = domainEvents[name as DomainEventName].safeParse(payload);
    if (!checked.success) {
      refuse('payload does not match', name);
      return;
    }
    stats.received++;
    bus.relayed({ name, payload: checked.data } as DomainEvent);
  };
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== RELAY_CHANNEL || msg.payload === undefined) {
      return;
    }
    const h = HEADER.exec(msg.payload);
    if (!h) {
      refuse('no header');
      return;
    }
    if (h[1] === origin) {
      return; // our own event: this server's consumers had it when it was published
    }
    const body = msg.payload.slice(h[0].length);
    const [piece, pieces] = [Number(h[3]), Number(h[4])];
    if (pieces === 1) {
      deliver(body);
      return;
    }
    const key = `${h[1]} ${h[2]}`;
    const now = Date.now();
    for (const [k, p] of partial) {
      if (now - p.since > PARTIAL_MAX_MS) {
        partial.delete(k);
      }
    }
    let p = partial.get(key);
    if (!p) {
      p = { pieces: new Array<string>(pieces).fill(''), have: 0, since: now };
      partial.set(key, p);
    }
    if (piece >= pieces || p.pieces.length !== pieces) {
      refuse('piece out of range');
      return;
    }
    p.pieces[piece] = body;
    p.have++;
    if (p.have === pieces) {
      partial.delete(key);
      deliver(p.pieces.join(''));
    }
  };

  const connect = async () => {
    // Named, so the relay's connection is told apart in pg_stat_activity.
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: RELAY_APPLICATION, query_timeout: 10_000 });
    const lost = (err?: Error) => {
      if (client !== c) {
        return;
      }
      client = null;
      stats.connected = false;
      partial.clear();
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (!closed) {
        log.warn({ err: err?.message }, 'relay: connection to PostgreSQL lost; reconnecting');
        schedule();
      }
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${RELAY_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    stats.connected = true;
  };
  const schedule = () => {
    retry ??= setTimeout(() => {
      retry = null;
      connect().then(
        () => log.info({ origin }, 'relay: listening again'),
        (err: unknown) => {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'relay: reconnecting to PostgreSQL failed');
          if (!closed) {
            schedule();
          }
        },
      );
    }, opts.reconnectMs ?? 2000);
  };

  const send = (e: DomainEvent) => {
    const c = client;
    if (!c) {
      stats.dropped++;
      const now = Date.now();
      if (now - lastDropLog > 5000) {
        lastDropLog = now;
        log.warn({ event: e.name, dropped: stats.dropped }, 'relay: not connected; event not sent to the other servers');
      }
      return;
    }
    seq++;
    const pieces = utf8Pieces(JSON.stringify({ n: e.name, p: e.payload }), RELAY_PIECE_BYTES);
    const payloads = pieces.map((p, i) => `${origin} ${seq} ${i} ${pieces.length}\n${p}`);
    stats.sent++;
    if (payloads.length > 1) {
      stats.sentInPieces++;
    }
    // One after the other: events leave in publishing order. The pieces of one go in one statement, one transaction.
    sending = sending
      .then(() =>
        payloads.length === 1
          ? c.query('select pg_notify($1, $2)', [RELAY_CHANNEL, payloads[0]])
          : c.query('select pg_notify($1, p) from unnest($2::text[]) as p', [RELAY_CHANNEL, payloads]),
      )
      .catch((err: unknown) => {
        stats.sent--;
        stats.dropped++;
        log.warn({ err: err instanceof Error ? err.message : String(err), event: e.name }, 'relay: sending an event failed');
      });
  };

  await connect();
  const sub: Subscription = bus.events$.subscribe(send);
  log.info({ origin, channel: RELAY_CHANNEL }, 'relay: domain events shared with the other servers of the store');
  return {
    origin,
    stats: () => ({ ...stats }),
    async close() {
      closed = true;
      sub.unsubscribe();
      if (retry) {
        clearTimeout(retry);
        retry = null;
      }
      const c = client;
      client = null;
      stats.connected = false;
      await sending; // the notifications already queued go out first
      await c?.end().catch(() => undefined);
    },
  };
}
