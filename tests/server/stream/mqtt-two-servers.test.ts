import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { NODE_ID_FILE } from '../../../src/server/stream/node-id.js';
import { latestValues } from '../../../src/shared/realtime/contracts.js';
import { mqttTopics } from '../../../src/shared/contracts/stream.js';
import { call, tokenFor } from '../../helpers/api.js';
import { startServerProcess, type ServerProcess } from '../../helpers/process.js';
import { freshDatabase, type TestStore } from '../../helpers/server.js';
import { sleep, waitFor } from './stream-helpers.js';

/*
 * Two servers as real processes on one PostgreSQL store and one MQTT broker
 * (scale-out): each keeps an MQTT client id of its own, so neither takes the
 * other's session over; both ingest every message; one killed with -9 and
 * restarted on its DATA_DIR gets back its persistent session and what was
 * published while it was down.
 */

const MQTT_URL = process.env.TEST_MQTT_URL;
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const KEY = `two-servers-key-${randomBytes(6).toString('hex')}`;
/** Topics of this test alone: other tests' servers on the broker do not see its messages. */
const PREFIX = `plantwatch-test/two-servers-${process.pid}-${Date.now()}`;
const TOPIC = mqttTopics(PREFIX).samples;

/** Counters of a server's /metrics (behind the ingest key). */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : NaN;
}

describe.runIf(MQTT_URL && DATABASE_URL)('two servers on one PostgreSQL store and one MQTT broker', () => {
  let store: TestStore;
  const dirs: string[] = [];
  const runs: ServerProcess[] = [];
  let publisher: MqttClient;
  let tag: string;
  const start = (dataDir: string) => {
    const run = startServerProcess({
      DEMO: '1',
      DATABASE_URL: store.databaseUrl!,
      DATA_DIR: dataDir,
      MQTT_URL: MQTT_URL!,
      MQTT_TOPIC_PREFIX: PREFIX,
      MQTT_SESSION_EXPIRY: '300',
      INGEST_API_KEY: KEY,
    });
    runs.push(run);
    return run;
  };
  const latest = async (url: string, token: string) => (await call(url, latestValues, { tags: [tag] }, token)).body.data?.items[0];

  beforeAll(async () => {
    store = await freshDatabase('postgres');
    dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-node-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'pw-node-b-')));
    publisher = await connectAsync(MQTT_URL!, { clientId: `pw-pub-${randomBytes(4).toString('hex')}` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    for (const r of runs) {
      await r.kill();
    }
    await store?.drop();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it('each keeps its own client id, both stay connected and both get every sample; a killed one gets what came while it was down', { timeout: 120_000 }, async () => {
    // One after the other: the first seeds the demo organisation and plant.
    const a = start(dirs[0]);
    const urlA = await a.url;
    let b = start(dirs[1]);
    let urlB = await b.url;
    const c = new pg.Client({ connectionString: store.databaseUrl });
    await c.connect();
    tag = (await c.query<{ id: string }>('select id from tag order by id limit 1')).rows[0].id;
    await c.end();
    const [tokenA, tokenB] = [await tokenFor(urlA, 'admin', DEFAULT_DEMO_PASSWORD), await tokenFor(urlB, 'admin', DEFAULT_DEMO_PASSWORD)];

    // Each client id is per server and kept in its DATA_DIR.
    const ids = dirs.map((d) => fs.readFileSync(path.join(d, NODE_ID_FILE), 'utf8').trim());
    expect(ids[0]).not.toBe(ids[1]);
    const clientIdOf = (out: string) => /"clientId":"([^"]+)"[^\n]*mqtt: connected/.exec(out)?.[1];
    await waitFor(() => clientIdOf(a.out()) && clientIdOf(b.out()), 10_000, 'both connected');
    expect(clientIdOf(a.out())).not.toBe(clientIdOf(b.out()));

    // A broker hands a client id to the newest connection: with one id the two would now throw each other
    // out every reconnect period (2 s). Both stay connected, each with its one connection.
    await sleep(7000);
    expect([await metric(urlA, 'plantwatch_mqtt_connects_total'), await metric(urlB, 'plantwatch_mqtt_connects_total')]).toEqual([1, 1]);
    expect([await metric(urlA, 'plantwatch_mqtt_connected'), await metric(urlB, 'plantwatch_mqtt_connected')]).toEqual([1, 1]);
    expect([a.out(), b.out()].map((o) => o.match(/mqtt: connected/g)?.length)).toEqual([1, 1]);

    // A sample reaches both servers' live caches (no shared subscription: each needs every sample for its browsers).
    const t1 = Date.now();
    await publisher.publishAsync(TOPIC, JSON.stringify({ tag, t: t1, v: 101.5, q: 0 }), { qos: 1 });
    await waitFor(async () => (await latest(urlA, tokenA))?.t === t1, 10_000, 'the sample on A');
    await waitFor(async () => (await latest(urlB, tokenB))?.t === t1, 10_000, 'the sample on B');
    expect((await latest(urlB, tokenB))?.v).toBe(101.5);

    // kill -9 B, publish while it is down, restart it on the same DATA_DIR: same client id, session kept.
    const idB = clientIdOf(b.out());
    await b.kill();
    const t2 = t1 + 1000;
    await publisher.publishAsync(TOPIC, JSON.stringify({ tag, t: t2, v: 202.5, q: 0 }), { qos: 1 });
    await waitFor(async () => (await latest(urlA, tokenA))?.t === t2, 10_000, 'the second sample on A');
    b = start(dirs[1]);
    urlB = await b.url;
    await waitFor(() => clientIdOf(b.out()), 10_000, 'B connected again');
    expect(clientIdOf(b.out())).toBe(idB);
    expect(b.out()).toMatch(/"sessionPresent":true[^\n]*mqtt: connected/);
    // B's live cache starts empty after a restart: the value comes from its session at the broker.
    const tokenB2 = await tokenFor(urlB, 'admin', DEFAULT_DEMO_PASSWORD);
    await waitFor(async () => (await latest(urlB, tokenB2))?.t === t2, 10_000, 'the sample published while B was down, on B');
    expect((await latest(urlB, tokenB2))?.v).toBe(202.5);
    // A was not disturbed by B's restart.
    expect(await metric(urlA, 'plantwatch_mqtt_connects_total')).toBe(1);
  });
});
