import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { mqttTopics } from '../../../src/shared/contracts/stream.js';
import { startServerProcess, type ServerProcess } from '../../helpers/process.js';
import { firstTags, storedRows } from '../../helpers/history.js';
import { dialects, freshDatabase } from '../../helpers/server.js';

/*
 * Kill -9 of a real server process in the middle of ingestion, then a restart:
 * every sample acknowledged before the kill is stored, none twice. HTTP: a
 * client that retries until 2xx. MQTT: a QoS 1 publisher through the local
 * broker that keeps publishing while the server is down.
 */

const KEY = `durability-key-${randomBytes(6).toString('hex')}`;
const mqttUrl = process.env.TEST_MQTT_URL;
/** Topics of this test alone, so other tests' servers on the same broker do not see its messages. */
const MQTT_PREFIX = `plantwatch-test/durability-${process.pid}-${Date.now()}`;
const MQTT_TOPIC_SAMPLES = mqttTopics(MQTT_PREFIX).samples;

/** The server as a real process with the demo plant and the test's ingest key. */
const startProcess = (env: Record<string, string>): ServerProcess => startServerProcess({ DEMO: '1', INGEST_API_KEY: KEY, ...env });

describe.each(dialects)('kill -9 during ingestion (%s)', (dialect) => {
  const runs: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const r of runs) {
      await r.kill();
    }
    for (const c of cleanups) {
      await c();
    }
  });

  it('stores every acknowledged sample exactly once, over HTTP and MQTT', { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-durable-'));
    const store = await freshDatabase(dialect, { file: true });
    cleanups.push(async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await store.drop();
    });
    const env: Record<string, string> = {
      DATA_DIR: store.databaseUrl ? dir : store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      ...(mqttUrl ? { MQTT_URL: mqttUrl, MQTT_CLIENT_ID: `pw-durability-${randomBytes(6).toString('hex')}`, MQTT_SESSION_EXPIRY: '300', MQTT_TOPIC_PREFIX: MQTT_PREFIX } : {}),
    };
    const dataDir = env.DATA_DIR;
    let run = startProcess(env);
    runs.push(run);
    let url = await run.url;
    const [httpTag, mqttTag] = await firstTags(store, dataDir, 2);
    expect(httpTag && mqttTag).toBeTruthy();
    // Two hours ago: windows seal on every tick, so what is stored shows in the chunks soon.
    const base = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;
    const N = 1500;
    const PER_REQUEST = 5;

    // HTTP: batches of 5, each retried until a 2xx; the URL changes when the server restarts.
    const httpAcked: number[] = [];
    let down = false;
    const http = (async () => {
      for (let i = 0; i < N; i += PER_REQUEST) {
        const body = Array.from({ length: PER_REQUEST }, (_, k) => ({ tag: httpTag, t: base + (i + k) * 1000, v: i + k }));
        for (;;) {
          try {
            if (!down) {
              const res = await fetch(`${url}/ingest/v1/samples`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(body) });
              await res.arrayBuffer();
              if (res.ok) {
                httpAcked.push(...body.map((b) => b.t));
                break;
              }
            }
          } catch {
            // Connection refused or reset: the server is down; retry.
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    })();

    // MQTT: a QoS 1 publisher to the broker, publishing whether the server is up or not.
    let publisher: MqttClient | null = null;
    const mqttAcked: number[] = [];
    let mqttAckedAtKill = 0;
    const mqttDone = (async () => {
      if (!mqttUrl) {
        return;
      }
      // Let the server's session subscribe first.
      await new Promise((r) => setTimeout(r, 500));
      publisher = await connectAsync(mqttUrl, { clientId: `pw-pub-${randomBytes(4).toString('hex')}` });
      for (let i = 0; i < N; i++) {
        const t = base + i * 1000;
        await publisher.publishAsync(MQTT_TOPIC_SAMPLES, JSON.stringify({ tag: mqttTag, t, v: -i }), { qos: 1 });
        mqttAcked.push(t);
        // About 100 a second. What the broker queues while the server is away must stay below mosquitto's
        // max_queued_messages (1000 by default; beyond it the broker itself drops QoS 1 messages): on a loaded
        // machine the restart can take longer than 10 s, so the publisher holds back after 800 while it lasts.
        while (down && mqttAcked.length - mqttAckedAtKill >= 800) {
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    // Kill -9 in the middle of it, restart a second later.
    while (httpAcked.length < N * 0.4) {
      await new Promise((r) => setTimeout(r, 20));
    }
    mqttAckedAtKill = mqttAcked.length;
    down = true;
    const killedAtMqtt = mqttAckedAtKill;
    run.child.kill('SIGKILL');
    await run.exited;
    const ackedBeforeKill = httpAcked.length;
    await new Promise((r) => setTimeout(r, 1000));
    run = startProcess(env);
    runs.push(run);
    url = await run.url;
    const restartedAtMqtt = mqttAcked.length;
    down = false;
    expect(run.out()).toMatch(/history journal: replayed/);

    await http;
    await mqttDone;
    await (publisher as MqttClient | null)?.endAsync();
    expect(ackedBeforeKill).toBeGreaterThan(0);
    if (mqttUrl) {
      // The kill fell in the middle of the MQTT stream too.
      expect(killedAtMqtt).toBeLessThan(N);
    }
    expect(httpAcked).toHaveLength(N);

    // Wait until the server has taken the queued MQTT messages and sealed the windows.
    const want = (tag: string, acked: number[]) => (rows: Map<string, { t: number; v: number }[]>) => acked.every((t) => rows.get(tag)!.some((r) => r.t === t));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await storedRows(store, dataDir, [httpTag, mqttTag]);
      if ((want(httpTag, httpAcked)(rows) && (!mqttUrl || want(mqttTag, mqttAcked)(rows))) || Date.now() > deadline) {
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    run.child.kill('SIGTERM');
    await run.exited;
    const rows = await storedRows(store, dataDir, [httpTag, mqttTag]);
    const http1 = rows.get(httpTag)!;
    // Every acknowledged sample, once, with its value.
    expect(http1.map((r) => r.t)).toEqual(httpAcked.map((t) => t).sort((a, b) => a - b));
    expect(http1.every((r) => r.v === (r.t - base) / 1000)).toBe(true);
    if (mqttUrl) {
      const m = rows.get(mqttTag)!;
      const have = new Set(m.map((r) => r.t));
      const missing = mqttAcked.filter((t) => !have.has(t)).map((t) => (t - base) / 1000);
      expect({ missing: missing.slice(0, 10), published: { beforeKill: killedAtMqtt, beforeRestart: restartedAtMqtt } }).toEqual({
        missing: [],
        published: { beforeKill: killedAtMqtt, beforeRestart: restartedAtMqtt },
      });
      expect(m.map((r) => r.t)).toEqual([...mqttAcked].sort((a, b) => a - b));
      expect(m.every((r) => r.v === -(r.t - base) / 1000)).toBe(true);
    }
  });
});
