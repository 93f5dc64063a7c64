/**
 * `npm run bench:positions` — people and vehicles through ingest → fence engine → stream.
 *
 * Server part (`benchPositionsServer`): a demo server in this process (SQLite in
 * memory, simulator off, the demo fence rules), --people people and --vehicles
 * vehicles walking at random through the plant at 1 Hz, pushed into the ingest
 * API in slices every 100 ms; one socket.io client subscribed to
 * `position/person`, `position/vehicle` and `area.count`. Prints fixes/s
 * accepted and evaluated by the fence engine, positioning alarms raised,
 * ingest→client latency p50/p99 (fix time to arrival at the client, one
 * clock; the client shares the server's process, so the figure includes its
 * own decoding), payload bytes/s per client, server CPU; then the fence
 * evaluator alone: fixes and rule evaluations per CPU second.
 *
 * Engineer "map" adds the Chromium figures (markers on the live map) in a
 * function of their own beside this one.
 *
 * Options: --people 5000 --vehicles 200 --duration 20 --warmup 5
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { fenceRule } from '../src/shared/fences/contracts.js';
import type { PositionItem } from '../src/shared/contracts/stream.js';
import type { ClientToServerEvents, ServerToClientEvents } from '../src/shared/contracts/topics.js';
import { createFenceEvaluator } from '../src/shared/domain/fences.js';
import { offsetToLonLat } from '../src/shared/domain/geometry.js';
import { tokenFor } from '../tests/helpers/api.js';
import { benchTrajectory } from './bench-trajectory.js';
import { alarmsPort } from '../src/server/modules/alarms/port.js';
import { orgPort } from '../src/server/modules/org/port.js';

export interface PositionsBenchOptions {
  people: number;
  vehicles: number;
  durationS: number;
  warmupS: number;
}

export interface PositionsBenchResult {
  /** Fixes the generator pushed into ingest per second. */
  offeredPerS: number;
  fixesPerS: number;
  /** Fixes the fence engine applied (region chain, entry, movement) per second. */
  evaluatedPerS: number;
  /** Runs of every clock rule (overstay, man-down, counts, gathering) per second: every 500 ms and at once on SOS. */
  ruleRunsPerS: number;
  alarmsRaised: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  positionsToClientPerS: number;
  bytesPerSPerClient: number;
  areaCountsPerS: number;
  serverCpuPct: number;
  evaluator: { fixesPerCpuS: number; evaluationsPerCpuS: number; peopleTracked: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

/** Random walkers inside a bounding box, in local metres, 1.3 m/s people and 5 m/s vehicles. */
function walkers(n: number, vehicles: number, box: { w: number; h: number }) {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const heading = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = Math.random() * box.w;
    y[i] = Math.random() * box.h;
    heading[i] = Math.random() * 2 * Math.PI;
  }
  return {
    step(i: number, dtS: number) {
      const speed = i >= n - vehicles ? 5 : 1.3;
      heading[i] += (Math.random() - 0.5) * 0.6;
      x[i] = Math.min(box.w, Math.max(0, x[i] + Math.cos(heading[i]) * speed * dtS));
      y[i] = Math.min(box.h, Math.max(0, y[i] + Math.sin(heading[i]) * speed * dtS));
      return [x[i], y[i]] as const;
    },
  };
}

