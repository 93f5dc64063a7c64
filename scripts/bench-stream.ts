/**
 * `npm run bench:stream` — measures the live core end to end.
 *
 * Default: a server in this process (generated plant of --tags tags, SQLite file
 * in a temp folder), a load generator in a child process pushing --rate samples/s
 * and --targets positions/s over HTTP ingest, and --clients socket.io clients in
 * another child process. Prints samples/s accepted and persisted, positions/s,
 * ingest→client latency p50/p99 measured at the clients (sample time is set by
 * the generator when it builds a request; one machine, one clock), server CPU and RSS.
 *
 * `--max`: peak persisted throughput: samples go in through the in-process ingest
 * API as fast as the history writer keeps up; then a 30-day history query is timed.
 *
 * Options: --rate 20000 --clients 50 --duration 30 --tags 5000 --targets 500
 * --views 5 --tick 100 --warmup 3 --pg (PostgreSQL at TEST_DATABASE_URL) --max
 * --no-limits (tags without alarm limits: the alarm engine raises nothing)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { loadConfig, DEFAULT_DEMO_PASSWORD, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { generatePlantTags } from '../src/server/sim/plant-generator.js';
import { querySampleHistory } from '../src/server/history/query.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '../src/shared/contracts/topics.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    rate: { type: 'string', default: '20000' },
    clients: { type: 'string' },
    duration: { type: 'string' },
    tags: { type: 'string', default: '5000' },
    targets: { type: 'string', default: '500' },
    views: { type: 'string', default: '5' },
    tick: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '3' },
    url: { type: 'string' },
    token: { type: 'string' },
    key: { type: 'string' },
    max: { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
    'no-limits': { type: 'boolean', default: false },
  },
  strict: true,
});

const num = (v: string | undefined, d: number) => (v === undefined ? d : Number(v));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SCRIPT = path.resolve(import.meta.dirname, 'bench-stream.ts');

/** Latency histogram in 0.5 ms bins up to 10 s: constant memory whatever the volume. */
class Histogram {
  bins = new Uint32Array(20_000);
  count = 0;
  add(ms: number) {
    const i = Math.min(this.bins.length - 1, Math.max(0, Math.floor(ms * 2)));
    this.bins[i]++;
    this.count++;
  }
  static merge(list: number[][]): Histogram {
    const h = new Histogram();
    for (const bins of list) {
      bins.forEach((c, i) => {
        h.bins[i] += c;
        h.count += c;
      });
    }
    return h;
  }
  quantile(q: number): number {
    let seen = 0;
    const target = q * this.count;
    for (let i = 0; i < this.bins.length; i++) {
      seen += this.bins[i];
      if (seen >= target && this.count > 0) {
        return (i + 1) / 2;
      }
    }
    return NaN;
  }
}

type ParentMsg = { type: 'measure' } | { type: 'report' } | { type: 'stop' } | { type: 'tags'; ids: string[] };

function onParent(fn: (m: ParentMsg) => void) {
  process.on('message', (m) => fn(m as ParentMsg));
}

// ---------------------------------------------------------------------------
// Child: socket.io clients
// ---------------------------------------------------------------------------

