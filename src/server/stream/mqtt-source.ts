import { createHash } from 'node:crypto';
import os from 'node:os';
import { connect, type MqttClient } from 'mqtt';
import { mqttTopics } from '../../shared/contracts/stream.js';
import { topicUnder } from '../../shared/domain/control-system-match.js';
import type { Ingest, StreamLog } from './ingest.js';

export interface MqttSource {
  stats(): { connected: boolean; messages: number; badMessages: number };
  close(): Promise<void>;
}

/**
 * Subscribes to the ingest topics at QoS 1 and feeds every message through the
 * common ingest pipeline, acknowledging it once stored. A message is one JSON item or a JSON array of items;
 * a message that is not JSON is counted and logged, never fatal. The client
 * reconnects by itself (mqtt.js) when the broker goes away.
 *
 * Scale-out note: with several server nodes on one broker, subscribe through a
 * shared subscription (`$share/plantwatch/<topic>`, MQTT 5 / broker support)
 * so each message is ingested once; not needed for one node.
 */
/** A client id that stays the same across restarts of one installation (its data folder or database), so the broker keeps its session. */
export function defaultMqttClientId(key: string): string {
  return `plantwatch-${os.hostname()}-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
}

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
    try {
      if (topicUnder(topic, topics.samples)) {
        ingest.samples(body, 'mqtt', { kind: 'mqtt', topic });
      } else if (topicUnder(topic, topics.positions)) {
        ingest.positions(body, 'mqtt');
      }
    } catch (err) {
      log.error({ err, topic }, 'mqtt: ingest failed');
    }
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
      handle(topic, payload);
      const acknowledge = () => {
        opts.durable().then(
          () => ack(0),
          () => {
            // Not stored (disk full, database down): no PUBACK; try again shortly, the broker holds the message meanwhile.
            if (!closed) {
              setTimeout(acknowledge, 1000).unref();
            }
          },
        );
      };
      acknowledge();
    },
  });
  client.on('connect', (connack) => {
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
    stats: () => ({ connected: client.connected, messages, badMessages }),
    async close() {
      closed = true;
      await client.endAsync();
    },
  };
}
