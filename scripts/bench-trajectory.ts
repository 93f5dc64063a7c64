/**
 * The 24-hour trajectory phase of `npm run bench:positions` (issue 10, "Measured"):
 * a store (SQLite file, the embedded default) holding --people people × --hours at
 * 1 Hz, written straight into the position chunk store (one chunk per person and
 * 10-minute window, encoded by the historian's codec, upserted by its chunk SQL:
 * what the historian writes when it seals, without going through HTTP); then one
 * person's whole range:
 *   - `UAPI/Positioning/Trajectory` (what the trajectory page asks: maxPoints 5,000)
 *     and `UAPI/Positioning/TrajectoryStats` (stops, dwell, speed from every fix)
 *     over real HTTP, p50 / p99 over --queries calls each;
 *   - in Chromium, the page's drawing of the answer: JSON parse, the LineString,
 *     MapLibre `setData` until the map is idle; main-thread time (synchronous part
 *     plus long tasks) and time until drawn; the same for every fix (86,400), to
 *     show what the thinning saves, and for two points (the frame's own cost).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from '../src/server/config.js';
import { chunkTransaction, upsertPositionChunks, type PositionChunkRow } from '../src/server/history/chunk-store.js';
import { encodePositions } from '../src/server/history/codec.js';
import { queryTrajectory } from '../src/server/history/query.js';
import { CHUNK_MS } from '../src/server/history/series.js';
import { createServer } from '../src/server/server.js';
import { orgPort } from '../src/server/modules/org/port.js';
import { trajectory, trajectoryStatsCall } from '../src/shared/positioning/contracts.js';
import { offsetToLonLat } from '../src/shared/domain/geometry.js';
import { call, tokenFor } from '../tests/helpers/api.js';
import { openBenchPage } from './bench-page.js';

export interface TrajectoryBenchOptions {
  people: number;
  hours: number;
  queries: number;
  /** Keep (and reuse) the generated store here; default a temporary folder removed afterwards. */
  dir?: string;
}

export interface DrawFigures {
  points: number;
  /** JSON parse + LineString + setData: the synchronous main-thread part. */
  syncMs: number;
  /** Main-thread long tasks (> 50 ms) from the start until the map is idle, the synchronous part included. */
  longTasksMs: number;
  /** Until the map is idle with the line drawn (includes MapLibre's worker and software WebGL). */
  drawnMs: number;
}

