import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { connect, type MqttClient } from 'mqtt';
import { MQTT_TOPIC_POSITIONS, MQTT_TOPIC_SAMPLES } from '../../shared/contracts/stream.js';
import type { Ingest, StreamLog } from './ingest.js';

export interface MqttSource {
  stats(): { connected: boolean; messages: number; badMessages: number };
  close(): Promise<void>;
}

/**
 * Subscribes to the ingest topics at QoS 1 and feeds every message through the
 * common ingest pipeline. A message is one JSON item or a JSON array of items;
 * a message that is not JSON is counted and logged, never fatal. The client
 * reconnects by itself (mqtt.js) when the broker goes away.
 *
 * Scale-out note: with several server nodes on one broker, subscribe through a
 * shared subscription (`$share/plantwatch/<topic>`, MQTT 5 / broker support)
 * so each message is ingested once; not needed for one node.
 */
export function startMqttSource(opts: { url: string; ingest: Ingest; log: StreamLog }): MqttSource {
  const { ingest, log } = opts;
  let messages = 0;
  let badMessages = 0;
  let lastBadLog = 0;
  const client: MqttClient = connect(opts.url, {
    clientId: `plantwatch-${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  client.on('connect', () => {
    log.info({ url: opts.url }, 'mqtt: connected');
    client.subscribe({ [MQTT_TOPIC_SAMPLES]: { qos: 1 }, [MQTT_TOPIC_POSITIONS]: { qos: 1 } }, (err) => {
      if (err) {
        log.error({ err }, 'mqtt: subscribe failed');
      }
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt: error'));
  client.on('offline', () => log.warn({ url: opts.url }, 'mqtt: offline, reconnecting'));
  client.on('message', (topic, payload) => {
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
      if (topic === MQTT_TOPIC_SAMPLES) {
        ingest.samples(body, 'mqtt');
      } else if (topic === MQTT_TOPIC_POSITIONS) {
        ingest.positions(body, 'mqtt');
      }
    } catch (err) {
      log.error({ err, topic }, 'mqtt: ingest failed');
    }
  });
  return {
    stats: () => ({ connected: client.connected, messages, badMessages }),
    async close() {
      await client.endAsync();
    },
  };
}
