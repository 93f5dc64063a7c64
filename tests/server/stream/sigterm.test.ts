import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, connectAsync, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { mqttTopics } from '../../../src/shared/contracts/stream.js';
import { firstTags, storedRows } from '../../helpers/history.js';
import { startServerProcess, type ServerProcess } from '../../helpers/process.js';
import { dialects, freshDatabase } from '../../helpers/server.js';
import { sleep } from './stream-helpers.js';

/*
 * Issue 19 item 3, "stopping says no", on a real server process stopped with SIGTERM in the middle of ingestion:
 * from the signal on, HTTP ingest answers 503 with Retry-After (never 200 with nothing stored), the server exits
 * cleanly, and everything it acknowledged before (HTTP 2xx, MQTT PUBACK) is stored once. The MQTT publisher keeps
 * publishing through the stop; what the server had not acknowledged stays in its session at the broker.
 */

const KEY = `sigterm-key-${randomBytes(6).toString('hex')}`;
const mqttUrl = process.env.TEST_MQTT_URL;
const MQTT_PREFIX = `plantwatch-test/sigterm-${process.pid}-${Date.now()}`;
const PER_REQUEST = 5;
const POSTERS = 4;

/** One HTTP answer of the run, as a gateway sees it. */
type Answer = { kind: 'stored'; ts: number[] } | { kind: 'okNotAll'; accepted: number } | { kind: 'stopping'; retryAfter: string | null; code: string } | { kind: 'other'; status: number } | { kind: 'down' };

/** The sample times a stopped server's MQTT session still holds at the broker: connect under its id, take what comes. */
async function drainSession(url: string, clientId: string): Promise<number[]> {
  const got: number[] = [];
  const client = connect(url, { clientId, clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 0 }, reconnectPeriod: 0 });
  // Listening before the session is resumed: the broker sends what it holds right after CONNACK.
  client.on('message', (_topic, payload) => got.push((JSON.parse(payload.toString()) as { t: number }).t));
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  // Quiet for a second: the broker has handed over the queue.
  for (let seen = -1; seen !== got.length; ) {
    seen = got.length;
    await sleep(1000);
  }
  await client.endAsync();
  return got;
}