export interface TrajectoryBenchResult {
  people: number;
  hours: number;
  fixes: number;
  storeBytes: number;
  generateS: number;
  personFixes: number;
  queryMs: { p50: number; p99: number; points: number };
  statsMs: { p50: number; p99: number };
  /** The chunk read and decode alone (in process, every fix, no HTTP): p50. */
  decodeAllMs: number;
  draw: DrawFigures[];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** One chunk per person and window, each person walking at 1.3 m/s (a few stand still for minutes), lon/lat to 1e-7° as tags report them. */
async function generate(
  server: Awaited<ReturnType<typeof createServer>>,
  opts: TrajectoryBenchOptions,
  from: number,
  origin: [number, number],
): Promise<number> {
  const conn = server.stream.history.conn;
  const n = CHUNK_MS / 1000;
  const x = new Float64Array(opts.people).map(() => Math.random() * 1400);
  const y = new Float64Array(opts.people).map(() => Math.random() * 950);
  const heading = new Float64Array(opts.people).map(() => Math.random() * 2 * Math.PI);
  const t = new Float64Array(n);
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  const floor = new Float64Array(n).fill(NaN);
  const kind = new Uint8Array(n);
  const windows = (opts.hours * 3_600_000) / CHUNK_MS;
  let fixes = 0;
  for (let k = 0; k < windows; k++) {
    const w = from + k * CHUNK_MS;
    const rows: PositionChunkRow[] = [];
    for (let p = 0; p < opts.people; p++) {
      const still = Math.random() < 0.1;
      for (let i = 0; i < n; i++) {
        if (!still) {
          heading[p] += (Math.random() - 0.5) * 0.6;
          x[p] = Math.min(1400, Math.max(0, x[p] + Math.cos(heading[p]) * 1.3));
          y[p] = Math.min(950, Math.max(0, y[p] + Math.sin(heading[p]) * 1.3));
        }
        const [a, b] = offsetToLonLat(origin, x[p], y[p]);
        t[i] = w + i * 1000;
        lon[i] = Math.round(a * 1e7) / 1e7;
        lat[i] = Math.round(b * 1e7) / 1e7;
      }
      rows.push({ id: `TJ-${p}`, w, n, data: encodePositions({ n, t, lon, lat, floor, kind }) });
      fixes += n;
    }
    await chunkTransaction(conn, (tx) => upsertPositionChunks(tx, rows));
  }
  return fixes;
}

/** What runs in the page: the trajectory page's drawing of a path (react-map-gl's Source does the same setData). */
const pageEntry = `
import * as maplibregl from 'maplibre-gl';
maplibregl.setWorkerUrl('/maplibre-gl-worker.mjs');
const EMPTY = { type: 'FeatureCollection', features: [] };
let map;
window.benchDraw = async (json, center, zoom) => {
  if (!map) {
    document.body.innerHTML = '<div id="m" style="width:1200px;height:800px"></div>';
    map = new maplibregl.Map({ container: 'm', style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eee' } }] }, center, zoom, attributionControl: false });
    await new Promise((r) => map.on('load', r));
    map.addSource('path', { type: 'geojson', data: EMPTY });
    map.addLayer({ id: 'path', type: 'line', source: 'path', paint: { 'line-color': '#1677ff', 'line-width': 3 } });
  }
  map.getSource('path').setData(EMPTY);
  await new Promise((r) => map.once('idle', r));
  const longs = [];
  const obs = new PerformanceObserver((l) => longs.push(...l.getEntries()));
  obs.observe({ type: 'longtask' });
  const t0 = performance.now();
  const items = JSON.parse(json).data.items;
  map.getSource('path').setData({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: items.map((p) => [p.lon, p.lat]) } });
  const sync = performance.now() - t0;
  await new Promise((r) => map.once('idle', r));
  const drawn = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  obs.takeRecords().forEach((e) => longs.push(e));
  obs.disconnect();
  const long = longs.filter((e) => e.startTime + e.duration >= t0).reduce((s, e) => s + e.duration, 0);
  return { points: items.length, syncMs: sync, longTasksMs: Math.max(long, sync), drawnMs: drawn };
};
`;

export async function benchTrajectory(opts: TrajectoryBenchOptions): Promise<TrajectoryBenchResult> {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-trajectory-'));
  const config: Config = {
    ...loadConfig({ DEMO: '1', LOG_LEVEL: 'error', SIMULATOR: '0' }),
    host: '127.0.0.1',
    port: 0,
    dataDir: dir,
    clientDir: '/nonexistent',
  };
  const server = await createServer(config);
  try {
    const url = await server.listen();
    const corners = (await server.port(orgPort).regionShapes()).flatMap(
      (f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat())[0],
    );
    const origin: [number, number] = [Math.min(...corners.map((p) => p[0])), Math.min(...corners.map((p) => p[1]))];
    // A reused store keeps its range: the last full day before the first run.
    const marker = path.join(dir, 'trajectory-bench.json');
    const kept = fs.existsSync(marker)
      ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { from: number; people: number; hours: number; fixes: number })
      : null;
    const reuse = kept !== null && kept.people === opts.people && kept.hours === opts.hours;
    const from = reuse ? kept.from : Math.floor(Date.now() / CHUNK_MS) * CHUNK_MS - opts.hours * 3_600_000 - CHUNK_MS;
    const to = from + opts.hours * 3_600_000;
    const g0 = Date.now();
    const fixes = reuse ? kept.fixes : await generate(server, opts, from, origin);
    const generateS = (Date.now() - g0) / 1000;
    if (!reuse) {
      fs.writeFileSync(marker, JSON.stringify({ from, people: opts.people, hours: opts.hours, fixes }));
    }
    const storeBytes = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('plantwatch.sqlite'))
      .reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);

    const tagId = `TJ-${Math.floor(opts.people / 2)}`;
    const token = await tokenFor(url, 'admin', process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
    const timed = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
      const t0 = performance.now();
      const r = await fn();
      return [performance.now() - t0, r];
    };
    const query = { tagId, from, to, maxPoints: 5000 };
    const q: number[] = [];
    const s: number[] = [];
    const d: number[] = [];
    let json = '';
    let personFixes = 0;
    for (let i = 0; i < opts.queries; i++) {
      const [ms, res] = await timed(async () => {
        const r = await fetch(url + trajectory.path, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(query),
        });
        return r.text();
      });
      q.push(ms);
      json = res;
      const [sms, stats] = await timed(() => call(url, trajectoryStatsCall, { tagId, from, to, stopMinutes: 5 }, token));
      if (!stats.body.IsSuccess) {
        throw new Error(`TrajectoryStats failed: ${JSON.stringify(stats.body.error)}`);
      }
      s.push(sms);
      const [dms, all] = await timed(() =>
        queryTrajectory({ db: server.store.db, historian: server.stream.history }, tagId, from, to, Number.MAX_SAFE_INTEGER),
      );
      d.push(dms);
      personFixes = all.length;
    }
    const thinned = (JSON.parse(json) as { data: { items: unknown[] } }).data.items.length;
    const every = await queryTrajectory(
      { db: server.store.db, historian: server.stream.history },
      tagId,
      from,
      to,
      Number.MAX_SAFE_INTEGER,
    );
    const everyJson = JSON.stringify({
      IsSuccess: true,
      data: { items: every.map((p) => ({ t: p.t, lon: p.lon, lat: p.lat, floor: p.floor })), total: every.length },
    });

    const { browser, page } = await openBenchPage(pageEntry, 'benchDraw');
    const draw: DrawFigures[] = [];
    try {
      const center: [number, number] = [every[0].lon, every[0].lat];
      const drawOnce = (body: string) =>
        page.evaluate(
          ([b, c]) =>
            (window as unknown as { benchDraw: (j: string, c: [number, number], z: number) => Promise<DrawFigures> }).benchDraw(b, c, 15),
          [body, center] as const,
        );
      // Two points: the frame's own cost on this renderer, to tell it apart from the path's.
      const twoJson = JSON.stringify({ IsSuccess: true, data: { items: every.slice(0, 2), total: 2 } });
      for (const body of [twoJson, json, everyJson]) {
        const runs: DrawFigures[] = [];
        for (let i = 0; i < 4; i++) {
          runs.push(await drawOnce(body));
        }
        // First run left out (JIT, tile setup); median of the rest.
        const rest = runs.slice(1);
        draw.push({
          points: rest[0].points,
          syncMs: quantile(
            rest.map((r) => r.syncMs),
            0.5,
          ),
          longTasksMs: quantile(
            rest.map((r) => r.longTasksMs),
            0.5,
          ),
          drawnMs: quantile(
            rest.map((r) => r.drawnMs),
            0.5,
          ),
        });
      }
    } finally {
      await browser.close();
    }
    return {
      people: opts.people,
      hours: opts.hours,
      fixes,
      storeBytes,
      generateS,
      personFixes,
      queryMs: { p50: quantile(q, 0.5), p99: quantile(q, 0.99), points: thinned },
      statsMs: { p50: quantile(s, 0.5), p99: quantile(s, 0.99) },
      decodeAllMs: quantile(d, 0.5),
      draw,
    };
  } finally {
    await server.close();
    if (!opts.dir) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
