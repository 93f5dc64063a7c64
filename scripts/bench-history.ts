/**
 * `npm run bench:history` — the historian's figures (issue 8), on SQLite and,
 * when TEST_DATABASE_URL (or --pg URL) is set, PostgreSQL:
 *
 * - bytes per sample on disk: SQLite file growth after a checkpoint (TRUNCATE)
 *   divided by the samples stored; PostgreSQL pg_total_relation_size of
 *   sample_chunk (table, TOAST, index) divided by the samples;
 * - samples per second persisted: from the first batch to everything sealed
 *   into chunks (journal fdatasync'ed on the way), through the server's bus
 *   and every consumer of samples on it (alarm engine, control systems,
 *   broadcaster, history); one batch per event-loop turn, as ingest delivers
 *   them, so the history thread seals windows while batches still arrive;
 * - the ceiling: a raw better-sqlite3 insert of the same samples into an
 *   unindexed three-column table (one transaction, prepared statement), and
 *   the ratio;
 * - query times: a 1,000-bucket trend over 30 days of one 1 Hz tag and a raw
 *   1-hour window (one bucket per second), p50/p99 over --runs runs.
 *
 * Plants: the demo plant's simulated values (357 tags, --demo-seconds at 1 Hz)
 * and a generated plant of --tags tags (--gen-seconds at 1 Hz); the demo plant
 * once more with a compression deviation of --dev-pct % of each tag's range
 * (swinging door at seal), for bytes per sample with a deviation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, type Config } from '../src/server/config.js';
import { querySampleHistory } from '../src/server/history/query.js';
import { createServer, type PlantwatchServer } from '../src/server/server.js';
import { generatePlantTags } from '../src/server/sim/plant-generator.js';
import { loadDemoLayout } from '../src/server/sim/plant-layout.js';
import type { SimTag } from '../src/server/sim/process-model.js';
import { createSimulator } from '../src/server/sim/simulator.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import { realtimePort } from '../src/server/modules/realtime/port.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    'demo-seconds': { type: 'string', default: '3600' },
    tags: { type: 'string', default: '5000' },
    'gen-seconds': { type: 'string', default: '1200' },
    runs: { type: 'string', default: '30' },
    'no-pg': { type: 'boolean', default: false },
    'dev-pct': { type: 'string', default: '0.5' },
    /** Only these plants (comma-separated: demo, generated); all by default. */
    plants: { type: 'string', default: 'demo,generated' },
  },
});

const DAY = 24 * 3600_000;
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

interface Columns {
  n: number;
  tag: string[];
  t: Float64Array;
  v: Float64Array;
  q: Uint8Array;
}

/** Ticks of the simulator at 1 Hz from `start`, as one column batch per tick. */
function simulate(layout: ReturnType<typeof loadDemoLayout> | null, tags: SimTag[], seconds: number, start: number): Columns[] {
  const out: Columns[] = [];
  const sim = createSimulator({
    layout,
    tags: { all: () => tags },
    sink: { samples: () => undefined, positions: () => undefined },
    seed: 1,
    rateHz: 1,
    timeScale: 1,
    startTime: start,
    incidents: false,
  });
  for (let s = 0; s < seconds; s++) {
    const { samples } = sim.tick();
    const n = samples.length;
    out.push({
      n,
      tag: samples.map((x) => x.tag),
      t: Float64Array.from(samples, (x) => x.t),
      v: Float64Array.from(samples, (x) => x.v),
      q: Uint8Array.from(samples, (x) => x.q ?? 0),
    });
  }
  return out;
}

