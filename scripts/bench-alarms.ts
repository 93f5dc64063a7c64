/**
 * `npm run bench:alarms` — the alarm engine under a flood (issue 9).
 *
 * A server in this process (generated plant of --tags tags with HH/H/L/LL
 * limits, SQLite file in a temp folder, or PostgreSQL with --pg), one
 * socket.io client subscribed to topic `alarm` in a child process. Phase 1,
 * flood: every tag crosses its limits within --flood seconds (HH and H both
 * open). Phase 2, chattering: --chatter tags swing across H and back every
 * 200 ms for --chatterSeconds. Prints alarm changes stored per second, the
 * ingest-to-client latency of alarm changes (client receive time minus the
 * sample time that caused the change; one machine, one clock) and the
 * server's event-loop delay.
 *
 * Options: --tags 5000 --flood 10 --chatter 500 --chatterSeconds 10 --pg
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { generatePlantTags } from '../src/server/sim/plant-generator.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import type { TagMeta } from '../src/server/stream/tag-registry.js';
import type { AlarmItem } from '../src/shared/contracts/alarms.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/contracts/auth.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '../src/shared/contracts/topics.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    url: { type: 'string' },
    token: { type: 'string' },
    tags: { type: 'string', default: '5000' },
    flood: { type: 'string', default: '10' },
    chatter: { type: 'string', default: '500' },
    chatterSeconds: { type: 'string', default: '10' },
    pg: { type: 'boolean', default: false },
  },
  strict: true,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantiles(xs: number[]): { p50: number; p99: number; max: number } {
  if (xs.length === 0) {
    return { p50: NaN, p99: NaN, max: NaN };
  }
  const s = Float64Array.from(xs).sort();
  return { p50: s[Math.floor(s.length * 0.5)], p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))], max: s[s.length - 1] };
}

// ---------------------------------------------------------------------------
// Child: one client on topic `alarm`
// ---------------------------------------------------------------------------

async function runClient() {
  const lat: number[] = [];
  let items = 0;
  /** Newest event time seen per occurrence: a change counts once. */
  const seen = new Map<number, number>();
  const s: Socket<ServerToClientEvents, ClientToServerEvents> = io(args.url ?? '', { path: '/socket.io', auth: { token: args.token }, transports: ['websocket'] });
  s.on('alarm.changed', (b: { items: AlarmItem[] }) => {
    const now = Date.now();
    for (const a of b.items) {
      items++;
      const at = Math.max(a.activatedAt, a.returnedAt ?? 0);
      if ((seen.get(a.id) ?? -1) < at) {
        seen.set(a.id, at);
        lat.push(now - at);
      }
    }
  });
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  const ack = (await s.timeout(5000).emitWithAck('stream.subscribe', { topics: ['alarm'] })) as SubscribeAck;
  process.send?.({ type: 'ready', ok: ack.ok });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'report') {
      process.send?.({ type: 'report', lat, items });
      lat.length = 0;
      items = 0;
    } else if (m.type === 'stop') {
      s.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function signIn(url: string): Promise<string> {
  const { data: pk } = (await (await fetch(url + getPublicKey.path)).json()) as Envelope<{ publicKey: string }>;
  const { data: st } = (await (await fetch(url + getServerTime.path)).json()) as Envelope<{ serverTime: number }>;
  const data = await encryptLoginBody(pk!.publicKey, { loginname: 'supervisor', password: DEFAULT_DEMO_PASSWORD, serverTime: st!.serverTime, nonce: loginNonce() });
  const res = await fetch(url + loginSecure.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  return ((await res.json()) as Envelope<{ accessToken: string }>).data!.accessToken;
}

/** A value beyond the tag's most severe limit, and one back inside its normal band. */
function beyond(t: TagMeta): number {
  if (t.hh !== null) {
    return t.hh + Math.max(1, Math.abs(t.hh) * 0.05);
  }
  if (t.h !== null) {
    return t.h + Math.max(1, Math.abs(t.h) * 0.05);
  }
  if (t.ll !== null) {
    return t.ll - Math.max(1, Math.abs(t.ll) * 0.05);
  }
  return t.l !== null ? t.l - Math.max(1, Math.abs(t.l) * 0.05) : NaN;
}
function normal(t: TagMeta): number {
  const hi = t.h ?? t.hh;
  const lo = t.l ?? t.ll;
  if (hi !== null && lo !== null) {
    return (hi + lo) / 2;
  }
  if (hi !== null) {
    return hi - Math.max(2 * t.deadband + 1, Math.abs(hi) * 0.2);
  }
  return lo !== null ? lo + Math.max(2 * t.deadband + 1, Math.abs(lo) * 0.2) : NaN;
}
/** Just past H (or below L), for chattering. */
function justPast(t: TagMeta): number {
  if (t.h !== null) {
    return t.h + Math.max(t.deadband, 0.01) * 2;
  }
  return t.l !== null ? t.l - Math.max(t.deadband, 0.01) * 2 : beyond(t);
}

async function main() {
  const tagCount = Number(args.tags);
  const floodS = Number(args.flood);
  const chatterN = Number(args.chatter);
  const chatterS = Number(args.chatterSeconds);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-alarms-'));
  let pgDb: string | null = null;
  let databaseUrl: string | undefined;
  if (args.pg) {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    pgDb = `pw_bench_alarms_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE ${pgDb}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${pgDb}`;
    databaseUrl = u.toString();
  }
  const config: Config = { ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn' }), host: '127.0.0.1', port: 0, dataDir, databaseUrl };
  const plant = generatePlantTags(tagCount);
  const tags = plant.meta.filter((t) => t.kind !== 'discrete' && !Number.isNaN(beyond(t)) && !Number.isNaN(normal(t)));
  const server = await createServer(config, { tags: createMemoryTagRegistry(plant.meta) });
  const url = await server.listen();
  const token = await signIn(url);
  const client = fork(path.resolve(import.meta.dirname, 'bench-alarms.ts'), ['--role', 'client', '--url', url, '--token', token], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise<void>((resolve) => client.once('message', () => resolve()));
  const report = () =>
    new Promise<{ lat: number[]; items: number }>((resolve) => {
      client.once('message', (m: { lat: number[]; items: number }) => resolve(m));
      client.send({ type: 'report' });
    });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const countRows = async () => Number((await server.store.db.selectFrom('alarm_occurrence').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  // Everyone normal first, so every condition starts from a known state.
  server.stream.ingest.samples(tags.map((t) => ({ tag: t.id, t: Date.now(), v: normal(t), q: 0 })), 'bench');
  await server.services.alarms.idle();
  await sleep(300);
  await report();

  // Phase 1: flood.
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const ticks = floodS * 10;
  const per = Math.ceil(tags.length / ticks);
  for (let k = 0; k < ticks; k++) {
    const slice = tags.slice(k * per, (k + 1) * per);
    if (slice.length) {
      server.stream.ingest.samples(slice.map((t) => ({ tag: t.id, t: Date.now(), v: beyond(t), q: 0 })), 'bench');
    }
    await sleep(100);
  }
  await server.services.alarms.idle();
  const floodMs = performance.now() - t0;
  const opened = await countRows();
  await sleep(500);
  const r1 = await report();
  const cpu1 = process.cpuUsage(cpu0);
  const q1 = quantiles(r1.lat);
  const loop1 = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  loop.reset();

  // Phase 2: chattering around H.
  const chat = tags.filter((t) => t.h !== null || t.l !== null).slice(0, chatterN);
  server.stream.ingest.samples(chat.map((t) => ({ tag: t.id, t: Date.now(), v: normal(t), q: 0 })), 'bench');
  await server.services.alarms.idle();
  await sleep(300);
  await report();
  const rows0 = await countRows();
  const cpu2 = process.cpuUsage();
  const t2 = performance.now();
  for (let k = 0; k < chatterS * 5; k++) {
    const up = k % 2 === 0;
    server.stream.ingest.samples(chat.map((t) => ({ tag: t.id, t: Date.now(), v: up ? justPast(t) : normal(t), q: 0 })), 'bench');
    await sleep(200);
  }
  await server.services.alarms.idle();
  const chatterMs = performance.now() - t2;
  const newRows = (await countRows()) - rows0;
  await sleep(500);
  const r2 = await report();
  const cpu3 = process.cpuUsage(cpu2);
  const q2 = quantiles(r2.lat);
  const loop2 = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };

  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`bench:alarms  store=${server.store.dialect} tags=${f(tags.length)} (of ${f(tagCount)} generated) flood=${floodS}s chatter=${chat.length} tags × ${chatterS}s`);
  console.log(`flood: occurrences opened          ${f(opened)} in ${(floodMs / 1000).toFixed(1)} s → ${f(opened / (floodMs / 1000))}/s stored (all stored before publishing)`);
  console.log(`flood: changes received by client  ${f(r1.items)} items, ${f(r1.lat.length)} distinct events`);
  console.log(`flood: sample→client latency       p50 ${ms(q1.p50)}, p99 ${ms(q1.p99)}, max ${ms(q1.max)}`);
  console.log(`flood: server event-loop delay     p99 ${ms(loop1.p99)}, max ${ms(loop1.max)}; CPU ${f(((cpu1.user + cpu1.system) / 1000 / floodMs) * 100)} % of a core`);
  console.log(`chatter: activations + returns     ${f(r2.lat.length)} events (${f(newRows)} new occurrences) in ${(chatterMs / 1000).toFixed(1)} s → ${f(r2.lat.length / (chatterMs / 1000))}/s`);
  console.log(`chatter: sample→client latency     p50 ${ms(q2.p50)}, p99 ${ms(q2.p99)}, max ${ms(q2.max)}`);
  console.log(`chatter: server event-loop delay   p99 ${ms(loop2.p99)}, max ${ms(loop2.max)}; CPU ${f(((cpu3.user + cpu3.system) / 1000 / chatterMs) * 100)} % of a core`);
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  client.send({ type: 'stop' });
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgDb) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`);
    await c.end();
  }
}

if (args.role === 'client') {
  void runClient();
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
