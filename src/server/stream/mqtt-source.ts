import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { connect, type MqttClient } from 'mqtt';
import { mqttTopics } from '../../shared/contracts/stream.js';
import { topicUnder } from '../../shared/domain/control-system-match.js';
import type { Ingest, StreamLog } from './ingest.js';
import { nodeIdIn } from './node-id.js';

export interface MqttSource {
  /** `connects`: connections made since start (1 while the first holds; more after each reconnect). */
  stats(): { connected: boolean; connects: number; messages: number; badMessages: number; qos0: number };
  close(): Promise<void>;
}

/**
 * The client id of the server's persistent session when MQTT_CLIENT_ID is not set, and how long the broker keeps
 * that session. The id must stay the same across restarts of one server (the broker then hands it the messages that
 * came while it was away) and differ between servers: a broker gives a client id to its newest connection, so two
 * servers under one id throw each other out. Each server on a shared store ingests every message itself (no shared
 * subscription: every node's live view and alarm engine need all samples; history writes of the same tag and time
 * replace each other).
 * - SQLite: the data folder names the server (one server per folder, `plantwatch.lock`):
 *   `plantwatch-<host>-<hash of DATA_DIR>`.
 * - PostgreSQL: the store is shared by every server, so the node id kept in DATA_DIR is added (see node-id.ts):
 *   `plantwatch-<host>-<hash of DATABASE_URL>-<node id>`.
 * - DATA_DIR `:memory:`: nothing survives a restart to name the server by, so a new id each start and no session
 *   kept (it would only pile up at the broker).
 */
export function defaultMqttSession(store: { databaseUrl?: string; dataDir: string }, sessionExpiry: number): { clientId: string; sessionExpiry: number } {
  const hash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 10);
  const prefix = `plantwatch-${os.hostname()}`;
  if (store.dataDir === ':memory:') {
    return { clientId: `${prefix}-${randomBytes(5).toString('hex')}`, sessionExpiry: 0 };
  }
  if (store.databaseUrl) {
    return { clientId: `${prefix}-${hash(store.databaseUrl)}-${nodeIdIn(store.dataDir)}`, sessionExpiry };
  }
  return { clientId: `${prefix}-${hash(store.dataDir)}`, sessionExpiry };
}

/**
 * Subscribes to the ingest topics at QoS 1 and feeds every message through the
 * common ingest pipeline, acknowledging it once stored; messages published at QoS 0 are taken too (nothing to
 * acknowledge: the device chose at most once). A message is one JSON item or a JSON array of items;
 * a message that is not JSON is counted and logged, never fatal. The client
 * reconnects by itself (mqtt.js) when the broker goes away.
 *
 * Several servers on one store each subscribe with a client id of their own and
 * each ingest every message (see defaultMqttSession).
 */
