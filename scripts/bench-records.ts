/**
 * `npm run bench:records` — the record engine on a ledger of --rows records
 * (default 100,000), on SQLite (file in a temp folder) and, when
 * TEST_DATABASE_URL is set, on PostgreSQL (a fresh database).
 *
 * Prints: list page (filter + sort + page of 50) time p50/p99 measured at the
 * HTTP client on loopback (so it includes the server's whole handling);
 * Excel export of every row: time and the server process's peak RSS above the
 * RSS before the export (sampled every 20 ms; server and client share this
 * process, the client discards what it reads); import of a 5,000-row .xlsx.
 *
 * Options: --rows 100000 --lists 200 --import 5000 --sqlite-only --lists-only (no export, no import)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadConfig, DEFAULT_DEMO_PASSWORD, type Config } from '../src/server/config.js';
import { createServer } from '../src/server/server.js';
import { getPublicKey, getServerTime, loginSecure } from '../src/shared/auth/contracts.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { recordContracts } from '../src/shared/records/contracts.js';
import { encryptLoginBody, loginNonce } from '../src/shared/login-crypto.js';
import { defineRecord } from '../src/shared/records/definition.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    lists: { type: 'string', default: '200' },
    import: { type: 'string', default: '5000' },
    'sqlite-only': { type: 'boolean', default: false },
    'lists-only': { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const LISTS = Number(args.lists);
const IMPORT_ROWS = Number(args.import);

const ledger = defineRecord({
  area: 'Bench',
  entity: 'BenchLedger',
  name: { zh: '基准台账', en: 'Bench ledger' },
  fields: [
    { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true },
    { key: 'code', type: 4, label: { zh: '编码', en: 'Code' } },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
    { key: 'amount', type: 22, label: { zh: '数量', en: 'Amount' } },
    { key: 'at', type: 5, label: { zh: '时间', en: 'Time' } },
    { key: 'level', type: 7, label: { zh: '等级', en: 'Level' }, options: ['a', 'b', 'c', 'd'].map((v) => ({ value: v, label: { zh: v, en: v } })) },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['title', 'code', 'amount', 'level', 'at'], filters: ['title', 'level'] },
  isolation: { dept: 'dept' },
});
const calls = recordContracts(ledger);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

async function post(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<unknown>;
}

async function signIn(url: string): Promise<string> {
  const key = (await fetch(url + getPublicKey.path).then((r) => r.json())) as Envelope<{ publicKey: string }>;
  const time = (await fetch(url + getServerTime.path).then((r) => r.json())) as Envelope<{ serverTime: number }>;
  const data = await encryptLoginBody(key.data!.publicKey, { loginname: 'admin', password: DEFAULT_DEMO_PASSWORD, serverTime: time.data!.serverTime, nonce: loginNonce() });
  const r = (await post(url, loginSecure.path, { data })) as Envelope<{ accessToken: string }>;
  return r.data!.accessToken;
}

async function run(dialect: 'sqlite' | 'postgres') {
  let databaseUrl: string | undefined;
  let dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-records-'));
  let drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'postgres') {
    const name = `pw_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = ':memory:';
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: Config = { ...loadConfig({ DEMO: '1', LOG_LEVEL: 'warn', SIMULATOR: '0' }), host: '127.0.0.1', port: 0, dataDir, databaseUrl, clientDir: '/nonexistent' };
  const server = await createServer(config);
  const url = await server.listen();
  try {
    const token = await signIn(url);
    const saved = await post(url, '/UAPI/LowCode/DefinitionSave', { definition: ledger }, token);
    if (!saved.IsSuccess) {
      throw new Error(JSON.stringify(saved.error));
    }
    const depts = (await server.store.db.selectFrom('dept').select('deptid').execute()).map((d) => d.deptid);
    // Bulk load straight into the store (the engine's own table layout); the calls are what is measured.
    const t0 = performance.now();
    const BATCH = 500;
    for (let i = 0; i < ROWS; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(ROWS, i + BATCH); j++) {
        const doc = { title: `记录 ${j}`, code: `C-${j}`, dept: depts[j % depts.length], amount: j % 1000, at: 1_700_000_000_000 + j * 60_000, level: 'abcd'[j % 4], remark: `备注 ${j % 97}` };
        rows.push({ entity: ledger.entity, deptid: doc.dept, regionid: null, status: 0, title: doc.title, created_at: doc.at, updated_at: doc.at, created_by: 'bench', creator_id: null, version: 1, doc: JSON.stringify(doc) });
      }
      await server.store.db.insertInto('record').values(rows).execute();
    }
    const loadS = (performance.now() - t0) / 1000;

    const times: number[] = [];
    // Per kind of call, to see which one makes the tail.
    const byKind = new Map<string, number[]>();
    for (let i = 0; i < LISTS; i++) {
      const body = {
        page: 1 + (i % 20),
        pageSize: 50,
        filters: { level: 'abcd'[i % 4], ...(i % 2 ? { title: `${i % 10}` } : {}) },
        sort: i % 3 === 0 ? { field: 'amount', order: 'desc' } : { field: 'updated', order: 'desc' },
      };
      const s = performance.now();
      const r = await post(url, calls.list.path, body, token);
      const ms = performance.now() - s;
      times.push(ms);
      const kind = `${i % 2 ? 'enum + title contains' : 'enum'}, sort ${i % 3 === 0 ? 'amount' : 'updated'}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      if (!r.IsSuccess) {
        throw new Error(JSON.stringify(r.error));
      }
    }

    const kinds = [...byKind].map(([k, xs]) => `    ${k} (${xs.length}): p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`).join('\n');
    const load = `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
    if (args['lists-only']) {
      console.log(`${dialect}: ${ROWS} records loaded in ${loadS.toFixed(1)} s (${load})\n  list (filter + sort + page of 50), ${LISTS} calls: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms\n${kinds}`);
      return;
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const e0 = performance.now();
    const res = await fetch(url + calls.export.path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({}) });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
    }
    const exportS = (performance.now() - e0) / 1000;
    clearInterval(sampler);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['名称', '编码', '部门', '数量', '等级']);
    for (let i = 0; i < IMPORT_ROWS; i++) {
      ws.addRow([`导入 ${i}`, `I-${i}`, depts[i % depts.length], i % 100, 'abcd'[i % 4]]);
    }
    const form = new FormData();
    form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
    const i0 = performance.now();
    const imp = (await (await fetch(url + calls.list.path.replace(/List$/, 'Import'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as Envelope<{ saved: number }>;
    const importS = (performance.now() - i0) / 1000;

    console.log(
      [
        `${dialect}: ${ROWS} records loaded in ${loadS.toFixed(1)} s (${load})`,
        `  list (filter + sort + page of 50), ${LISTS} calls: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`,
        kinds,
        `  export ${ROWS} rows: ${exportS.toFixed(1)} s, ${mb(bytes)} MB xlsx, RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
        `  import ${IMPORT_ROWS} rows: ${importS.toFixed(1)} s, saved ${imp.data?.saved ?? JSON.stringify(imp.error)}`,
      ].join('\n'),
    );
  } finally {
    await server.close();
    await drop();
  }
}

await run('sqlite');
if (process.env.TEST_DATABASE_URL && !args['sqlite-only']) {
  await run('postgres');
}
