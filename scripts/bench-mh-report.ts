/**
 * `npm run bench:mh-report` — the major hazard report (issue 20 §7): how long
 * the report of all sources takes as JSON (`SourceReport`), as .xlsx
 * (`SourceReportExcel`) and as an A4 PDF (`SourceReportPdf`), over HTTP on a
 * real server in this process (demo plant, SQLite file in a temp folder, no
 * simulator), first for the demo plant's sources, then with --sources storage
 * units added (each with two substances, identified on save, and one tank).
 * Each call is timed from request to last byte; median and slowest of --runs
 * runs after one warm-up run.
 *
 * Options: --sources 200 --runs 5
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig, DEFAULT_DEMO_PASSWORD, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';
import { sourceReport, sourceReportExcel, sourceReportPdf } from '../src/shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../src/shared/major-hazard/ledgers.js';
import { recordContracts } from '../src/shared/records/contracts.js';

const { values: args } = parseArgs({ options: { sources: { type: 'string', default: '200' }, runs: { type: 'string', default: '5' } } });
const SOURCES = Number(args.sources);
const RUNS = Number(args.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function post(url: string, p: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
}

async function signIn(url: string): Promise<string> {
  const key = (await fetch(url + getPublicKey.path).then((r) => r.json())) as Envelope<{ publicKey: string }>;
  const time = (await fetch(url + getServerTime.path).then((r) => r.json())) as Envelope<{ serverTime: number }>;
  const data = await encryptLoginBody(key.data!.publicKey, { loginname: 'admin', password: DEFAULT_DEMO_PASSWORD, serverTime: time.data!.serverTime, nonce: loginNonce() });
  const r = (await (await post(url, loginSecure.path, { data })).json()) as Envelope<{ accessToken: string }>;
  return r.data!.accessToken;
}

async function measure(url: string, token: string, label: string): Promise<void> {
  const calls = [
    ['JSON', sourceReport.path],
    ['Excel', sourceReportExcel.path],
    ['PDF', sourceReportPdf.path],
  ] as const;
  const rows = ((await (await post(url, sourceReport.path, {}, token)).json()) as Envelope<{ items: unknown[] }>).data!.items.length;
  console.log(`\n${label}: ${rows} sources in the report`);
  for (const [name, p] of calls) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const res = await post(url, p, {}, token);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) {
        throw new Error(`${p}: ${res.status} ${body.toString().slice(0, 300)}`);
      }
      if (i > 0) {
        times.push(performance.now() - t0);
      }
      bytes = body.length;
    }
    console.log(`  ${name.padEnd(5)} median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KiB`);
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mh-report-'));
  const config: Config = { ...loadConfig({ DEMO: '1', LOG_LEVEL: 'warn', SIMULATOR: '0' }), host: '127.0.0.1', port: 0, dataDir, clientDir: '/nonexistent' };
  const server = await createServer(config);
  const url = await server.listen();
  try {
    const token = await signIn(url);
    await measure(url, token, 'Demo plant');

    const units = recordContracts(dangerSourceLedger);
    const devices = recordContracts(dangerSourceDeviceLedger);
    const t0 = performance.now();
    for (let i = 0; i < SOURCES; i++) {
      const unit = (await (
        await post(
          url,
          units.save.path,
          {
            name: `基准罐区 ${String(i + 1).padStart(3, '0')}`,
            code: `BM-${i + 1}`,
            kind: 'storage',
            population: (i * 7) % 150,
            substances: [
              { name: ['氯', '氨', '甲醇', '苯', '液化石油气'][i % 5], q: 5 + ((i * 37) % 400) },
              { name: '甲苯', q: 50 + ((i * 13) % 900) },
            ],
          },
          token,
        )
      ).json()) as Envelope<{ id: number }>;
      if (!unit.IsSuccess) {
        throw new Error(JSON.stringify(unit.error));
      }
      await post(url, devices.save.path, { name: `基准储罐 ${i + 1}`, code: `BM-TK-${i + 1}`, source: unit.data!.id, type: 'tank', capacity: 1000 }, token);
    }
    console.log(`\nAdded ${SOURCES} storage units with one tank each in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await measure(url, token, `Demo plant + ${SOURCES} units`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