/** The fence evaluator alone: every fix, and one evaluation of every rule per second of fixes. */
function benchEvaluator(people: number, seconds: number): PositionsBenchResult['evaluator'] {
  const ev = createFenceEvaluator(() => ({ card: '', kind: 0, deptid: 5, workType: null, certificates: [] }));
  ev.setRegions([
    { regionid: 1, parentid: 0 },
    { regionid: 2, parentid: 1 },
    { regionid: 3, parentid: 2 },
  ]);
  ev.setRules(
    [
      { regionid: 1, manDown: { radiusM: 3, seconds: 600 } },
      { regionid: 2, gathering: { radiusM: 15, seconds: 60, count: 5 }, overstayMin: 240, maxCount: people },
      { regionid: 3, restricted: true, allowDepts: [5] },
    ].map((r) => fenceRule.parse(r)),
  );
  const w = walkers(people, 0, { w: 1500, h: 1000 });
  const origin: [number, number] = [121.5, 30.8];
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  let fixes = 0;
  let evaluations = 0;
  for (let s = 0; s < seconds; s++) {
    const t = t0 + s * 1000;
    for (let i = 0; i < people; i++) {
      const [x, y] = w.step(i, 1);
      const [lon, lat] = offsetToLonLat(origin, x, y);
      ev.fix(`B-${i}`, 0, t, lon, lat, x < 500 ? 3 : x < 1000 ? 2 : 1);
      fixes++;
    }
    ev.evaluate(t);
    evaluations++;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  return { fixesPerCpuS: fixes / cpuS, evaluationsPerCpuS: evaluations / cpuS, peopleTracked: ev.size() };
}

/** The server part of the positions bench (ingest → fence engine → stream); the browser part goes beside it. */
export async function benchPositionsServer(opts: PositionsBenchOptions): Promise<PositionsBenchResult> {
  const config: Config = {
    ...loadConfig({ DEMO: '1', LOG_LEVEL: 'error', SIMULATOR: '0' }),
    host: '127.0.0.1',
    port: 0,
    dataDir: ':memory:',
    clientDir: '/nonexistent',
  };
  const server = await createServer(config);
  const url = await server.listen();
  try {
    // The drawn regions' corner: the walkers roam the plant from there.
    const corners = (await server.port(orgPort).regionShapes()).flatMap(
      (f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat())[0],
    );
    const origin: [number, number] = [Math.min(...corners.map((p) => p[0])), Math.min(...corners.map((p) => p[1]))];
    const total = opts.people + opts.vehicles;
    const w = walkers(total, opts.vehicles, { w: 1400, h: 950 });
    const ids = Array.from({ length: total }, (_, i) => (i < opts.people ? `BP-${i}` : `BV-${i - opts.people}`));

    const token = await tokenFor(url, 'admin', process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
    const client: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    await new Promise<void>((resolve) =>
      client.emit('stream.subscribe', { topics: ['position/person', 'position/vehicle', 'area.count'] }, () => resolve()),
    );
    let measuring = false;
    const latencies: number[] = [];
    let received = 0;
    let counts = 0;
    let bytes = 0;
    client.on('position.batch', (b) => {
      if (measuring) {
        const now = Date.now();
        received += b.items.length;
        for (const p of b.items) {
          latencies.push(now - p[1]);
        }
      }
    });
    client.on('area.count', (b) => {
      if (measuring) {
        counts += b.items.length;
      }
    });
    client.io.engine.on('packet', (p: { data?: unknown }) => {
      if (measuring) {
        bytes +=
          typeof p.data === 'string'
            ? Buffer.byteLength(p.data)
            : p.data instanceof ArrayBuffer
              ? p.data.byteLength
              : ArrayBuffer.isView(p.data)
                ? p.data.byteLength
                : 0;
      }
    });

    // 1 Hz per mover, sent in 10 slices a second. The slices due are counted from the clock, not
    // from the timer's ticks: a tick that comes late (a loaded machine) sends every slice it owes,
    // so the rate offered is the rate asked.
    let sent = 0;
    let offered = 0;
    const started = Date.now();
    const sendDue = () => {
      const t = Date.now();
      const due = Math.floor((t - started) / 100) + 1;
      const items: PositionItem[] = [];
      for (; sent < due; sent++) {
        const slice = sent % 10;
        for (let i = slice; i < total; i += 10) {
          const [x, y] = w.step(i, 1);
          const [lon, lat] = offsetToLonLat(origin, x, y);
          items.push({ tagId: ids[i], t, lon, lat, kind: i < opts.people ? 'person' : 'vehicle' });
        }
      }
      if (measuring) {
        offered += items.length;
      }
      server.stream.ingest.positions(items, 'bench');
    };
    const timer = setInterval(sendDue, 100);

    await sleep(opts.warmupS * 1000);
    // The window opens and closes with every slice owed sent: offered and accepted cover the same time.
    sendDue();
    const accepted0 = server.stream.ingest.stats().positions.accepted;
    const fence0 = server.moduleStats().fences;
    const alarms0 = server.port(alarmsPort).openAlarms('pos:').length;
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    measuring = true;
    await sleep(opts.durationS * 1000);
    sendDue();
    measuring = false;
    const seconds = (Date.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const accepted = server.stream.ingest.stats().positions.accepted - accepted0;
    const fence1 = server.moduleStats().fences;
    clearInterval(timer);
    client.close();
    latencies.sort((a, b) => a - b);
    return {
      offeredPerS: offered / seconds,
      fixesPerS: accepted / seconds,
      evaluatedPerS: (fence1.fixes - fence0.fixes) / seconds,
      ruleRunsPerS: (fence1.runs - fence0.runs) / seconds,
      alarmsRaised: server.port(alarmsPort).openAlarms('pos:').length - alarms0,
      latencyP50Ms: quantile(latencies, 0.5),
      latencyP99Ms: quantile(latencies, 0.99),
      positionsToClientPerS: received / seconds,
      bytesPerSPerClient: bytes / seconds,
      areaCountsPerS: counts / seconds,
      serverCpuPct: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
      evaluator: benchEvaluator(opts.people, 30),
    };
  } finally {
    await server.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      people: { type: 'string', default: '5000' },
      vehicles: { type: 'string', default: '200' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      'skip-live': { type: 'boolean', default: false },
      'skip-trajectory': { type: 'boolean', default: false },
      'trajectory-people': { type: 'string', default: '1000' },
      'trajectory-hours': { type: 'string', default: '24' },
      'trajectory-queries': { type: 'string', default: '30' },
      'trajectory-dir': { type: 'string' },
    },
    strict: true,
  });
  const f = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const print = (rows: [string, string][]) => {
    for (const [k, v] of rows) {
      console.log(`${k.padEnd(58)} ${v}`);
    }
  };
  console.log(
    `bench:positions — load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  if (!values['skip-live']) {
    const opts = {
      people: Number(values.people),
      vehicles: Number(values.vehicles),
      durationS: Number(values.duration),
      warmupS: Number(values.warmup),
    };
    const r = await benchPositionsServer(opts);
    print([
      ['movers', `${f(opts.people)} people + ${f(opts.vehicles)} vehicles at 1 Hz, ${opts.durationS} s measured`],
      ['fixes offered by the generator', `${f(r.offeredPerS)}/s`],
      ['fixes accepted by ingest', `${f(r.fixesPerS)}/s`],
      ['fence engine', `${f(r.evaluatedPerS)} fixes applied/s, ${f(r.ruleRunsPerS, 1)} runs of every rule/s`],
      ['positioning alarms opened meanwhile', `${r.alarmsRaised}`],
      ['ingest→client latency (positions)', `p50 ${f(r.latencyP50Ms, 1)} ms, p99 ${f(r.latencyP99Ms, 1)} ms`],
      [
        'to the client',
        `${f(r.positionsToClientPerS)} positions/s, ${f(r.areaCountsPerS, 1)} area counts/s, ${f(r.bytesPerSPerClient / 1024, 1)} KiB/s payload`,
      ],
      ['server process CPU (server, load generator and client)', `${f(r.serverCpuPct)}%`],
      [
        'fence evaluator alone',
        `${f(r.evaluator.fixesPerCpuS)} fixes per CPU s; ${f(r.evaluator.evaluationsPerCpuS, 1)} evaluations of all rules over ${f(r.evaluator.peopleTracked)} people per CPU s`,
      ],
    ]);
  }
  if (!values['skip-trajectory']) {
    const t = await benchTrajectory({
      people: Number(values['trajectory-people']),
      hours: Number(values['trajectory-hours']),
      queries: Number(values['trajectory-queries']),
      dir: values['trajectory-dir'],
    });
    print([
      [
        'trajectory store',
        `${f(t.people)} people × ${t.hours} h at 1 Hz = ${f(t.fixes)} fixes, ${f(t.storeBytes / 2 ** 20)} MiB SQLite, generated in ${f(t.generateS)} s`,
      ],
      ['one person over the whole range', `${f(t.personFixes)} fixes`],
      [
        `UAPI/Positioning/Trajectory (maxPoints 5,000 → ${f(t.queryMs.points)})`,
        `p50 ${f(t.queryMs.p50, 1)} ms, p99 ${f(t.queryMs.p99, 1)} ms`,
      ],
      ['UAPI/Positioning/TrajectoryStats (every fix)', `p50 ${f(t.statsMs.p50, 1)} ms, p99 ${f(t.statsMs.p99, 1)} ms`],
      ['chunk read + decode of every fix, in process', `p50 ${f(t.decodeAllMs, 1)} ms`],
      ...t.draw.map((d): [string, string] => [
        `draw in Chromium, ${f(d.points)} points`,
        `main thread ${f(d.syncMs, 1)} ms sync, ${f(d.longTasksMs, 1)} ms long tasks; drawn after ${f(d.drawnMs, 1)} ms`,
      ]),
    ]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