export function startMqttSource(opts: {
  url: string;
  ingest: Ingest;
  log: StreamLog;
  /** Resolves once everything ingested so far is durable; a message is acknowledged (PUBACK) only after it. */
  durable: () => Promise<void>;
  clientId: string;
  /** Seconds the broker keeps the session while the server is away. */
  sessionExpiry: number;
  /** Topics `<prefix>/samples` and `<prefix>/positions`. */
  topicPrefix?: string;
}): MqttSource {
  const { ingest, log } = opts;
  const topics = mqttTopics(opts.topicPrefix);
  let messages = 0;
  let badMessages = 0;
  let qos0 = 0;
  let connects = 0;
  let lastBadLog = 0;
  let closed = false;
  const handle = (topic: string, payload: Buffer) => {
    messages++;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch (err) {
      badMessages++;
      const now = Date.now();
      if (now - lastBadLog > 1000) {
        lastBadLog = now;
        log.warn({ topic, bytes: payload.length, reason: err instanceof Error ? err.message : String(err), badMessages }, 'mqtt: message is not JSON');
      }
      return;
    }
    // Items of the messages of one turn of the event loop are ingested together, one batch per topic (a
    // batch per single-sample message costs more than the sample).
    const items = waiting.get(topic);
    if (items === undefined) {
      waiting.set(topic, Array.isArray(body) ? [...(body as unknown[])] : [body]);
    } else if (Array.isArray(body)) {
      for (const item of body as unknown[]) {
        items.push(item);
      }
    } else {
      items.push(body);
    }
    schedule();
  };
  let waiting = new Map<string, unknown[]>();
  const ingestBatches = async (batches: Map<string, unknown[]>) => {
    for (const [topic, items] of batches) {
      try {
        // A large message (or many in one turn) goes in slices, one event-loop turn each.
        if (topicUnder(topic, topics.samples)) {
          await ingest.samplesSliced(items, 'mqtt', { kind: 'mqtt', topic });
        } else if (topicUnder(topic, topics.positions)) {
          await ingest.positionsSliced(items, 'mqtt');
        }
      } catch (err) {
        log.error({ err, topic }, 'mqtt: ingest failed');
      }
    }
  };
  // Acknowledgements go in groups: the messages of one turn of the event loop are ingested, then wait for one
  // durable() (one journal write + fdatasync for the group, not one per message), then all get their PUBACK.
  // Groups are taken one after another (a chain), so a large group's slices never interleave with the next group.
  let awaitingAck: ((code: number) => void)[] = [];
  let scheduled = false;
  let chain: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  const acknowledge = (group: ((code: number) => void)[]) => {
    if (group.length === 0) {
      return;
    }
    const attempt = () => {
      opts.durable().then(
        () => group.forEach((ack) => ack(0)),
        () => {
          // Not stored (disk full, database down): no PUBACK; try again shortly, the broker holds the messages meanwhile.
          if (!closed) {
            setTimeout(attempt, 1000).unref();
          }
        },
      );
    };
    attempt();
  };
  const flush = () => {
    scheduled = false;
    if (!ingest.accepting()) {
      // Stopped between a message and its turn: nothing taken, nothing acknowledged (the broker hands them over again).
      waiting = new Map();
      awaitingAck = [];
      return;
    }
    const batches = waiting;
    waiting = new Map();
    const group = awaitingAck;
    awaitingAck = [];
    chain = chain.then(async () => {
      await ingestBatches(batches);
      // Stopped while slicing: the rest of the group was refused, so none of it is acknowledged (redelivered once back).
      if (ingest.accepting()) {
        acknowledge(group);
      }
    });
  };
  // Persistent session (clean: false, MQTT 5 session expiry) under a stable id: while the server is down the
  // broker queues the QoS 1 messages for it. Each message is acknowledged only once its items are durable,
  // so a message the server had not stored when it died is delivered again (and replaces itself if it was).
  const client: MqttClient = connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: opts.sessionExpiry },
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    customHandleAcks: (topic, payload, _packet, ack) => {
      if (!ingest.accepting()) {
        // Stopping: no PUBACK, so the broker keeps the message in the server's session and hands it over again.
        return;
      }
      awaitingAck.push(ack);
      handle(topic, payload);
      schedule();
    },
  });
  // QoS 0 (at most once, as the device chose): mqtt.js calls customHandleAcks only for QoS 1 and 2, so these come
  // here. Taken the same way and counted; nothing to acknowledge. QoS 1 messages also reach 'message', after
  // their PUBACK, and are skipped here (already handled above).
  client.on('message', (topic, payload, packet) => {
    if (packet.qos === 0 && ingest.accepting()) {
      qos0++;
      handle(topic, payload);
    }
  });
  client.on('connect', (connack) => {
    connects++;
    log.info({ url: opts.url, clientId: opts.clientId, sessionPresent: connack.sessionPresent }, 'mqtt: connected');
    // `<prefix>/samples/#` holds `<prefix>/samples` and each gateway's own subtopic (`<prefix>/samples/dcs-1`),
    // which a control system names as its MQTT topic prefix. Subscribing again to a filter the session has is harmless;
    // a session from before the wildcard drops its exact filters, so no message comes twice.
    client.subscribe({ [`${topics.samples}/#`]: { qos: 1 }, [`${topics.positions}/#`]: { qos: 1 } }, (err) => {
      if (err) {
        log.error({ err }, 'mqtt: subscribe failed');
      }
    });
    if (connack.sessionPresent) {
      client.unsubscribe([topics.samples, topics.positions], () => undefined);
    }
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt: error'));
  client.on('offline', () => log.warn({ url: opts.url }, 'mqtt: offline, reconnecting'));
  return {
    stats: () => ({ connected: client.connected, connects, messages, badMessages, qos0 }),
    async close() {
      closed = true;
      await client.endAsync();
    },
  };
}
