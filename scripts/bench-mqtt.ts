/**
 * `npm run bench:mqtt` — single-sample MQTT messages at a fixed rate: how many the server stores.
 *
 * A server in this process (SQLite file with its journal in a temp folder, one tag per publisher stream, no
 * simulator) ingests from the broker at TEST_MQTT_URL / MQTT_URL (default mqtt://127.0.0.1:1883). A publisher in
 * a child process sends one value per message at --rate messages/s for --duration s at --qos (1 by default),
 * each with its own time stamp, waiting for the broker's PUBACK at QoS 1 (as a gateway does; it keeps at most
 * --window messages in flight). Then the bench waits until the stored count stops growing and prints:
 * messages sent, confirmed by the broker, stored (distinct time stamps in the history: a message delivered twice
 * replaces itself, so "stored twice" shows as stored > sent, never), lost, the value's age at the server (time of
 * ingest minus the message's time stamp) p50/p99, and the server's CPU per 1,000 messages.
 *
 * Options: --rate 1000 --duration 20 --qos 1 --window 1000 --url mqtt://… --rates 200,1000,5000 (several runs)
 * The broker, the publisher and the server all run on this machine's cores: say so when quoting figures.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectAsync } from 'mqtt';
import { loadConfig, type Config } from '../src/server/config.js';
import { querySampleHistory } from '../src/server/history/query.js';
import { createServer } from '../src/server/server.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import { mqttTopics } from '../src/shared/contracts/stream.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    rate: { type: 'string', default: '1000' },
    rates: { type: 'string' },
    duration: { type: 'string', default: '20' },
    qos: { type: 'string', default: '1' },
    window: { type: 'string', default: '1000' },
    url: { type: 'string' },
    topic: { type: 'string' },
    tag: { type: 'string' },
    t0: { type: 'string' },
  },
  strict: true,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => (xs.length === 0 ? NaN : xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]);
const brokerUrl = args.url ?? process.env.TEST_MQTT_URL ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Child: publishes `rate` messages/s for `duration` s, one sample each, and reports sent and confirmed. */
async function publisher() {
  const rate = Number(args.rate);
  const total = rate * Number(args.duration);
  const qos = Number(args.qos) as 0 | 1;
  const window = Number(args.window);
  const t0 = Number(args.t0);
  const client = await connectAsync(brokerUrl, { clean: true });
  let sent = 0;
  let confirmed = 0;
  let inFlight = 0;
  const started = performance.now();
  while (sent < total) {
    // Paced by the clock: message i is due at started + i / rate.
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) {
      await sleep(wait);
    }
    if (inFlight >= window) {
      await sleep(1);
      continue;
    }
    const i = sent++;
    // A time stamp of its own per message (t0 + i), and the publish time as the value (the age at the server).
    const body = JSON.stringify({ tag: args.tag, t: t0 + i, v: Date.now() });
    if (qos === 0) {
      client.publish(args.topic!, body, { qos: 0 });
      confirmed++;
    } else {
      inFlight++;
      client.publish(args.topic!, body, { qos: 1 }, (err) => {
        inFlight--;
        if (!err) {
          confirmed++;
        }
      });
    }
  }
  while (inFlight > 0 && performance.now() - started < (Number(args.duration) + 30) * 1000) {
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;
  process.send!({ sent, confirmed, seconds });
  await client.endAsync();
  process.exit(0);
}

async function run(rate: number): Promise<string[]> {
  const duration = Number(args.duration);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-mqtt-'));
  const prefix = `plantwatch-bench/${process.pid}-${rate}-${Date.now()}`;
  const tag = 'BENCH.MQTT.PV';
  const config: Config = {
    ...loadConfig({ DEMO: '0', SIMULATOR: '0', LOG_LEVEL: 'warn', MQTT_URL: brokerUrl, MQTT_TOPIC_PREFIX: prefix }),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    clientDir: '/nonexistent',
  };
  const registry = createMemoryTagRegistry([{ id: tag, regionid: null, kind: 'level', ll: null, l: null, h: null, hh: null, deadband: 0 }]);
  const server = await createServer(config, { tags: registry });
  await server.listen();
  const stream = server.stream;
  for (let i = 0; i < 100 && !stream.mqtt?.stats().connected; i++) {
    await sleep(100);
  }
  await sleep(500);
  // The age of each value at the server: ingest time minus the publish time carried in the message.
  const ages: number[] = [];
  const sub = stream.bus.samples$.subscribe((b) => {
    const now = Date.now();
    for (let i = 0; i < b.n; i++) {
      if (b.tag[i] === tag) {
        ages.push(now - b.v[i]);
      }
    }
  });
  const t0 = Date.now() - 10 * 24 * 3600 * 1000;
  const cpu0 = process.cpuUsage();
  const child = fork(path.resolve(import.meta.dirname, 'bench-mqtt.ts'), ['--role', 'publisher', '--rate', String(rate), '--duration', String(duration), '--qos', args.qos, '--window', args.window, '--url', brokerUrl, '--topic', mqttTopics(prefix).samples, '--tag', tag, '--t0', String(t0)], {
    execArgv: ['--import', 'tsx'],
  });
  const pub = await new Promise<{ sent: number; confirmed: number; seconds: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { sent: number; confirmed: number; seconds: number }));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`publisher exited with ${code}`))));
  });
  // Wait until the stored count stops growing (the broker may still be handing over its queue).
  const reader = { db: server.store.db, historian: stream.history };
  const storedCount = async () => {
    await stream.history.sync();
    const h = await querySampleHistory(reader, [tag], t0, t0 + pub.sent + 1, 1);
    return h.items[0]?.buckets.reduce((s, b) => s + b.n, 0) ?? 0;
  };
  let stored = await storedCount();
  for (let still = 0; still < 6 && stored < pub.sent; ) {
    await sleep(500);
    const n = await storedCount();
    still = n === stored ? still + 1 : 0;
    stored = n;
  }
  const cpu = process.cpuUsage(cpu0);
  sub.unsubscribe();
  const mq = stream.mqtt!.stats();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const lost = pub.confirmed - Math.min(stored, pub.confirmed);
  return [
    `rate ${fmt(rate)}/s × ${duration} s, QoS ${args.qos}, publisher window ${args.window}: sent ${fmt(pub.sent)} in ${fmt(pub.seconds, 1)} s, ` +
      `confirmed by the broker ${fmt(pub.confirmed)}, stored ${fmt(stored)}, lost ${fmt(lost)} (${fmt((100 * lost) / Math.max(1, pub.confirmed), 2)} %), ` +
      `messages seen by the server ${fmt(mq.messages)}; age at ingest p50 ${fmt(pct(ages, 50))} ms p99 ${fmt(pct(ages, 99))} ms; ` +
      `server CPU ${fmt(((cpu.user + cpu.system) / 1000 / Math.max(1, stored)) * 1000, 1)} ms per 1,000 messages`,
  ];
}

async function main() {
  const rates = (args.rates ?? args.rate).split(',').map(Number);
  console.log(`bench:mqtt broker=${brokerUrl} cores=${os.cpus().length} (broker, publisher and server on the same machine)`);
  for (const rate of rates) {
    for (const line of await run(rate)) {
      console.log(line);
    }
  }
  process.exit(0);
}

if (args.role === 'publisher') {
  await publisher();
} else {
  await main();
}
