/**
 * `npm run bench:relay` — domain events between two servers of one PostgreSQL
 * store (src/server/stream/pg-relay.ts).
 *
 * Two buses with a relay each, in this process, on a new database of
 * DATABASE_URL (default TEST_DATABASE_URL, then postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end. Publishes --events `alarm.changed` events of one alarm
 * on bus A, one every --gapMs, then --big events of --bigAlarms alarms each
 * (cut into pieces: PostgreSQL takes notifications under 8000 bytes), and
 * prints the latency from `publish` on A to B's `onAnyServer` consumer
 * (p50/p95/p99/max), in order and complete.
 *
 * Options: --events 2000 --gapMs 2 --big 50 --bigAlarms 300
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBus } from '../src/server/stream/bus.js';
import { startPgEventRelay } from '../src/server/stream/pg-relay.js';
import type { AlarmItem } from '../src/shared/alarms/contracts.js';
import { buildAlarmItem } from '../tests/helpers/factories.js';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    gapMs: { type: 'string', default: '2' },
    big: { type: 'string', default: '50' },
    bigAlarms: { type: 'string', default: '300' },
  },
});
const N = Number(args.events);
const GAP = Number(args.gapMs);
const BIG = Number(args.big);
const BIG_ALARMS = Number(args.bigAlarms);
const baseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** One alarm as the topic carries it: the test factory's, with this benchmark's names and times. */
const alarm = (id: number): AlarmItem =>
  buildAlarmItem({ id, alarmKey: `tag:BENCH.${id}.PV:h`, source: `BENCH.${id}.PV`, sourceName: `${id}号储罐液位`, activatedAt: Date.now(), updatedAt: Date.now() });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const summary = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms, p99 ${pct(xs, 99).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms (n=${xs.length})`;

async function main() {
  const name = `pw_bench_relay_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const log = { debug: () => {}, info: () => {}, warn: (o: unknown, m?: string) => console.warn(m, o), error: (o: unknown, m?: string) => console.error(m, o) };
  const [busA, busB] = [createBus(), createBus()];
  const relayA = await startPgEventRelay({ databaseUrl: url.toString(), bus: busA, log });
  const relayB = await startPgEventRelay({ databaseUrl: url.toString(), bus: busB, log });
  try {
    const sentAt = new Map<number, number>();
    const latencies = new Map<number, number>();
    let lastId = 0;
    let outOfOrder = 0;
    busB.onAnyServer('alarm.changed').subscribe(({ alarms }) => {
      const id = alarms[0].id;
      latencies.set(id, performance.now() - sentAt.get(id)!);
      outOfOrder += id < lastId ? 1 : 0;
      lastId = id;
    });
    const run = async (count: number, firstId: number, size: number, gap: number) => {
      for (let i = 0; i < count; i++) {
        const id = firstId + i;
        const alarms = Array.from({ length: size }, (_, k) => alarm(k === 0 ? id : id * 1000 + k));
        sentAt.set(id, performance.now());
        busA.publish('alarm.changed', { alarms });
        await new Promise((r) => setTimeout(r, gap));
      }
      const until = Date.now() + 30_000;
      while ([...Array(count).keys()].some((i) => !latencies.has(firstId + i)) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return [...Array(count).keys()].map((i) => latencies.get(firstId + i)).filter((x): x is number => x !== undefined);
    };
    // Warm-up.
    await run(50, 1, 1, GAP);
    const small = await run(N, 1_000, 1, GAP);
    const bytes = Buffer.byteLength(JSON.stringify({ n: 'alarm.changed', p: { alarms: Array.from({ length: BIG_ALARMS }, (_, k) => alarm(k)) } }));
    const big = await run(BIG, 1_000_000, BIG_ALARMS, 20);
    console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`one alarm per event (${N} events, one every ${GAP} ms): ${summary(small)}`);
    console.log(`${BIG_ALARMS} alarms per event (~${Math.round(bytes / 1024)} KiB, ${Math.ceil(bytes / 7900)} notifications; ${BIG} events): ${summary(big)}`);
    console.log(`received ${relayB.stats().received} of ${relayA.stats().sent} sent, out of order ${outOfOrder}, dropped ${relayA.stats().dropped}`);
  } finally {
    await relayA.close();
    await relayB.close();
    busA.close();
    busB.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