async function runClients() {
  const n = num(args.clients, 50);
  const views = num(args.views, 5);
  const withPositions = num(args.targets, 500) > 0;
  const tagLatency = new Histogram();
  const posLatency = new Histogram();
  let measuring = false;
  let tuples = 0;
  let positions = 0;
  let batches = 0;
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  for (let i = 0; i < n; i++) {
    const s: Socket<ServerToClientEvents, ClientToServerEvents> = io(args.url ?? '', { path: '/socket.io', auth: { token: args.token }, transports: ['websocket'] });
    s.on('tag.batch', (b) => {
      if (!measuring) {
        return;
      }
      const now = Date.now();
      batches++;
      tuples += b.items.length;
      for (const v of b.items) {
        tagLatency.add(now - v[1]);
      }
    });
    s.on('position.batch', (b) => {
      if (!measuring) {
        return;
      }
      const now = Date.now();
      positions += b.items.length;
      for (const p of b.items) {
        posLatency.add(now - p[1]);
      }
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    // Tag groups are classifications, numbered from 1 (topic grammar `tags/<classId>`).
    const topics = [`tags/${(i % views) + 1}`, ...(withPositions ? ['position/person', 'position/vehicle'] : [])];
    const ack = (await s.timeout(30_000).emitWithAck('stream.subscribe', { topics })) as SubscribeAck;
    if (!ack.ok || ack.denied.length > 0) {
      throw new Error(`subscribe failed: ${JSON.stringify(ack)}`);
    }
    sockets.push(s);
  }
  let cpu = process.cpuUsage();
  let started = Date.now();
  onParent((m) => {
    if (m.type === 'measure') {
      measuring = true;
      cpu = process.cpuUsage();
      started = Date.now();
    } else if (m.type === 'report') {
      measuring = false;
      const c = process.cpuUsage(cpu);
      process.send!({
        type: 'clients',
        tagBins: [...tagLatency.bins],
        posBins: [...posLatency.bins],
        tuples,
        positions,
        batches,
        seconds: (Date.now() - started) / 1000,
        cpu: (c.user + c.system) / 1000 / (Date.now() - started),
      });
    } else if (m.type === 'stop') {
      for (const s of sockets) {
        s.close();
      }
      process.exit(0);
    }
  });
  process.send!({ type: 'ready' });
}

// ---------------------------------------------------------------------------
// Child: load generator over HTTP ingest
// ---------------------------------------------------------------------------

async function runLoadgen() {
  const rate = num(args.rate, 20_000);
  const targets = num(args.targets, 500);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${args.key}` };
  let ids: string[] = [];
  let sent = 0;
  let accepted = 0;
  let rejected = 0;
  let posSent = 0;
  let posAccepted = 0;
  let errors = 0;
  let inFlight = 0;
  let skipped = 0;
  let running = true;
  const values = new Float64Array(1);
  const MAX_IN_FLIGHT = 8;

  async function post(kind: 'samples' | 'positions', body: unknown[]) {
    inFlight++;
    try {
      const res = await fetch(`${args.url}/ingest/v1/${kind}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const env = (await res.json()) as Envelope<{ accepted: number; rejected: unknown[] }>;
      if (!env.IsSuccess || !env.data) {
        errors++;
      } else if (kind === 'samples') {
        accepted += env.data.accepted;
        rejected += env.data.rejected.length;
      } else {
        posAccepted += env.data.accepted;
      }
    } catch {
      errors++;
    } finally {
      inFlight--;
    }
  }

  onParent((m) => {
    if (m.type === 'tags') {
      ids = m.ids;
      void loop();
    } else if (m.type === 'report') {
      running = false;
      process.send!({ type: 'loadgen', sent, accepted, rejected, posSent, posAccepted, errors, skipped });
    } else if (m.type === 'stop') {
      process.exit(0);
    }
  });

  async function loop() {
    const t0 = Date.now();
    let cursor = 0;
    let posCursor = 0;
    let walk = 50;
    while (running) {
      const elapsed = Date.now() - t0;
      const due = Math.floor((elapsed * rate) / 1000) - sent - skipped;
      const posDue = Math.floor((elapsed * targets) / 1000) - posSent;
      const t = Date.now();
      if (due > 0) {
        if (inFlight >= MAX_IN_FLIGHT) {
          // The server is behind: count what could not be offered instead of queueing it here.
          skipped += due;
        } else {
          const body = new Array<unknown>(due);
          for (let i = 0; i < due; i++) {
            walk += Math.random() - 0.5;
            values[0] = walk;
            body[i] = { tag: ids[cursor], t, v: Math.round(values[0] * 1000) / 1000, q: 0 };
            cursor = (cursor + 1) % ids.length;
          }
          sent += due;
          void post('samples', body);
        }
      }
      if (posDue > 0 && inFlight < MAX_IN_FLIGHT) {
        const body = new Array<unknown>(posDue);
        for (let i = 0; i < posDue; i++) {
          const k = posCursor;
          posCursor = (posCursor + 1) % targets;
          body[i] = {
            tagId: k % 10 === 0 ? `V-${k}` : `P-${k}`,
            t,
            lon: 118.7 + (k % 50) * 0.0002 + Math.random() * 0.0001,
            lat: 32.1 + Math.floor(k / 50) * 0.0002 + Math.random() * 0.0001,
            kind: k % 10 === 0 ? 'vehicle' : 'person',
          };
        }
        posSent += posDue;
        void post('positions', body);
      }
      await sleep(20);
    }
  }
  process.send!({ type: 'ready' });
}

