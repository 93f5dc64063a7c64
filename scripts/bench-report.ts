/**
 * `npm run bench:report` — a scheduled daily tag report (issue 20 §7,
 * /dataAnalysis/reportSetting) of 50 tags over 24 h, computed from the
 * historian's minute rollups: a real server in this process (empty plant,
 * SQLite file in a temp folder, no simulator), 50 tags with limits, a day of
 * one sample every 10 s per tag (432,000 samples) ingested and sealed into
 * chunks with their rollups, then the report's figures (min, max, mean, time
 * beyond limits, alarm counts) computed --runs times; prints the median and
 * slowest, and the time of the whole ReportGenerate call over HTTP (kept,
 * with its Excel answered after).
 *
 * Options: --tags 50 --runs 5 --every 10 (seconds between samples)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/server/config.js';
import { majorHazardModule } from '../src/server/modules/major-hazard/index.js';
import { orgPort } from '../src/server/modules/org/port.js';
import { createServer } from '../src/server/server.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { calendarOf } from '../src/shared/domain/plant-calendar.js';
import { reportExcel, reportGenerate, reportSettingSave } from '../src/shared/major-hazard/report-contracts.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';
import { tagSave } from '../src/shared/realtime/contracts.js';

const { values: args } = parseArgs({ options: { tags: { type: 'string', default: '50' }, runs: { type: 'string', default: '5' }, every: { type: 'string', default: '10' } } });
const TAGS = Number(args.tags);
const RUNS = Number(args.runs);
const EVERY_MS = Number(args.every) * 1000;
const LOGIN = 'bench-report';
const PASSWORD = 'Bench-report-2026';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function post(url: string, p: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
}

async function ok<T>(url: string, p: string, body: unknown, token: string): Promise<T> {
  const r = (await (await post(url, p, body, token)).json()) as Envelope<T>;
  if (!r.IsSuccess) {
    throw new Error(`${p}: ${JSON.stringify(r.error)}`);
  }
  return r.data as T;
}

async function signIn(url: string): Promise<string> {
  const key = (await fetch(url + getPublicKey.path).then((r) => r.json())) as Envelope<{ publicKey: string }>;
  const time = (await fetch(url + getServerTime.path).then((r) => r.json())) as Envelope<{ serverTime: number }>;
  const data = await encryptLoginBody(key.data!.publicKey, { loginname: LOGIN, password: PASSWORD, serverTime: time.data!.serverTime, nonce: loginNonce() });
  const r = (await (await post(url, loginSecure.path, { data })).json()) as Envelope<{ accessToken: string }>;
  return r.data!.accessToken;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  const config: Config = { ...loadConfig({ DEMO: '0', LOG_LEVEL: 'warn', SIMULATOR: '0' }), host: '127.0.0.1', port: 0, dataDir, clientDir: '/nonexistent' };
  const server = await createServer(config);
  const url = await server.listen();
  try {
    await server.port(orgPort).createAdministrator({ loginname: LOGIN, username: '基准管理员', password: PASSWORD }, { userid: null, loginname: 'bench' });
    const token = await signIn(url);
    const ids = Array.from({ length: TAGS }, (_, i) => `BENCH.RPT-${String(i + 1).padStart(3, '0')}.PV`);
    for (const id of ids) {
      await ok(url, tagSave.path, { isNew: true, id, name: `报表基准 ${id}`, kind: 'level', unit: '%', regionid: null, range_lo: 0, range_hi: 100, ll: 5, l: 20, h: 80, hh: 95, deadband: 0 }, token);
    }
    const cal = calendarOf();
    const day = cal.startOfLocalDay(Date.now()) - 86_400_000;
    const per = 86_400_000 / EVERY_MS;
    const t0 = performance.now();
    let batch: { tag: string; t: number; v: number }[] = [];
    for (let k = 0; k < per; k++) {
      const t = day + k * EVERY_MS;
      ids.forEach((tag, i) => batch.push({ tag, t, v: 50 + 45 * Math.sin((k / per) * 2 * Math.PI * (1 + (i % 3)) + i) }));
      if (batch.length >= 5000) {
        server.stream.ingest.samples(batch, 'bench');
        batch = [];
      }
    }
    server.stream.ingest.samples(batch, 'bench');
    await server.stream.history.sealAll();
    console.log(`${TAGS} tags, ${per * TAGS} samples over 24 h ingested and sealed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const setting = await ok<{ id: number }>(url, reportSettingSave.path, { name: '基准日报', schedule: 'daily', tags: ids }, token);
    const { tagReports } = server.exposed(majorHazardModule);
    const period = { start: day, end: day + 86_400_000 };
    await tagReports.compute(setting.id, period); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      const rows = await tagReports.compute(setting.id, period);
      times.push(performance.now() - a);
      if (rows.length !== TAGS || rows.some((r) => r.n !== per)) {
        throw new Error(`unexpected report: ${rows.length} rows, n ${rows[0]?.n}`);
      }
    }
    console.log(`Daily report of ${TAGS} tags from rollups: median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms (${RUNS} runs)`);
    const g0 = performance.now();
    const g = await ok<{ item: { id: number } }>(url, reportGenerate.path, { settingId: setting.id, at: day + 3_600_000 }, token);
    const g1 = performance.now();
    const x = await post(url, reportExcel.path, { id: g.item.id }, token);
    const bytes = (await x.arrayBuffer()).byteLength;
    console.log(`ReportGenerate over HTTP (computed and kept): ${(g1 - g0).toFixed(1)} ms; its Excel ${(performance.now() - g1).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KiB`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
