/**
 * `npm run bench:risk` — the four-colour map's live path and its recompute (issue 21).
 *
 * Part 1, a real server in this process (demo plant, SQLite file in a temp
 * folder, no simulator): a gas detector (LEL, HH 50) in the demo zone 公用工程区
 * crosses HH and returns, --cycles times. Each sample goes in through the
 * ingest API; the time is measured from the ingest call to the `risk.changed`
 * event of the zone (alarm engine, occurrence stored, cause applied, zone
 * recomputed, history queued, published). An open map receives it on topic
 * `risk` at the next broadcast tick (at most `BROADCAST_TICK_MS`, 100 ms by default, later).
 *
 * Part 2, the risk service alone with the records and regions in memory:
 * --zones zones with --points risk points (LEC factors, a fixed random
 * plant). `reload` evaluates every point with the bands and recomputes every
 * zone (what a change of the register costs); one cause starting recomputes
 * its zone only. Median and slowest of --runs runs after 3 warm-up runs.
 *
 * Options: --cycles 100 --zones 500 --points 20000 --runs 20
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { firstValueFrom, filter } from 'rxjs';
import { loadConfig, type Config } from '../src/server/config.js';
import { riskModule } from '../src/server/modules/risk/index.js';
import { createRiskService } from '../src/server/modules/risk/risk.service.js';
import { createServer } from '../src/server/server.js';
import { createMemoryTagRegistry } from '../src/server/stream/memory-tag-registry.js';
import type { TagMeta } from '../src/server/stream/tag-registry.js';
import { defaultFactorTables } from '../src/shared/domain/risk-evaluation.js';
import type { RecordItem } from '../src/shared/records/contracts.js';
import type { RiskZoneItem } from '../src/shared/risk/items.js';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '100' },
    zones: { type: 'string', default: '500' },
    points: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '20' },
  },
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function live() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-risk-'));
  const config: Config = { ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn' }), host: '127.0.0.1', port: 0, dataDir };
  const tags = createMemoryTagRegistry();
  const server = await createServer(config, { tags });
  try {
    const ut = server.exposed(riskModule).risk;
    const regions = await server.store.db.selectFrom('region').select(['regionid', 'regioncode']).execute();
    const zone = regions.find((r) => r.regioncode === 'UT')!.regionid;
    const tag: TagMeta = { id: 'UT.GD-BENCH', regionid: zone, kind: 'lel', ll: null, l: null, h: 25, hh: 50, deadband: 1 };
    tags.set(tag);
    const cycles = Number(args.cycles);
    const up: number[] = [];
    const down: number[] = [];
    const changed = server.stream.bus.onAnyServer('risk.changed');
    const waitLive = (level: number) =>
      firstValueFrom(changed.pipe(filter((e) => e.zones.some((z: RiskZoneItem) => z.regionid === zone && z.live === level))));
    const base = ut.zones().get(zone)!.live;
    for (let i = 0; i < cycles; i++) {
      let wait = waitLive(1);
      let t0 = performance.now();
      server.stream.ingest.samples({ tag: tag.id, t: Date.now(), v: 60, q: 0 }, 'bench');
      await wait;
      up.push(performance.now() - t0);
      wait = waitLive(base);
      t0 = performance.now();
      server.stream.ingest.samples({ tag: tag.id, t: Date.now(), v: 5, q: 0 }, 'bench');
      await wait;
      down.push(performance.now() - t0);
    }
    console.log(`live path, ${cycles} cycles (ingest → risk.changed; base level ${base}):`);
    console.log(`  HH → red      p50 ${ms(pct(up, 50))}  p95 ${ms(pct(up, 95))}  max ${ms(Math.max(...up))}`);
    console.log(`  return → back p50 ${ms(pct(down, 50))}  p95 ${ms(pct(down, 95))}  max ${ms(Math.max(...down))}`);
    console.log(`  + at most one broadcast tick (${config.broadcastTickMs} ms) to an open map`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function recompute() {
  const ZONES = Number(args.zones);
  const POINTS = Number(args.points);
  const RUNS = Number(args.runs);
  let seed = 20261125;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const lec = defaultFactorTables.LEC;
  const records: RecordItem[] = Array.from({ length: POINTS }, (_, i) => ({
    id: i + 1,
    version: 1,
    status: 0,
    created: 0,
    updated: 0,
    createdBy: 'bench',
    name: `P${i}`,
    unit: `U${i % 97}`,
    region: 1 + Math.floor(rand() * ZONES),
    method: 'LEC',
    lec_L: String(pick(lec.L!.options).value),
    lec_E: String(pick(lec.E!.options).value),
    lec_C: String(pick(lec.C!.options).value),
    measures: '',
  })) as unknown as RecordItem[];
  const regions = Array.from({ length: ZONES }, (_, i) => ({ regionid: i + 1 }));
  const noop = () => undefined;
  const risk = createRiskService({
    bus: { publish: noop, onAnyServer: () => ({ subscribe: () => ({ unsubscribe: noop }) }) } as never,
    records: { allRecords: async () => records },
    org: { getUserScope: async () => ({ all: true, deptids: [], regionids: [] }), allDeptsAndRegions: async () => ({ depts: [], regions }) } as never,
    alarms: { openAlarms: () => [] },
    tags: { get: () => undefined },
    repo: { addHistory: async () => undefined, history: async () => ({ items: [], total: 0 }) },
    onError: (err) => console.error(err),
  });
  const full: number[] = [];
  const zonesOnly: number[] = [];
  const one: number[] = [];
  for (let r = 0; r < RUNS + 3; r++) {
    const t0 = performance.now();
    await risk.reload();
    const dt = performance.now() - t0;
    const t2 = performance.now();
    risk.recomputeAll();
    const dt2 = performance.now() - t2;
    const zone = String(1 + (r % ZONES));
    const t1 = performance.now();
    risk.report({ type: 'start', cause: { kind: 'alarm', id: `bench:${r}`, zone, attrs: { system: 'GDS', type: 'hh' }, start: Date.now() } });
    risk.report({ type: 'end', id: `bench:${r}`, at: Date.now() });
    const dt1 = (performance.now() - t1) / 2;
    if (r >= 3) {
      full.push(dt);
      zonesOnly.push(dt2);
      one.push(dt1);
    }
  }
  risk.close();
  console.log(`recompute, ${ZONES} zones, ${POINTS} risk points, ${RUNS} runs:`);
  console.log(`  every point evaluated and every zone recomputed: median ${ms(pct(full, 50))}  max ${ms(Math.max(...full))}`);
  console.log(`  every zone recomputed (points evaluated):        median ${ms(pct(zonesOnly, 50))}  max ${ms(Math.max(...zonesOnly))}`);
  console.log(`  one cause starting or ending (its zone):         median ${ms(pct(one, 50))}  max ${ms(Math.max(...one))}`);
}

console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
await recompute();
await live();
process.exit(0);