// ---------------------------------------------------------------------------
// Main: the server, orchestration, report
// ---------------------------------------------------------------------------

function child(role: string, extra: string[]): Promise<ChildProcess> {
  const cp = fork(SCRIPT, ['--role', role, ...extra], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    cp.once('error', reject);
    cp.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
    cp.once('message', (m) => {
      if ((m as { type: string }).type === 'ready') {
        cp.removeAllListeners('exit');
        resolve(cp);
      }
    });
  });
}

function request<T>(cp: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    cp.once('message', (m) => resolve(m as T));
    cp.send({ type });
  });
}

async function signIn(url: string, loginname: string, password: string): Promise<string> {
  const get = async <T>(p: string) => ((await (await fetch(url + p)).json()) as Envelope<T>).data!;
  const { publicKey } = await get<{ publicKey: string }>(getPublicKey.path);
  const { serverTime } = await get<{ serverTime: number }>(getServerTime.path);
  const data = await encryptLoginBody(publicKey, { loginname, password, serverTime, nonce: loginNonce() });
  const res = await fetch(url + loginSecure.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  const env = (await res.json()) as Envelope<{ accessToken: string }>;
  if (!env.IsSuccess || !env.data) {
    throw new Error(`sign-in failed: ${env.error.message}`);
  }
  return env.data.accessToken;
}

async function freshPg(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    throw new Error('--pg needs TEST_DATABASE_URL');
  }
  const name = `pw_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function fmt(n: number, digits = 0) {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main() {
  const max = args.max;
  const duration = num(args.duration, max ? 20 : 30);
  const clients = num(args.clients, max ? 0 : 50);
  const tagCount = num(args.tags, 5000);
  const warmup = num(args.warmup, 3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-'));
  const pgDb = args.pg ? await freshPg() : null;
  const key = `bench-${randomBytes(8).toString('hex')}`;
  const config: Config = {
    ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn', INGEST_API_KEY: key, BROADCAST_TICK_MS: args.tick }),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: pgDb?.url,
    clientDir: '/nonexistent',
  };
  const plant = generatePlantTags(tagCount);
  // --no-limits: tags without alarm limits, so the alarm engine stores nothing (what the live core costs without it).
  const registry = createMemoryTagRegistry(args['no-limits'] ? plant.meta.map((t) => ({ ...t, ll: null, l: null, h: null, hh: null })) : plant.meta);
  const ids = plant.meta.map((t) => t.id);
  const views = num(args.views, 5);
  for (let v = 0; v < views; v++) {
    registry.setGroup(
      String(v + 1),
      ids.filter((_, i) => i % views === v),
    );
  }
  const server = await createServer(config, { tags: registry });
  const url = await server.listen();
  const stream = server.stream;
  console.log(
    `bench:stream ${max ? '--max' : ''}${args['no-limits'] ? ' --no-limits' : ''} store=${server.store.dialect} tags=${fmt(tagCount)} clients=${clients} duration=${duration}s` +
      (max ? '' : ` rate=${fmt(num(args.rate, 20000))}/s targets=${args.targets}/s views=${views} tick=${config.broadcastTickMs}ms`),
  );

  const children: ChildProcess[] = [];
  let clientsCp: ChildProcess | null = null;
  if (clients > 0) {
    const token = await signIn(url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    clientsCp = await child('clients', ['--url', url, '--token', token, '--clients', String(clients), '--views', String(views), '--targets', String(args.targets)]);
    children.push(clientsCp);
  }

  const rss: number[] = [];
  const rssTimer = setInterval(() => rss.push(process.memoryUsage().rss), 500);
  let loadgen: ChildProcess | null = null;
  let maxLoop: Promise<void> | null = null;
  let stopMax = false;
  let maxAccepted = 0;

  if (!max) {
    loadgen = await child('loadgen', ['--url', url, '--key', key, '--rate', String(args.rate), '--targets', String(args.targets)]);
    children.push(loadgen);
    loadgen.send({ type: 'tags', ids });
  } else {
    // Pre-built request bodies, reused with a fresh time: the figure is about the server, not about building objects.
    const BATCH = 5000;
    const pool = Array.from({ length: 16 }, (_, b) => Array.from({ length: BATCH }, (_, i) => ({ tag: ids[(b * BATCH + i) % ids.length], t: 0, v: i % 100, q: 0 })));
    maxLoop = (async () => {
      let k = 0;
      while (!stopMax) {
        if (stream.history.stats().bufferedSamples > 200_000) {
          // Only what the database sustains counts: wait for the writer instead of growing its buffer.
          await sleep(2);
          continue;
        }
        const body = pool[k++ % pool.length];
        const t = Date.now();
        for (const s of body) {
          s.t = t;
        }
        maxAccepted += stream.ingest.samples(body, 'bench').accepted;
        await new Promise((r) => setImmediate(r));
      }
    })();
  }

  await sleep(warmup * 1000);
  clientsCp?.send({ type: 'measure' });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gc = { count: 0, total: 0, max: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.total += e.duration;
      gc.max = Math.max(gc.max, e.duration);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const w0 = stream.history.stats();
  const i0 = stream.ingest.stats();
  const a0 = maxAccepted;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  rss.length = 0;
  await sleep(duration * 1000);
  const seconds = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  gcObserver.disconnect();
  const w1 = stream.history.stats();
  const i1 = stream.ingest.stats();
  const a1 = maxAccepted;
  const gatewayStats = stream.gateway.stats();
  const broadcasterStats = stream.broadcaster.stats();

  type LoadReport = { sent: number; accepted: number; rejected: number; posSent: number; posAccepted: number; errors: number; skipped: number };
  type ClientReport = { tagBins: number[]; posBins: number[]; tuples: number; positions: number; batches: number; seconds: number; cpu: number };
  const load = loadgen ? await request<LoadReport>(loadgen, 'report') : null;
  stopMax = true;
  await maxLoop;
  await sleep(300);
  const cr = clientsCp ? await request<ClientReport>(clientsCp, 'report') : null;
  clearInterval(rssTimer);

  const accepted = max ? (a1 - a0) / seconds : (i1.samples.accepted - i0.samples.accepted) / seconds;
  const persisted = (w1.writtenSamples - w0.writtenSamples) / seconds;
  const positionsPerS = (i1.positions.accepted - i0.positions.accepted) / seconds;
  const posPersisted = (w1.writtenPositions - w0.writtenPositions) / seconds;
  const lines: [string, string][] = [
    ['samples accepted', `${fmt(accepted)}/s`],
    ['samples persisted', `${fmt(persisted)}/s (history writer; dropped ${fmt(w1.dropped)}, last flush ${fmt(w1.lastFlushMs, 1)} ms)`],
    ['positions accepted / persisted', `${fmt(positionsPerS)}/s / ${fmt(posPersisted)}/s`],
    ['server CPU', `${fmt(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100)}% of one core (user ${fmt(cpu.user / 1e6, 1)} s, system ${fmt(cpu.system / 1e6, 1)} s)`],
    ['server event-loop delay', `p50 ${fmt(loopDelay.percentile(50) / 1e6, 1)} ms, p99 ${fmt(loopDelay.percentile(99) / 1e6, 1)} ms, max ${fmt(loopDelay.max / 1e6, 1)} ms`],
    ['server GC (all threads)', `${gc.count} pauses, ${fmt(gc.total)} ms in total, longest ${fmt(gc.max, 1)} ms`],
    ['server RSS', `max ${fmt(Math.max(...rss) / 1048576)} MB, end ${fmt(rss.at(-1)! / 1048576)} MB (main-thread JS heap ${fmt(process.memoryUsage().heapUsed / 1048576)} MB)`],
  ];
  if (load) {
    lines.push(['load generator', `offered ${fmt(load.sent / (seconds + warmup))}/s, could not offer (server behind) ${fmt(load.skipped)}, HTTP errors ${load.errors}`]);
  }
  if (cr) {
    const tagH = Histogram.merge([cr.tagBins]);
    const posH = Histogram.merge([cr.posBins]);
    lines.push(
      ['ingest→client latency (tags)', `p50 ${fmt(tagH.quantile(0.5), 1)} ms, p99 ${fmt(tagH.quantile(0.99), 1)} ms, max bin ${fmt(tagH.quantile(1), 1)} ms (${fmt(tagH.count)} values)`],
      ['ingest→client latency (positions)', `p50 ${fmt(posH.quantile(0.5), 1)} ms, p99 ${fmt(posH.quantile(0.99), 1)} ms`],
      ['delivered to clients', `${fmt(cr.tuples / cr.seconds)} tag values/s, ${fmt(cr.positions / cr.seconds)} positions/s, ${fmt(cr.batches / cr.seconds)} batches/s; clients process CPU ${fmt(cr.cpu * 100)}%`],
      ['gateway', `groups ${gatewayStats.groups.tag ?? 0}+${gatewayStats.groups.position ?? 0}, slow sockets ${gatewayStats.slowSockets}, max pending ${gatewayStats.maxPending}, recovery buffer ${fmt(gatewayStats.recoveryItems)} items / ${fmt(gatewayStats.recoveryPackets)} packets; last slice ${fmt(broadcasterStats.lastSliceMs, 2)} ms`],
    );
  }
  if (max) {
    // 30 days of one tag at 1 Hz through the historian's write path (journal, then chunks sealed in the history thread).
    await stream.history.flush();
    const now = Date.now();
    const from = now - 30 * 24 * 3600 * 1000;
    const rows = 30 * 24 * 3600;
    const started = Date.now();
    for (let a = 0; a < rows; a += 3600) {
      const m = Math.min(3600, rows - a);
      const t = Float64Array.from({ length: m }, (_, i) => from + (a + i) * 1000);
      const v = Float64Array.from({ length: m }, (_, i) => ((a + i) % 600) * 0.1);
      stream.bus.publishSamples({ n: m, tag: new Array<string>(m).fill('BENCH.30D'), t, v, q: new Uint8Array(m), source: 'bench' });
    }
    await stream.history.sync();
    await stream.history.sealAll();
    const filled = (Date.now() - started) / 1000;
    const reader = { db: server.store.db, historian: stream.history };
    const q0 = performance.now();
    const h = await querySampleHistory(reader, ['BENCH.30D'], from, now, 1000);
    const q1 = performance.now();
    const h2 = await querySampleHistory(reader, ['BENCH.30D'], now - 3600_000, now, 500);
    const q2 = performance.now();
    lines.push([
      'history query',
      `30 days × 1 Hz (${fmt(rows)} samples, written in ${fmt(filled, 1)} s) → ${h.items[0].buckets.length} buckets in ${fmt(q1 - q0)} ms; last hour → ${h2.items[0].buckets.length} buckets in ${fmt(q2 - q1, 1)} ms`,
    ]);
  }
  for (const [k, v] of lines) {
    console.log(`${k.padEnd(36)} ${v}`);
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${os.platform()} ${os.release()}, load average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );

  for (const cp of children) {
    cp.send({ type: 'stop' });
  }
  await server.close();
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

const role = args.role;
const run = role === 'clients' ? runClients : role === 'loadgen' ? runLoadgen : main;
run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
