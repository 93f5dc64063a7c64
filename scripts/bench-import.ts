/**
 * `npm run bench:import` — uploads never stall the server (issue 19 item 4). A real server in this process
 * (demo plant, SQLite file in a temp folder, no simulator) takes, over HTTP:
 *  1. a workbook that unpacks to about --bombMb MB (a few hundred KB on the wire), refused before unpacking;
 *  2. an alarm-settings workbook of --rows rows (read in full in the workbook thread, every row checked);
 * while /healthz is asked every 20 ms. Printed: each upload's answer and time, /healthz p50 / p99 / max, and the
 * event loop's longest delay (perf_hooks). Then, for comparison, the same two files parsed the naive way (ExcelJS on
 * the main thread, as before this change) with the same event-loop figure.
 *
 * Options: --bombMb 109 --rows 20000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { loadConfig, DEFAULT_DEMO_PASSWORD, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { alarmSettingImport } from '../src/shared/alarms/settings-contracts.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';

const { values: args } = parseArgs({ options: { bombMb: { type: 'string', default: '109' }, rows: { type: 'string', default: '20000' } } });
const BOMB_MB = Number(args.bombMb);
const ROWS = Number(args.rows);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function signIn(url: string): Promise<string> {
  const post = (p: string, body: unknown) => fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const key = (await fetch(url + getPublicKey.path).then((r) => r.json())) as Envelope<{ publicKey: string }>;
  const time = (await fetch(url + getServerTime.path).then((r) => r.json())) as Envelope<{ serverTime: number }>;
  const data = await encryptLoginBody(key.data!.publicKey, { loginname: 'admin', password: DEFAULT_DEMO_PASSWORD, serverTime: time.data!.serverTime, nonce: loginNonce() });
  const r = (await (await post(loginSecure.path, { data })).json()) as Envelope<{ accessToken: string }>;
  return r.data!.accessToken;
}

/** Streams a workbook to a file (no whole-workbook in memory): `rows` rows from `row(i)`. */
async function writeWorkbook(file: string, rows: number, row: (i: number) => (string | number)[]): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('x');
  for (let i = 0; i < rows; i++) {
    ws.addRow(row(i)).commit();
  }
  ws.commit();
  await wb.commit();
  return fs.statSync(file).size;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-import-'));
  const bombFile = path.join(dir, 'bomb.xlsx');
  const bigFile = path.join(dir, 'settings.xlsx');
  const filler = 'x'.repeat(5000);
  const bombBytes = await writeWorkbook(bombFile, Math.ceil((BOMB_MB * 1024 * 1024) / 5030), (i) => [`${i}${filler}`]);
  const bigBytes = await writeWorkbook(bigFile, ROWS + 1, (i) => (i === 0 ? ['位号', '报警类型', '限值', '优先级'] : [`BENCH.${i}.PV`, 'HH', i, 2]));
  console.log(`files: bomb ${(bombBytes / 1024).toFixed(0)} KB on the wire (unpacks to ~${BOMB_MB} MB); settings ${ROWS} rows, ${(bigBytes / 1024).toFixed(0)} KB`);

  const config: Config = { ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'error' }), host: '127.0.0.1', port: 0, dataDir: dir, clientDir: '/nonexistent' };
  const server = await createServer(config);
  const url = await server.listen();
  const token = await signIn(url);

  const upload = async (file: string) => {
    const form = new FormData();
    form.append('upfile', new Blob([fs.readFileSync(file)]), path.basename(file));
    const t0 = performance.now();
    const res = await fetch(`${url}${alarmSettingImport.path}?reason=bench`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as Envelope<{ errors: unknown[] }>;
    return { status: res.status, ms: performance.now() - t0, note: body.IsSuccess ? `${body.data!.errors.length} row errors` : body.error?.code };
  };

  // Warm the workbook thread once (its start is not what is measured).
  await upload(bigFile.replace('settings', 'settings'));

  for (const [label, file] of [
    ['idle', null],
    ['bomb', bombFile],
    ['settings', bigFile],
  ] as const) {
    const health: number[] = [];
    let done = false;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const poll = (async () => {
      while (!done) {
        const t0 = performance.now();
        await fetch(`${url}/healthz`);
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // Idle: the same polling for 3 s without an upload, the machine's own noise.
    const r = file ? await upload(file) : await new Promise<{ status: number; ms: number; note: string }>((res) => setTimeout(() => res({ status: 0, ms: 3000, note: 'no upload' }), 3000));
    done = true;
    await poll;
    loop.disable();
    console.log(
      `${label.padEnd(8)} HTTP ${r.status} (${r.note}) in ${r.ms.toFixed(0)} ms; /healthz n=${health.length} p50 ${pct(health, 0.5).toFixed(1)} ms, p99 ${pct(health, 0.99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms; event loop max delay ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  }
  await server.close();

  // The naive way, for comparison: ExcelJS on the main thread (what the import did before).
  for (const [label, file] of [
    ['settings', bigFile],
    ['bomb', bombFile],
  ] as const) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    const mem0 = process.memoryUsage().rss;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
    loop.disable();
    console.log(
      `naive ${label.padEnd(8)} main-thread parse ${ms.toFixed(0)} ms, event loop max delay ${(loop.max / 1e6).toFixed(0)} ms, RSS +${((process.memoryUsage().rss - mem0) / 1048576).toFixed(0)} MB`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
