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
 * Phase 3, in Chromium (unless --no-browser): the supervisor's
 * /alarmData/realTimeAlarm holds every open alarm of the flood (10,000 with
 * the defaults); 500 tags return to normal (1,000 changes: their HH and H)
 * and then cross again (1,000 more). Prints the page's main-thread time
 * (Chrome's TaskDuration, less the same page's idle cost over as long) and
 * its longest task for each batch.
 *
 * Options: --tags 5000 --flood 10 --chatter 500 --chatterSeconds 10 --pg --no-browser --profile --port 0
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { ensureClientBuilt } from './client-build.mjs';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { generatePlantTags } from '../src/server/sim/plant-generator.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import type { TagMeta } from '../src/server/stream/tag-registry.js';
import type { AlarmItem } from '../src/shared/alarms/contracts.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '../src/shared/contracts/topics.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';
import { alarmsPort } from '../src/server/modules/alarms/port.js';

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
    'no-browser': { type: 'boolean', default: false },
    /** Prints the page's 15 functions with the most self time in each batch (Chrome's CPU profiler). */
    profile: { type: 'boolean', default: false },
    /** Port of the bench server (0: any free one). */
    port: { type: 'string', default: '0' },
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
  const s: Socket<ServerToClientEvents, ClientToServerEvents> = io(args.url ?? '', {
    path: '/socket.io',
    auth: { token: args.token },
    transports: ['websocket'],
  });
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
  const data = await encryptLoginBody(pk!.publicKey, {
    loginname: 'supervisor',
    password: DEFAULT_DEMO_PASSWORD,
    serverTime: st!.serverTime,
    nonce: loginNonce(),
  });
  const res = await fetch(url + loginSecure.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
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

/**
 * Main-thread cost in Chromium of the live list applying a batch of alarm
 * changes: TaskDuration over a window that starts with the batch, less the
 * idle page's TaskDuration over a window as long, and the longest task.
 */
/** The functions with the most self time in a CPU profile, as "ms name url:line". */
function topSelfTime(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}): string[] {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000));
  const byFrame = new Map<string, number>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      continue;
    }
    const k = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    byFrame.set(k, (byFrame.get(k) ?? 0) + (self.get(n.id) ?? 0));
  }
  return [...byFrame.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${k}`);
}

async function browserPhase(url: string, expected: number, batch: { apply: () => Promise<void>; label: string }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await page.goto(url + '/login');
    await page.getByTestId('login-username').fill('supervisor');
    await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/Gateway\/home/);
    const t0 = performance.now();
    await page.goto(url + '/alarmData/realTimeAlarm');
    await page.waitForFunction(
      (n) => (document.querySelector('[data-testid="alarm-total"]')?.textContent ?? '').replace(/[^0-9]/g, '') === String(n),
      expected,
      { timeout: 120_000 },
    );
    const loadMs = performance.now() - t0;
    await page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          w.__longest = Math.max(w.__longest, e.duration);
        }
      }).observe({ type: 'longtask' });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskS = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const WINDOW_MS = 4000;
    await sleep(2000);
    const i0 = await taskS();
    await sleep(WINDOW_MS);
    const idleMs = ((await taskS()) - i0) * 1000;
    const out: { label: string; mainMs: number; longestMs: number; top: string[] }[] = [];
    if (args.profile) {
      await cdp.send('Profiler.enable');
    }
    for (const b of batch) {
      await page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
      if (args.profile) {
        await cdp.send('Profiler.start');
      }
      const m0 = await taskS();
      const w0 = performance.now();
      await b.apply();
      await sleep(Math.max(0, WINDOW_MS - (performance.now() - w0)));
      const mainMs = ((await taskS()) - m0) * 1000 - idleMs;
      const longestMs = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
      const top = args.profile ? topSelfTime((await cdp.send('Profiler.stop')).profile) : [];
      out.push({ label: b.label, mainMs, longestMs, top });
    }
    return { loadMs, idleMs, windowMs: WINDOW_MS, batches: out };
  } finally {
    await browser.close();
  }
}

async function main() {
  const tagCount = Number(args.tags);
  const floodS = Number(args.flood);
  const chatterN = Number(args.chatter);
  const chatterS = Number(args.chatterSeconds);
  if (!args['no-browser']) {
    ensureClientBuilt(); // before the server starts: it serves the pages only when a build exists
  }
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
  const config: Config = {
    ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn' }),
    host: '127.0.0.1',
    port: Number(args.port),
    dataDir,
    databaseUrl,
  };
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
  const countRows = async () =>
    Number(
      (
        await server.store.db
          .selectFrom('alarm_occurrence')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Everyone normal first, so every condition starts from a known state.
  server.stream.ingest.samples(
    tags.map((t) => ({ tag: t.id, t: Date.now(), v: normal(t), q: 0 })),
    'bench',
  );
  await server.port(alarmsPort).idle();
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
      server.stream.ingest.samples(
        slice.map((t) => ({ tag: t.id, t: Date.now(), v: beyond(t), q: 0 })),
        'bench',
      );
    }
    await sleep(100);
  }
  await server.port(alarmsPort).idle();
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
  server.stream.ingest.samples(
    chat.map((t) => ({ tag: t.id, t: Date.now(), v: normal(t), q: 0 })),
    'bench',
  );
  await server.port(alarmsPort).idle();
  await sleep(300);
  await report();
  const rows0 = await countRows();
  const cpu2 = process.cpuUsage();
  const t2 = performance.now();
  for (let k = 0; k < chatterS * 5; k++) {
    const up = k % 2 === 0;
    server.stream.ingest.samples(
      chat.map((t) => ({ tag: t.id, t: Date.now(), v: up ? justPast(t) : normal(t), q: 0 })),
      'bench',
    );
    await sleep(200);
  }
  await server.port(alarmsPort).idle();
  const chatterMs = performance.now() - t2;
  const newRows = (await countRows()) - rows0;
  await sleep(500);
  const r2 = await report();
  const cpu3 = process.cpuUsage(cpu2);
  const q2 = quantiles(r2.lat);
  const loop2 = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };

  // Phase 3: the live list in Chromium. Back to the flood's state first: every tag beyond its limits.
  let browser: Awaited<ReturnType<typeof browserPhase>> | null = null;
  if (!args['no-browser']) {
    server.stream.ingest.samples(
      tags.map((t) => ({ tag: t.id, t: Date.now(), v: beyond(t), q: 0 })),
      'bench',
    );
    await server.port(alarmsPort).idle();
    // The supervisor sees every region: the page should list every open occurrence.
    const openNow = Number(
      (
        await server.store.db
          .selectFrom('alarm_occurrence')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('closed_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const both = tags.filter((t) => t.hh !== null && t.h !== null).slice(0, 500);
    const send = async (v: (t: TagMeta) => number) => {
      server.stream.ingest.samples(
        both.map((t) => ({ tag: t.id, t: Date.now(), v: v(t), q: 0 })),
        'bench',
      );
      await server.port(alarmsPort).idle();
    };
    browser = await browserPhase(url, openNow, [
      { label: `${both.length * 2} returns (HH and H of ${both.length} tags)`, apply: () => send(normal) },
      { label: `${both.length * 2} activations again`, apply: () => send(beyond) },
    ]);
  }

  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `bench:alarms  store=${server.store.dialect} tags=${f(tags.length)} (of ${f(tagCount)} generated) flood=${floodS}s chatter=${chat.length} tags × ${chatterS}s`,
  );
  console.log(
    `flood: occurrences opened          ${f(opened)} in ${(floodMs / 1000).toFixed(1)} s → ${f(opened / (floodMs / 1000))}/s stored (all stored before publishing)`,
  );
  console.log(`flood: changes received by client  ${f(r1.items)} items, ${f(r1.lat.length)} distinct events`);
  console.log(`flood: sample→client latency       p50 ${ms(q1.p50)}, p99 ${ms(q1.p99)}, max ${ms(q1.max)}`);
  console.log(
    `flood: server event-loop delay     p99 ${ms(loop1.p99)}, max ${ms(loop1.max)}; CPU ${f(((cpu1.user + cpu1.system) / 1000 / floodMs) * 100)} % of a core`,
  );
  console.log(
    `chatter: activations + returns     ${f(r2.lat.length)} events (${f(newRows)} new occurrences) in ${(chatterMs / 1000).toFixed(1)} s → ${f(r2.lat.length / (chatterMs / 1000))}/s`,
  );
  console.log(`chatter: sample→client latency     p50 ${ms(q2.p50)}, p99 ${ms(q2.p99)}, max ${ms(q2.max)}`);
  console.log(
    `chatter: server event-loop delay   p99 ${ms(loop2.p99)}, max ${ms(loop2.max)}; CPU ${f(((cpu3.user + cpu3.system) / 1000 / chatterMs) * 100)} % of a core`,
  );
  if (browser) {
    console.log(
      `browser: live list loaded             ${ms(browser.loadMs)} (sign-in excluded); idle page ${ms(browser.idleMs)} main-thread per ${browser.windowMs / 1000} s`,
    );
    for (const b of browser.batches) {
      console.log(`browser: ${b.label.padEnd(38)} main thread ${ms(b.mainMs)}, longest task ${ms(b.longestMs)}`);
      b.top.forEach((line) => console.log(`         ${line}`));
    }
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

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