describe.each(dialects)('SIGTERM during ingestion (%s)', (dialect) => {
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

  it('answers 503 with Retry-After from the signal on, exits cleanly, and stores every acknowledged sample once', { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-sigterm-'));
    const store = await freshDatabase(dialect, { file: true });
    cleanups.push(async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await store.drop();
    });
    const prefix = `${MQTT_PREFIX}-${dialect}`;
    const env: Record<string, string> = {
      DEMO: '1',
      INGEST_API_KEY: KEY,
      DATA_DIR: store.databaseUrl ? dir : store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      ...(mqttUrl ? { MQTT_URL: mqttUrl, MQTT_CLIENT_ID: `pw-sigterm-${randomBytes(6).toString('hex')}`, MQTT_SESSION_EXPIRY: '300', MQTT_TOPIC_PREFIX: prefix } : {}),
    };
    const dataDir = env.DATA_DIR;
    const run = startServerProcess(env);
    runs.push(run);
    const url = await run.url;
    const [httpTag, mqttTag] = await firstTags(store, dataDir, 2);
    // Two hours ago, one second apart: windows seal on every tick, so what is stored shows in the chunks soon.
    const base = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;

    // HTTP: several gateways posting as fast as the server answers, until it is gone.
    const answers: Answer[] = [];
    let next = 0;
    let exited = false;
    const poster = async () => {
      while (!exited && next < 6000) {
        const from = next;
        next += PER_REQUEST;
        const body = Array.from({ length: PER_REQUEST }, (_, k) => ({ tag: httpTag, t: base + (from + k) * 1000, v: from + k }));
        try {
          const res = await fetch(`${url}/ingest/v1/samples`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(body) });
          const json = (await res.json()) as { IsSuccess: boolean; data?: { accepted: number }; error?: { code?: string } };
          if (res.ok && json.data?.accepted === PER_REQUEST) {
            answers.push({ kind: 'stored', ts: body.map((b) => b.t) });
          } else if (res.ok) {
            answers.push({ kind: 'okNotAll', accepted: json.data?.accepted ?? -1 });
          } else if (res.status === 503) {
            answers.push({ kind: 'stopping', retryAfter: res.headers.get('retry-after'), code: json.error?.code ?? '' });
          } else {
            answers.push({ kind: 'other', status: res.status });
          }
        } catch {
          // Refused or reset: the server has closed its port.
          answers.push({ kind: 'down' });
          await sleep(20);
        }
      }
    };
    const posting = Promise.all(Array.from({ length: POSTERS }, poster));

    // MQTT: a QoS 1 publisher at about 100 messages a second, through the stop and while the server is down.
    const mqttConfirmed: number[] = [];
    let publishing = true;
    let publisher: MqttClient | null = null;
    const mqttDone = (async () => {
      if (!mqttUrl) {
        return;
      }
      publisher = await connectAsync(mqttUrl, { clientId: `pw-pub-${randomBytes(4).toString('hex')}` });
      for (let i = 0; publishing && i < 5000; i++) {
        const t = base + i * 1000;
        await publisher.publishAsync(mqttTopics(prefix).samples, JSON.stringify({ tag: mqttTag, t, v: -i }), { qos: 1 });
        mqttConfirmed.push(t);
        await sleep(10);
      }
    })();

    const stored = () => answers.filter((a) => a.kind === 'stored').length;
    while (stored() < 60 || (mqttUrl && mqttConfirmed.length < 100)) {
      await sleep(20);
    }
    const signalled = Date.now();
    run.child.kill('SIGTERM');
    const code = await run.exited;
    const stopMs = Date.now() - signalled;
    exited = true;
    await posting;
    // The publisher goes on for a while with the server down: the broker keeps those for the server's session.
    const atExit = mqttConfirmed.length;
    while (mqttUrl && mqttConfirmed.length < atExit + 50) {
      await sleep(20);
    }
    publishing = false;
    await mqttDone;
    await (publisher as MqttClient | null)?.endAsync();

    // Clean exit, not the 15 s forced one (exit code 1).
    expect({ code, under15s: stopMs < 15_000 }, run.out().slice(-3000)).toEqual({ code: 0, under15s: true });
    // Never "yes" without storing: every 2xx took the whole batch; the stop answered 503 with Retry-After.
    const stopping = answers.filter((a) => a.kind === 'stopping');
    expect(answers.filter((a) => a.kind === 'okNotAll' || a.kind === 'other')).toEqual([]);
    expect(stopping.length).toBeGreaterThan(0);
    expect(stopping.every((a) => a.retryAfter === '5' && a.code === 'ingest.stopping')).toBe(true);

    // A clean stop seals every window: what was acknowledged is in the store now, each sample once with its value.
    const rows = await storedRows(store, dataDir, [httpTag, mqttTag]);
    const httpAcked = answers.flatMap((a) => (a.kind === 'stored' ? a.ts : []));
    expect(rows.get(httpTag)!.map((r) => r.t)).toEqual([...httpAcked].sort((a, b) => a - b));
    expect(rows.get(httpTag)!.every((r) => r.v === (r.t - base) / 1000)).toBe(true);
    if (mqttUrl) {
      // What the server had not acknowledged is still in its session at the broker (it would have it on its next
      // start): every message the broker confirmed to the publisher is stored or waiting there, and none stored twice.
      const waiting = await drainSession(mqttUrl, env.MQTT_CLIENT_ID);
      const storedMqtt = rows.get(mqttTag)!.map((r) => r.t);
      expect(new Set(storedMqtt).size).toBe(storedMqtt.length);
      const have = new Set([...storedMqtt, ...waiting]);
      expect(mqttConfirmed.filter((t) => !have.has(t)).map((t) => (t - base) / 1000)).toEqual([]);
      expect(storedMqtt.length).toBeGreaterThan(0);
    }
  });
});