async function freshPg(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pw_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function storeBytes(server: PlantwatchServer, dir: string): Promise<number> {
  if (server.store.dialect === 'postgres') {
    // Chunks and the hour rows written with them (migration 0070).
    const { rows } = await sql<{
      b: string;
    }>`select pg_total_relation_size('sample_chunk') + pg_total_relation_size('sample_hour') as b`.execute(server.store.db);
    return Number(rows[0].b);
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.store.db);
  return fs.statSync(path.join(dir, 'plantwatch.sqlite')).size;
}

/** Raw better-sqlite3: the same samples into an unindexed (tag, t, v) table, one transaction. */
function rawCeiling(batches: Columns[], dir: string): number {
  const db = new Database(path.join(dir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('create table s (tag text, t integer, v real)');
  const ins = db.prepare('insert into s values (?, ?, ?)');
  const total = batches.reduce((s, b) => s + b.n, 0);
  const t0 = performance.now();
  db.transaction(() => {
    for (const b of batches) {
      for (let i = 0; i < b.n; i++) {
        ins.run(b.tag[i], b.t[i], b.v[i]);
      }
    }
  })();
  const ms = performance.now() - t0;
  db.close();
  return total / (ms / 1000);
}

async function run(dialect: 'sqlite' | 'postgres', plant: 'demo' | 'generated', lines: string[], compress = false): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-history-'));
  const pgdb = dialect === 'postgres' ? await freshPg(args.pg ?? (process.env.TEST_DATABASE_URL as string)) : null;
  const gen = plant === 'generated' ? generatePlantTags(Number(args.tags)) : null;
  const config: Config = {
    ...loadConfig({ DEMO: plant === 'demo' ? '1' : '0', SIMULATOR: '0', LOG_LEVEL: 'warn' }),
    host: '127.0.0.1',
    port: 0,
    dataDir: dir,
    databaseUrl: pgdb?.url,
    clientDir: '/nonexistent',
  };
  const server = await createServer(config, gen ? { tags: createMemoryTagRegistry(gen.meta) } : {});
  try {
    await server.stream.historyUpgrade.stop();
    const registry = server.port(realtimePort).registry;
    const tags: SimTag[] = gen ? (gen.meta as unknown as SimTag[]) : [...registry.all()];
    const devPct = Number(args['dev-pct']);
    if (compress) {
      for (const t of [...registry.all()]) {
        registry.upsert({ ...t, comp_dev: ((t.range_hi - t.range_lo) * devPct) / 100, enabled: 1 });
      }
    }
    const seconds = Number(plant === 'demo' ? args['demo-seconds'] : args['gen-seconds']);
    // Aligned to the chunk windows, ended a while ago: every window is due.
    const start = Math.floor((Date.now() - 3 * DAY) / 600_000) * 600_000;
    const batches = simulate(plant === 'demo' ? loadDemoLayout() : (gen?.layout ?? null), tags, seconds, start);
    const total = batches.reduce((s, b) => s + b.n, 0);
    const before = await storeBytes(server, dir);
    const bus = server.stream.bus;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (const b of batches) {
      bus.publishSamples({ ...b, source: 'bench' });
      // Batches arrive as separate events (an HTTP body, an MQTT message, a simulator tick): between them the
      // event loop runs timers and I/O, so windows are sealed in the history thread while ingest goes on.
      await new Promise((r) => setImmediate(r));
    }
    const t1 = performance.now();
    await server.stream.history.sync();
    const t2 = performance.now();
    await server.stream.history.sealAll();
    const persistMs = performance.now() - t0;
    if (process.env.BENCH_PHASES) {
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `phases: publish ${fmt(t1 - t0)} ms, sync ${fmt(t2 - t1)} ms, seal ${fmt(performance.now() - t2)} ms; process CPU ${fmt((cpu.user + cpu.system) / 1000)} ms`,
      );
    }
    const after = await storeBytes(server, dir);
    const bytes = dialect === 'postgres' ? after : after - before;
    const rate = total / (persistMs / 1000);
    const raw = rawCeiling(batches, dir);
    const label = compress ? `${plant} with compression deviation ${fmt(devPct, 1)} % of range` : plant;
    lines.push(
      `${dialect.padEnd(8)} ${label.padEnd(9)} ${fmt(tags.length).padStart(5)} tags × ${fmt(seconds)} s = ${fmt(total)} samples: ` +
        `${fmt(bytes / total, 2)} bytes/sample; ${fmt(rate)} samples/s persisted; raw better-sqlite3 ceiling ${fmt(raw)}/s (ratio ${fmt(rate / raw, 2)})`,
    );
    if (plant === 'demo' && !compress) {
      // 30 days of one tag at 1 Hz: values like a transmitter's, 2 decimals.
      const now = Math.floor(Date.now() / 1000) * 1000;
      const from = now - 30 * DAY;
      const n = 30 * 24 * 3600;
      let x = 50;
      const fill0 = performance.now();
      for (let a = 0; a < n; a += 3600) {
        const m = Math.min(3600, n - a);
        const t = new Float64Array(m);
        const v = new Float64Array(m);
        for (let i = 0; i < m; i++) {
          t[i] = from + (a + i) * 1000;
          x = Math.min(100, Math.max(0, x + Math.sin((a + i) / 5000) * 0.02 + (((a + i) * 7919) % 13) * 0.001 - 0.006));
          v[i] = Math.round(x * 100) / 100;
        }
        bus.publishSamples({ n: m, tag: new Array<string>(m).fill('BENCH.30D'), t, v, q: new Uint8Array(m), source: 'bench' });
      }
      await server.stream.history.sync();
      await server.stream.history.sealAll();
      const fillS = (performance.now() - fill0) / 1000;
      const reader = { db: server.store.db, historian: server.stream.history };
      const runs = Number(args.runs);
      const trend: number[] = [];
      const rawHour: number[] = [];
      let buckets = 0;
      let rawPoints = 0;
      for (let r = 0; r < runs; r++) {
        const q0 = performance.now();
        const h = await querySampleHistory(reader, ['BENCH.30D'], from, now, 1000);
        const q1 = performance.now();
        const h2 = await querySampleHistory(reader, ['BENCH.30D'], now - 3600_000, now, 3600);
        const q2 = performance.now();
        trend.push(q1 - q0);
        rawHour.push(q2 - q1);
        buckets = h.items[0].buckets.length;
        rawPoints = h2.items[0].buckets.length;
      }
      lines.push(
        `${dialect.padEnd(8)} queries: 30 days × 1 Hz (${fmt(n)} samples, written in ${fmt(fillS, 1)} s) → ${buckets} buckets p50 ${fmt(pct(trend, 50), 1)} ms p99 ${fmt(pct(trend, 99), 1)} ms; ` +
          `raw 1-hour window → ${rawPoints} samples p50 ${fmt(pct(rawHour, 50), 1)} ms p99 ${fmt(pct(rawHour, 99), 1)} ms (${runs} runs)`,
      );
    }
  } finally {
    await server.close();
    await pgdb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
const dialects: ('sqlite' | 'postgres')[] = ['sqlite'];
if (!args['no-pg'] && (args.pg || process.env.TEST_DATABASE_URL)) {
  dialects.push('postgres');
}
console.log(`bench:history on ${os.cpus().length} cores, node ${process.version}, ${new Date().toISOString()}`);
for (const d of dialects) {
  for (const plant of (['demo', 'generated'] as const).filter((p) => args.plants.split(',').includes(p))) {
    await run(d, plant, lines);
    console.log(lines.at(-1));
    if (plant === 'demo') {
      console.log(lines.at(-2));
      await run(d, plant, lines, true);
      console.log(lines.at(-1));
    }
  }
}
console.log('\n' + lines.join('\n'));
process.exit(0);
