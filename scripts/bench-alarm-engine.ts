/**
 * `npm run bench:alarm-engine` — the alarm engine alone, in this process, on a
 * fixed workload: the generated plant's --tags tags with their HH/H/L/LL
 * limits, fed --batches batches of 500 samples of one seeded random walk (the
 * load of `bench:stream`, which keeps crossing limits), SQLite file store.
 * Prints the alarm changes it stored and published and the process CPU time:
 * the same seed gives the same changes, so two versions of the engine can be
 * compared run against run (`--no-limits`: the same samples on tags without
 * limits, the evaluation's floor).
 *
 * Options: --tags 5000 --batches 1600 --seed 12345 --no-limits
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAlarmService } from '../src/server/modules/alarms/alarm.service.js';
import { generatePlantTags } from '../src/server/sim/plant-generator.js';
import { migrateToLatest, openStore } from '../src/server/store/db.js';
import { createBus } from '../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import { moduleMigrations } from '../src/server/modules/index.js';

const { values: args } = parseArgs({
  options: {
    tags: { type: 'string', default: '5000' },
    batches: { type: 'string', default: '1600' },
    seed: { type: 'string', default: '12345' },
    'no-limits': { type: 'boolean', default: false },
  },
  strict: true,
});
const N = 500;
const batches = Number(args.batches);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-alarm-engine-'));
const store = openStore({ dataDir: dir });
await migrateToLatest(store, moduleMigrations());
const bus = createBus();
let changes = 0;
bus.on('alarm.changed').subscribe((e) => (changes += e.alarms.length));
const plant = generatePlantTags(Number(args.tags));
const meta = args['no-limits'] ? plant.meta.map((m) => ({ ...m, ll: null, l: null, h: null, hh: null })) : plant.meta;
let clock = 1_800_000_000_000;
const alarms = await createAlarmService({
  db: store.db,
  bus,
  tags: createMemoryTagRegistry(meta),
  org: {
    getUserScope: async () => ({ all: true, regionids: [], deptids: [] }),
    allDeptsAndRegions: async () => ({ depts: [], regions: [] }),
  },
  log: { info: () => {}, error: (o: object, m: string) => console.error(m, o) },
  now: () => clock,
});
const ids = meta.map((m) => m.id);
// mulberry32: the same walk for every run of a seed.
let seed = Number(args.seed);
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
let walk = 50;
let cursor = 0;
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
for (let b = 0; b < batches; b++) {
  clock += 25; // 500 samples per 25 ms: 20,000/s
  const tag: string[] = [];
  const v = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    walk += rnd() - 0.5;
    tag.push(ids[cursor]);
    v[i] = Math.round(walk * 1000) / 1000;
    cursor = (cursor + 1) % ids.length;
  }
  bus.publishSamples({ n: N, tag, t: new Float64Array(N).fill(clock), v, q: new Uint8Array(N), source: 'bench' });
  await new Promise((r) => setImmediate(r));
}
await alarms.idle();
const cpu = process.cpuUsage(cpu0);
const wall = performance.now() - wall0;
const stored = (
  await store.db
    .selectFrom('alarm_occurrence')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
).n;
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `bench:alarm-engine  tags=${ids.length} samples=${(batches * N).toLocaleString('en')} seed=${args.seed}${args['no-limits'] ? ' --no-limits' : ''}`,
);
console.log(`alarm changes stored and published  ${changes.toLocaleString('en')} (${Number(stored).toLocaleString('en')} occurrences)`);
console.log(
  `process CPU                         ${cpuMs.toFixed(0)} ms (${changes ? ((cpuMs * 1000) / changes).toFixed(1) : '—'} µs per change), wall ${wall.toFixed(0)} ms`,
);
console.log(
  `node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await alarms.close();
await store.close();
fs.rmSync(dir, { recursive: true, force: true });
